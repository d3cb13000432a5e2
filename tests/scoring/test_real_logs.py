"""94 complete real games (Tenhou four- and three-player, several rooms, Mahjong Soul) as a
regression suite: every game converts, replays and scores every win exactly as the log did.

The games live in ``../shared/data/real-logs/`` (README there: where each came from); they are
read at test time and never copied into the repository. For each game:

- ``from-tenhou6`` converts it under the preset its room implies (three-player: ``tenhou-sanma``
  / ``mahjong-soul-sanma``) and the replayed record gives every round's score changes (the log's
  deltas less the riichi sticks placed, which the log leaves out) and the final scores and points
  of ``sc``;
- every win, rebuilt as a full HAND from the tiles (the kita count included), scores the log's
  yaku, han, fu and points under that same ruleset.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scoring.game import replay
from scoring.hand import evaluate
from scoring.rules import resolve
from scoring.tenhou6 import convert_log, convert_rounds, log_seats
from scoring.tenhou6.hands import win_hands
from tests.paths import SHARED

LOG_DIR = SHARED / "data" / "real-logs"

pytestmark = pytest.mark.skipif(not LOG_DIR.is_dir(), reason=f"shared real logs not found at {LOG_DIR}")


def _logs() -> list[Path]:
    return sorted(LOG_DIR.glob("*.json")) if LOG_DIR.is_dir() else []


@cache
def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _params() -> list[Any]:
    return [pytest.param(p, id=p.stem) for p in _logs()]


@pytest.mark.parametrize("path", _params())
def test_game_replays_to_every_rounds_deltas_and_the_final_scores_and_points(path: Path) -> None:
    log = _load(path)
    record = convert_log(log)
    _, rounds = convert_rounds(log)
    game = replay(record)
    assert len(game.rows) == len(rounds)
    for row, converted in zip(game.rows, rounds, strict=True):
        start = converted.start
        where = start.describe()
        assert (row.round, row.honba) == (start.round, start.honba), where
        assert tuple(row.deltas) == converted.deltas, where
        assert tuple(row.scores) == tuple(s + d for s, d in zip(start.scores, converted.deltas, strict=True)), where
    n = len(record["players"])
    sc = log["sc"]
    assert game.final is not None, "the log has final scores but the replayed game did not end"
    assert list(game.final.scores) == [int(x) for x in sc[0 : 2 * n : 2]]
    assert [float(p) for p in game.final.points] == [float(p) for p in sc[1 : 2 * n : 2]]


@pytest.mark.parametrize("path", _params())
def test_every_win_rebuilt_as_a_hand_scores_the_logs_yaku_han_fu_and_points(path: Path) -> None:
    log = _load(path)
    spec, _ = convert_rounds(log)
    rules = resolve(spec)
    if log_seats(log) == 3:
        # Three-player wins are scored under the three-player presets, with their kita.
        assert rules.players == 3
        assert rules.kita
        assert rules.key in ("tenhou-sanma", "tenhou-sanma-east", "mahjong-soul-sanma", "mahjong-soul-sanma-east")
    mismatches = []
    for index, win in win_hands(log):
        result = evaluate(win.hand, rules)
        got = {y.id: y.han for y in result.yaku}, result.han, dict(result.points)
        want = win.yaku, win.han, win.points
        if got != want or (win.fu is not None and result.fu != win.fu):
            mismatches.append({"round": index, "hand": win.hand, "log": (*want, win.fu), "ours": (*got, result.fu)})
    assert not mismatches


def _readme_totals() -> tuple[int, int]:
    """The README's "| total | games | wins |" row of its rule-variant table."""
    text = (LOG_DIR / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^\|\s*total\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|", text, re.MULTILINE)
    assert match, "README.md has no total row"
    return int(match[1]), int(match[2])


def test_every_game_and_every_win_of_the_readme_is_checked() -> None:
    # Guards the tests above against silently finding fewer games or wins than the folder holds.
    games, wins = _readme_totals()
    assert len(_logs()) == games
    assert sum(len(win_hands(_load(p))) for p in _logs()) == wins


def test_a_chankan_keeps_the_winners_ippatsu() -> None:
    # mjx encdec-chankan-ippatsu, round 1: seat 3 declares riichi, then robs the next added kan
    # (shouminkan) on their ippatsu turn. The robbed kan never happened, so it cannot end the
    # ippatsu: Tenhou pays 立直 一発 槍槓 平和 赤ドラ2 = 6 han, 12,000.
    log = _load(LOG_DIR / "mjx__encdec-chankan-ippatsu.json")
    index, win = win_hands(log)[1]
    assert (win.hand.get("chankan"), win.hand.get("ippatsu")) == (True, True)
    assert win.yaku["ippatsu"] == 1
    assert win.points == {"ron": 12000}


@pytest.mark.parametrize(
    "name",
    ["dnovikoff__sanma2.json", "sanma-engine__2024123123gm-00b9-0000-4a3a3639.json"],
)
def test_tenhou_counts_kita_within_its_dora_line(name: str) -> None:
    # Tenhou writes the han of the Norths set aside (抜きドラ) inside ドラ(n飜): that line read back
    # is our kita count plus our indicator dora.
    log = _load(LOG_DIR / name)
    checked = 0
    for index, win in win_hands(log):
        if not win.hand.get("kita"):
            continue
        detail = next(d for d in log["log"][index][-1][2::2] if d[0] == win.winner)
        line = sum(int(e[len("ドラ("):].split("飜")[0]) for e in detail[4:] if e.startswith("ドラ("))
        assert win.yaku["kita"] == win.hand["kita"]
        assert win.yaku.get("dora", 0) + win.yaku["kita"] == line
        checked += 1
    assert checked
