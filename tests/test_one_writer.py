"""One writer per model (issue 34 item 3): a game, its seats and its hand records are written only by the games'
services (``league/games/``), a penalty only by the referee's (``league/referee/``). Everything else asks them.

The test reads the source: a write is a manager call that changes rows (``Game.objects….update(…)``,
``GameSeat.objects.create(…)``, ``.delete()``…) or an instance's ``.save()`` on a name that holds one of
these rows (``seat.save(…)``, ``game.save(…)``, ``penalty.save(…)``).
"""
from __future__ import annotations

import ast

import pytest

from tests.test_import_graph import project_files

HOMES = {
    "Game": "league.games",
    "GameSeat": "league.games",
    "HandRecord": "league.games",
    "Penalty": "league.referee",
}
WRITES = {"create", "bulk_create", "update", "delete", "bulk_update", "get_or_create", "update_or_create"}
ROW_NAMES = {"game": "Game", "seat": "GameSeat", "hand": "HandRecord", "penalty": "Penalty"}


def writes_in(module: str, source: str) -> list[tuple[str, int, str]]:
    """(model, line, call) of each write of one of :data:`HOMES`' models in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        chain = ast.unparse(node.func)
        if node.func.attr in WRITES:
            root = chain.split(".")[0]
            if root in HOMES and ".objects" in chain:
                found.append((root, node.lineno, chain))
        elif node.func.attr == "save" and isinstance(node.func.value, ast.Name) \
                and node.func.value.id in ROW_NAMES:
            found.append((ROW_NAMES[node.func.value.id], node.lineno, chain))
    return found


def strangers(module: str, source: str) -> list[str]:
    return [f"{module}:{line}: {call}" for model, line, call in writes_in(module, source)
            if not (module == HOMES[model] or module.startswith(HOMES[model] + "."))]


def test_games_seats_hands_and_penalties_are_written_only_in_their_own_domain():
    found = []
    for module, path in project_files().items():
        if module.split(".")[0] in ("scoring", "config"):
            continue
        found += strangers(module, path.read_text(encoding="utf-8"))
    assert found == []


@pytest.mark.parametrize(("module", "source", "finding"), [
    ("events.nights.services", "def f(seat, x):\n    seat.member = x\n    seat.save(update_fields=['member'])\n",
     "events.nights.services:3: seat.save"),
    ("league.members.services", "GameSeat.objects.filter(member=1).update(member=2)\n",
     "league.members.services:1: GameSeat.objects.filter(member=1).update"),
    ("league.games.seats", "Penalty.objects.filter(pk=1).update(member=2)\n",
     "league.games.seats:1: Penalty.objects.filter(pk=1).update"),
    ("league.transfer.season_file", "Game.objects.filter(pk=1).update(finished_at=None)\n",
     "league.transfer.season_file:1: Game.objects.filter(pk=1).update"),
], ids=["an event's seat", "a merge's seats", "the games writing a penalty", "a restore writing a game"])
def test_a_planted_stranger_write_is_seen(module, source, finding):
    assert strangers(module, source) == [finding]


def test_the_owners_own_writes_are_not_strangers():
    assert strangers("league.games.seats", "GameSeat.objects.bulk_create([])\n") == []
    assert strangers("league.referee.services", "Penalty.objects.create(member=1)\n") == []
