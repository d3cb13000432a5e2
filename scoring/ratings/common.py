"""What every rating method shares: the method keys, a finished game as rating input
(:class:`GameResult`, put in *game order*), and the result (:class:`RatingResult`, with the
per-game history the charts draw). Pure Python."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

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


# ---------------------------------------------------------------------------- fold


class RatingFold:
    """A rating method as a fold over games in game order: a state, one game applied at a time.

    Each method's batch function is ``Fold(params).run(games)``, and the standings' incremental
    update applies one game to a state read back from JSON: the two cannot disagree. The state
    is JSON exactly (:meth:`state` / :meth:`from_state`: Decimals as strings, floats as their
    repr), so a state stored after game N and read back gives the very steps of game N+1.
    Player ids must be JSON values (ints or strings); they are kept in lists, not as object
    keys, so an int id comes back an int.

    The caller applies games in game order (:func:`in_game_order`); a fold does not sort.
    """

    method: ClassVar[str]

    def __init__(self, params: Any) -> None:
        self.params = params
        self.games: dict[PlayerId, int] = {}

    # --- the method's own part
    def apply(self, game: GameResult) -> tuple[RatingStep, ...]:
        """Rate one game (after every game already applied): each seat's step, in seat order."""
        raise NotImplementedError

    def ratings(self) -> dict[PlayerId, Decimal]:
        """Every player's current rating, as the batch result shows it."""
        raise NotImplementedError

    def _player_state(self, player: PlayerId) -> list:
        """The player's state as JSON values (after the player id, which the caller writes)."""
        raise NotImplementedError

    def _load_player(self, player: PlayerId, values: list) -> None:
        raise NotImplementedError

    @property
    def min_games(self) -> int:
        return 0

    # --- shared
    def run(self, games: Iterable[GameResult]) -> RatingResult:
        """The batch result: every game applied in game order."""
        history: list[RatingStep] = []
        for game in in_game_order(games):
            history.extend(self.apply(game))
        return self.result(history)

    def result(self, history: Iterable[RatingStep]) -> RatingResult:
        return RatingResult(self.method, self.ratings(), dict(self.games), tuple(history), self.min_games)

    def count(self, player: PlayerId) -> int:
        """Count one more game for ``player``; returns the games they had played before it."""
        before = self.games.get(player, 0)
        self.games[player] = before + 1
        return before

    def state(self) -> dict[str, Any]:
        """The state as JSON: ``{"method", "players": [[player, games, ...own values], ...]}``."""
        return {"method": self.method,
                "players": [[p, n, *self._player_state(p)] for p, n in self.games.items()]}

    @classmethod
    def from_state(cls, params: Any, state: Mapping[str, Any]) -> RatingFold:
        """The fold whose :meth:`state` was ``state`` (ValueError when it is another method's)."""
        if state.get("method") != cls.method:
            raise ValueError(f"a {state.get('method')!r} rating state is not a {cls.method} one")
        fold = cls(params)
        for player, games, *values in state.get("players") or ():
            fold.games[player] = int(games)
            fold._load_player(player, values)
        return fold


class DecimalRatingFold(RatingFold):
    """A fold whose state is one Decimal rating a player (p_rating, tenhou_r), stored as its string."""

    def __init__(self, params: Any) -> None:
        super().__init__(params)
        self.values: dict[PlayerId, Decimal] = {}

    def ratings(self) -> dict[PlayerId, Decimal]:
        return dict(self.values)

    def _player_state(self, player: PlayerId) -> list:
        return [str(self.values[player])]

    def _load_player(self, player: PlayerId, values: list) -> None:
        self.values[player] = self._stored(Decimal(values[0]))

    def _stored(self, value: Decimal) -> Decimal:
        """A rating read back from the state (a method that keeps fixed digits quantizes it)."""
        return value
