"""A database that is busy for longer than its timeout answers 503 "try again", never a 500.

On SQLite a writer waits up to the busy timeout (config/settings/base.py) for another one;
if it still cannot write, the request is refused as a whole (its transaction rolled back,
nothing half-stored) with a page — or, under /api/, a JSON body — that says to retry, and a
``Retry-After`` header. It is safe to retry: every create carries its entry token or
``Idempotency-Key`` (docs/idempotency.md).
"""
from __future__ import annotations

import logging
from http import HTTPStatus

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

BUSY_MARKERS = ("database is locked", "database table is locked", "database is busy", "could not obtain lock",
                "deadlock detected", "could not serialize access")
RETRY_AFTER = "3"


def is_busy(exc: BaseException) -> bool:
    return isinstance(exc, OperationalError) and any(m in str(exc).lower() for m in BUSY_MARKERS)


class DatabaseBusyMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_busy(exception):
            return None
        log.warning("database busy on %s %s: %s", request.method, request.path, exception)
        message = _("The club's database is busy (another table is saving). Nothing was saved: try again in a "
                    "moment.")
        if request.path.startswith("/api/"):
            response: HttpResponse = JsonResponse({"detail": message, "retry": True},
                                                  status=HTTPStatus.SERVICE_UNAVAILABLE)
        else:
            response = HttpResponse(loader.render_to_string("503.html", {"message": message}),
                                    status=HTTPStatus.SERVICE_UNAVAILABLE)
        response["Retry-After"] = RETRY_AFTER
        response["Cache-Control"] = "no-store"
        return response


class UnstorableInputMiddleware:
    """A NUL character (or a lone surrogate) in a posted form field answers 400 with a message.

    PostgreSQL cannot store a NUL in text, so such a value (an ``entry_token``, a table's reason)
    reached the database and answered 500 there; SQLite stored it silently. No form field has a
    use for one, so the request is refused whole before any view runs. JSON bodies are checked by
    the API's parser (league/api/parsers.py).
    """

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs) -> HttpResponse | None:
        from league.validation import text_problem

        if request.method != "POST" or request.content_type.endswith("json"):
            return None  # ids in the address are checked by league/ui/params.py; JSON by the API's parser
        for name, values in request.POST.lists():
            for text in [name, *values]:
                if text_problem(text):
                    return bad_input(request, name)
        return None


def bad_input(request: HttpRequest, field: str) -> HttpResponse:
    message = _("The field “%(field)s” contains a NUL character (\\u0000) or a broken character, which cannot "
                "be stored. Nothing was saved: remove it and try again.") % {"field": field.replace("\x00", "")}
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse({"detail": message}, status=HTTPStatus.BAD_REQUEST)
    else:
        response = HttpResponse(loader.render_to_string("400.html", {"message": message}),
                                status=HTTPStatus.BAD_REQUEST)
    response["Cache-Control"] = "no-store"
    return response
