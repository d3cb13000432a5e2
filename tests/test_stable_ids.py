"""Issue 29, item 5: test ids are the same whatever the hash seed, so pytest-xdist's workers (each with
its own seed) collect the same tests — ``pytest -n 2`` failed at collection on frozenset reprs."""
from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _collect(seed: str, *paths: str) -> list[str]:
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly", *paths],
                         cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONHASHSEED": seed})
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    return [line for line in out.stdout.splitlines() if "::" in line]


def test_the_ids_of_set_valued_rule_lines_do_not_follow_the_hash_seed():
    first, second = _collect("1", "tests/scoring/test_rules.py"), _collect("2", "tests/scoring/test_rules.py")
    assert first == second
    assert any("abortive_draws = {four_kans, four_riichi, four_winds, nine_terminals, triple_ron}" in i for i in first)


@pytest.mark.parametrize("nodeid", [
    pytest.param("tests/x.py::test_v[frozenset({1, 2})]", id="a-frozenset-repr"),
    pytest.param("tests/x.py::test_v[{'a'} and set({3})]", id="a-set-repr"),
    pytest.param("tests/x.py::test_v[<Thing object at 0x7f00aa>]", id="an-object-address"),
])
def test_an_id_that_changes_from_run_to_run_stops_the_collection(nodeid):
    hook = runpy.run_path(str(ROOT / "conftest.py"))["pytest_collection_modifyitems"]
    with pytest.raises(pytest.UsageError, match="Test ids that change from run to run"):
        hook(None, [SimpleNamespace(nodeid="tests/x.py::test_ok[1-2]"), SimpleNamespace(nodeid=nodeid)])
