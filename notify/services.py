"""Writes of notifications: connecting a channel (admin) and the outbox rows written with a change."""
from __future__ import annotations

import re

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from club.models import Club
from core.audit import audit
from core.models import AuditEntry
from core.once import Once, claim_key, mark_claimed
from league import permissions
from notify import messages
from notify.models import Channel, ChannelKind, EventKind, Outbox

TELEGRAM_TOKEN = re.compile(r"^\d{5,20}:[A-Za-z0-9_-]{30,64}$")
TELEGRAM_CHAT = re.compile(r"^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$")


def _require_admin(by, club: Club) -> None:
    if not permissions.can_manage_league(by, club):
        raise PermissionDenied(_("Only a club admin can connect notifications."))


def _events(events) -> list[str]:
    chosen = [e for e in EventKind.values if e in set(events or [])]
    unknown = set(events or []) - set(EventKind.values)
    if unknown:
        raise ValidationError(_("Unknown event: %(e)s") % {"e": ", ".join(sorted(unknown))}, code="events")
    return chosen


def _check_secret(kind: str, secret: str, chat_id: str) -> None:
    if kind == ChannelKind.DISCORD:
        prefixes = tuple(settings.NOTIFY_DISCORD_WEBHOOK_PREFIXES)
        if not secret.startswith(prefixes) or len(secret) > 300:
            raise ValidationError(_("This is not a Discord webhook URL: copy it from the channel's settings → "
                                    "Integrations → Webhooks → Copy Webhook URL."), code="webhook")
    elif kind == ChannelKind.TELEGRAM:
        if not TELEGRAM_TOKEN.match(secret):
            raise ValidationError(_("This is not a Telegram bot token (like 123456789:AA…): ask @BotFather."),
                                  code="token")
        if not TELEGRAM_CHAT.match(chat_id):
            raise ValidationError(_("The chat id is a number (a group's starts with -100) or @channelname."),
                                  code="chat")
    else:
        raise ValidationError(_("Choose Discord or Telegram."), code="kind")


@transaction.atomic
def channel_connect(*, club: Club, kind: str, secret: str, by, chat_id: str = "", label: str = "",
                    events=(), once: Once | None = None) -> Channel:
    _require_admin(by, club)
    claim = claim_key(once, scope="notify_channel", by=by)  # a double tap would connect it twice: every message twice
    secret, chat_id = (secret or "").strip(), (chat_id or "").strip()
    _check_secret(kind, secret, chat_id)
    channel = Channel(club=club, kind=kind, chat_id=chat_id if kind == ChannelKind.TELEGRAM else "",
                      label=(label or "").strip()[:80], events=_events(events), created_by=by)
    channel.set_secret(secret)
    channel.save()
    mark_claimed(claim, channel, "notify_channel")
    # The audit keeps what was connected, never the secret.
    audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="notify_channel", object_id=channel.pk,
          after={"kind": kind, "label": channel.label, "secret": channel.secret_hint, "events": channel.events})
    return channel


@transaction.atomic
def channel_update(*, channel: Channel, by, events, active: bool) -> Channel:
    _require_admin(by, channel.club)
    before = {"events": channel.events, "active": channel.active}
    channel.events, channel.active = _events(events), bool(active)
    channel.save(update_fields=["events", "active"])
    audit(club=channel.club, by=by, action=AuditEntry.Action.EDIT, object_type="notify_channel",
          object_id=channel.pk, before=before, after={"events": channel.events, "active": channel.active})
    return channel


@transaction.atomic
def channel_delete(*, channel: Channel, by) -> None:
    _require_admin(by, channel.club)
    audit(club=channel.club, by=by, action=AuditEntry.Action.DELETE, object_type="notify_channel",
          object_id=channel.pk, before={"kind": channel.kind, "label": channel.label, "secret": channel.secret_hint})
    channel.delete()


def outbox_write(*, club_id: int, message: messages.Message) -> list[Outbox]:
    """One outbox row per active channel of the club that chose ``message.event``; called inside the
    transaction of the change (a signal receiver), so the message exists exactly when the change does.
    The same change twice (``key``) writes nothing more. Each row is queued once the transaction commits."""
    from notify.tasks import queue_send

    written = []
    for channel in Channel.objects.filter(club_id=club_id, active=True):
        if message.event not in (channel.events or []):
            continue
        if Outbox.objects.filter(channel=channel, key=message.key).exists():
            continue
        try:
            with transaction.atomic():
                row = Outbox.objects.create(channel=channel, event=message.event, key=message.key,
                                            text=messages.render(message, channel.kind))
        except IntegrityError:
            continue
        written.append(row)
        transaction.on_commit(lambda pk=row.pk: queue_send(pk))
    return written
