"""The shared floor (issue 24, item 1): one home for what every domain uses, knowing no domain.

Imports are read from the source (function bodies too, ``if TYPE_CHECKING:`` blocks too: a type is a
dependency of the reader); migrations are left out (their dependencies name other apps on purpose).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from core.models import AuditEntry, IdempotencyKey

ROOT = Path(__file__).resolve().parent.parent.parent
DOMAINS = ("club", "league", "events", "notify")
AUDIT_WRITES = {"create", "bulk_create", "update", "delete", "get_or_create", "update_or_create", "bulk_update"}


def _sources(package: str):
    for path in sorted((ROOT / package).rglob("*.py")):
        if "migrations" not in path.parts:
            yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _imported(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def _wrong_way(package: str, above: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(ROOT)} imports {name}"
            for path, tree in _sources(package) if "web" not in path.relative_to(ROOT).parts  # screens: entry layer
            for name in sorted(_imported(tree)) if name.split(".")[0] in above]


@pytest.mark.parametrize(("package", "above"), [
    pytest.param("core", DOMAINS, id="the-floor-imports-no-domain"),
    pytest.param("club", ("league", "events", "notify"), id="club-imports-nothing-above-it"),
])
def test_layers_the_floor_and_club_import_nothing_above_them(package, above):
    assert _wrong_way(package, above) == []


def test_layers_the_check_sees_an_import_inside_a_function():
    tree = ast.parse("def later():\n    from league.models import Game\n")
    assert "league.models" in _imported(tree)


def _audit_writes(tree: ast.AST) -> list[int]:
    """Lines that write audit entries: ``AuditEntry(...)`` or ``AuditEntry.objects…<write>(...)``."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        named = isinstance(func, ast.Name) and func.id == "AuditEntry"
        if named or (isinstance(func, ast.Attribute) and func.attr in AUDIT_WRITES
                     and "AuditEntry.objects" in ast.unparse(func)):
            lines.append(node.lineno)
    return lines


def test_one_writer_only_core_audit_writes_audit_entries():
    writers = [f"{path.relative_to(ROOT)}:{line}"
               for package in ("core", *DOMAINS) for path, tree in _sources(package)
               for line in _audit_writes(tree)]
    assert writers
    assert all(w.startswith("core/audit.py:") for w in writers), writers


def test_one_writer_the_check_sees_a_direct_write():
    tree = ast.parse("AuditEntry.objects.filter(club=c).delete()\nAuditEntry.objects.create(club=c)\n")
    assert _audit_writes(tree) == [1, 2]


@pytest.mark.parametrize(("model", "table"), [
    pytest.param(AuditEntry, "league_auditentry", id="audit-entries"),
    pytest.param(IdempotencyKey, "league_idempotencykey", id="once-keys"),
])
def test_moved_models_keep_their_tables(model, table):
    assert model._meta.app_label == "core"
    assert model._meta.db_table == table
