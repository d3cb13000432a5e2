"""Season rating methods over finished games (pure: no Django).

Every method takes the season's finished games, puts them in *game order* (finish
time, ties by game id — so a recompute is reproducible) and returns a
:class:`RatingResult`: the final rating of every player and the per-game history
used by the charts. Parameters are frozen dataclasses built from a season's
``rating_params`` JSON by :func:`params_from_dict`, so a club can change them
without code. docs/ratings.md defines each method with a worked example.

Methods (keys as stored in ``Season.rating_method``):

* ``total``     — sum of game points; optional best-N games.
* ``p-rating``  — OUR points-based moving rating, P <- P + (pt + D - P) / F.
* ``tenhou-r``  — Tenhou's R rating.
* ``openskill`` — openskill's Plackett-Luce over finishing order, as an ordinal.
"""

from __future__ import annotations

import bisect
import dataclasses
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
import math
from math import floor
from typing import Any, Callable, Hashable, Iterable, Mapping, Sequence

PlayerId = Hashable

TOTAL = "total"
P_RATING = "p-rating"
TENHOU_R = "tenhou-r"
OPENSKILL = "openskill"
METHODS = (TOTAL, P_RATING, TENHOU_R, OPENSKILL)

# Season.rating_method values may be spelled with underscores/caps (TextChoices).
_ALIASES = {
    "total": TOTAL,
    "p-rating": P_RATING,
    "p_rating": P_RATING,
    "prating": P_RATING,
    "tenhou-r": TENHOU_R,
    "tenhou_r": TENHOU_R,
    "openskill": OPENSKILL,
}


class RatingParamsError(ValueError):
    """Rating parameters a club entered that cannot be used."""


# Every parameter is a finite number in a sane range: "nan", "inf", "1e50000" or a divisor of
# "1e-50000" would make every recompute of the season fail (or take forever).
LIMIT = Decimal(10) ** 6
TINY = Decimal(10) ** -6


def _finite(name: str, value: Decimal, *, lo: Decimal = -LIMIT, hi: Decimal = LIMIT) -> None:
    if not value.is_finite():
        raise RatingParamsError(f"{name} must be a finite number, not {value}")
    if not lo <= value <= hi:
        raise RatingParamsError(f"{name} must be between {lo} and {hi}")
    if value and abs(value) < TINY or len(value.as_tuple().digits) > 20:
        raise RatingParamsError(f"{name} must have at most 6 decimals (and 20 digits), not {value}")


def _finite_float(name: str, value: float, *, lo: float = -1e6, hi: float = 1e6) -> None:
    if not math.isfinite(value):
        raise RatingParamsError(f"{name} must be a finite number, not {value}")
    if not lo <= value <= hi:
        raise RatingParamsError(f"{name} must be between {lo:g} and {hi:g}")


def _whole(name: str, value: Any, *, lo: int, hi: int) -> None:
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


# ------------------------------------------------------------------------ params


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
            _whole("best_n", self.best_n, lo=1, hi=100_000)
        _whole("min_games", self.min_games, lo=0, hi=100_000)


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
            _finite(name, getattr(self, name))
        _finite("divisor (F)", self.divisor, lo=Decimal(1))
        _whole("decimals", self.decimals, lo=0, hi=6)


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
        _finite("initial", self.initial)
        _finite("average_divisor", self.average_divisor, lo=Decimal(1))
        _finite("games_step", self.games_step, lo=Decimal(0), hi=Decimal(1))
        _finite("capped_factor", self.capped_factor, lo=Decimal(0), hi=Decimal(100))
        _finite("scale", self.scale, lo=Decimal(0), hi=Decimal(1000))
        _whole("games_cap", self.games_cap, lo=0, hi=1_000_000)
        for bonus in (*self.rank_bonus_4, *self.rank_bonus_3):
            _whole("rank bonus", bonus, lo=-1_000_000, hi=1_000_000)


@dataclass(frozen=True)
class OpenSkillParams:
    """openskill PlackettLuce; the shown rating is ordinal() = mu - z*sigma."""

    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    tau: float = 25.0 / 300.0
    z: float = 3.0
    decimals: int = 3

    def __post_init__(self) -> None:
        for name in ("mu", "sigma", "beta", "tau", "z"):
            object.__setattr__(self, name, float(getattr(self, name)))
        for name in ("mu", "sigma", "beta", "tau", "z"):
            _finite_float(name, getattr(self, name))
        if self.sigma <= 0 or self.beta <= 0 or self.tau < 0:
            raise RatingParamsError("sigma and beta must be positive, tau not negative")
        _finite_float("sigma", self.sigma, lo=1e-3)
        _finite_float("beta", self.beta, lo=1e-3)
        _finite_float("z", self.z, lo=0, hi=100)
        _whole("decimals", self.decimals, lo=0, hi=6)


