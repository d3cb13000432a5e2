"""``p_rating``: OUR points-based moving rating, P <- P + (pt + D - P) / F (docs/ratings.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Context, Decimal
from functools import lru_cache

from scoring.ratings.common import (
    P_RATING,
    DecimalRatingFold,
    GameResult,
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



# Scaling by a power of ten never rounds in this context (the default one keeps 28 digits).
_EXACT = Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN)


def _exponent(value: Decimal) -> int:
    exp = value.as_tuple().exponent
    return exp if isinstance(exp, int) else 0


def _units(value: Decimal, exp: int) -> int:
    """``value`` as a whole number of 10**exp (exact: ``exp`` is at most the value's own exponent)."""
    return int(value.scaleb(-exp, _EXACT))


@lru_cache(maxsize=256)
def _param_units(params: PRatingParams, exp: int) -> tuple[int, int, int]:
    """w, a and F as whole numbers of 10**exp (per parameters and exponent: computed once)."""
    return _units(params.points_weight, exp), _units(params.average_weight, exp), _units(params.divisor, exp)


@lru_cache(maxsize=256)
def _param_exponent(params: PRatingParams) -> int:
    return min(0, *(_exponent(v) for v in (params.points_weight, params.average_weight, params.divisor)))


def p_rating_deltas(
    points: Sequence[Decimal], before: Sequence[Decimal], params: PRatingParams = PRatingParams(),
    *, before_exponent: int | None = None,
) -> list[Decimal]:
    """One table's changes: (w*pt + a*D - P) / F, rounded together to ``decimals``.

    Each exact change is counted in quanta (10**-decimals) and floored; the quanta the floors
    lost are given back one each, largest remainder first (ties: the earlier seat), so the table's
    rounded changes sum to its exact sum rounded half to even. Exact in integers: every value is
    a whole number of 10**E (E the smallest exponent among them), so with T = 10**-E, n seats and
    S the sum of the ratings before, a change in quanta is
    (n*w*pt + a*S - n*P*T) * 10**decimals / (n*F*T).

    ``before_exponent``: the ratings before are known to be whole numbers of 10**that (the fold's
    are kept to ``decimals``), so their exponents need not be read.
    """
    n = len(points)
    befores = (before_exponent,) if before_exponent is not None else tuple(_exponent(p) for p in before)
    exp = min(_param_exponent(params), *befores, *(_exponent(pt) for pt in points))
    scale = 10 ** -exp
    W, A, F = _param_units(params, exp)
    pts = [_units(pt, exp) for pt in points]
    ps = [_units(p, exp) for p in before]
    total_before = sum(ps)
    grow = 10 ** params.decimals
    numerators = [(n * W * pt + A * total_before - n * p * scale) * grow for pt, p in zip(pts, ps, strict=False)]
    denominator = n * F * scale
    floors = [u // denominator for u in numerators]
    target, rest = divmod(sum(numerators), denominator)  # the exact sum rounded half to even
    if 2 * rest > denominator or (2 * rest == denominator and target % 2):
        target += 1
    extra = target - sum(floors)
    order = sorted(range(n), key=lambda i: (-(numerators[i] - floors[i] * denominator), i))
    for i in order[:extra]:
        floors[i] += 1
    q = Decimal(1).scaleb(-params.decimals)
    return [Decimal(u).scaleb(-params.decimals).quantize(q) for u in floors]


class PRatingFold(DecimalRatingFold):
    """The state: each player's rating, kept to exactly ``decimals`` (its exponent is -decimals)."""

    method = P_RATING

    def __init__(self, params: PRatingParams = PRatingParams()) -> None:
        super().__init__(params)
        self.quantum = Decimal(1).scaleb(-params.decimals)
        self.start = params.initial.quantize(self.quantum)

    def apply(self, game: GameResult) -> tuple[RatingStep, ...]:
        before = [self.values.get(p, self.start) for p in game.players]
        deltas = p_rating_deltas(game.points, before, self.params, before_exponent=-self.params.decimals)
        steps = []
        for player, b, dp in zip(game.players, before, deltas, strict=False):
            self.values[player] = b + dp
            self.count(player)
            steps.append(RatingStep(game.game_id, player, b, b + dp))
        return tuple(steps)

    def _stored(self, value: Decimal) -> Decimal:
        return value.quantize(self.quantum)  # as stored: the same digits


def p_rating(games: Iterable[GameResult], params: PRatingParams = PRatingParams()) -> RatingResult:
    return PRatingFold(params).run(games)
