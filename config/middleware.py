"""A database that is busy or away for a moment answers 503 "try again", never a 500.

On SQLite a writer waits up to the busy timeout (config/settings/base.py) for another one;
if it still cannot write, the request is refused as a whole (its transaction rolled back,
nothing half-stored). On PostgreSQL a restart refuses new connections and ends the open ones
("terminating connection due to administrator command", "connection refused"): the same
answer. Either way the visitor gets a page — or, under /api/, a JSON body — that says to
retry, with a ``Retry-After`` header. It is safe to retry: every create carries its entry
token or ``Idempotency-Key`` (docs/idempotency.md).

Two places answer it: ``DatabaseBusyMiddleware.process_exception`` for a view's failure, and
``server_error`` (``handler500``) for a failure anywhere else — loading the session, the
logged-in user, saving the session after the view — which Django turns into a 500 before any
middleware sees it.
"""
from __future__ import annotations

import enum
import logging
import sys
from http import HTTPStatus

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseServerError, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token

log = logging.getLogger(__name__)

BUSY_MARKERS = ("database is locked", "database table is locked", "database is busy", "could not obtain lock",
                "deadlock detected", "could not serialize access")
AWAY_MARKERS = ("connection refused", "could not connect", "connection failed", "server closed the connection",
                "terminating connection", "the database system is starting up", "the database system is shutting down",
                "the database system is in recovery mode", "connection already closed", "the connection is closed",
                "connection is lost", "ssl connection has been closed", "no connection to the server",
                "consuming input failed", "server conn crashed", "connection timeout expired")
# SQLSTATE classes of a connection that failed or was ended by the server (PostgreSQL appendix A):
# 08 connection exception, 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now.
AWAY_SQLSTATES = ("08", "57P01", "57P02", "57P03")
RETRY_AFTER = "3"


class Unavailable(enum.Enum):
    BUSY = "busy"  # another writer holds the lock (SQLite), a deadlock or serialization failure
    AWAY = "away"  # the database is restarting or unreachable


def unavailable(exc: BaseException | None) -> Unavailable | None:
    """Whether ``exc`` (or what caused it) means "the database cannot answer now", and why."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, OperationalError | InterfaceError):
            text = str(exc).lower()
            if isinstance(exc, OperationalError) and any(m in text for m in BUSY_MARKERS):
                return Unavailable.BUSY
            sqlstate = getattr(exc.__cause__, "sqlstate", None) or ""
            if (isinstance(exc, InterfaceError) or any(m in text for m in AWAY_MARKERS)
                    or sqlstate.startswith(AWAY_SQLSTATES)):
                return Unavailable.AWAY
        exc = exc.__cause__ or exc.__context__
    return None


def is_busy(exc: BaseException) -> bool:
    return unavailable(exc) is Unavailable.BUSY


def unavailable_response(request: HttpRequest, why: Unavailable) -> HttpResponse:
    if why is Unavailable.BUSY:
        message = _("The club's database is busy (another table is saving). Nothing was saved: try again in a "
                    "moment.")
    else:
        message = _("The club's database is restarting. Nothing was saved: try again in a moment.")
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse({"detail": message, "code": why.value, "retry": True},
                                              status=HTTPStatus.SERVICE_UNAVAILABLE)
    else:
        response = HttpResponse(loader.render_to_string("503.html", {"message": message}),
                                status=HTTPStatus.SERVICE_UNAVAILABLE)
    response["Retry-After"] = RETRY_AFTER
    response["Cache-Control"] = "no-store"
    return response


class DatabaseBusyMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        why = unavailable(exception)
        if why is None:
            return None
        log.warning("database %s on %s %s: %s", why.value, request.method, request.path, exception)
        return unavailable_response(request, why)


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: a database that is away while a middleware used it is a 503 too; else the 500 page."""
    why = unavailable(sys.exc_info()[1])
    if why is not None:
        return unavailable_response(request, why)
    return HttpResponseServerError(loader.render_to_string("500.html"))


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
        from core.validation import text_problem

        if request.method != "POST" or request.content_type.endswith("json"):
            return None  # ids in the address are checked by league/web/ui/params.py; JSON by the API's parser
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


# --- a GET of a POST-only address, and the venue's hosts (issue 42 item 7) --------------------------------
BELONGS_TO = {
    "league:hand_create": "league:game_table", "league:hand_preview": "league:game_table",
    "league:hand_undo": "league:game_table", "league:game_stop": "league:game_table",
    "league:game_end_time": "league:game_table", "league:referee_call": "league:game_table",
    "league:table_code_renew": "league:game_table", "league:game_reopen": "league:game_detail",
}
"""A POST-only address (a button's) → the page its button is on, where the ancestor address is not that page."""


def belongs_to(path: str) -> str | None:
    """The page a POST-only ``path`` belongs to: named in :data:`BELONGS_TO`, else the nearest ancestor address
    that exists (``/events/nights/5/close/`` → ``/events/nights/5/``); a POST-only ancestor sends on again."""
    from django.urls import Resolver404, resolve, reverse

    try:
        match = resolve(path)
    except Resolver404:
        match = None
    if match is not None and match.view_name in BELONGS_TO:
        try:
            return reverse(BELONGS_TO[match.view_name], kwargs=match.kwargs)
        except Exception:
            pass
    parts = [p for p in path.split("/") if p]
    while parts:
        parts.pop()
        candidate = "/" + "/".join(parts) + ("/" if parts else "")
        try:
            resolve(candidate)
        except Resolver404:
            continue
        return candidate
    return "/"


class MethodNotAllowedMiddleware:
    """A 405 is never Django's empty page: a GET (a reload, a shared link, Back) of a button's address goes to the
    page the button is on; any other method gets the Korean page in the site's layout with a way back."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.content:
            return response
        target = belongs_to(request.path_info)
        if request.method in ("GET", "HEAD") and target and target != request.path_info:
            from django.shortcuts import redirect

            return redirect(target)
        from django.shortcuts import render

        page = render(request, "405.html", {"back": target}, status=405)
        if response.has_header("Allow"):
            page["Allow"] = response["Allow"]
        return page


def _private_host(host: str) -> bool:
    import ipaddress

    if host.startswith("[") and "]" in host:
        name = host[1:host.index("]")]
    elif host.count(":") == 1:
        name = host.split(":")[0]
    else:
        name = host
    if name in ("localhost", "testserver") or name.endswith(".local"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_private or address.is_loopback or address.is_link_local


class VenueHostMiddleware:
    """``make venue`` (``manage.py venue``): the phones on the venue's Wi-Fi reach the laptop by its LAN address,
    which changes from venue to venue. ALLOWED_HOSTS is open there, and this lets through only the addresses a
    LAN has (loopback, private, link-local, ``*.local``) and the names in ``LEAGUE_VENUE_HOSTS``; anything else
    is refused as Django refuses a host it does not know (400)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        from django.conf import settings
        from django.core.exceptions import DisallowedHost

        host = request.META.get("HTTP_HOST") or request.META.get("SERVER_NAME", "")
        allowed = getattr(settings, "LEAGUE_VENUE_HOSTS", [])
        if not (_private_host(host) or host.rsplit(":", 1)[0] in allowed):
            raise DisallowedHost(f"Invalid HTTP_HOST header at the venue: {host!r}.")
        return self.get_response(request)
