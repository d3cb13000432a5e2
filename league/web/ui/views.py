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
from events.tables import event_table_ids
from league import permissions
from league.games.selectors import keep_seat_names, with_seat_names
from league.models import Game
from league.referee.calls import latest_call_id


def _game_read(*, pk: int, user_id: int | None = None) -> QuerySet[Game]:
    games = with_seat_names(Game.objects.select_related("club", "season", "ruleset"))
    if user_id is not None:
        games = permissions.with_membership_of(games, user_id)
    return games.filter(pk=pk)


def _table_screen_game_read(**values: Any) -> QuerySet[Game]:
    """:func:`_game_read` with what the table screen shows around the game: its night's or tournament's table (the
    clock) and its latest referee call, each read with the game instead of in a statement of its own."""
    return _game_read(**values).annotate(**event_table_ids(), **latest_call_id())


_GAME = PreparedRead("a screen's game", Game, _game_read)
_TABLE_SCREEN_GAME = PreparedRead("the table screen's game", Game, _table_screen_game_read)


def load_game(request: HttpRequest, pk: int, check: Callable[[Any, Game], bool] | None = None, *,
              table_screen: bool = False) -> Game:
    """The game, or PermissionDenied/redirect (raised as ``Refused``) when ``check`` fails. ``table_screen``: for a
    request that draws the table screen (its GET, a hand's save answered with it), with the ids of its event table
    and latest referee call (``events.tables.event_tables`` and ``league.referee.calls.latest_call`` take them)."""
    # With the game, in the same statement: its seat names and the user's membership (issue 41), in SQL compiled
    # once per process (core.prepared: the table's preview and save each ask for it).
    read = _TABLE_SCREEN_GAME if table_screen else _GAME
    if permissions.reads_membership_with_game(request.user, "default"):
        found = read.rows(shape="with membership", pk=pk, user_id=request.user.pk)
    else:
        found = read.rows(shape="alone", pk=pk)
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
