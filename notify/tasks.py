"""Celery task: send one outbox row (``notify.delivery``); retries are scheduled with a countdown."""
from __future__ import annotations

import logging

from celery import current_app, shared_task

from core.queueing import in_background, in_background_now

logger = logging.getLogger(__name__)


@shared_task(name="notify.send_outbox", acks_late=True, ignore_result=True)
def send_outbox(outbox_id: int) -> str:
    from notify.delivery import Result, deliver

    outcome = deliver(outbox_id)
    if outcome.result == Result.RETRY and not current_app.conf.task_always_eager:
        queue_send(outbox_id, countdown=outcome.retry_in)
    elif outcome.result == Result.RETRY:  # eagerly (make run): the web process retries it (notify.embedded)
        from notify.embedded import ensure_retrying

        ensure_retrying()
    return outcome.result


def queue_send(outbox_id: int, *, countdown: float | None = None) -> bool:
    """Queue the send; a broker that is down is logged, never raised (``requeue_stale`` picks it up).
    Eagerly (no broker) the retry is left to ``requeue_stale`` too, and on the embedded default the send runs in
    the process's background runner a moment after the response (``core.queueing.in_background``): a channel's
    slow answer never holds the host's next screen."""
    if countdown is None and in_background_now():  # asked first: a task's name is a lookup in Celery's registry
        return in_background(("notify.send_outbox", outbox_id), lambda: _queue(outbox_id, None))
    return _queue(outbox_id, countdown)


def _queue(outbox_id: int, countdown: float | None) -> bool:
    try:
        if countdown:
            send_outbox.apply_async((outbox_id,), countdown=countdown)
        else:
            send_outbox.delay(outbox_id)
    except Exception:  # after the commit nothing may fail the request
        logger.exception("notify: could not queue outbox %s; league.requeue_stale will", outbox_id)
        return False
    return True
