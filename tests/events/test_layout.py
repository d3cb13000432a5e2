"""The events app's layout (issue 24 item 3): each kind of event in its own package over one shared base.

Which way the imports point (the shared base imports no kind; no kind imports another or what gathers
them) is read off the folders by ``tests/test_import_graph.py``. Here: seating a round, its round and
table fields, and the services' access checks are written once.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_import_graph import ROOT


def _functions(path: Path) -> list[str]:
    return [n.name for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, ast.FunctionDef | ast.ClassDef)]


@pytest.mark.parametrize("name", ["_actor", "_require", "_locked", "_pairs", "_seat_groups", "busy_member_ids",
                                  "give_extra_time", "start_table", "_refuse", "_message", "_once", "_etag"])
def test_the_services_checks_and_seating_steps_are_written_once(name):
    found = [str(p.relative_to(ROOT)) for p in (ROOT / "events").rglob("*.py")
             if "migrations" not in p.parts and name in _functions(p)]
    assert len(found) <= 1, f"{name} is written in {found}"


@pytest.mark.parametrize("service", ["events/nights/services.py", "events/tournaments/services.py"])
def test_round_seat_is_the_skeleton_called_with_the_events_own_short_steps(service):
    tree = ast.parse((ROOT / service).read_text(encoding="utf-8"))
    seat = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "round_seat")
    assert "Seating(" in ast.unparse(seat)
    assert ".seat(number)" in ast.unparse(seat)
    seating_class = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name.endswith("Seating"))
    steps = [seat, *(n for n in seating_class.body if isinstance(n, ast.FunctionDef))]
    assert {n.name: n.end_lineno - n.lineno + 1 for n in steps if n.end_lineno - n.lineno + 1 > 40} == {}
