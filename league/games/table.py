"""The table screen's reads: a game with its record and replay (``GameView``), the entry
context at a hand (``TableContext``), the preview of a candidate event, and the final table's
next-game context. Views and forms read these; nothing here writes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from league import permissions
from league.games import selectors
from league.models import Game
from scoring.game import Game as EngineGame
from scoring.game import GameReplay
from scoring.record import parse_record
from scoring.rules import Ruleset


@dataclass(frozen=True)
class TableContext:
    """What a hand-entry form needs to know about the game at this point (``GameView.table``)."""

    players: Sequence[str]
    ruleset: Ruleset
    scores: Sequence[int]
    dealer: int
    position: int
    riichi_ok: Sequence[bool]
    """Per seat, whether riichi may be declared (the engine's ``GameState.riichi_allowed``)."""
    renchan: int = 0
    """The dealer's own consecutive deals (``GameState.renchan``)."""
    dealer_min_han: int | None = None
    """The han the dealer needs this hand (``GameState.dealer_min_han``), or None."""
    yellow_cards: Sequence[int] = ()
    penalty_points: Sequence[int] = ()
    agari_forbidden: Sequence[bool] = ()
    """Per seat, from the engine's state: shown on the seat cards, never decided here."""

    @property
    def seat_choices(self) -> list[tuple[str, str]]:
        return [(str(i), name) for i, name in enumerate(self.players)]

    def riichi_allowed(self, seat: int) -> bool:
        return bool(self.riichi_ok[seat])


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
            state, pos = selectors.replay_record({**self.record, "hands": self.events[:position]}).state, position
        return TableContext(players=self.players, ruleset=self.ruleset, scores=state.scores, dealer=state.dealer,
                            position=pos, riichi_ok=state.riichi_allowed, renchan=state.renchan,
                            dealer_min_han=state.dealer_min_han, yellow_cards=state.yellow_cards,
                            penalty_points=state.penalty_points, agari_forbidden=state.agari_forbidden)

    def event_scores(self) -> list[tuple[int, ...]]:
        """The scores before the first event, then after each event (a penalty's payment is its own step).

        The replay's rows fold an in-game penalty into the next hand's row; the game page and the
        penalty lists show each payment where it happened, from these steps.
        """
        record = parse_record(self.record)
        machine = EngineGame(record.ruleset)
        steps = [tuple(machine.scores)]
        for i, event in enumerate(record.events):
            machine.apply(event, i)
            steps.append(tuple(machine.scores))
        return steps

    def event_deltas(self) -> list[tuple[int, ...]]:
        """What each event moved, seat by seat (``event_scores`` step by step)."""
        steps = self.event_scores()
        return [tuple(b - a for a, b in zip(before, after)) for before, after in zip(steps, steps[1:])]

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
        rep = selectors.replay_record({**self.record, "hands": events})
        row = next((r for r in rep.rows if r.event_index == position or position in r.events), None)
        deltas = list(row.deltas) if row else [0] * len(self.players)
        scores = list(row.scores) if row else list(rep.state.scores)
        ends = reopens = None
        if rep.final is not None and self.replay.final is None:
            ends = rep.final.ended_by  # this hand (or, for an edit, this change) ends the game
        elif rep.final is None and self.replay.final is not None:
            reopens = True  # an edit that takes the game's end away: the table goes on
        return {"event": event, "ends": ends, "reopens": reopens, "edit": position < len(self.events), "seats": [
            {"name": name, "delta": deltas[i], "score": scores[i]} for i, name in enumerate(self.players)]}


def game_view(game: Game) -> GameView:
    record = selectors.game_record(game)
    return GameView(game=game, record=record, replay=selectors.replay_record(record))


def next_game_context(user, game: Game) -> dict[str, Any]:
    """For the final table: whether the viewer may start the table's next game, and its seats (by seat)."""
    if game.status != Game.Status.FINISHED or not permissions.can_start_game(user, game.club):
        return {"can_start_next": False, "seat_members": []}
    return {"can_start_next": True,
            "seat_members": list(game.seat_set.order_by("seat").values_list("member_id", flat=True))}
