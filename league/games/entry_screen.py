"""The table screen's reads, in one place: a game with its record and replay (``GameView``), the
entry context at a hand (``EntryContext``), the screen's context (``table_screen``), the preview
of a candidate event (``preview_context``) and the final table's next-game context. Views and
forms read these; nothing here writes.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league import permissions
from league.games import selectors
from league.games.errors import cancelled_message, refusal_message
from league.games.needs import panel_shown
from league.models import Game, HandRecord
from scoring.errors import ScoringError
from scoring.game import Game as EngineGame
from scoring.game import GameReplay
from scoring.hand.evaluate import evaluate
from scoring.hand.model import HandContext
from scoring.hand.names import yaku_name
from scoring.record import parse_record
from scoring.rules import Ruleset


@dataclass(frozen=True)
class EntryContext:
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
    hands: list[Any] | None = None
    """The hand records the record was built from, when the view read them (``game_view``)."""

    @property
    def players(self) -> list[str]:
        return list(self.record["players"])

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.record["hands"])

    @property
    def ruleset(self):
        return self.replay.record.ruleset

    def table(self, position: int | None = None) -> EntryContext:
        """The entry context before the event at ``position`` (default: the next hand)."""
        if position is None or position >= len(self.events):
            state, pos = self.replay.state, len(self.events)
        else:
            state, pos = selectors.replay_record({**self.record, "hands": self.events[:position]}).state, position
        return EntryContext(players=self.players, ruleset=self.ruleset, scores=state.scores, dealer=state.dealer,
                            position=pos, riichi_ok=state.riichi_allowed, renchan=state.renchan,
                            dealer_min_han=state.dealer_min_han, yellow_cards=state.yellow_cards,
                            penalty_points=state.penalty_points, agari_forbidden=state.agari_forbidden)

    def row_at(self, position: int | None):
        """The replayed row whose result is the hand at ``position`` (None for a penalty or stop)."""
        if position is None:
            return None
        return next((r for r in self.replay.rows if r.event_index == position), None)

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
        return [tuple(b - a for a, b in zip(before, after, strict=False))
                for before, after in zip(steps, steps[1:], strict=False)]

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

        The payments are the hand's own (the scores just before it, penalties given before it included,
        against the scores after it); the penalties the replay folds into the hand's row are their own
        line (``penalties``: per seat, None when there were none). Raises ``ScoringError`` with the
        engine's message when the event is not possible.
        """
        events = self.events
        events[position:position + 1] = [event]
        record = {**self.record, "hands": events}
        rep = selectors.replay_record(record)
        if position == len(self.events):  # a new hand, the record's last: before it the game as it stands
            before, scores = tuple(self.replay.state.scores), list(rep.state.scores)
        else:  # an edit: the game played again up to the hand, then the hand alone
            machine = EngineGame(rep.record.ruleset)
            for i, parsed in enumerate(rep.record.events[:position]):
                machine.apply(parsed, i)
            before = tuple(machine.scores)
            machine.apply(rep.record.events[position], position)
            scores = list(machine.scores)
        deltas = [b - a for a, b in zip(before, scores, strict=True)]
        row = next((r for r in rep.rows if r.event_index == position), None)
        folded = [d - own for d, own in zip(row.deltas, deltas, strict=True)] if row is not None else []
        penalties = folded if any(folded) else None
        ends = reopens = None
        if rep.final is not None and self.replay.final is None:
            ends = rep.final.ended_by  # this hand (or, for an edit, this change) ends the game
        elif rep.final is None and self.replay.final is not None:
            reopens = True  # an edit that takes the game's end away: the table goes on
        return {"event": event, "ends": ends, "reopens": reopens, "edit": position < len(self.events),
                "penalties": penalties, "seats": [
                    {"name": name, "delta": deltas[i], "score": scores[i], "penalty": penalties[i] if penalties else 0}
                    for i, name in enumerate(self.players)]}


def game_view(game: Game, *, penalty_marks: bool = False, hands: list[HandRecord] | None = None) -> GameView:
    """The game with its record and replay; ``penalty_marks``: its hands say whether an active penalty
    was made with them (``selectors.game_hand_records``), for the table screen's undo panel. ``hands``: the game's
    hands already in hand (``records.hands_as_saved``, with their marks), not read again."""
    if hands is None:
        hands = selectors.game_hand_records(game, penalty_marks=penalty_marks)
    else:
        keep_game = HandRecord.game.field.set_cached_value
        for hand in hands:
            keep_game(hand, game)
    record = selectors.build_record(game, [h.event for h in hands])
    return GameView(game=game, record=record, replay=selectors.replay_record(record), hands=hands)


