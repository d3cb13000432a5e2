""""What does each player need?": the cheapest win of the next hand that puts a player first.

``needs(record)`` replays a game record in progress and, for the next hand, tries every hand
a record can carry -- each valid han/fu pair below mangan, the limits (mangan, haneman,
baiman, sanbaiman) and a single yakuman -- as a ron off each other player and as a tsumo.
Each try is settled by :func:`scoring.settle.settle` on the game's own table (honba, the
riichi sticks on the table, the dealer's han minimum, West paid as dealer, kiriage, an
agari-forbidden player...), and ranked by :func:`scoring.final.ranks` (the ruleset's
tie rule, as the final result ranks). Nothing here re-implements a payment or a rule: a
try the engine refuses is not a valid win, and the answer is the cheapest accepted try
that ranks the player first.

"Cheapest" is the contract's order (``needs.md``): the smallest rise of the winner's score,
then the fewest han, then the fewest fu. A limit is written by its han alone (mangan
``{"han": 5}``, haneman 6, baiman 8, sanbaiman 11) -- so a 4-han 40-fu hand, which pays a
mangan, is the mangan -- and a yakuman as ``{"yakuman": 1}``.

Pure Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import messages as M
from scoring.errors import ScoringError
from scoring.final import ranks
from scoring.game import Game, play
from scoring.payments import FU_VALUES, LIMIT_HAN, HandValue, hand_value, win_points
from scoring.record import GameRecord, Ron, Tsumo, Win, parse_record
from scoring.rules import Ruleset
from scoring.settle import settle
from scoring.table import Table


@dataclass(frozen=True)
class Candidate:
    """One hand a record can carry: han/fu, a limit's han, or a yakuman."""

    han: int | None = None
    fu: int | None = None
    yakuman: int | None = None

    def win(self, winner: int) -> Win:
        return Win(winner=winner, han=self.han, fu=self.fu, yakuman=self.yakuman)

    def to_json(self) -> dict[str, int]:
        if self.yakuman:
            return {"yakuman": self.yakuman}
        if self.fu is None:
            return {"han": self.han}
        return {"han": self.han, "fu": self.fu}


def candidates(ruleset: Ruleset) -> list[Candidate]:
    """Every hand worth trying, from the cheapest up: by basic points, then han, then fu.

    Below 5 han only the pairs that pay less than a mangan under this ruleset (kiriage
    included); a pair that already pays a limit is that limit, written by its han.
    """
    valued: list[tuple[tuple[int, int, int], Candidate]] = []
    for han in range(1, 5):
        for fu in FU_VALUES:
            try:
                value = hand_value(han, fu, ruleset)
            except ScoringError:
                continue
            if value.limit is None:
                valued.append(((value.base, han, fu), Candidate(han=han, fu=fu)))
    for han in LIMIT_HAN:
        valued.append(((hand_value(han, None, ruleset).base, han, 0), Candidate(han=han)))
    valued.append(((hand_value(0, None, ruleset, yakuman=1).base, 13, 0), Candidate(yakuman=1)))
    return [c for _key, c in sorted(valued, key=lambda kv: kv[0])]


@dataclass(frozen=True)
class Need:
    """The cheapest win that does it."""

    hand: Candidate
    value: HandValue
    """How the engine valued it (a paarenchan makes any hand a yakuman)."""
    points: int
    """The winner's score rise in the hand (honba and sticks included)."""
    payments: tuple[int, ...]
    """What the hand itself pays, without honba or sticks: ``(amount,)`` for a ron, ``(all,)``
    for a tsumo paid as dealer, ``(non_dealer, dealer)`` for a non-dealer's tsumo."""
    scores: tuple[int, ...]
    """Scores right after the hand."""

    def sort_key(self) -> tuple[int, int, int]:
        han = 13 * self.value.yakuman if self.value.yakuman else (self.hand.han or 0)
        return (self.points, han, self.hand.fu or 0)

    def to_json(self) -> dict[str, Any]:
        hand = self.hand.to_json() if not self.value.yakuman else {"yakuman": self.value.yakuman}
        return {"points": self.points, "hand": hand}


