"""``total``: the sum of a player's game points, optionally of the best N games only."""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable

from scoring.ratings.common import (
    TOTAL,
    GameResult,
    PlayerId,
    RatingParamsError,
    RatingResult,
    RatingStep,
    in_game_order,
    require_whole,
)

@dataclass(frozen=True)
class TotalParams:
    """Sum of game points.

    best_n: only a player's best N game results count (None: all games).
    min_games: players with fewer games are not ranked (reported apart).
    """

    best_n: int | None = None
    min_games: int = 0

    def __post_init__(self) -> None:
        if self.best_n is not None and self.best_n < 1:
            raise RatingParamsError("best_n must be at least 1")
        if self.min_games < 0:
            raise RatingParamsError("min_games cannot be negative")
        if self.best_n is not None:
            require_whole("best_n", self.best_n, lo=1, hi=100_000)
        require_whole("min_games", self.min_games, lo=0, hi=100_000)



def total(games: Iterable[GameResult], params: TotalParams = TotalParams()) -> RatingResult:
    """Sum of game points (or of the best N), exact in Decimal."""
    kept: dict[PlayerId, list[Decimal]] = {}  # ascending, only with best_n
    sums: dict[PlayerId, Decimal] = {}
    counts: dict[PlayerId, int] = {}
    history: list[RatingStep] = []
    for game in in_game_order(games):
        for player, pt in zip(game.players, game.points):
            before = sums.get(player, Decimal(0))
            counts[player] = counts.get(player, 0) + 1
            if params.best_n is None:
                after = before + pt
            else:
                best = kept.setdefault(player, [])
                bisect.insort(best, pt)
                if len(best) > params.best_n:
                    after = before + pt - best.pop(0)
                else:
                    after = before + pt
            sums[player] = after
            history.append(RatingStep(game.game_id, player, before, after))
    return RatingResult(TOTAL, sums, counts, tuple(history), params.min_games)
