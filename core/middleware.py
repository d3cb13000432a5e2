"""The after-response runner: jobs a request deferred (``core.queueing.after_response``) run once the
server has sent the response."""
from __future__ import annotations

import logging

from core.queueing import deferring, stop_deferring

logger = logging.getLogger(__name__)


class AfterResponseMiddleware:
    """Runs the jobs a request deferred (``after_response``) when the server closes its response.

    The embedded default (``make run``: no broker, tasks eager) recomputes the standings there, after
    the host got the table screen back, instead of inside the request (``LEAGUE_RECOMPUTE_AFTER_RESPONSE``).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        jobs, token = deferring()
        try:
            response = self.get_response(request)
        finally:
            stop_deferring(token)
        if jobs:
            def run() -> None:
                for _key, job in jobs:
                    try:
                        job()
                    except Exception:  # the response is gone; the log says what failed
                        logger.exception("deferred job %s failed", _key)

            response._resource_closers.append(run)  # called by response.close(), after the last byte
        return response
