"""Game progression: replaying a game record event by event.

:func:`replay` turns a record into rows (one per hand result, penalties folded into the
hand they belong to), the state after the last event (what a table screen shows), and
the final result once the game is over. :class:`Game` is the same machine, one event
at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import messages as M
from scoring.chombo import chombo_payment
from scoring.dealer import dealer_min_han
from scoring.errors import ScoringError
from scoring.final import FinalResult, compute_final, placing
from scoring.penalties import penalty_effect, ruling_deltas
from scoring.record import Chombo, End, Event, GameRecord, PenaltyEvent, Result, Stop, parse_record
from scoring.rules import GameLength, PaarenchanCount, PenaltyType, Ruleset, Yame
from scoring.settle import Outcome, Settlement, WinResult, settle, settle_chombo
from scoring.termination import Termination
from scoring.winds import WINDS, SettlementContext, round_code, seat_wind

ENDED_BY = tuple(t.value for t in Termination)
"""Every ``ended_by`` code, as :class:`~scoring.termination.Termination` lists them."""


@dataclass(frozen=True)
class HandRow:
    """One settled hand: the contract's ``hands`` row plus bookkeeping."""

    event_index: int
    round: str
    honba: int
    sticks: int
    """Riichi sticks (count) on the table at the start of the hand."""
    deltas: tuple[int, ...]
    """Score change of each seat in this hand (riichi sticks and folded penalties included)."""
    scores: tuple[int, ...]
    sticks_after: int = 0
    """Riichi sticks (count) on the table after the hand."""
    events: tuple[int, ...] = ()
    """Indexes of the events folded into this row (penalties, then the result)."""
    outcome: str = ""
    wins: tuple[WinResult, ...] = ()
    """How each win of the hand was valued (han, fu, yakuman, limit; the yaku of a full hand)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "honba": self.honba,
            "sticks": self.sticks,
            "deltas": list(self.deltas),
            "scores": list(self.scores),
        }


@dataclass(frozen=True)
class GameState:
    """The table after the last event."""

    players: int
    round: str
    wind: str
    hand_number: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    renchan: int
    """The dealer's own consecutive deals kept (inherited honba do not count)."""
    finished: bool
    ended_by: Termination | None
    awaiting_stop: bool
    """The all-last dealer may now record ``stop`` (agari-/tenpai-yame is their choice)."""
    riichi_allowed: tuple[bool, ...]
    seat_winds: tuple[str, ...]
    is_all_last: bool
    extra_round: bool
    """Play has gone past the regular rounds (West entry)."""
    dealer_wins_in_row: int
    """The current dealer's consecutive wins (paarenchan counts these)."""
    dealer_min_han: int | None
    """The han the dealer needs to win this hand (Juki's 5th-renchan rule), or None."""
    yellow_cards: tuple[int, ...]
    """Yellow cards this hand."""
    agari_forbidden: tuple[bool, ...]
    """Players who may not win (nor count tenpai) this hand."""
    penalty_points: tuple[int, ...]
    """Penalty points given in this game."""
    verbal_warnings: tuple[int, ...]
    season_deductions: tuple[float, ...]
    events: int
    """Number of events replayed."""


@dataclass
class GameReplay:
    record: GameRecord
    rows: list[HandRow]
    state: GameState
    final: FinalResult | None

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [r.to_json() for r in self.rows],
            "final": self.final.to_json() if self.final else None,
        }


