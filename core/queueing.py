"""The one queueing policy: a Celery task after a commit, never failing the request that committed; and
jobs deferred until the response has been sent.

Services import their task at the top (``from <domain>.x.tasks import y as y_task``, the
styleguide's pattern) and queue it with :func:`on_commit`; the task imports its service inside
its body.

A broker that is down (or a task that fails in eager mode) is logged; the league's ``requeue_stale``
beat task queues again whatever was lost.

:func:`after_response` defers a job until the server has sent the response
(``core.middleware.AfterResponseMiddleware`` runs it), or runs it now outside a request.
"""
from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable, Hashable

from django.db import transaction
from kombu.exceptions import OperationalError

logger = logging.getLogger(__name__)


def send(task, arg: int, what: str, *, countdown: float | None = None, run_here_if_unreachable: bool = False) -> bool:
    """``task.delay(arg)`` (``countdown``: run it that many seconds from now); a failure (broker down,
    or the eager task itself) is logged, not raised.

    ``run_here_if_unreachable``: a job someone waits for on the page (a what-if run) runs in this process
    when the broker cannot be reached, instead of waiting for the requeue."""
    try:
        if countdown:
            task.apply_async((arg,), countdown=countdown)
        else:
            task.delay(arg)
    except OperationalError:
        if run_here_if_unreachable:
            logger.warning("%s %s: the broker is unreachable, running it here", what, arg)
            return _run_here(task, arg, what)
        logger.exception("Could not queue %s %s (broker unreachable); requeue_stale will retry it.", what, arg)
        return False
    except Exception:  # after the commit nothing may fail the request
        logger.exception("Could not run or queue %s %s; requeue_stale will retry it.", what, arg)
        return False
    return True


def _run_here(task, arg: int, what: str) -> bool:
    try:
        task.apply((arg,), throw=True)
    except Exception:  # after the commit nothing may fail the request
        logger.exception("%s %s failed when run here", what, arg)
        return False
    return True


def on_commit(task, arg: int, what: str, *, countdown: float | None = None,
              run_here_if_unreachable: bool = False) -> None:
    """Queue ``task(arg)`` once the current transaction commits (:func:`send`: never raises)."""
    transaction.on_commit(lambda: send(task, arg, what, countdown=countdown,
                                       run_here_if_unreachable=run_here_if_unreachable))

_after_response: contextvars.ContextVar[list | None] = contextvars.ContextVar("after_response", default=None)


def after_response(key: Hashable, job: Callable[[], None]) -> None:
    """Run ``job`` once the response has been sent (inside a request), else now; one job per ``key``."""
    jobs = _after_response.get()
    if jobs is None:
        job()
        return
    if all(k != key for k, _ in jobs):
        jobs.append((key, job))


def deferring():
    """Collect the jobs :func:`after_response` defers while the returned token is set (the middleware's)."""
    jobs: list = []
    return jobs, _after_response.set(jobs)


def stop_deferring(token) -> None:
    _after_response.reset(token)
