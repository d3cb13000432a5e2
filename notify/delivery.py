"""Sending one outbox row, at most once per claim, and never twice where the service can tell.

1. **Claim** (one transaction): the row, locked with ``select_for_update(skip_locked=True)`` (so two
   workers never both take it) and taken by a conditional update ``pending → sending``
   (``claimed_at``, ``attempts + 1``); committed before anything is sent.
2. **Send** over HTTP (``requests``, connect/read timeouts), with the row's idempotency key: Discord's
   ``nonce`` with ``enforce_nonce`` (Discord answers a second message with the same nonce, within a few
   minutes, with the first one instead of posting it again).
3. **Finish** (one transaction, right after the answer): ``sent`` (with the service's message id),
   ``failed`` on a 4xx (its reason, shown on the admin page), or back to ``pending`` with a backoff
   (5xx, 429 with its ``retry_after``, a timeout or no connection) until ``MAX_ATTEMPTS``. The update is
   conditional on this claim, so a worker that lost its claim changes nothing.

A worker killed between 2 and 3 leaves the row ``sending``. ``requeue_stale`` (``league.requeue_stale``,
beat and every worker start) finds it once ``NOTIFY_SENDING_LEASE_SECONDS`` have passed:
- Discord: back to ``pending`` and sent again with the same nonce: no duplicate.
- Telegram's Bot API has no idempotency key, so the row is marked ``failed`` ("unknown: may or may not
  have arrived") and **not** sent again: at most once. The window is the time between Telegram's
  answer and the commit of step 3 (milliseconds) — a kill -9 exactly there loses that message's
  confirmation, never doubles it.

Secrets never reach a log or ``last_error``: errors are scrubbed of the URL and token.
"""
from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass

import requests
from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from notify.models import Channel, ChannelKind, Outbox

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 6
TIMEOUT = (5, 10)  # connect, read (seconds)


class Result:
    SENT = "sent"
    RETRY = "retry"
    FAILED = "failed"
    SKIPPED = "skipped"  # not claimable now (sent, failed, claimed by another worker, not due)


@dataclass(frozen=True)
class Outcome:
    result: str
    reason: str = ""
    retry_in: float | None = None
    remote_id: str = ""


def lease() -> datetime.timedelta:
    return datetime.timedelta(seconds=float(getattr(settings, "NOTIFY_SENDING_LEASE_SECONDS", 120)))


def backoff(attempts: int) -> float:
    """Seconds before the next try after ``attempts`` failed ones: 10, 20, 40 … at most an hour
    (``NOTIFY_RETRY_MAX_SECONDS``: the embedded default tries again at least every 30 s)."""
    return float(min(10 * 2 ** max(attempts - 1, 0), float(getattr(settings, "NOTIFY_RETRY_MAX_SECONDS", 3600))))


def max_attempts() -> int:
    """Tries before a row is failed (``NOTIFY_MAX_ATTEMPTS``; the embedded default keeps trying for an hour)."""
    return int(getattr(settings, "NOTIFY_MAX_ATTEMPTS", MAX_ATTEMPTS))


def claim(outbox_id: int) -> Outbox | None:
    now = timezone.now()
    with transaction.atomic():
        row = (Outbox.objects.select_for_update(skip_locked=True)
               .filter(pk=outbox_id, status=Outbox.Status.PENDING, next_attempt_at__lte=now).first())
        if row is None:
            return None
        taken = Outbox.objects.filter(pk=row.pk, status=Outbox.Status.PENDING).update(
            status=Outbox.Status.SENDING, claimed_at=now, attempts=F("attempts") + 1)
        if taken != 1:
            return None
    return Outbox.objects.select_related("channel", "recipient").get(pk=outbox_id)


def _scrub(text: str, channel: Channel) -> str:
    secret = channel.secret or ""
    out = str(text)
    for part in {secret, *secret.split("/")[-1:], *secret.split(":")[-1:]}:
        if len(part) >= 8:
            out = out.replace(part, "***")
    return out[:300]


def _retry_after(response: requests.Response, body: dict) -> float | None:
    value = body.get("retry_after") or (body.get("parameters") or {}).get("retry_after") or \
        response.headers.get("Retry-After")
    try:
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def _discord(row: Outbox, secret: str) -> requests.Response:
    return requests.post(secret, params={"wait": "true"}, timeout=TIMEOUT, json={
        "content": row.text, "nonce": row.nonce, "enforce_nonce": True, "allowed_mentions": {"parse": []}})


