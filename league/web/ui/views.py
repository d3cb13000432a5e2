"""What every league screen's view shares: loading a game with its permission check (refusing a request
and the form's once-only key are the floor's: ``core.web``; the services' refusals worded for the table
host are ``league.games.errors.refusal_message``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from django.http import Http404, HttpRequest

from core.prepared import PreparedRead
from core.web import Refused, refuse
from league import permissions
from league.games.selectors import keep_seat_names, with_seat_names
from league.models import Game


def _game_read(*, pk: int, user_id: int | None = None) -> QuerySet[Game]:
    games = with_seat_names(Game.objects.select_related("club", "season", "ruleset"))
    if user_id is not None:
        games = permissions.with_membership_of(games, user_id)
    return games.filter(pk=pk)


_GAME = PreparedRead("a screen's game", Game, _game_read)


def load_game(request: HttpRequest, pk: int, check: Callable[[Any, Game], bool] | None = None) -> Game:
    """The game, or PermissionDenied/redirect (raised as ``Refused``) when ``check`` fails."""
    # With the game, in the same statement: its seat names and the user's membership (issue 41), in SQL compiled
    # once per process (core.prepared: the table's preview and save each ask for it).
    if permissions.reads_membership_with_game(request.user, "default"):
        found = _GAME.rows(shape="with membership", pk=pk, user_id=request.user.pk)
    else:
        found = _GAME.rows(shape="alone", pk=pk)
    if not found:
        raise Http404("No game matches the given query.")
    game = keep_seat_names(found[0])
    permissions.keep_membership(request.user, game)
    # With the game: the one membership lookup of the request also says whether the user plays it.
    check = check or (lambda user, g: permissions.can(user, permissions.Action.VIEW_CLUB, club=g.club, game=g))
    if not check(request.user, game):
        raise Refused(refuse(request, hide=permissions.outsider(request.user, game.club)))
    return game




__all__ = ["load_game"]
