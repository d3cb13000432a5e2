"""One home for each rule (issue #10, item 2): engine, pages and API use the rule's one module.

Read off the source (no import): each ruleset option that carries a rule is read (``.option``)
only in the scoring module named after that rule; the winds are spelled out only in
``scoring/winds.py``; yaku names are looked up only in ``scoring/hand/``; and the parallel
word tables of codes are gone (their words are scoring's catalogue).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scoring", "league", "club", "events")


def _sources() -> dict[str, ast.AST]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            out[path.relative_to(ROOT).as_posix()] = ast.parse(path.read_text(encoding="utf-8"))
    return out


SOURCES = _sources()


def _reading(attr: str) -> set[str]:
    """Files that read ``<something>.attr``."""
    return {path for path, tree in SOURCES.items()
            if any(isinstance(n, ast.Attribute) and n.attr == attr for n in ast.walk(tree))}


@pytest.mark.parametrize(
    ("option", "homes"),
    [
        pytest.param("west_wins_paid_as_dealer", {"scoring/winds.py"}, id="paid-as-dealer-in-table"),
        pytest.param("paarenchan_wins", {"scoring/dealer.py"}, id="paarenchan-in-dealer"),
        pytest.param("dealer_min_han_from_renchan", {"scoring/dealer.py", "scoring/hand/evaluate.py"},
                     id="dealer-han-minimum-in-dealer-and-the-full-hand-refusal"),
        pytest.param("dealer_min_han_counts_dora", {"scoring/dealer.py", "scoring/hand/evaluate.py"},
                     id="dealer-minimum-dora-in-dealer-and-the-full-hand-refusal"),
        pytest.param("chombo_dealer_passes", {"scoring/chombo.py"}, id="chombo-passing-the-deal-in-chombo"),
        pytest.param("chombo_amount", {"scoring/chombo.py"}, id="chombo-payment-in-chombo"),
        pytest.param("penalty_points_to_chombo", {"scoring/penalties.py"}, id="penalty-points-in-penalties"),
        pytest.param("yellow_cards_to_chombo", {"scoring/penalties.py"}, id="yellow-cards-in-penalties"),
    ],
)
def test_a_rule_option_is_read_only_in_its_home(option, homes):
    assert _reading(option) <= homes


def _spells_the_winds(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value == "ESWN":
            return True
        if isinstance(node, (ast.Tuple, ast.List)) and [getattr(e, "value", None) for e in node.elts] == [
            "E", "S", "W", "N"
        ]:
            return True
    return False


def test_the_winds_are_spelled_out_only_in_the_table():
    assert {path for path, tree in SOURCES.items() if _spells_the_winds(tree)} == {"scoring/winds.py"}


def test_yaku_names_are_looked_up_only_in_scoring_hand():
    users = {path for path, tree in SOURCES.items()
             if any(isinstance(n, ast.Name) and n.id == "YAKU_NAMES" for n in ast.walk(tree))}
    assert {path for path in users if not path.startswith("scoring/hand/")} == set()


def _defines(tree: ast.AST, name: str) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return True
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return True
    return False


@pytest.mark.parametrize("name", ["ENDED_BY_WORDS", "PENALTY_EVENT_WORDS", "is_kazoe", "payment_points"])
def test_no_parallel_copy_of_a_rule_or_its_words_outside_scoring(name):
    assert {path for path, tree in SOURCES.items() if not path.startswith("scoring/") and _defines(tree, name)} == set()
