"""What every rating method shares: the method keys, a finished game as rating input
(:class:`GameResult`, put in *game order*), and the result (:class:`RatingResult`, with the
per-game history the charts draw). Pure Python."""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Hashable, Iterable, Mapping

PlayerId = Hashable

# The method keys, spelled as ``Season.rating_method`` stores them.
TOTAL = "total"
P_RATING = "p_rating"
TENHOU_R = "tenhou_r"
OPENSKILL = "openskill"
METHODS = (TOTAL, P_RATING, TENHOU_R, OPENSKILL)


class RatingParamsError(ValueError):
    """Rating parameters a club entered that cannot be used."""


# Every parameter is a finite number in a sane range: "nan", "inf", "1e50000" or a divisor of
# "1e-50000" would make every recompute of the season fail (or take forever).
LIMIT = Decimal(10) ** 6
TINY = Decimal(10) ** -6


def require_finite(name: str, value: Decimal, *, lo: Decimal = -LIMIT, hi: Decimal = LIMIT) -> None:
    if not value.is_finite():
        raise RatingParamsError(f"{name} must be a finite number, not {value}")
    if not lo <= value <= hi:
        raise RatingParamsError(f"{name} must be between {lo} and {hi}")
    if value and abs(value) < TINY or len(value.as_tuple().digits) > 20:
        raise RatingParamsError(f"{name} must have at most 6 decimals (and 20 digits), not {value}")


def require_finite_float(name: str, value: float, *, lo: float = -1e6, hi: float = 1e6) -> None:
    if not math.isfinite(value):
        raise RatingParamsError(f"{name} must be a finite number, not {value}")
    if not lo <= value <= hi:
        raise RatingParamsError(f"{name} must be between {lo:g} and {hi:g}")


def require_whole(name: str, value: Any, *, lo: int, hi: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RatingParamsError(f"{name} must be a whole number")
    if not lo <= value <= hi:
        raise RatingParamsError(f"{name} must be between {lo} and {hi}")


# --------------------------------------------------------------------------- input


def to_decimal(value: Any) -> Decimal:
    """A point value as an exact Decimal (floats go through their shortest repr)."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, float):
        return Decimal(repr(value))
    return Decimal(value)


@dataclass(frozen=True)
class GameResult:
    """One finished game: per seat the player id, the game points and the rank."""

    game_id: Any
    players: tuple[PlayerId, ...]
    points: tuple[Decimal, ...]
    ranks: tuple[int, ...]
    finished_at: Any = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "points", tuple(to_decimal(p) for p in self.points))
        object.__setattr__(self, "ranks", tuple(int(r) for r in self.ranks))
        n = len(self.players)
        if n not in (3, 4) or len(self.points) != n or len(self.ranks) != n:
            raise ValueError(f"game {self.game_id}: 3 or 4 seats with points and ranks")
        if len(set(self.players)) != n:
            raise ValueError(f"game {self.game_id}: a player sits twice")


def game_order_key(game: GameResult) -> tuple:
    """Finish time, ties (and missing times) broken by game id."""
    missing = game.finished_at is None
    return (missing, 0 if missing else game.finished_at, game.game_id)


def in_game_order(games: Iterable[GameResult]) -> list[GameResult]:
    return sorted(games, key=game_order_key)


# -------------------------------------------------------------------------- output


@dataclass(frozen=True)
class RatingStep:
    """A player's rating before and after one game."""

    game_id: Any
    player: PlayerId
    before: Decimal
    after: Decimal

    @property
    def delta(self) -> Decimal:
        return self.after - self.before


@dataclass(frozen=True)
class RatingResult:
    method: str
    ratings: Mapping[PlayerId, Decimal]
    games: Mapping[PlayerId, int]
    history: tuple[RatingStep, ...]
    min_games: int = 0

    def qualified(self, player: PlayerId) -> bool:
        """Whether the player has played the minimum number of games to be ranked."""
        return self.games.get(player, 0) >= self.min_games

    def history_of(self, player: PlayerId) -> list[RatingStep]:
        return [s for s in self.history if s.player == player]

    def by_player(self) -> dict[PlayerId, list[RatingStep]]:
        out: dict[PlayerId, list[RatingStep]] = {}
        for step in self.history:
            out.setdefault(step.player, []).append(step)
        return out
