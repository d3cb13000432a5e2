"""A member's own Telegram (issue 27 item 3: "members may link their own Telegram for personal messages").

Linking, with the club's Telegram bot (the channel the admin connected), no password or chat id typed:

1. On "내 정보" the member presses "텔레그램 연결": :func:`link_start` makes a one-time code (30 minutes).
2. They open the bot's deep link ``https://t.me/<bot>?start=<code>`` (Telegram sends ``/start <code>``
   from their private chat), or send ``/start <code>`` to the bot themselves.
3. :func:`poll_updates` reads the bot's new updates (Bot API ``getUpdates`` with the stored offset: the
   Celery beat task ``notify.poll_telegram`` while a code waits, or the member's "연결 확인" button) and
   :func:`handle_update` links the private chat the code came from; a confirmation goes out through
   the outbox. A code works once, only before it expires, only from a private chat.

Only the member's own messages go there (``services.personal_write``): their seat, a referee call at
their table, their result. :func:`unlink` deletes the link and its unsent messages.
"""
from __future__ import annotations

import datetime
import logging
import re
import secrets

import requests
from celery import shared_task
from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Member
from notify import messages, services
from notify.delivery import TIMEOUT, _scrub
from notify.error_codes import NotifyErrorCode
from notify.models import Channel, ChannelKind, MemberTelegram

logger = logging.getLogger(__name__)

CODE_MINUTES = 30
START = re.compile(r"^/start(?:@\w+)?\s+([A-Za-z0-9_-]{8,32})\s*$")


def club_bot(member: Member) -> Channel | None:
    """The club's Telegram channel whose bot members link to (the first active one)."""
    return (Channel.objects.filter(club_id=member.club_id, kind=ChannelKind.TELEGRAM, active=True)
            .order_by("id").first())


def _require_self(member: Member, by) -> None:
    if by is None or member.user_id is None or member.user_id != getattr(by, "pk", None):
        raise PermissionDenied(_("Only the member can link their own Telegram."))


@transaction.atomic
def link_start(*, member: Member, by) -> MemberTelegram:
    """A new one-time code for ``member`` (replaces an earlier one; a linked chat stays until the new
    code is used)."""
    _require_self(member, by)
    channel = club_bot(member)
    if channel is None:
        raise ValidationError(_("Your club has not connected a Telegram bot yet. Ask a club admin."),
                              code=NotifyErrorCode.NO_BOT)
    link = MemberTelegram.objects.select_for_update().filter(member=member).first()
    if link is None:
        link = MemberTelegram(member=member, channel=channel)
    link.channel = channel
    link.code = secrets.token_urlsafe(12)  # 16 characters of [A-Za-z0-9_-]: what a /start parameter allows
    link.code_expires_at = timezone.now() + datetime.timedelta(minutes=CODE_MINUTES)
    link.save()
    return link


@transaction.atomic
def unlink(*, member: Member, by) -> bool:
    """Stop the member's own messages: the link and its unsent messages are deleted."""
    _require_self(member, by)
    deleted, _rows = MemberTelegram.objects.filter(member=member).delete()
    return bool(deleted)


def handle_update(channel: Channel, update: dict) -> MemberTelegram | None:
    """One Bot API update: ``/start <code>`` from a private chat links that chat to the code's member."""
    message = update.get("message") or {}
    chat = message.get("chat") or {}
    match = START.match(str(message.get("text") or ""))
    if match is None or chat.get("type") != "private" or chat.get("id") is None:
        return None
    with transaction.atomic():
        link = (MemberTelegram.objects.select_for_update().select_related("member")
                .filter(channel=channel, code=match.group(1), code_expires_at__gt=timezone.now()).first())
        if link is None:
            return None
        link.chat_id, link.linked_at = str(chat["id"])[:64], timezone.now()
        link.code = link.code_expires_at = None
        link.save(update_fields=["chat_id", "linked_at", "code", "code_expires_at"])
        services.personal_write(member_ids=[link.member_id], message=messages.my_link(link))
    return link


def poll_updates(channel: Channel) -> int:
    """Read the bot's new updates once (``getUpdates`` from the stored offset) and handle them; returns
    how many members were linked. Two pollers never read the same updates (the channel's row lock)."""
    if channel.kind != ChannelKind.TELEGRAM:
        return 0
    linked = 0
    with transaction.atomic():
        locked = Channel.objects.select_for_update(skip_locked=True).filter(pk=channel.pk).first()
        if locked is None:
            return 0
        secret = locked.secret
        if not secret:
            return 0
        base = settings.NOTIFY_TELEGRAM_API_BASE.rstrip("/")
        try:
            response = requests.post(f"{base}/bot{secret}/getUpdates", timeout=TIMEOUT, json={
                "offset": locked.update_offset, "timeout": 0, "allowed_updates": ["message"]})
            body = response.json()
        except (requests.RequestException, ValueError) as exc:
            logger.warning("notify: getUpdates for channel %s failed: %s", locked.pk, _scrub(repr(exc), locked))
            return 0
        if not isinstance(body, dict) or not body.get("ok"):
            reason = body.get("description") if isinstance(body, dict) else ""
            logger.warning("notify: getUpdates for channel %s: %s %s", locked.pk, response.status_code,
                           _scrub(str(reason or ""), locked))
            return 0
        offset = locked.update_offset
        for update in body.get("result") or ():
            if not isinstance(update, dict):
                continue
            offset = max(offset, int(update.get("update_id") or 0) + 1)
            if handle_update(locked, update) is not None:
                linked += 1
        if offset != locked.update_offset:
            Channel.objects.filter(pk=locked.pk).update(update_offset=offset)
    return linked


def channels_waiting() -> list[Channel]:
    """Telegram channels with a member's code waiting (only those are polled)."""
    ids = (MemberTelegram.objects.filter(code__isnull=False, code_expires_at__gt=timezone.now())
           .values("channel_id"))
    return list(Channel.objects.filter(pk__in=ids, active=True, kind=ChannelKind.TELEGRAM))


def deep_link(link: MemberTelegram) -> str | None:
    if not link.code or not link.channel.bot_username:
        return None
    return f"https://t.me/{link.channel.bot_username}?start={link.code}"


@shared_task(name="notify.poll_telegram", ignore_result=True)
def poll_telegram() -> int:
    """Beat (``NOTIFY_TELEGRAM_POLL_SECONDS``): read the bots' ``/start <code>`` while a member's code
    waits. Defined here, not in ``notify.tasks``, so that the send task's module stays free of this one."""
    return sum(poll_updates(channel) for channel in channels_waiting())
