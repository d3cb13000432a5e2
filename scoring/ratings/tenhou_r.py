"""``tenhou_r``: Tenhou's R rating (docs/ratings.md)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from scoring.ratings.common import (
    TENHOU_R,
    DecimalRatingFold,
    GameResult,
    RatingParamsError,
    RatingResult,
    RatingStep,
    require_finite,
    require_whole,
    to_decimal,
)


@dataclass(frozen=True)
class TenhouRParams:
    """Tenhou's R: dR = factor(games) * (rank_bonus + (avgR - R) / 40) * scale."""

    initial: Decimal = Decimal(1500)
    rank_bonus_4: tuple[int, ...] = (30, 10, -10, -30)
    rank_bonus_3: tuple[int, ...] = (30, 0, -30)
    average_divisor: Decimal = Decimal(40)
    games_step: Decimal = Decimal("0.002")
    games_cap: int = 400
    capped_factor: Decimal = Decimal("0.2")
    scale: Decimal = Decimal(1)

    def __post_init__(self) -> None:
        for name in ("initial", "average_divisor", "games_step", "capped_factor", "scale"):
            object.__setattr__(self, name, to_decimal(getattr(self, name)))
        object.__setattr__(self, "rank_bonus_4", tuple(int(x) for x in self.rank_bonus_4))
        object.__setattr__(self, "rank_bonus_3", tuple(int(x) for x in self.rank_bonus_3))
        if len(self.rank_bonus_4) != 4 or len(self.rank_bonus_3) != 3:
            raise RatingParamsError("rank bonuses need 4 (and 3 for sanma) values")
        if self.average_divisor <= 0:
            raise RatingParamsError("average_divisor must be positive")
        if self.games_cap < 0:
            raise RatingParamsError("games_cap cannot be negative")
        require_finite("initial", self.initial)
        require_finite("average_divisor", self.average_divisor, lo=Decimal(1))
        require_finite("games_step", self.games_step, lo=Decimal(0), hi=Decimal(1))
        require_finite("capped_factor", self.capped_factor, lo=Decimal(0), hi=Decimal(100))
        require_finite("scale", self.scale, lo=Decimal(0), hi=Decimal(1000))
        require_whole("games_cap", self.games_cap, lo=0, hi=1_000_000)
        for bonus in (*self.rank_bonus_4, *self.rank_bonus_3):
            require_whole("rank bonus", bonus, lo=-1_000_000, hi=1_000_000)



def tenhou_games_factor(games_before: int, params: TenhouRParams = TenhouRParams()) -> Decimal:
    """1 - 0.002 * games under 400 games played before this one, else 0.2."""
    if games_before < params.games_cap:
        return 1 - params.games_step * games_before
    return params.capped_factor


def tenhou_delta(
    rank: int, own: Decimal, table_average: Decimal, games_before: int, seats: int = 4,
    params: TenhouRParams = TenhouRParams(),
) -> Decimal:
    bonus = (params.rank_bonus_4 if seats == 4 else params.rank_bonus_3)[rank - 1]
    adjust = (table_average - own) / params.average_divisor
    return tenhou_games_factor(games_before, params) * (bonus + adjust) * params.scale


class TenhouRFold(DecimalRatingFold):
    """The state: each player's rating, exact (not rounded), and their games played."""

    method = TENHOU_R

    def __init__(self, params: TenhouRParams = TenhouRParams()) -> None:
        super().__init__(params)

    def apply(self, game: GameResult) -> tuple[RatingStep, ...]:
        n = len(game.players)
        before = [self.values.get(p, self.params.initial) for p in game.players]
        average = sum(before, Decimal(0)) / n
        steps = []
        for player, rank, own in zip(game.players, game.ranks, before, strict=False):
            played = self.count(player)
            after = own + tenhou_delta(rank, own, average, played, n, self.params)
            self.values[player] = after
            steps.append(RatingStep(game.game_id, player, own, after))
        return tuple(steps)



def tenhou_r(games: Iterable[GameResult], params: TenhouRParams = TenhouRParams()) -> RatingResult:
    return TenhouRFold(params).run(games)
