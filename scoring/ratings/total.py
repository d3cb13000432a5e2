"""``total``: the sum of a player's game points, optionally of the best N games only."""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from scoring.ratings.common import (
    TOTAL,
    GameResult,
    PlayerId,
    RatingFold,
    RatingParamsError,
    RatingResult,
    RatingStep,
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



class TotalFold(RatingFold):
    """The state: each player's sum and, with best_n, their best results so far (ascending)."""

    method = TOTAL

    def __init__(self, params: TotalParams = TotalParams()) -> None:
        super().__init__(params)
        self.sums: dict[PlayerId, Decimal] = {}
        self.kept: dict[PlayerId, list[Decimal]] = {}  # ascending, only with best_n

    @property
    def min_games(self) -> int:
        return self.params.min_games

    def apply(self, game: GameResult) -> tuple[RatingStep, ...]:
        steps = []
        for player, pt in zip(game.players, game.points, strict=False):
            before = self.sums.get(player, Decimal(0))
            self.count(player)
            if self.params.best_n is None:
                after = before + pt
            else:
                best = self.kept.setdefault(player, [])
                bisect.insort(best, pt)
                after = before + pt - (best.pop(0) if len(best) > self.params.best_n else 0)
            self.sums[player] = after
            steps.append(RatingStep(game.game_id, player, before, after))
        return tuple(steps)

    def ratings(self) -> dict[PlayerId, Decimal]:
        return dict(self.sums)

    def _player_state(self, player: PlayerId) -> list:
        return [str(self.sums[player]), [str(x) for x in self.kept.get(player, ())]]

    def _load_player(self, player: PlayerId, values: list) -> None:
        total, kept = values
        self.sums[player] = Decimal(total)
        if self.params.best_n is not None:
            self.kept[player] = [Decimal(x) for x in kept]


def total(games: Iterable[GameResult], params: TotalParams = TotalParams()) -> RatingResult:
    """Sum of game points (or of the best N), exact in Decimal."""
    return TotalFold(params).run(games)
