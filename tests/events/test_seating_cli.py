"""The seating command line, run as a subprocess, against shared/contracts/seating.md."""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> tuple[int, dict]:
    proc = subprocess.run([sys.executable, "-m", "events.seating", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    return proc.returncode, json.loads(proc.stdout)


def repeats(rounds) -> int:
    c = Counter(frozenset(p) for r in rounds for t in r["tables"] for p in itertools.combinations(t, 2))
    return sum(v - 1 for v in c.values() if v > 1)


@pytest.mark.parametrize(("players", "rounds"), [(16, 5), (20, 5), (32, 8), (40, 8)])
def test_balanced_plan_keeps_to_the_contract(players, rounds):
    code, out = run("plan", "--players", str(players), "--rounds", str(rounds), "--seed", "4")
    assert code == 0
    assert set(out) == {"rounds"}
    assert len(out["rounds"]) == rounds
    for rnd in out["rounds"]:
        assert set(rnd) == {"tables", "sitting_out"}
        assert sorted(p for t in rnd["tables"] for p in t) + rnd["sitting_out"] == list(range(players))
        assert all(len(t) == 4 for t in rnd["tables"])
    assert repeats(out["rounds"]) == 0
    winds = Counter((p, seat) for r in out["rounds"] for t in r["tables"] for seat, p in enumerate(t))
    for p in range(players):
        counts = [winds[(p, s)] for s in range(4)]
        assert max(counts) - min(counts) <= 1


def test_three_player_tables_and_sitting_out():
    code, out = run("plan", "--players", "14", "--rounds", "4", "--three-player-tables", "--seed", "1")
    assert code == 0
    for rnd in out["rounds"]:
        assert sorted(len(t) for t in rnd["tables"]) == [3, 3, 4, 4]
        assert rnd["sitting_out"] == []
    code, out = run("plan", "--players", "14", "--rounds", "4", "--seed", "1")
    assert code == 0
    outs = Counter(p for r in out["rounds"] for p in r["sitting_out"])
    assert all(len(r["sitting_out"]) == 2 for r in out["rounds"])
    assert max(outs.values()) == 1


def test_random_method_and_same_seed_same_plan():
    a = run("plan", "--players", "24", "--rounds", "6", "--method", "random", "--seed", "9")
    b = run("plan", "--players", "24", "--rounds", "6", "--method", "random", "--seed", "9")
    assert a == b
    assert a[0] == 0


@pytest.mark.parametrize("args", [
    ["plan", "--players", "2", "--rounds", "3"],
    ["plan", "--players", "8", "--rounds", "0"],
    ["plan", "--players", "5", "--rounds", "2", "--three-player-tables"],
    ["plan", "--players", "8", "--rounds", "2", "--method", "swiss-cheese"],
    ["plan", "--players", "many", "--rounds", "2"],
    ["plan", "--rounds", "2"],
    [],
], ids=["too-few", "no-round", "impossible", "bad-method", "not-a-number", "missing-players", "no-command"])
def test_bad_arguments_exit_2_with_an_error_message(args):
    code, out = run(*args)
    assert code == 2
    assert set(out) == {"error"}
    assert isinstance(out["error"]["message"], str)
    assert out["error"]["message"]


def test_importing_events_does_not_import_django():
    proc = subprocess.run([sys.executable, "-c", "import sys, events.seating; print('django' in sys.modules)"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "False"
