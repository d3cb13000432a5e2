"""The after-response runner: jobs a request deferred (``core.queueing.after_response``) run once the
server has sent the response."""
from __future__ import annotations

import logging

from core.queueing import deferring, later, stop_deferring

logger = logging.getLogger(__name__)


class AfterResponseMiddleware:
    """Runs the jobs a request deferred (``after_response``) when the server closes its response.

    The embedded default (``make run``: no broker, tasks eager) updates the standings after the host got
    the table screen back, instead of inside the request (``EAGER_TASKS_AFTER_RESPONSE``): a job asked
    with a ``delay`` goes to ``core.queueing.later``, which runs it that long after in the background, so
    the GET that follows the save's redirect is not answered beside it.
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
                for key, job, delay in jobs:
                    if delay:  # a moment later, in the background: the host's next screen first
                        later.add(key, job, delay)
                        continue
                    try:
                        job()
                    except Exception:  # the response is gone; the log says what failed
                        logger.exception("deferred job %s failed", key)

            response._resource_closers.append(run)  # called by response.close(), after the last byte
        return response
