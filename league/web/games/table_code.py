"""The table code (issue 42): a phone that typed a game's code at ``/t/`` (or opened its QR, ``/t/<code>``)
gets that game's table screen — enter, preview, undo the last hand, stop, end at time, call the referee —
and nothing else. No login is made: the session holds the game, the code and a device id; every other
page sees an anonymous visitor.

A code counts only for a visitor who is not logged in (a member acts as themselves), only for its own game,
only while the game is in progress (its final table stays readable) and only until an organiser renews
it. The writes are the system's (``by=None``: the view checked the code) and their audit entries say
"테이블 코드 (1라운드 · 3번 테이블) · 기기 7f3a2c" (``core.audit.acting_as``). Guesses are throttled as
logins are (``AXES_FAILURE_LIMIT`` wrong codes per ``AXES_COOLOFF_TIME`` from one address).
"""
from __future__ import annotations

import functools
import secrets
from dataclasses import dataclass
from http import HTTPStatus

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from club.web import throttle
from core.audit import acting_as
from core.memo import memoize
from league.games import selectors as game_selectors
from league.models import Game

SESSION_KEY = "table_code"
DEVICE_KEY = "table_device"

TABLE_CODE_GUESSES = throttle.Limit("table-code", count=settings.AXES_FAILURE_LIMIT,
                                    seconds=int(settings.AXES_COOLOFF_TIME.total_seconds()), per_user=False)


@dataclass(frozen=True)
class CodeSession:
    game_id: int
    code: str
    device: str
    table: str


def code_session(request: HttpRequest) -> CodeSession | None:
    """The table code this visitor came in with (None for a logged-in user: they act as themselves)."""
    if getattr(request, "user", None) is not None and request.user.is_authenticated:
        return None
    session = getattr(request, "session", None)
    data = session.get(SESSION_KEY) if session is not None else None
    if not isinstance(data, dict):
        return None
    try:
        return CodeSession(game_id=int(data["game"]), code=str(data["code"]), device=str(data.get("device", "")),
                           table=str(data.get("table", "")))
    except (KeyError, TypeError, ValueError):
        return None


def code_allows(request: HttpRequest, game: Game, *, write: bool = True) -> bool:
    """Whether this visitor's table code opens ``game`` (``write``: for a change, which needs it in progress)."""
    found = code_session(request)
    if found is None or found.game_id != game.pk or not game.table_code or found.code != game.table_code:
        return False
    return not write or game.status == Game.Status.IN_PROGRESS


def acting_note(found: CodeSession) -> str:
    return _("Table code (%(table)s) · device %(device)s") % {"table": found.table, "device": found.device}


def entry_by(request: HttpRequest):
    """Who a table screen's write is by: the user, or the system (None) for a visitor with the game's code."""
    return None if getattr(request, "table_code", None) is not None else request.user


def login_or_table_code(view):
    """``login_required`` for the table screen's writes, which a visitor with that game's code may also make.

    The view still checks the game (``code_allows`` in its permission check); its audit entries name the code."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args, **kwargs):
        if request.user.is_authenticated:
            return view(request, pk, *args, **kwargs)
        found = code_session(request)
        if found is None or found.game_id != pk:
            return redirect_to_login(request.get_full_path())
        request.table_code = found
        with acting_as(acting_note(found)):
            return view(request, pk, *args, **kwargs)

    return wrapped


@memoize("table code QR", size=512)
def _qr(url: str, label: str) -> str:
    from club.qr import qr_svg

    return qr_svg(url, label=label)


def code_card(request: HttpRequest, game: Game) -> dict | None:
    """The table code as the host's screen, the board's tile and the table card show it (code, address, QR), for
    whoever may seat a game (host, referee, admin); None when the game has no live code."""
    from django.utils.safestring import mark_safe

    from league import permissions

    if not game.table_code or game.status != Game.Status.IN_PROGRESS:
        return None
    if not permissions.can_start_game(request.user, game.club):
        return None
    url = table_url(request, game.table_code)
    return {"code": game.table_code, "url": url, "qr": mark_safe(_qr(url, _("Table code QR"))),
            "can_renew": permissions.is_referee_or_admin(request.user, game.club)}


def table_url(request: HttpRequest, code: str) -> str:
    """The address a table's QR opens: the venue's address (``LEAGUE_VENUE_URL``, ``make venue``) when set."""
    path = reverse("table_code_open", args=[code])
    base = getattr(settings, "LEAGUE_VENUE_URL", "") or ""
    return base.rstrip("/") + path if base else request.build_absolute_uri(path)


@never_cache
def table_code_enter(request: HttpRequest, code: str | None = None) -> HttpResponse:
    """``/t/``: type the table's code (GET: the form; POST: the code); ``/t/<code>``: the table card's QR."""
    if request.method == "POST":
        code = request.POST.get("code", "")
    elif request.method not in ("GET", "HEAD"):
        return HttpResponse(status=HTTPStatus.METHOD_NOT_ALLOWED)
    ctx = {"code": (code or "")[:12]}
    if code is None:
        return render(request, "league/games/table_code.html", ctx)
    if throttle.blocked(request, TABLE_CODE_GUESSES):
        return render(request, "league/games/table_code.html", {**ctx, "error": throttle.message()},
                      status=HTTPStatus.TOO_MANY_REQUESTS)
    game = game_selectors.game_for_table_code(code)
    if game is None:
        throttle.hit(request, TABLE_CODE_GUESSES)
        error = _("No table is playing with this code. Check the code on the table card, or ask the organiser.")
        return render(request, "league/games/table_code.html", {**ctx, "error": error},
                      status=HTTPStatus.NOT_FOUND)
    device = request.session.get(DEVICE_KEY) or secrets.token_hex(3)
    if not request.user.is_authenticated:
        request.session.cycle_key()  # a new session for the code: nothing fixed in advance by another page
    request.session[DEVICE_KEY] = device
    request.session[SESSION_KEY] = {"game": game.pk, "code": game.table_code, "device": device,
                                    "table": game.table_label or f"#{game.pk}"}
    return redirect("league:game_table", game.pk)


@require_POST
@login_required
def table_code_renew(request: HttpRequest, pk: int) -> HttpResponse:
    """A referee or an admin gives the game a new code (the old one no longer opens it)."""
    from django.core.exceptions import PermissionDenied, ValidationError
    from django.shortcuts import get_object_or_404

    from league import permissions
    from league.games import services as game_services

    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if not permissions.is_referee_or_admin(request.user, game.club):
        raise PermissionDenied
    try:
        game_services.table_code_renew(game=game, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("The table gets a new code: phones with the old one must enter the new one."))
    back = request.POST.get("next") or ""
    if not (back.startswith("/") and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()})):
        back = reverse("league:game_table", args=[game.pk])  # a path of this site only (never a view's name)
    return HttpResponseRedirect(back)


__all__ = ["CodeSession", "acting_note", "code_allows", "code_session", "entry_by", "login_or_table_code",
           "code_card", "table_code_enter", "table_code_renew", "table_url"]
