"""What every screen's view shares: refusing a request, loading a game with its permission
check, the once-only key of a posted form. The services' refusals worded for the table host are
``league.errors.refusal_message`` (a read module such as ``league.games.table`` words them too, and
imports no view helper).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from league import permissions
from league.models import Game
from league.once import ENTRY_TOKEN_FIELD, Once


def refuse(request: HttpRequest, club=None) -> HttpResponse:
    """Anonymous: to the login page. Logged in without the right: 403; and when ``club`` (the club
    of an object named by its id in the address) is not the user's, 404, the answer of an id that
    does not exist: another club's game and season ids are not probed."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if club is not None and permissions.outsider(request.user, club):
        raise Http404
    raise PermissionDenied


def load_game(request: HttpRequest, pk: int, check: Callable[[Any, Game], bool] | None = None) -> Game:
    """The game, or PermissionDenied/redirect (raised as ``Refused``) when ``check`` fails."""
    game = get_object_or_404(Game.objects.select_related("club", "season", "ruleset"), pk=pk)
    # With the game: the one membership lookup of the request also says whether the user plays it.
    check = check or (lambda user, g: permissions.can(user, permissions.Action.VIEW_CLUB, club=g.club, game=g))
    if not check(request.user, game):
        raise Refused(refuse(request, game.club))
    return game


class Refused(Exception):
    """Carries the response of a refused request out of a helper."""

    def __init__(self, response: HttpResponse) -> None:
        self.response = response


def refusable(view):
    """Turn a ``Refused`` raised by a helper into its response."""

    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except Refused as exc:
            return exc.response

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


def entry_once(request: HttpRequest):
    """The posted form's entry token (``{% entry_token %}``) as the services' once-only key."""
    return Once.form(request.user, request.POST.get(ENTRY_TOKEN_FIELD))


__all__ = ["Refused", "entry_once", "load_game", "refusable", "refuse"]
