"""Request-scoped middleware: the permission lookups' memo, and running the jobs deferred until after
the response (``league.queueing.after_response``, which the services call: they never import this)."""
from __future__ import annotations

import logging

from league.permissions import memberships_memo
from league.queueing import deferring_after_response

logger = logging.getLogger(__name__)


class RequestMembershipsMiddleware:
    """Each request looks a user's membership in a club up once, however many checks its views make."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with memberships_memo():
            return self.get_response(request)


class AfterResponseMiddleware:
    """Runs the jobs a request deferred (``after_response``) when the server closes its response.

    The embedded default (``make run``: no broker, tasks eager) recomputes the standings there, after
    the host got the table screen back, instead of inside the request (``LEAGUE_RECOMPUTE_AFTER_RESPONSE``).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with deferring_after_response() as jobs:
            response = self.get_response(request)
        if jobs:
            def run() -> None:
                for _key, job in jobs:
                    try:
                        job()
                    except Exception:  # noqa: BLE001 - the response is gone; the log says what failed
                        logger.exception("deferred job %s failed", _key)

            response._resource_closers.append(run)  # called by response.close(), after the last byte
        return response
