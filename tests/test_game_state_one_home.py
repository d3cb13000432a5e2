"""One writer of a game's state (issue 21): only ``league/games`` writes ``Game.status``, ``final_*`` or
``ended_by``. Every other layer asks the games service (or, for ``events``, hears a signal).

Read off the source (no import), as ``tests/test_one_home.py`` does: an assignment to one of those
attributes of something named like a game, a ``save(update_fields=...)`` of a game naming them, or a
``create``/``update`` call passing them as keywords on a game queryset or manager.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("league", "club", "events")  # scoring/ has its own engine Game, no Django
HOME = "league/games/"
STATE = frozenset({"status", "ended_by", "final_scores", "final_points", "final_ranks", "final_stats"})
ALWAYS_GAME = STATE - {"status"}
"""``status`` is also a night's, a tournament's, an entrant's: it counts when the object is a game."""


def _sources() -> dict[str, tuple[str, ast.AST]]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            out[path.relative_to(ROOT).as_posix()] = (text, ast.parse(text))
    return out


def _gamey(text: str, node: ast.AST) -> bool:
    segment = (ast.get_source_segment(text, node) or "").lower()
    return "game" in segment


def writes(text: str, tree: ast.AST) -> list[str]:
    """Where ``text`` writes a game's state: a line and the code, per write."""
    found = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = [t for target in node.targets for t in (target.elts if isinstance(target, ast.Tuple)
                                                               else [target])]
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for t in targets:
            if isinstance(t, ast.Attribute) and (
                    t.attr in ALWAYS_GAME or (t.attr == "status" and _gamey(text, t.value))):
                found.append(f"{node.lineno}: {ast.get_source_segment(text, t)}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name = node.func.attr
            keys = {k.arg for k in node.keywords}
            if name in ("update", "create", "bulk_update", "update_or_create", "get_or_create"):
                state = keys & STATE
                if state and (state & ALWAYS_GAME or _gamey(text, node.func.value)):
                    found.append(f"{node.lineno}: {name}({', '.join(sorted(state))})")
            if name == "save" and _gamey(text, node.func.value):
                for k in node.keywords:
                    if k.arg == "update_fields" and isinstance(k.value, (ast.List, ast.Tuple)):
                        named = {getattr(e, "value", None) for e in k.value.elts} & STATE
                        if named:
                            found.append(f"{node.lineno}: save(update_fields={sorted(named)})")
    return found


SOURCES = _sources()


@pytest.mark.parametrize("path", sorted(p for p in SOURCES if not p.startswith(HOME)))
def test_only_league_games_writes_a_games_state(path):
    text, tree = SOURCES[path]
    assert writes(text, tree) == []


def test_league_games_does_write_it():
    """The check finds the writes where they are (so it can fail): the games records and services."""
    homes = {path for path, (text, tree) in SOURCES.items() if path.startswith(HOME) and writes(text, tree)}
    assert {"league/games/records.py", "league/games/services.py"} <= homes


@pytest.mark.parametrize("code", [
    "game.status = 'finished'",
    "table.game.ended_by = 'final_scores'",
    "game.final_scores, game.final_points = a, b",
    "Game.objects.filter(pk=1).update(status='cancelled')",
    "game.save(update_fields=['status', 'final_ranks'])",
], ids=["status", "ended_by", "finals in a tuple", "queryset update", "save update_fields"])
def test_the_check_sees_each_kind_of_write(code):
    assert writes(code, ast.parse(code))


def test_the_check_lets_other_statuses_be():
    code = "entrant.status = 'approved'\nnight.status = 'closed'\nnight.save(update_fields=['status'])"
    assert writes(code, ast.parse(code)) == []
