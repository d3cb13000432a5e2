"""Winds and rounds: the round winds, seat winds, who deals, and who is paid as the dealer.

Seats are 0-based in the order of the first deal (seat 0 is East in East 1). A round is
written as the contract does, ``"E1"`` .. ``"W4"``: the round wind and the hand number,
whose dealer is seat ``hand number - 1``. :class:`SettlementContext` is what settlement knows about the
game at the moment a hand ends (:mod:`scoring.settle`).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.rules import Ruleset

WINDS = ("E", "S", "W", "N")
"""The winds in turn order: round winds (East round, South round...) and seat winds."""

REGULAR_ROUNDS = ("E", "S")
"""The round winds of a regular game; later ones (West, North) are extra rounds."""


def round_code(wind_index: int, hand_number: int) -> str:
    """``(1, 2)`` -> ``"S2"``: the round wind (0 East, 1 South...) and the hand number (1-4)."""
    return f"{WINDS[wind_index % len(WINDS)]}{hand_number}"


def dealer_of(round_code: str) -> int:
    """The dealer's seat in a round: ``"S3"`` -> 2 (the hand number less one)."""
    return int(round_code[1:]) - 1


def seat_wind(seat: int, dealer: int, players: int) -> str:
    """The seat's wind this hand: the dealer is East, then South, West (North) in turn order."""
    return WINDS[(seat - dealer) % players]


def paid_as_dealer(ruleset: Ruleset, round_wind: str) -> bool:
    """Whether every win of this round is paid as a dealer win (Juki's West rule:
    ``Ruleset.west_wins_paid_as_dealer``, from West on)."""
    return ruleset.west_wins_paid_as_dealer and round_wind not in REGULAR_ROUNDS


@dataclass(frozen=True)
class SettlementContext:
    """What settlement needs to know about the game at the moment a hand ends."""

    ruleset: Ruleset
    dealer: int
    round_wind: str
    honba: int
    sticks: int
    """Points on the table now (earlier sticks and deposits placed so far in this hand)."""
    scores: tuple[int, ...]
    renchan: int = 0
    """The dealer's own consecutive deals kept (0 on a first deal)."""
    dealer_wins_in_row: int = 0
    """The dealer's consecutive wins before this hand (for paarenchan)."""
    agari_forbidden: frozenset[int] = frozenset()
    hand_deposits: tuple[int, ...] | None = None
    """Penalty deposits each player put on the table in this hand (returned on a chombo)."""
    hand_start_scores: tuple[int, ...] | None = None
    """Scores when this hand began, before any penalty in it (None: the same as ``scores``)."""

    def riichi_points(self, seat: int) -> int:
        """What a riichi declaration in this hand is checked against: the record does not say
        whether it came before or after a penalty of the same hand, so the better of the two."""
        if self.hand_start_scores is None:
            return self.scores[seat]
        return max(self.scores[seat], self.hand_start_scores[seat])

    @property
    def players(self) -> int:
        return self.ruleset.players

    def seat_wind(self, seat: int) -> str:
        return seat_wind(seat, self.dealer, self.players)

    @property
    def paid_as_dealer(self) -> bool:
        """Juki's West: every win is paid as a dealer win."""
        return paid_as_dealer(self.ruleset, self.round_wind)


__all__ = ["REGULAR_ROUNDS", "SettlementContext", "WINDS", "dealer_of", "paid_as_dealer", "round_code", "seat_wind"]
