"""The one queueing policy: a Celery task after a commit, never failing the request that committed; and
jobs deferred until the response has been sent.

Services import their task at the top (``from <domain>.x.tasks import y as y_task``, the
styleguide's pattern) and queue it with :func:`on_commit`; the task imports its service inside
its body.

A broker that is down (or a task that fails in eager mode) is logged; the league's ``requeue_stale``
beat task queues again whatever was lost.

:func:`after_response` defers a job until the server has sent the response
(``core.middleware.AfterResponseMiddleware`` runs it; with a ``delay``, :data:`later` runs it that long
after, in the background), or runs it now outside a request.
"""
from __future__ import annotations

import atexit
import contextlib
import contextvars
import logging
import threading
import time
from collections.abc import Callable, Hashable

from django.conf import settings
from django.db import transaction
from kombu.exceptions import OperationalError

logger = logging.getLogger(__name__)


GATHER_GRACE_SECONDS = 60.0
"""How long past its countdown a gathered task's mark is kept (:func:`send`'s ``gather``): a task lost with its
mark (a worker killed) holds the next ones back no longer than this; ``requeue_stale`` finds its work sooner."""


def _gather_key(task, arg: int) -> str:
    return f"queueing:waiting:{task.name}:{arg}"


def _gather_claim(task, arg: int, countdown: float) -> bool:
    """Mark ``task(arg)`` as waiting to start; False when one already is (marked and not started)."""
    from django.core.cache import cache

    try:
        return bool(cache.add(_gather_key(task, arg), 1, timeout=countdown + GATHER_GRACE_SECONDS))
    except Exception:  # a cache that is away: send it (one task too many costs less than one lost)
        logger.warning("Could not mark %s %s as waiting; sending it anyway.", task.name, arg, exc_info=True)
        return True


def starting(task, arg: int) -> None:
    """Called first by a gathered task (:func:`send`'s ``gather``), before it reads anything: from now on a change
    sends the task again (this run may have read before that change committed)."""
    from django.core.cache import cache

    try:
        cache.delete(_gather_key(task, arg))
    except Exception:  # the mark expires on its own (GATHER_GRACE_SECONDS past its countdown)
        logger.warning("Could not clear the waiting mark of %s %s.", task.name, arg, exc_info=True)


def send(task, arg: int, what: str, *, countdown: float | None = None, run_here_if_unreachable: bool = False,
         gather: bool = False) -> bool:
    """``task.delay(arg)`` (``countdown``: run it that many seconds from now); a failure (broker down,
    or the eager task itself) is logged, not raised.

    ``run_here_if_unreachable``: a job someone waits for on the page (a what-if run) runs in this process
    when the broker cannot be reached, instead of waiting for the requeue.

    ``gather`` (with a ``countdown``, to a broker): one ``task(arg)`` waiting at a time. While one sent earlier has
    not started, this send is dropped: that task reads the database when it starts, after this change committed,
    so it does this one's work too (sixty-four tables finishing a round together: one standings update, not
    sixty-four queued behind each other taking a CPU from the tables' next hands). The task calls
    :func:`starting` first. The mark is kept in the cache; a cache that is away sends every time."""
    gathering = gather and bool(countdown) and not settings.CELERY_TASK_ALWAYS_EAGER
    if gathering and not _gather_claim(task, arg, countdown):
        return True  # the one waiting does it
    try:
        if countdown:
            task.apply_async((arg,), countdown=countdown)
        else:
            task.delay(arg)
    except OperationalError:
        if gathering:
            starting(task, arg)  # nothing waits: the next change sends it again
        if run_here_if_unreachable:
            logger.warning("%s %s: the broker is unreachable, running it here", what, arg)
            return _run_here(task, arg, what)
        logger.exception("Could not queue %s %s (broker unreachable); requeue_stale will retry it.", what, arg)
        return False
    except Exception:  # after the commit nothing may fail the request
        if gathering:
            starting(task, arg)
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
              run_here_if_unreachable: bool = False, background: bool = False,
              when: Callable[[], bool] | None = None, gather: bool = False) -> None:
    """Queue ``task(arg)`` once the current transaction commits (:func:`send`: never raises).

    ``background``: a task nobody waits for on the page (the standings' update, the federation's, a message's
    send). With no broker it does not run inside the request that committed: see :func:`in_background`; with
    one, inside a request, it is sent once the response has been (:func:`after_response`).
    ``when``: asked after the commit, outside the transaction; False queues nothing (a question cheaper than a
    broker's message: whether the club is in a federation at all). ``gather``: see :func:`send` (the background
    runner gathers by itself: one job per key)."""
    def queue() -> None:
        if when is not None and not when():
            return
        if background and in_background_now():
            in_background((task.name, arg), lambda: send(task, arg, what), delay=countdown)
            return
        send(task, arg, what, countdown=countdown, run_here_if_unreachable=run_here_if_unreachable, gather=gather)

    if background and not settings.CELERY_TASK_ALWAYS_EAGER and _after_response.get() is not None:
        # With a broker, inside a request: the question and the message wait until the response has been sent (the
        # host's screen does not wait for Redis); a broker that is away is logged as before, and requeue_stale finds
        # what was lost (the change itself was stored in the transaction: ``standings_changed_at``...).
        transaction.on_commit(lambda: after_response(("send", task.name, arg), queue))
        return
    transaction.on_commit(queue)


