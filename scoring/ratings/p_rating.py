"""``p_rating``: OUR points-based moving rating, P <- P + (pt + D - P) / F (docs/ratings.md)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from math import floor
from typing import Iterable, Sequence

from scoring.ratings.common import (
    P_RATING,
    GameResult,
    PlayerId,
    RatingFold,
    RatingResult,
    RatingStep,
    require_finite,
    require_whole,
    to_decimal,
)

@dataclass(frozen=True)
class PRatingParams:
    """OUR points-based rating: P <- P + (w*pt + a*D - P) / F.

    divisor: F, how slowly the rating moves (41: a game weighs 1/41).
    initial: every player's rating before their first game.
    points_weight: w, the weight of the game points.
    average_weight: a, the weight of D (the table's average rating before the game).
    decimals: ratings are kept to this many decimals; a table's changes are
        rounded together (largest remainder) so their sum is the exact sum rounded.
    """

    divisor: Decimal = Decimal(41)
    initial: Decimal = Decimal(0)
    points_weight: Decimal = Decimal(1)
    average_weight: Decimal = Decimal(1)
    decimals: int = 3

    def __post_init__(self) -> None:
        for name in ("divisor", "initial", "points_weight", "average_weight"):
            object.__setattr__(self, name, to_decimal(getattr(self, name)))
        for name in ("initial", "points_weight", "average_weight"):
            require_finite(name, getattr(self, name))
        require_finite("divisor (F)", self.divisor, lo=Decimal(1))
        require_whole("decimals", self.decimals, lo=0, hi=6)



def _largest_remainder(exact: Sequence[Fraction], quantum: Fraction) -> list[Fraction]:
    """Round each value to a multiple of ``quantum`` so that the rounded values sum to
    the exact sum rounded half-even; each moves by less than one quantum."""
    units = [x / quantum for x in exact]
    floors = [floor(u) for u in units]
    target = round(sum(units))  # Fraction.__round__ rounds half to even
    extra = target - sum(floors)
    order = sorted(range(len(units)), key=lambda i: (-(units[i] - floors[i]), i))
    for i in order[:extra]:
        floors[i] += 1
    return [f * quantum for f in floors]


def p_rating_deltas(
    points: Sequence[Decimal], before: Sequence[Decimal], params: PRatingParams = PRatingParams()
) -> list[Decimal]:
    """One table's changes: (w*pt + a*D - P) / F, rounded together to ``decimals``."""
    n = len(points)
    d = Fraction(sum(before, Decimal(0))) / n
    w, a, f = Fraction(params.points_weight), Fraction(params.average_weight), Fraction(params.divisor)
    exact = [(w * Fraction(pt) + a * d - Fraction(p)) / f for pt, p in zip(points, before)]
    quantum = Fraction(1, 10**params.decimals)
    q = Decimal(1).scaleb(-params.decimals)
    return [
        (Decimal(x.numerator) / Decimal(x.denominator)).quantize(q)
        for x in _largest_remainder(exact, quantum)
    ]


class PRatingFold(RatingFold):
    """The state: each player's rating (to ``decimals``)."""

    method = P_RATING

    def __init__(self, params: PRatingParams = PRatingParams()) -> None:
        super().__init__(params)
        self.start = params.initial.quantize(Decimal(1).scaleb(-params.decimals))
        self.values: dict[PlayerId, Decimal] = {}

    def apply(self, game: GameResult) -> tuple[RatingStep, ...]:
        before = [self.values.get(p, self.start) for p in game.players]
        deltas = p_rating_deltas(game.points, before, self.params)
        steps = []
        for player, b, dp in zip(game.players, before, deltas):
            self.values[player] = b + dp
            self.count(player)
            steps.append(RatingStep(game.game_id, player, b, b + dp))
        return tuple(steps)

    def ratings(self) -> dict[PlayerId, Decimal]:
        return dict(self.values)

    def _player_state(self, player: PlayerId) -> list:
        return [str(self.values[player])]

    def _load_player(self, player: PlayerId, values: list) -> None:
        self.values[player] = Decimal(values[0])


def p_rating(games: Iterable[GameResult], params: PRatingParams = PRatingParams()) -> RatingResult:
    return PRatingFold(params).run(games)