def next_game_context(user, game: Game) -> dict[str, Any]:
    """For the final table: whether the viewer may start the table's next game, and its seats (by seat)."""
    if game.status != Game.Status.FINISHED or not permissions.can_start_game(user, game.club):
        return {"can_start_next": False, "seat_members": []}
    return {"can_start_next": True, "seat_members": selectors.seat_member_ids(game)}


def table_screen(gv: GameView, *, user, continue_play: bool = False, by_code: bool = False,
                 **extra: Any) -> dict[str, Any]:
    """The table screen's context (the one place it is put together): the game as replayed, who may
    do what, the last hand, the needs panel, and at the end the final table and its next game.
    The view adds the entry form (``HandEntryForm(table=gv.table())``) when hands may follow. ``by_code``: the
    viewer came in with the game's table code (issue 42), who may enter its hands and nothing more."""
    state = gv.replay.state
    game = gv.game
    cancelled = game.status == Game.Status.CANCELLED
    # The last hand with whether an active penalty was made with it (the undo panel's): read with the
    # game's hands when the view asked for it (``game_view(penalty_marks=True)``), else one query.
    if gv.hands is not None and (not gv.hands or hasattr(gv.hands[-1], "active_penalty")):
        last = gv.hands[-1] if gv.hands else None
    else:
        last = selectors.with_penalty_marks(game.hands.order_by("-position")).first()
    ctx = {
        "game": game, "gv": gv, "replay": gv.replay, "state": state, "players": gv.players,
        "position": len(gv.events), "final_rows": gv.final_rows(), "last_hand": last,
        "last_row": gv.row_at(last.position if last else None),
        "dealer_name": gv.players[state.dealer],
        "cancelled": cancelled, "cancelled_message": cancelled_message(game),
        "can_enter": (by_code or permissions.can_enter_hands(user, game)) and not cancelled,
        "by_code": by_code,
        "can_referee": permissions.can_give_penalty(user, game.club),
        "last_is_penalty": last is not None and selectors.holds_penalty(last, active_penalty=last.active_penalty),
        "can_cancel": permissions.can_cancel_game(user, game) and not cancelled,
        "continue_play": continue_play,
        **(next_game_context(user, game) if gv.replay.final is not None else {}),
    }
    # The needs panel (collapsed) is offered here; its rows are searched when it is opened (``needs_panel``).
    ctx["needs_shown"] = not cancelled and panel_shown(state, gv.ruleset)
    ctx.update(extra)
    return ctx


def preview_context(gv: GameView, event: dict[str, Any], position: int, *,
                    hand: dict[str, Any] | None = None) -> dict[str, Any]:
    """``preview`` (what ``event`` at ``position`` pays, and a full hand's yaku) or ``preview_error``."""
    try:
        preview = gv.preview(event, position)
    except ScoringError as exc:
        return {"preview_error": refusal_message(exc)}
    if hand is not None:
        preview.update(full_hand_yaku(gv, event, hand))
    return {"preview": preview}


def full_hand_yaku(gv: GameView, event: dict[str, Any], hand: dict[str, Any]) -> dict[str, Any]:
    """The yaku of a full hand, in the page's language (``scoring.hand.evaluate``)."""
    state = gv.replay.state
    winner = event["winner"] if event["kind"] == "tsumo" else event["wins"][0]["winner"]
    ctx = HandContext(seat_wind=state.seat_winds[winner], round_wind=state.wind, is_dealer=winner == state.dealer,
                      tsumo=event["kind"] == "tsumo", dealer_renchan=state.renchan)
    try:
        result = evaluate(hand, gv.ruleset, ctx)
    except ScoringError:
        return {}
    lang = get_language()
    yaku = [{"name": yaku_name(y.id, lang), "han": y.han} for y in result.yaku]
    han_fu = _("%(han)s han %(fu)s fu") % {"han": result.han, "fu": result.fu} if result.fu else ""
    return {"yaku": yaku, "han_fu": han_fu}
