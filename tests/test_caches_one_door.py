"""Caches behind one door (issue 24 item 6): every per-process memo of the Django apps is a
``core.memo.Memo``, bounded, and forgotten by the one story told at the top of ``core/memo.py``."""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from django.utils.autoreload import file_changed

from core import memo

ROOT = Path(__file__).resolve().parent.parent
APPS = ("club", "league", "events", "notify", "config")
MEMO_HOMES = {
    "entry panels": "league.web.templatetags.panels",
    "han/fu grids": "league.web.templatetags.value_grid",
    "game replays": "league.games.selectors",
    "han/fu value choices": "league.web.games.forms",
    "offline words": "league.web.templatetags.offline",
    "scoring zip": "league.web.games.offline",
    "membership sql": "league.permissions",
    "trusted proxies": "club.auth",
    "reversed urls": "config.remembered",
    "remembered fragments": "config.remembered",
    "static urls": "config.storage",
    "offline config fixed parts": "league.web.templatetags.offline",
    "offline config grid values": "league.web.templatetags.offline",
    "prepared reads": "core.prepared",
    "the signed-in user's read": "club.auth",
}


@pytest.fixture
def scratch():
    made = memo.Memo("scratch (test)", size=2)
    yield made
    memo.MEMOS.pop("scratch (test)", None)


def test_a_memo_keeps_its_size_dropping_the_least_recently_used(scratch):
    builds = []

    def build(key):
        return lambda: builds.append(key) or key * 10

    assert [scratch.get(k, build(k)) for k in (1, 2, 1, 3, 1, 2)] == [10, 20, 10, 30, 10, 20]
    assert builds == [1, 2, 3, 2]  # 2 was the least recently used when 3 came; 1 was kept
    assert len(scratch) == 2


def test_a_build_that_raises_remembers_nothing(scratch):
    def refuse():
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        scratch.get("k", refuse)
    assert len(scratch) == 0
    assert scratch.get("k", lambda: "yes") == "yes"


@pytest.mark.parametrize(("name", "module"), sorted(MEMO_HOMES.items()))
def test_every_memo_is_registered_by_name(name, module):
    importlib.import_module(module)
    assert name in memo.MEMOS


def test_an_edited_template_forgets_every_memo(scratch, tmp_path):
    scratch.get("k", lambda: "v")
    file_changed.send(sender=None, file_path=tmp_path / "note.txt")
    assert len(scratch) == 1
    file_changed.send(sender=None, file_path=tmp_path / "page.html")
    assert len(scratch) == 0


NOT_CACHES = {
    "config/sqlite/base.py:_LOCKS": "one lock per database file: a registry, not a remembered value",
    "league/transfer/season_file.py:SECTIONS": "the season file's optional sections, registered at start-up",
}


def _empty_container(value: ast.AST | None) -> bool:
    if isinstance(value, ast.Dict):
        return not value.keys
    return isinstance(value, ast.Call) and ast.unparse(value.func) in ("dict", "OrderedDict") and not value.args


def _stray_caches(path: Path) -> list[str]:
    """``lru_cache``/``functools.cache`` decorators, and module-level empty dicts that functions fill in
    (``NAME[key] = value``): a memo of its own, outside ``core.memo``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = str(path.relative_to(ROOT))
    found = [f"{where}:{node.lineno}" for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
             for d in node.decorator_list if any(w in ast.unparse(d) for w in ("lru_cache", "functools.cache"))]
    containers = set()
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and _empty_container(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            containers |= {t.id for t in targets if isinstance(t, ast.Name)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
                        and target.value.id in containers and f"{where}:{target.value.id}" not in NOT_CACHES):
                    found.append(f"{where}:{node.lineno} {target.value.id}")
    return found


def test_no_app_keeps_a_cache_of_its_own():
    stray = [hit for app in APPS for path in sorted((ROOT / app).rglob("*.py"))
             if "migrations" not in path.parts and path.name != "memo.py" for hit in _stray_caches(path)]
    assert stray == []
