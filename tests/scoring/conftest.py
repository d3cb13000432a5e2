"""Helpers for the scoring-engine tests: records, tables and a replay shortcut."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.game import GameReplay, replay
from scoring.record import FORMAT
from scoring.rules import resolve
from scoring.settle import SettlementContext

NAMES = ["Kim", "Lee", "Park", "Choi"]

# An all-noten exhaustive draw: no payments, honba +1, the deal passes. Used to move on.
PASS = {"kind": "draw", "tenpai": []}


def make_record(ruleset: Any, hands: list[dict]) -> dict:
    n = resolve(ruleset).players
    return {"format": FORMAT, "ruleset": ruleset, "players": NAMES[:n], "hands": hands}


def play(ruleset: Any, hands: list[dict]) -> GameReplay:
    return replay(make_record(ruleset, hands))


def make_table(ruleset: Any = "asi-shirai", **kw: Any) -> SettlementContext:
    rs = resolve(ruleset)
    kw.setdefault("dealer", 0)
    kw.setdefault("round_wind", "E")
    kw.setdefault("honba", 0)
    kw.setdefault("sticks", 0)
    kw.setdefault("scores", (rs.start_points,) * rs.players)
    return SettlementContext(ruleset=rs, **kw)


def ron(*wins: dict, loser: int, riichi: list[int] | None = None) -> dict:
    """A ron as the rulebook says it, winner first: ``ron(win(0, han=3), loser=2)`` is "East rons West"."""
    return {"kind": "ron", "loser": loser, "wins": list(wins), "riichi": riichi or []}


def tsumo(winner: int, riichi: list[int] | None = None, **value: Any) -> dict:
    return {"kind": "tsumo", "winner": winner, **value, "riichi": riichi or []}


def win(winner: int, **value: Any) -> dict:
    return {"winner": winner, **value}


def has_hand_engine() -> bool:
    try:
        import scoring.hand  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture
def needs_hand_engine() -> None:
    pytest.importorskip("scoring.hand")
