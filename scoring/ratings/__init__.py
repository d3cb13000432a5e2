"""Season rating methods over finished games (pure: no Django).

Every method takes the season's finished games, puts them in *game order* (finish
time, ties by game id — so a recompute is reproducible) and returns a
:class:`RatingResult`: the final rating of every player and the per-game history
used by the charts. Each is a fold (:class:`RatingFold`: a state, one game applied at a
time, the state JSON exactly): the batch function runs the fold over the games, and
:func:`fold` / :func:`fold_from_state` give it to a caller that rates one game more
(the standings' incremental update). Parameters are frozen dataclasses built from a season's
``rating_params`` JSON by :func:`params_from_dict`, so a club can change them
without code. docs/ratings.md defines each method with a worked example.

Methods (keys as stored in ``Season.rating_method``), one module each:

* ``total``     — sum of game points; optional best-N games.
* ``p_rating``  — OUR points-based moving rating, P <- P + (pt + D - P) / F.
* ``tenhou_r``  — Tenhou's R rating.
* ``openskill`` — openskill's Plackett-Luce over finishing order, as an ordinal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from scoring.ratings.common import (
    METHODS,
    OPENSKILL,
    P_RATING,
    TENHOU_R,
    TOTAL,
    GameResult,
    PlayerId,
    RatingFold,
    RatingParamsError,
    RatingResult,
    RatingStep,
    game_order_key,
    in_game_order,
    to_decimal,
)
from scoring.ratings.openskill import OpenSkillFold, OpenSkillParams, openskill
from scoring.ratings.p_rating import PRatingFold, PRatingParams, p_rating, p_rating_deltas
from scoring.ratings.tenhou_r import TenhouRFold, TenhouRParams, tenhou_delta, tenhou_games_factor, tenhou_r
from scoring.ratings.total import TotalFold, TotalParams, total

PARAMS: dict[str, type] = {
    TOTAL: TotalParams,
    P_RATING: PRatingParams,
    TENHOU_R: TenhouRParams,
    OPENSKILL: OpenSkillParams,
}

FOLDS: dict[str, type[RatingFold]] = {
    TOTAL: TotalFold,
    P_RATING: PRatingFold,
    TENHOU_R: TenhouRFold,
    OPENSKILL: OpenSkillFold,
}


def method_key(method: str) -> str:
    """The method's key (one of :data:`METHODS`, as ``Season.rating_method`` stores it)."""
    key = str(method).strip().lower()
    if key not in METHODS:
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


def rate(method: str, games: Iterable[GameResult], params=None) -> RatingResult:
    """Run ``method`` (a key or Season.rating_method value) with its params object or dict."""
    return fold(method, params).run(games)


def _params(key: str, params):
    return params_from_dict(key, params) if params is None or isinstance(params, Mapping) else params


def fold(method: str, params=None) -> RatingFold:
    """A fresh fold of ``method`` (no game applied yet)."""
    key = method_key(method)
    return FOLDS[key](_params(key, params))


def fold_from_state(method: str, params, state: Mapping[str, Any]) -> RatingFold:
    """The fold of ``method`` whose :meth:`RatingFold.state` was ``state``."""
    key = method_key(method)
    return FOLDS[key].from_state(_params(key, params), state)


__all__ = [
    "GameResult", "RatingStep", "RatingResult", "RatingParamsError", "RatingFold", "FOLDS",
    "TotalFold", "PRatingFold", "TenhouRFold", "OpenSkillFold", "fold", "fold_from_state",
    "TotalParams", "PRatingParams", "TenhouRParams", "OpenSkillParams",
    "total", "p_rating", "p_rating_deltas", "tenhou_r", "tenhou_delta",
    "tenhou_games_factor", "openskill", "rate", "params_from_dict", "params_to_dict",
    "method_key", "in_game_order", "game_order_key", "METHODS",
    "TOTAL", "P_RATING", "TENHOU_R", "OPENSKILL", "PlayerId", "to_decimal",
]