class Game:
    """A game in progress; :meth:`apply` one event at a time."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rs = ruleset
        n = ruleset.players
        self.n = n
        self.round_index = 0
        self.hand_number = 1
        self.honba = 0
        self.sticks = 0
        self.scores = [ruleset.start_points] * n
        self.renchan = 0
        self.dealer_wins_in_row = 0
        self.finished = False
        self.ended_by: Termination | None = None
        self.awaiting_stop = False
        self.penalty_points = [0] * n
        self.verbal_warnings = [0] * n
        self.deductions = [0.0] * n
        self.rows: list[HandRow] = []
        self.final: FinalResult | None = None
        self.events = 0
        self._new_hand()

    # --- the hand in progress -----------------------------------------------------------
    def _new_hand(self) -> None:
        self.yellow_cards = [0] * self.n
        self.hand_penalty_points = [0] * self.n
        self.agari_forbidden: set[int] = set()
        self.hand_deposits = [0] * self.n
        self.pending = [0] * self.n
        self.pending_events: list[int] = []
        self.hand_start_sticks = self.sticks

    @property
    def dealer(self) -> int:
        return self.hand_number - 1

    @property
    def last_round(self) -> int:
        return 0 if self.rs.length is GameLength.EAST else 1

    @property
    def is_all_last(self) -> bool:
        return self.round_index == self.last_round and self.hand_number == self.n

    @property
    def round_name(self) -> str:
        return round_code(self.round_index, self.hand_number)

    def table(self) -> SettlementContext:
        return SettlementContext(
            ruleset=self.rs,
            dealer=self.dealer,
            round_wind=WINDS[self.round_index],
            honba=self.honba,
            sticks=self.sticks,
            scores=tuple(self.scores),
            renchan=self.renchan,
            dealer_wins_in_row=self.dealer_wins_in_row,
            agari_forbidden=frozenset(self.agari_forbidden),
            hand_deposits=tuple(self.hand_deposits),
            hand_start_scores=tuple(score - moved for score, moved in zip(self.scores, self.pending, strict=False)),
        )

    # --- events -------------------------------------------------------------------------
    def apply(self, event: Event, index: int) -> None:
        try:
            self._apply(event, index)
        except ScoringError as exc:
            raise exc.at(index) from exc.__cause__
        self.events += 1

    def _apply(self, event: Event, index: int) -> None:
        if self.finished:
            raise ScoringError(M.GAME_OVER, how=self.ended_by.phrase if self.ended_by else "")
        if isinstance(event, Result):
            self._result(event)
            return
        if isinstance(event, End):
            # A penalty of the hand in play is not a hand (issue 42 item 4): the game ends at the scores it stands
            # at, the penalty kept (its points already moved, a deposit among the sticks).
            self._finish(Termination(event.reason.value))
            return
        if isinstance(event, Stop):
            if not self.awaiting_stop:
                if self.rs.yame_min_points:
                    raise ScoringError(M.STOP_NOT_AWAITED_MIN, minimum=self.rs.yame_min_points)
                raise ScoringError(M.STOP_NOT_AWAITED)
            self._finish(Termination.STOP)
            return
        self.awaiting_stop = False
        if isinstance(event, PenaltyEvent):
            self._penalty(event, index)
            return
        self._settled(settle(self.table(), event), index)

    def _result(self, event: Result) -> None:
        """Scores entered as a whole: the record's only event; they and the sticks left add up to the start."""
        rs = self.rs
        if self.events:
            raise ScoringError(M.RESULT_NOT_ALONE)
        total = sum(event.scores) + event.sticks * rs.riichi_stick
        expected = rs.start_points * self.n
        if total != expected:
            raise ScoringError(M.RESULT_TOTAL_OVER if total > expected else M.RESULT_TOTAL_SHORT,
                               sticks=event.sticks, total=total, expected=expected, diff=abs(total - expected))
        self.scores = list(event.scores)
        self.sticks = event.sticks * rs.riichi_stick
        self._new_hand()
        self._finish(Termination.RESULT)

    def _penalty(self, event: PenaltyEvent, index: int) -> None:
        rs = self.rs
        p = event.player
        if event.type is not PenaltyType.RULING and event.type not in rs.penalties:
            raise ScoringError(M.NO_SUCH_PENALTY, penalty=M.phrase(event.type.value))
        self.pending_events.append(index)  # folded into the row of the hand it belongs to
        if event.type is PenaltyType.RULING:  # any ruleset: the referee decides what the rules do not cover
            for seat, d in enumerate(ruling_deltas(event, self.n)):
                self._move(seat, d)
            return
        count = 1
        if event.type is PenaltyType.PENALTY_POINT:
            self.penalty_points[p] += 1
            self.hand_penalty_points[p] += 1
            count = self.hand_penalty_points[p] if rs.penalty_points_per_hand else self.penalty_points[p]
        elif event.type is PenaltyType.YELLOW_CARD:
            self.yellow_cards[p] += 1
            count = self.yellow_cards[p]
        effect = penalty_effect(rs, event.type, count=count)
        if effect.chombo:
            self._settled(settle_chombo(self.table(), Chombo(offender=p)), index, folded_self=True)
            return
        if effect.deposit:
            self._move(p, -effect.deposit)
            self.sticks += effect.deposit
            self.hand_deposits[p] += effect.deposit
        if effect.chombo_payment:
            deltas, deductions = chombo_payment(self.table(), p)
            for seat, d in enumerate(deltas):
                self._move(seat, d)
            for seat, d in enumerate(deductions):
                self.deductions[seat] += d
        if effect.agari_forbidden:
            self.agari_forbidden.add(p)
        if effect.verbal_warning:
            self.verbal_warnings[p] += 1

    def _move(self, seat: int, amount: int) -> None:
        self.scores[seat] += amount
        self.pending[seat] += amount

    # --- a hand ends ----------------------------------------------------------------------
    def _settled(self, s: Settlement, index: int, *, folded_self: bool = False) -> None:
        rs = self.rs
        for seat, d in enumerate(s.deltas):
            self.scores[seat] += d
        events = tuple(self.pending_events) + (() if folded_self else (index,))
        self.rows.append(
            HandRow(
                event_index=index,
                round=self.round_name,
                honba=self.honba,
                sticks=self.hand_start_sticks // rs.riichi_stick,
                deltas=tuple(a + b for a, b in zip(self.pending, s.deltas, strict=False)),
                scores=tuple(self.scores),
                sticks_after=s.sticks // rs.riichi_stick,
                events=events,
                outcome=s.outcome.value,
                wins=s.wins,
            )
        )
        self.sticks = s.sticks
        for seat, d in enumerate(s.season_deductions):
            self.deductions[seat] += d
        if s.ends_game:
            self._finish(s.ends_game)
            return
        if rs.tobi and any(self._busted(x) for x in self.scores):
            self._finish(Termination.TOBI)
            return
        extra = self.round_index > self.last_round
        if extra and rs.sudden_death and self._past_target(max(self.scores)):
            self._finish(Termination.SUDDEN_DEATH)
            return
        self.dealer_wins_in_row = self._wins_in_row_after(s)
        self.honba = s.honba
        if s.dealer_keeps:
            if not s.replay:
                self.renchan += 1
            if (self.is_all_last or self._is_last_extra_hand) and self._yame(s):
                return
            self._new_hand()
            return
        self._pass_deal()

    def _yame(self, s: Settlement) -> bool:
        """Agari-/tenpai-yame at all-last; True when the deal is settled here (the game ended,
        or play went West), False when the dealer plays on."""
        rs = self.rs
        if s.dealer_won:
            mode, name = rs.agari_yame, Termination.AGARI_YAME
        elif s.outcome is Outcome.DRAW and s.dealer_tenpai:
            mode, name = rs.tenpai_yame, Termination.TENPAI_YAME
        else:
            return False
        if mode is Yame.NONE or placing(self.scores)[0] != self.dealer:
            return False
        if rs.yame_min_points is not None and self.scores[self.dealer] < rs.yame_min_points:
            if self._is_last_extra_hand:
                # West 4 read as an all-last: no round is left, so the top dealer's win or tenpai ends
                # the game there, and that is what ended it (agari-/tenpai-yame, not the hard end).
                self._finish(name)
                return True
            if rs.yame_below_min_goes_west and rs.west_entry:
                # South ends on the top dealer's win or tenpai, and the top is short of the target.
                self._pass_deal()
                return True
            return False
        if mode is Yame.AUTO:
            self._finish(name)
            return True
        self.awaiting_stop = True
        return False

    def _past_target(self, score: int) -> bool:
        """Whether ``score`` ends an extra round (``sudden_death_above_target``: only past the target)."""
        target = self.rs.west_entry_target
        return score > target if self.rs.sudden_death_above_target else score >= target

    @property
    def _is_last_extra_hand(self) -> bool:
        """West 4 (the last hand of the last extra round) read as an all-last (``west_last_all_last``)."""
        rs = self.rs
        last_wind = not rs.north_entry or self.round_index == len(WINDS) - 1
        return (rs.west_last_all_last and self.round_index > self.last_round and last_wind
                and self.hand_number == self.n)

    def _wins_in_row_after(self, s: Settlement) -> int:
        """The dealer's run toward paarenchan after this hand (``Ruleset.paarenchan_count``)."""
        mode = self.rs.paarenchan_count
        if s.dealer_won:
            return self.dealer_wins_in_row + 1
        if s.outcome is not Outcome.WIN and s.replay:
            return self.dealer_wins_in_row  # a replayed hand never happened
        if s.dealer_keeps and mode is PaarenchanCount.DEALS:
            return self.dealer_wins_in_row + 1
        if s.dealer_keeps and mode is PaarenchanCount.WINS_THROUGH_DRAWS:
            return self.dealer_wins_in_row
        return 0

    def _busted(self, score: int) -> bool:
        return score < 0 or (self.rs.tobi_at_zero and score == 0)

    def _pass_deal(self) -> None:
        rs = self.rs
        self.renchan = 0
        self.dealer_wins_in_row = 0
        if self.hand_number < self.n:
            self.hand_number += 1
        elif self.round_index < self.last_round:
            self.round_index += 1
            self.hand_number = 1
        elif self.round_index == self.last_round:
            if rs.west_entry and max(self.scores) < rs.west_entry_target:
                self.round_index += 1
                self.hand_number = 1
            else:
                self._finish(Termination.ALL_LAST)
                return
        else:
            nxt = self.round_index + 1
            if rs.north_entry and nxt < len(WINDS) and max(self.scores) < rs.west_entry_target:
                self.round_index = nxt
                self.hand_number = 1
            else:
                self._finish(Termination.WEST_END)
                return
        self._new_hand()

    def _finish(self, ended_by: Termination) -> None:
        self.finished = True
        self.ended_by = ended_by
        self.awaiting_stop = False
        self.final = compute_final(
            self.rs, self.scores, sticks=self.sticks, ended_by=ended_by, deductions=self.deductions
        )

    # --- reading ----------------------------------------------------------------------------
    def state(self) -> GameState:
        rs = self.rs
        table = self.table()
        return GameState(
            players=self.n,
            round=self.round_name,
            wind=WINDS[self.round_index],
            hand_number=self.hand_number,
            dealer=self.dealer,
            honba=self.honba,
            sticks=self.sticks // rs.riichi_stick,
            scores=tuple(self.scores),
            renchan=self.renchan,
            finished=self.finished,
            ended_by=self.ended_by,
            awaiting_stop=self.awaiting_stop,
            riichi_allowed=tuple(rs.riichi_min_points is None or table.riichi_points(p) >= rs.riichi_min_points
                                 for p in range(self.n)),
            seat_winds=tuple(seat_wind(p, self.dealer, self.n) for p in range(self.n)),
            is_all_last=self.is_all_last,
            extra_round=self.round_index > self.last_round,
            dealer_wins_in_row=self.dealer_wins_in_row,
            dealer_min_han=dealer_min_han(rs, self.renchan),
            yellow_cards=tuple(self.yellow_cards),
            agari_forbidden=tuple(p in self.agari_forbidden for p in range(self.n)),
            penalty_points=tuple(self.penalty_points),
            verbal_warnings=tuple(self.verbal_warnings),
            season_deductions=tuple(self.deductions),
            events=self.events,
        )


def play(record: GameRecord) -> Game:
    """The live :class:`Game` after every event of a parsed record (to go on from, e.g. to try a next
    hand). Raises ``ScoringError`` on the first bad event, naming the players."""
    game = Game(record.ruleset)
    for i, event in enumerate(record.events):
        try:
            game.apply(event, i)
        except ScoringError as exc:
            raise exc.naming(record.players) from exc.__cause__
    return game


def replay(record: GameRecord | Mapping[str, Any]) -> GameReplay:
    """Replay a record (parsed or the contract's JSON). Raises ``ScoringError`` on the first bad event."""
    if not isinstance(record, GameRecord):
        record = parse_record(record)
    game = play(record)
    return GameReplay(record=record, rows=list(game.rows), state=game.state(), final=game.final)


__all__ = ["ENDED_BY", "Game", "GameReplay", "GameState", "HandRow", "play", "replay"]
