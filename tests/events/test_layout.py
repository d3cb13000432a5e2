"""The events app's layout (issue 24 item 3): each kind of event in its own package over one shared base.

- the shared base (``events.access``, ``choices``, ``timed``, ``rounds``, ``tables``, ``live``, ``seating``,
  ``signals``, ``open_games``) imports no event's package;
- the nights, the tournaments and the casual games never import one another;
- no module of a kind of event imports the modules that gather them (``events.models``, ``events.web.urls``,
  ``events.admin``) or the pages above them, so ``events.models`` ⇄ ``events.tournaments.models`` is no
  circle any more;
- seating a round, its round and table fields, and the services' access checks are written once.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_import_graph import ROOT, import_graph

KINDS = ("events.nights", "events.tournaments", "events.casual")
SHARED = ("events.access", "events.choices", "events.timed", "events.rounds", "events.tables", "events.web.pages",
          "events.seating", "events.signals", "events.open_games")
GATHERING = ("events.models", "events.web.urls", "events.admin", "events.apps", "events.web.open_views", "events.transfer")


def _kind(module: str) -> str | None:
    return next((k for k in KINDS if module == k or module.startswith(k + ".")), None)


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph()


@pytest.mark.parametrize("module", SHARED)
def test_the_shared_base_imports_no_kind_of_event(graph, module):
    assert module in graph, f"{module} is gone: update this test"
    assert sorted(t for t in graph[module] if _kind(t) or t in GATHERING) == []


def wrong_way(graph: dict[str, set[str]], kind: str) -> list[str]:
    """The imports of ``kind``'s modules into another kind of event or into what gathers them."""
    return sorted(f"{m} -> {t}" for m, targets in graph.items() if _kind(m) == kind
                  for t in targets if (_kind(t) not in (None, kind)) or t in GATHERING)


@pytest.mark.parametrize("kind", KINDS)
def test_a_kind_of_event_imports_neither_another_kind_nor_what_gathers_them(graph, kind):
    assert wrong_way(graph, kind) == []


@pytest.mark.parametrize("planted", ["events.tournaments.services", "events.models"],
                         ids=["a sibling kind", "the gathering models module"])
def test_a_planted_wrong_way_import_is_seen(graph, planted):
    graph = {**graph, "events.web.nights.views": graph["events.web.nights.views"] | {planted}}
    assert wrong_way(graph, "events.nights") == [f"events.web.nights.views -> {planted}"]


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
    assert "Seating(" in ast.unparse(seat) and ".seat(number)" in ast.unparse(seat)
    seating_class = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name.endswith("Seating"))
    steps = [seat, *(n for n in seating_class.body if isinstance(n, ast.FunctionDef))]
    assert {n.name: n.end_lineno - n.lineno + 1 for n in steps if n.end_lineno - n.lineno + 1 > 40} == {}