PARAMS: dict[str, type] = {
    TOTAL: TotalParams,
    P_RATING: PRatingParams,
    TENHOU_R: TenhouRParams,
    OPENSKILL: OpenSkillParams,
}


def method_key(method: str) -> str:
    key = _ALIASES.get(str(method).strip().lower())
    if key is None:
        raise RatingParamsError(f"unknown rating method {method!r}")
    return key


def params_from_dict(method: str, data: Mapping[str, Any] | None):
    """The method's parameters from a season's ``rating_params`` JSON.

    Unknown keys and bad values raise :class:`RatingParamsError`.
    """
    cls = PARAMS[method_key(method)]
    data = dict(data or {})
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise RatingParamsError(f"unknown rating parameter(s): {', '.join(unknown)}")
    try:
        return cls(**data)
    except RatingParamsError:
        raise
    except (TypeError, ValueError, ArithmeticError) as exc:
        raise RatingParamsError(f"bad rating parameter: {exc}") from exc


def params_to_dict(params) -> dict[str, Any]:
    """JSON-ready parameters (Decimals as strings)."""
    out = {}
    for f in dataclasses.fields(params):
        value = getattr(params, f.name)
        if isinstance(value, Decimal):
            value = str(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


# ------------------------------------------------------------------------ methods


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


def p_rating(games: Iterable[GameResult], params: PRatingParams = PRatingParams()) -> RatingResult:
    q = Decimal(1).scaleb(-params.decimals)
    start = params.initial.quantize(q)
    ratings: dict[PlayerId, Decimal] = {}
    counts: dict[PlayerId, int] = {}
    history: list[RatingStep] = []
    for game in in_game_order(games):
        before = [ratings.get(p, start) for p in game.players]
        deltas = p_rating_deltas(game.points, before, params)
        for player, b, dp in zip(game.players, before, deltas):
            ratings[player] = b + dp
            counts[player] = counts.get(player, 0) + 1
            history.append(RatingStep(game.game_id, player, b, b + dp))
    return RatingResult(P_RATING, ratings, counts, tuple(history))


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


def tenhou_r(games: Iterable[GameResult], params: TenhouRParams = TenhouRParams()) -> RatingResult:
    ratings: dict[PlayerId, Decimal] = {}
    counts: dict[PlayerId, int] = {}
    history: list[RatingStep] = []
    for game in in_game_order(games):
        n = len(game.players)
        before = [ratings.get(p, params.initial) for p in game.players]
        average = sum(before, Decimal(0)) / n
        for player, rank, own in zip(game.players, game.ranks, before):
            played = counts.get(player, 0)
            after = own + tenhou_delta(rank, own, average, played, n, params)
            ratings[player] = after
            counts[player] = played + 1
            history.append(RatingStep(game.game_id, player, own, after))
    return RatingResult(TENHOU_R, ratings, counts, tuple(history))


def openskill(games: Iterable[GameResult], params: OpenSkillParams = OpenSkillParams()) -> RatingResult:
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=params.mu, sigma=params.sigma, beta=params.beta, tau=params.tau)
    q = Decimal(1).scaleb(-params.decimals)

    def shown(r) -> Decimal:
        return Decimal(repr(r.ordinal(z=params.z))).quantize(q)

    skills: dict[PlayerId, Any] = {}
    counts: dict[PlayerId, int] = {}
    history: list[RatingStep] = []
    for game in in_game_order(games):
        teams = [[skills.get(p) or model.rating(name=str(p))] for p in game.players]
        before = [shown(t[0]) for t in teams]
        rated = model.rate(teams, ranks=list(game.ranks))
        for player, b, team in zip(game.players, before, rated):
            skills[player] = team[0]
            counts[player] = counts.get(player, 0) + 1
            history.append(RatingStep(game.game_id, player, b, shown(team[0])))
    ratings = {p: shown(r) for p, r in skills.items()}
    return RatingResult(OPENSKILL, ratings, counts, tuple(history))


_FUNCTIONS: dict[str, Callable[..., RatingResult]] = {
    TOTAL: total,
    P_RATING: p_rating,
    TENHOU_R: tenhou_r,
    OPENSKILL: openskill,
}


def rate(method: str, games: Iterable[GameResult], params=None) -> RatingResult:
    """Run ``method`` (a key or Season.rating_method value) with its params object or dict."""
    key = method_key(method)
    if params is None or isinstance(params, Mapping):
        params = params_from_dict(key, params)
    return _FUNCTIONS[key](games, params)


__all__ = [
    "GameResult", "RatingStep", "RatingResult", "RatingParamsError",
    "TotalParams", "PRatingParams", "TenhouRParams", "OpenSkillParams",
    "total", "p_rating", "p_rating_deltas", "tenhou_r", "tenhou_delta",
    "tenhou_games_factor", "openskill", "rate", "params_from_dict", "params_to_dict",
    "method_key", "in_game_order", "game_order_key", "METHODS",
    "TOTAL", "P_RATING", "TENHOU_R", "OPENSKILL",
]
