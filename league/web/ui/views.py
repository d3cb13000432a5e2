"""What every league screen's view shares: loading a game with its permission check (refusing a request
and the form's once-only key are the floor's: ``core.web``; the services' refusals worded for the table
host are ``league.games.errors.refusal_message``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from core.web import Refused, refuse
from league import permissions
from league.games.selectors import keep_seat_names, with_seat_names
from league.models import Game


def load_game(request: HttpRequest, pk: int, check: Callable[[Any, Game], bool] | None = None) -> Game:
    """The game, or PermissionDenied/redirect (raised as ``Refused``) when ``check`` fails."""
    # With the game, in the same statement: its seat names and the user's membership (issue 41).
    games = permissions.with_membership(with_seat_names(Game.objects.select_related("club", "season", "ruleset")),
                                        request.user)
    game = keep_seat_names(get_object_or_404(games, pk=pk))
    permissions.keep_membership(request.user, game)
    # With the game: the one membership lookup of the request also says whether the user plays it.
    check = check or (lambda user, g: permissions.can(user, permissions.Action.VIEW_CLUB, club=g.club, game=g))
    if not check(request.user, game):
        raise Refused(refuse(request, hide=permissions.outsider(request.user, game.club)))
    return game




__all__ = ["load_game"]
