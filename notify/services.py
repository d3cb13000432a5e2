"""Writes of notifications: connecting a channel (admin) and the outbox rows written with a change."""
from __future__ import annotations

import re
import secrets

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from club.models import Club
from core.audit import audit
from core.models import AuditEntry
from core.once import Once, claim_key, mark_claimed
from league import permissions
from notify import messages, selectors
from notify.error_codes import NotifyErrorCode
from notify.models import CHANNEL_EVENTS, Channel, ChannelKind, EventKind, MemberTelegram, Outbox

TELEGRAM_TOKEN = re.compile(r"^\d{5,20}:[A-Za-z0-9_-]{30,64}$")
TELEGRAM_CHAT = re.compile(r"^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$")
TELEGRAM_BOT_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]{3,31}[Bb][Oo][Tt]$")


def _require_admin(by, club: Club) -> None:
    if not permissions.can_manage_league(by, club):
        raise PermissionDenied(_("Only a club admin can connect notifications."))


def _events(events) -> list[str]:
    allowed = [e.value for e in CHANNEL_EVENTS]
    chosen = [e for e in allowed if e in set(events or [])]
    unknown = set(events or []) - set(allowed)
    if unknown:
        raise ValidationError(_("Unknown event: %(e)s") % {"e": ", ".join(sorted(unknown))},
                              code=NotifyErrorCode.EVENTS)
    return chosen


def _check_secret(kind: str, secret: str, chat_id: str) -> None:
    if kind == ChannelKind.DISCORD:
        prefixes = tuple(settings.NOTIFY_DISCORD_WEBHOOK_PREFIXES)
        if not secret.startswith(prefixes) or len(secret) > 300:
            raise ValidationError(_("This is not a Discord webhook URL: copy it from the channel's settings → "
                                    "Integrations → Webhooks → Copy Webhook URL."), code=NotifyErrorCode.WEBHOOK)
    elif kind == ChannelKind.TELEGRAM:
        if not TELEGRAM_TOKEN.match(secret):
            raise ValidationError(_("This is not a Telegram bot token (like 123456789:AA…): ask @BotFather."),
                                  code=NotifyErrorCode.TOKEN)
        if not TELEGRAM_CHAT.match(chat_id):
            raise ValidationError(_("The chat id is a number (a group's starts with -100) or @channelname."),
                                  code=NotifyErrorCode.CHAT)
    else:
        raise ValidationError(_("Choose Discord or Telegram."), code=NotifyErrorCode.KIND)


@transaction.atomic
def channel_connect(*, club: Club, kind: str, secret: str, by, chat_id: str = "", label: str = "",
                    events=(), once: Once | None = None, bot_username: str = "") -> Channel:
    _require_admin(by, club)
    claim = claim_key(once, scope="notify_channel", by=by)  # a double tap would connect it twice: every message twice
    secret, chat_id = (secret or "").strip(), (chat_id or "").strip()
    _check_secret(kind, secret, chat_id)
    bot_username = (bot_username or "").strip().lstrip("@") if kind == ChannelKind.TELEGRAM else ""
    if bot_username and not TELEGRAM_BOT_NAME.match(bot_username):
        raise ValidationError(_("A bot's username ends in \"bot\" (like club_league_bot), without the @."),
                              code=NotifyErrorCode.BOT_USERNAME)
    channel = Channel(club=club, kind=kind, chat_id=chat_id if kind == ChannelKind.TELEGRAM else "",
                      bot_username=bot_username,
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


def outbox_write(*, club_id: int, message: messages.Message, channels: list[Channel] | None = None) -> list[Outbox]:
    """One outbox row per active channel of the club that chose ``message.event``; called inside the
    transaction of the change (a signal receiver), so the message exists exactly when the change does.
    The same change twice (``key``) writes nothing more. Each row is queued once the transaction commits.
    ``channels``: the club's channels that chose the event, read already (``selectors.channels_listening``)."""
    from notify.tasks import queue_send

    written = []
    if channels is None:
        channels = selectors.channels_listening(club_id, message.event)
    for channel in channels:
        if channel.club_id != club_id or message.event not in (channel.events or []):
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


def personal_write(*, member_ids, message: messages.Message) -> list[Outbox]:
    """A member's own message (their seat, a call at their table, their result) to each of ``member_ids``
    who linked their Telegram (``MemberTelegram``) with an active channel; only to them. Keyed per
    member: the same change twice writes nothing more."""
    return personal_write_each(by_member=dict.fromkeys(member_ids, message))


def personal_write_each(*, by_member: dict[int, messages.Message]) -> list[Outbox]:
    """:func:`personal_write` with each member's own message (a game's results: one per seat), the links of all
    of them read in one query (the game's end runs this inside the hand's transaction)."""
    from notify.tasks import queue_send

    written = []
    if not by_member:
        return written
    links = (MemberTelegram.objects.filter(member_id__in=list(by_member), channel__active=True)
             .exclude(chat_id="").select_related("channel"))
    for link in links:
        message = by_member[link.member_id]
        key = f"{message.key}:m{link.member_id}"[:120]
        if Outbox.objects.filter(channel=link.channel, key=key).exists():
            continue
        try:
            with transaction.atomic():
                row = Outbox.objects.create(channel=link.channel, recipient=link, event=message.event, key=key,
                                            text=messages.render(message, ChannelKind.TELEGRAM))
        except IntegrityError:
            continue
        written.append(row)
        transaction.on_commit(lambda pk=row.pk: queue_send(pk))
    return written


@transaction.atomic
def channel_test(*, channel: Channel, by, once: Once | None = None) -> Outbox:
    """One test message through the outbox (the admin's "테스트 메시지" button). Sent by the caller
    (``delivery.deliver``) to show the answer at once; the form's once-token makes a double tap one
    message (``AlreadyDone``)."""
    _require_admin(by, channel.club)
    claim = claim_key(once, scope="notify_test", by=by)
    key = f"test:{claim.pk}" if claim is not None else f"test:{secrets.token_hex(8)}"
    message = messages.test_message(channel, key=key, by=by)
    row = Outbox.objects.create(channel=channel, event=EventKind.TEST, key=key,
                                text=messages.render(message, channel.kind))
    mark_claimed(claim, row, "notify_outbox")
    return row
