"""The record's words live in ``scoring.vocabulary``: every event kind has its parser, and no scoring
module needs a type-only import of another (the circle penalties -> rules/record -> penalties is gone)."""
from __future__ import annotations

import ast
from pathlib import Path

from scoring import record
from scoring.vocabulary import EventKind

SCORING = Path(__file__).resolve().parents[2] / "scoring"


def test_every_event_kind_has_its_parser_and_nothing_else_does():
    assert set(record._PARSERS) == set(EventKind)


def test_every_event_class_names_its_kind_from_the_vocabulary():
    kinds = {cls.kind for cls in (record.Ron, record.Tsumo, record.Draw, record.NagashiEvent, record.AbortEvent,
                                  record.Chombo, record.PenaltyEvent, record.Stop, record.End, record.Result)}
    assert kinds == set(EventKind)
    assert all(type(kind) is EventKind for kind in kinds)


def _type_only_imports(tree: ast.Module) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found += [ast.unparse(n) for n in ast.walk(node) if isinstance(n, ast.ImportFrom | ast.Import)]
    return found


def test_no_scoring_module_imports_another_for_types_only():
    offenders = {str(path.relative_to(SCORING)): found for path in sorted(SCORING.rglob("*.py"))
                 if (found := _type_only_imports(ast.parse(path.read_text(encoding="utf-8"))))}
    assert offenders == {}


def test_the_vocabulary_imports_nothing_of_scoring():
    tree = ast.parse((SCORING / "vocabulary.py").read_text(encoding="utf-8"))
    modules = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in modules if m and m.startswith("scoring")]
