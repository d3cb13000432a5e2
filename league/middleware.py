"""Request-scoped helpers: the permission lookups' memo, and jobs deferred until after the response."""
from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable, Hashable

from league.permissions import memberships_memo

logger = logging.getLogger(__name__)


class RequestMembershipsMiddleware:
    """Each request looks a user's membership in a club up once, however many checks its views make."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with memberships_memo():
            return self.get_response(request)


_after_response: contextvars.ContextVar[list | None] = contextvars.ContextVar("league_after_response", default=None)


def after_response(key: Hashable, job: Callable[[], None]) -> None:
    """Run ``job`` once the response has been sent (inside a request), else now; one job per ``key``."""
    jobs = _after_response.get()
    if jobs is None:
        job()
        return
    if all(k != key for k, _ in jobs):
        jobs.append((key, job))


class AfterResponseMiddleware:
    """Runs the jobs a request deferred (``after_response``) when the server closes its response.

    The embedded default (``make run``: no broker, tasks eager) recomputes the standings there, after
    the host got the table screen back, instead of inside the request (``LEAGUE_RECOMPUTE_AFTER_RESPONSE``).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        jobs: list = []
        token = _after_response.set(jobs)
        try:
            response = self.get_response(request)
        finally:
            _after_response.reset(token)
        if jobs:
            def run() -> None:
                for _key, job in jobs:
                    try:
                        job()
                    except Exception:  # noqa: BLE001 - the response is gone; the log says what failed
                        logger.exception("deferred job %s failed", _key)

            response._resource_closers.append(run)  # called by response.close(), after the last byte
        return response
