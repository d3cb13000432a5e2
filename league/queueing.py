"""Queueing a Celery task after a commit, never failing the request that committed.

Services import their task at the top (``from league.x.tasks import y as y_task``, the
styleguide's pattern) and queue it with :func:`on_commit`; the task imports its service inside
its body.

A broker that is down (or a task that fails in eager mode) is logged; ``league.requeue_stale``
(``league.tasks``) queues again whatever was lost.
"""
from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

from django.db import transaction

logger = logging.getLogger(__name__)


def send(task, arg: int, what: str, *, countdown: float | None = None) -> bool:
    """``task.delay(arg)`` (``countdown``: run it that many seconds from now); a failure (broker down,
    or the eager task itself) is logged, not raised."""
    try:
        if countdown:
            task.apply_async((arg,), countdown=countdown)
        else:
            task.delay(arg)
    except Exception:  # noqa: BLE001 - after the commit nothing may fail the request
        logger.exception("Could not run or queue %s %s; league.requeue_stale will retry it.", what, arg)
        return False
    return True


def on_commit(task, arg: int, what: str, *, countdown: float | None = None) -> None:
    """Queue ``task(arg)`` once the current transaction commits (:func:`send`: never raises)."""
    transaction.on_commit(lambda: send(task, arg, what, countdown=countdown))


_after_response: contextvars.ContextVar[list | None] = contextvars.ContextVar("league_after_response", default=None)


def after_response(key: Hashable, job: Callable[[], None]) -> None:
    """Run ``job`` once the response has been sent (inside a request), else now; one job per ``key``.
    ``league.middleware.AfterResponseMiddleware`` runs them; a service calls this, never the middleware."""
    jobs = _after_response.get()
    if jobs is None:
        job()
        return
    if all(k != key for k, _ in jobs):
        jobs.append((key, job))


@contextmanager
def deferring_after_response() -> Iterator[list[tuple[Hashable, Callable[[], None]]]]:
    """Within it, :func:`after_response` collects its jobs in the list it yields (the middleware runs them)."""
    jobs: list[tuple[Hashable, Callable[[], None]]] = []
    token = _after_response.set(jobs)
    try:
        yield jobs
    finally:
        _after_response.reset(token)
