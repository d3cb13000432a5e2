"""Retries on the embedded default (issue 42 item 6): ``make run`` has no broker, no worker and no beat, so a send
that failed once waited for a sweep that never came. Here, in the web process itself, one daemon thread wakes when
the earliest failed send is due again and tries the due rows (``delivery.deliver``: claimed first, so a row is sent
once however many try it), until none is pending; the next failure starts it again. Only where
``NOTIFY_EMBEDDED_RETRY`` is on (``config.settings.local``); with a broker the worker's countdown retries.
"""
from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import timezone

from notify.models import Outbox

logger = logging.getLogger(__name__)
POLL_SECONDS = 5.0
"""The longest the thread sleeps: a row whose retry time was moved earlier is seen within this."""

_lock = threading.Lock()
_state = {"thread": None, "wanted": False}


def ensure_retrying() -> bool:
    """Start the retry thread if it is not running (and the setting is on). Returns whether one runs."""
    if not getattr(settings, "NOTIFY_EMBEDDED_RETRY", False):
        return False
    with _lock:
        _state["wanted"] = True
        thread = _state["thread"]
        if thread is not None and thread.is_alive():
            return True
        thread = threading.Thread(target=_run, name="notify-embedded-retry", daemon=True)
        _state["thread"] = thread
        thread.start()
    return True


def _seconds_to_next() -> float | None:
    first = (Outbox.objects.filter(status=Outbox.Status.PENDING).order_by("next_attempt_at")
             .values_list("next_attempt_at", flat=True).first())
    if first is None:
        return None
    return max((first - timezone.now()).total_seconds(), 0.0)


def _run() -> None:
    from notify import delivery

    try:
        while True:
            close_old_connections()
            wait = _seconds_to_next()
            if wait is None:
                with _lock:
                    if not _state["wanted"]:
                        _state["thread"] = None
                        return
                    _state["wanted"] = False
                continue
            time.sleep(min(max(wait, 0.05), POLL_SECONDS))
            due = list(Outbox.objects.filter(status=Outbox.Status.PENDING, next_attempt_at__lte=timezone.now())
                       .values_list("pk", flat=True))
            for pk in due:
                delivery.deliver(pk)
    except Exception:
        logger.exception("notify: the embedded retry thread stopped")
        with _lock:
            _state["thread"] = None
    finally:
        connection.close()


__all__ = ["ensure_retrying"]