@dataclass(frozen=True)
class PlayerNeeds:
    seat: int
    rank: int
    """Rank now (the ruleset's tie rule)."""
    ron: Mapping[int, Need | None]
    """By ron off each other player (seat -> the cheapest win, or None)."""
    tsumo: Need | None

    @property
    def can_come_first(self) -> bool:
        return self.tsumo is not None or any(n is not None for n in self.ron.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "rank": self.rank,
            "to_first": {
                "ron": {str(loser): (n.to_json() if n else None) for loser, n in self.ron.items()},
                "tsumo": self.tsumo.to_json() if self.tsumo else None,
            },
        }


@dataclass(frozen=True)
class Needs:
    round: str
    honba: int
    sticks: int
    """Riichi sticks (count) on the table."""
    scores: tuple[int, ...]
    dealer: int
    paid_as_dealer: bool
    """Every win of this hand is paid as a dealer win (Juki's West)."""
    players: tuple[PlayerNeeds, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "honba": self.honba,
            "sticks": self.sticks,
            "scores": list(self.scores),
            "players": [p.to_json() for p in self.players],
        }


def _try(table: Table, hand: Candidate, winner: int, loser: int | None) -> Need | None:
    event = Tsumo(win=hand.win(winner)) if loser is None else Ron(loser=loser, wins=(hand.win(winner),))
    try:
        s = settle(table, event)
    except ScoringError:
        return None  # the engine does not allow this win here
    value = s.wins[0].value
    points = win_points(value, dealer=winner == table.dealer, tsumo=loser is None, ruleset=table.ruleset,
                        paid_as_dealer=table.paid_as_dealer)
    payments = tuple(points[k] for k in ("ron", "all", "non_dealer", "dealer") if k in points)
    scores = tuple(a + b for a, b in zip(table.scores, s.deltas, strict=False))
    return Need(hand=hand, value=value, points=s.deltas[winner], payments=payments, scores=scores)


def cheapest_first(table: Table, winner: int, loser: int | None, hands: list[Candidate]) -> Need | None:
    """The cheapest of ``hands`` by which ``winner`` (ron off ``loser``, or tsumo) ranks first after the hand.

    ``hands`` come in the order of :func:`candidates` (basic points up). What a win pays rises with
    its basic points, and a bigger win only lowers the others' scores, so once one hand makes the
    player first, only the hands that raise the winner's score by as little can beat it: the scan
    stops at the first hand that pays more. (The yakuman is always accepted where a smaller hand
    is: the dealer's han minimum and the others bind han/fu hands only.)
    """
    # The biggest hand first: when not even it makes the player first, no hand does.
    biggest = _try(table, hands[-1], winner, loser)
    if biggest is None or ranks(table.ruleset, biggest.scores)[winner] != 1:
        return None
    best: Need | None = None
    for hand in hands:
        need = _try(table, hand, winner, loser)
        if need is None:
            continue
        if best is not None and need.points > best.points:
            break
        if ranks(table.ruleset, need.scores)[winner] != 1:
            continue
        if best is None or need.sort_key() < best.sort_key():
            best = need
    return best


def next_hand(record: GameRecord | Mapping[str, Any]) -> Game:
    """The game replayed up to its next hand; refuses a finished game."""
    if not isinstance(record, GameRecord):
        record = parse_record(record)
    game = play(record)
    if game.finished:
        raise ScoringError(M.NEEDS_GAME_OVER, how=game.ended_by.phrase if game.ended_by else "")
    return game


def needs(record: GameRecord | Mapping[str, Any]) -> Needs:
    """What each player needs in the next hand to come first (``python -m scoring needs``)."""
    game = next_hand(record)
    table = game.table()
    state = game.state()
    rs = game.rs
    hands = candidates(rs)
    now = ranks(rs, table.scores)
    players = []
    for p in range(rs.players):
        ron = {q: cheapest_first(table, p, q, hands) for q in range(rs.players) if q != p}
        players.append(PlayerNeeds(seat=p, rank=now[p], ron=ron, tsumo=cheapest_first(table, p, None, hands)))
    return Needs(
        round=state.round,
        honba=state.honba,
        sticks=state.sticks,
        scores=state.scores,
        dealer=state.dealer,
        paid_as_dealer=table.paid_as_dealer,
        players=tuple(players),
    )


__all__ = ["Candidate", "Need", "Needs", "PlayerNeeds", "candidates", "cheapest_first", "needs", "next_hand"]
