"""Builders and checks shared by the rulebook scenario tests (A.S.I. and Juki's Agit)."""
from __future__ import annotations

from typing import Any

import pytest

from scoring.game import GameReplay
from scoring.rules import resolve

PLAYERS = ["Kim", "Lee", "Park", "Choi"]
STICK = 1000


def record(hands: list[dict], ruleset: Any) -> dict:
    players = PLAYERS[: resolve(ruleset).players]
    return {"format": "mahjong-club-game/1", "ruleset": ruleset, "players": players, "hands": hands}


def ron(*wins: dict, loser: int, riichi: tuple[int, ...] = ()) -> dict:
    """Winner first, as the rulebook says it: ``ron(w(0, 3, 30), loser=2)`` is "seat 0 rons seat 2"."""
    return {"kind": "ron", "loser": loser, "wins": list(wins), "riichi": list(riichi)}


def w(winner: int, han: int | None = None, fu: int | None = None, **kw: Any) -> dict:
    out: dict[str, Any] = {"winner": winner}
    if han is not None:
        out["han"] = han
    if fu is not None:
        out["fu"] = fu
    out.update(kw)
    return out


def tsumo(winner: int, han: int | None = None, fu: int | None = None, riichi: tuple[int, ...] = (), **kw: Any) -> dict:
    return {"kind": "tsumo", **w(winner, han, fu, **kw), "riichi": list(riichi)}


def draw(tenpai: tuple[int, ...] = (), riichi: tuple[int, ...] = ()) -> dict:
    return {"kind": "draw", "tenpai": list(tenpai), "riichi": list(riichi)}


def rows_of(result: GameReplay) -> list[tuple]:
    """(round, honba, sticks on the table in points, scores) per row; rows count sticks."""
    return [(r.round, r.honba, r.sticks * STICK, list(r.scores)) for r in result.rows]


def assert_finished_game(result: GameReplay, rows: list[tuple], final: tuple) -> None:
    """The rows worked out by hand appear, and the game ends with these scores, ranks and points."""
    got = rows_of(result)
    for row in rows:
        assert row in got, f"missing row {row}; got {got}"
    assert result.final is not None, "the game should be over"
    scores, ranks, points, ended_by = final
    assert list(result.final.scores) == scores
    assert list(result.final.ranks) == ranks
    assert list(result.final.points) == pytest.approx(points, abs=1e-9)
    assert result.final.ended_by == ended_by
    assert sum(result.final.points) == pytest.approx(0, abs=1e-9)
