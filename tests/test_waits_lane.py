"""`make test` runs the tests marked ``waits`` in a process of their own that collects only the files the
Makefile's grep finds (the mark written out), and deselects them from the workers' run: a test marked ``waits``
in a file the grep missed would run nowhere. The workers' run refuses to start then (the root conftest's
``lane_missed``); these cases are worked by hand."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import lane_missed

ROOT = Path(__file__).resolve().parents[1]


def _item(path: str, *marks: str):
    return SimpleNamespace(nodeid=f"{path}::test_x", path=ROOT / path,
                           get_closest_marker=lambda name: name if name in marks else None)


@pytest.mark.parametrize(("items", "lane", "missed"), [
    ([_item("tests/a/test_w.py", "waits")], {"tests/a/test_w.py"}, []),
    ([_item("tests/a/test_w.py", "waits")], {"tests/b/test_w.py"}, ["tests/a/test_w.py::test_x"]),
    ([_item("tests/a/test_plain.py")], set(), []),  # not marked: the workers run it
    ([_item("tests/a/test_w.py", "waits", "postgres"), _item("tests/c/test_v.py", "waits")],
     {"tests/a/test_w.py"}, ["tests/c/test_v.py::test_x"]),
])
def test_a_waiting_test_outside_the_lanes_files_is_named(items, lane, missed):
    assert lane_missed(items, lane, ROOT) == missed


def test_the_makefiles_grep_finds_every_file_that_marks_a_test_waits():
    grep = re.search(r"grep -rl '([^']+)' tests --include='\*\.py'", (ROOT / "Makefile").read_text())
    assert grep, "the Makefile's test target no longer lists the lane's files with grep"
    found = subprocess.run(["grep", "-rl", grep.group(1), "tests", "--include=*.py"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()
    assert "tests/deploy/test_production_stack.py" in found
    assert "tests/notify/test_embedded_retry.py" in found  # a single test marked, not its module
    assert "tests/test_waits_lane.py" not in found