def in_background_now() -> bool:
    """Whether :func:`in_background` would take a job: no broker, and ``EAGER_TASKS_AFTER_RESPONSE``."""
    return settings.CELERY_TASK_ALWAYS_EAGER and getattr(settings, "EAGER_TASKS_AFTER_RESPONSE", False)


def in_background(key: Hashable, job: Callable[[], None], *, delay: float | None = None) -> bool:
    """With no broker (tasks eager) and ``EAGER_TASKS_AFTER_RESPONSE`` (the embedded default, ``make run``):
    hand ``job`` to the process's background runner (:data:`later`), ``delay`` seconds after the response
    (``EAGER_TASKS_DELAY_SECONDS`` when None), one job per ``key``, and say True; the host's next screen (the GET
    after a save's redirect) is answered first and nothing of it runs inside the request. Outside a request
    the job runs now (:func:`after_response`). False otherwise: the caller queues it to the broker as usual."""
    if not in_background_now():
        return False
    if delay is None:
        delay = getattr(settings, "EAGER_TASKS_DELAY_SECONDS", 1.0)
    after_response(key, job, delay=delay)  # a delay of 0: when the server has sent the response's last byte
    return True

_after_response: contextvars.ContextVar[list | None] = contextvars.ContextVar("after_response", default=None)


def after_response(key: Hashable, job: Callable[[], None], *, delay: float | None = None) -> None:
    """Run ``job`` once the response has been sent (inside a request), else now; one job per ``key``.

    ``delay`` (seconds): not at the response's last byte but that long after, in the process's background
    runner (:data:`later`), gathered by ``key``: the host's next screen (the GET after the save's redirect)
    is answered first instead of sharing the CPU with the job, and tables finishing together make one
    job, as the worker's countdown does on production."""
    jobs = _after_response.get()
    if jobs is None:
        job()
        return
    if all(k != key for k, _job, _delay in jobs):
        jobs.append((key, job, delay))


def deferring():
    """Collect the jobs :func:`after_response` defers while the returned token is set (the middleware's)."""
    jobs: list = []
    return jobs, _after_response.set(jobs)


def stop_deferring(token) -> None:
    _after_response.reset(token)


@contextlib.contextmanager
def gathered():
    """Inside the block, :func:`after_response` outside a request gathers its jobs (one per key) and runs
    them at the block's end, at once (a ``delay`` is for a host's next screen; a batch has none): an import
    of a hundred games updates its season's standings once, not after each game. Inside a request (or an
    outer block) the jobs join that one's."""
    if _after_response.get() is not None:
        yield
        return
    jobs, token = deferring()
    try:
        yield
    finally:
        stop_deferring(token)
        for key, job, _delay in jobs:
            try:
                job()
            except Exception:  # the batch's own work is done and stored; the log says what failed
                logger.exception("gathered job %s failed", key)


class Later:
    """Jobs due a moment from now, run one at a time by one daemon thread of this process (the embedded
    default has no worker). A job asked for again under the same key before it ran runs once, at the first
    time asked. Each job's database connections are closed after it (they are the thread's own).
    What is still waiting when the process exits runs then (``atexit``), so nothing asked for is dropped
    by a clean stop; a killed process leaves its season marked (``standings_changed_at``)."""

    def __init__(self) -> None:
        self._due: dict[Hashable, tuple[float, Callable[[], None]]] = {}
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._running = 0

    def add(self, key: Hashable, job: Callable[[], None], delay: float) -> None:
        with self._cond:
            if key not in self._due:
                self._due[key] = (time.monotonic() + max(0.0, delay), job)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="after-response", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def pending(self) -> list[Hashable]:
        with self._cond:
            return list(self._due)

    def run_due(self, *, everything: bool = False) -> int:
        """Run (in the calling thread) the jobs due now, or every job waiting (``everything``); how many ran."""
        ran = 0
        while (taken := self._take(everything)) is not None:
            self._run(*taken)
            ran += 1
        return ran

    def wait_idle(self, timeout: float) -> bool:
        """Whether every job ran (none waiting or running) within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._due or self._running:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def _take(self, everything: bool) -> tuple[Hashable, Callable[[], None]] | None:
        with self._cond:
            now = time.monotonic()
            for key, (due, job) in sorted(self._due.items(), key=lambda kv: kv[1][0]):
                if everything or due <= now:
                    del self._due[key]
                    self._running += 1
                    return key, job
            return None

    def _run(self, key: Hashable, job: Callable[[], None]) -> None:
        from django.db import connections

        try:
            job()
        except Exception:  # the response is long gone; the log says what failed
            logger.exception("deferred job %s failed", key)
        finally:
            connections.close_all()  # this thread's own connections
            with self._cond:
                self._running -= 1
                self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._due:
                    self._cond.wait()
                wait = min(due for due, _job in self._due.values()) - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
            self.run_due()


later = Later()
"""The process's background runner of :func:`after_response` jobs asked with a ``delay``."""
atexit.register(lambda: later.run_due(everything=True))