def _telegram(row: Outbox, secret: str) -> requests.Response:
    base = settings.NOTIFY_TELEGRAM_API_BASE.rstrip("/")
    chat_id = row.recipient.chat_id if row.recipient_id else row.channel.chat_id  # a member's own chat, else the club's
    return requests.post(f"{base}/bot{secret}/sendMessage", timeout=TIMEOUT, json={
        "chat_id": chat_id, "text": row.text, "parse_mode": "HTML",
        "link_preview_options": {"is_disabled": True}})


def send(row: Outbox) -> Outcome:
    channel = row.channel
    secret = channel.secret
    if secret is None:
        return Outcome(Result.FAILED, "저장된 비밀값을 읽을 수 없습니다: 채널을 다시 연결하세요 (secret unreadable)")
    try:
        response = (_discord if channel.kind == ChannelKind.DISCORD else _telegram)(row, secret)
    except requests.RequestException as exc:
        return Outcome(Result.RETRY, _scrub(f"{type(exc).__name__}", channel), backoff(row.attempts))
    try:
        body = response.json()
    except ValueError:
        body = {}
    if not isinstance(body, dict):
        body = {}
    if 200 <= response.status_code < 300 and body.get("ok", True):
        result = body.get("result") if channel.kind == ChannelKind.TELEGRAM else body
        remote = (result or {}).get("id") or (result or {}).get("message_id") or ""
        return Outcome(Result.SENT, remote_id=str(remote))
    reason = body.get("message") or body.get("description") or response.reason or ""
    reason = _scrub(f"{response.status_code} {reason}", channel)
    if response.status_code == 429:
        return Outcome(Result.RETRY, reason, _retry_after(response, body) or backoff(row.attempts))
    if 400 <= response.status_code < 500:
        return Outcome(Result.FAILED, reason)
    return Outcome(Result.RETRY, reason, backoff(row.attempts))


def finish(row: Outbox, outcome: Outcome) -> Outcome:
    now = timezone.now()
    mine = Outbox.objects.filter(pk=row.pk, status=Outbox.Status.SENDING, claimed_at=row.claimed_at)
    if outcome.result == Result.RETRY and row.attempts >= max_attempts():
        outcome = Outcome(Result.FAILED, f"{outcome.reason} ({row.attempts}회 시도 후 포기)"[:300])
    with transaction.atomic():
        if outcome.result == Result.SENT:
            mine.update(status=Outbox.Status.SENT, sent_at=now, remote_id=outcome.remote_id[:64], last_error="")
        elif outcome.result == Result.FAILED:
            mine.update(status=Outbox.Status.FAILED, last_error=outcome.reason[:300])
        else:
            mine.update(status=Outbox.Status.PENDING, last_error=outcome.reason[:300],
                        next_attempt_at=now + datetime.timedelta(seconds=outcome.retry_in or 0))
    if outcome.result != Result.SENT:
        logger.warning("notify: outbox %s %s: %s", row.pk, outcome.result, outcome.reason)
    return outcome


def deliver(outbox_id: int) -> Outcome:
    """One attempt at one row (claim, send, finish)."""
    row = claim(outbox_id)
    if row is None:
        return Outcome(Result.SKIPPED)
    return finish(row, send(row))


def requeue_stale() -> dict:
    """Rows left behind: due ``pending`` rows (a broker that was down, a retry whose task was lost) are
    queued again; ``sending`` rows past the lease (a worker killed mid-send) are resent with the same
    nonce (Discord) or marked failed as unknown (Telegram: at most once)."""
    from notify.tasks import queue_send

    now = timezone.now()
    stale = Q(status=Outbox.Status.SENDING, claimed_at__lt=now - lease())
    resent = list(Outbox.objects.filter(stale, channel__kind=ChannelKind.DISCORD).values_list("pk", flat=True))
    Outbox.objects.filter(pk__in=resent, status=Outbox.Status.SENDING).update(
        status=Outbox.Status.PENDING, next_attempt_at=now, last_error="작업자가 전송 중 멈춤: 같은 nonce로 다시 보냄")
    unknown = Outbox.objects.filter(stale, channel__kind=ChannelKind.TELEGRAM).update(
        status=Outbox.Status.FAILED,
        last_error="작업자가 전송 중 멈춤: 도착했는지 알 수 없어 다시 보내지 않음 (unknown; not resent)")
    due = list(Outbox.objects.filter(status=Outbox.Status.PENDING, next_attempt_at__lte=now)
               .values_list("pk", flat=True))
    for pk in due:
        queue_send(pk)
    return {"outbox_queued": due, "outbox_unknown": unknown}
