"""Views of the table-host and referee screens (thin: forms, services, selectors).

Shared here: loading a game for a screen with its permission check, and the replay of a
game with a candidate event (the preview and the table context).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from league import permissions, selectors
from league.forms import TableContext
from league.models import Game
from scoring.errors import ScoringError
from scoring.game import GameReplay, replay


def refuse(request: HttpRequest) -> HttpResponse:
    """Anonymous: to the login page. Logged in without the right: 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied


def load_game(request: HttpRequest, pk: int, check: Callable[[Any, Game], bool] | None = None) -> Game:
    """The game, or PermissionDenied/redirect (raised as ``Refused``) when ``check`` fails."""
    game = get_object_or_404(Game.objects.select_related("club", "season", "ruleset"), pk=pk)
    check = check or (lambda user, g: permissions.can_view_club(user, g.club))
    if not check(request.user, game):
        raise Refused(refuse(request))
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


@dataclass
class GameView:
    """A game with its record and replay, as the screens show it."""

    game: Game
    record: dict[str, Any]
    replay: GameReplay

    @property
    def players(self) -> list[str]:
        return list(self.record["players"])

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.record["hands"])

    @property
    def ruleset(self):
        return self.replay.record.ruleset

    def table(self, position: int | None = None) -> TableContext:
        """The entry context before the event at ``position`` (default: the next hand)."""
        if position is None or position >= len(self.events):
            state, pos = self.replay.state, len(self.events)
        else:
            state, pos = replay({**self.record, "hands": self.events[:position]}).state, position
        return TableContext(players=self.players, ruleset=self.ruleset, scores=state.scores, dealer=state.dealer,
                            position=pos, riichi_ok=state.riichi_allowed)

    def final_rows(self) -> list[dict[str, Any]]:
        final = self.replay.final
        if final is None:
            return []
        data = final.to_json()
        rows = [{"seat": i, "name": name, "rank": data["ranks"][i], "score": data["scores"][i],
                 "points": data["points"][i]} for i, name in enumerate(self.players)]
        return sorted(rows, key=lambda r: r["rank"])

    def preview(self, event: dict[str, Any], position: int) -> dict[str, Any]:
        """Replay with ``event`` at ``position`` (replacing an existing one): the payments it makes.

        Raises ``ScoringError`` with the engine's message when the event is not possible.
        """
        events = self.events
        events[position:position + 1] = [event]
        rep = replay({**self.record, "hands": events})
        row = next((r for r in rep.rows if r.event_index == position or position in r.events), None)
        deltas = list(row.deltas) if row else [0] * len(self.players)
        scores = list(row.scores) if row else list(rep.state.scores)
        ends = None
        if rep.final is not None and self.replay.final is None and position == len(self.events):
            ends = rep.final.ended_by
        return {"event": event, "ends": ends, "seats": [
            {"name": name, "delta": deltas[i], "score": scores[i]} for i, name in enumerate(self.players)]}


def game_view(game: Game) -> GameView:
    record = selectors.game_record(game)
    return GameView(game=game, record=record, replay=replay(record))


__all__ = ["GameView", "Refused", "ScoringError", "game_view", "load_game", "refusable", "refuse"]
