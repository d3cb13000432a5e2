"""The docs say true names (issue 34, item 4): every backticked dotted name of a project package in
docs/*.md, README.md and the project's docstrings resolves, and every backticked path of a project
folder in the docs exists.

A name resolves when it is an import path (the longest importable module, then attributes: ``league.
games.services.game_start``), a Celery task's name (``league.requeue_stale``) or a model's label
(``core.AuditEntry``). What is deliberately not importable is allow-listed below, each with its reason.
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("club", "league", "events", "federation", "notify", "core", "scoring", "config")
DOCS = sorted(ROOT.glob("docs/*.md")) + [ROOT / "README.md"]

# `league.games.services` or ``league.games.services.game_start()`` (RST roles such as :func: included)
_PACKAGE = "|".join(PACKAGES)
DOTTED = re.compile(rf"`{{1,2}}((?:{_PACKAGE})(?:\.[A-Za-z_][A-Za-z0-9_]*)+)(?:\(\))?`{{1,2}}")
# `league/games/services.py`, `templates/league/games/`: a path in one of the project's folders
FOLDERS = (*PACKAGES, "tests", "templates", "static", "docs", "deploy", "bench", "locale", ".ci")
_FOLDER = "|".join(re.escape(f) for f in FOLDERS)
PATH = re.compile(rf"`((?:{_FOLDER})/[A-Za-z0-9_./\-]*)`")

# Names that are not meant to resolve, each with why. (Keep it short: a stale name is fixed, not listed.)
NOT_NAMES: dict[str, str] = {
    # docs/architecture.md: the lead updates it (the screens moved; the answering signals are gone).
    "league.games.signals.penalty_entered": "docs/architecture.md: the lead updates it",
}
NOT_PATHS: dict[str, str] = {}


@cache
def _task_names() -> frozenset[str]:
    from config.celery_app import app

    app.loader.import_default_modules()
    return frozenset(app.tasks)


def _model_label(name: str) -> bool:
    from django.apps import apps

    label, _, model = name.partition(".")
    if "." in model or not model[:1].isupper():
        return False
    try:
        apps.get_model(label, model)
    except LookupError:
        return False
    return True


def unresolved(name: str) -> str | None:
    """Why ``name`` does not resolve, or None when it does."""
    if name in _task_names() or _model_label(name):
        return None
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        module = ".".join(parts[:end])
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):  # a parent that is no package
            found = False
        if not found:
            continue
        if end == len(parts):
            return None  # a module: found without running it (config.settings.production needs its env)
        obj = importlib.import_module(module)
        for i, attribute in enumerate(parts[end:], start=end):
            if not hasattr(obj, attribute):
                return f"{'.'.join(parts[:i])} has no {attribute!r}"
            obj = getattr(obj, attribute)
        return None
    return "no such module"


def _doc_names() -> dict[str, set[str]]:
    names: dict[str, set[str]] = {}
    for doc in DOCS:
        for match in DOTTED.finditer(doc.read_text()):
            names.setdefault(match.group(1), set()).add(str(doc.relative_to(ROOT)))
    return names


def _docstring_names() -> dict[str, set[str]]:
    names: dict[str, set[str]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for match in DOTTED.finditer(ast.get_docstring(node, clean=False) or ""):
                    names.setdefault(match.group(1), set()).add(str(path.relative_to(ROOT)))
    return names


def _doc_paths() -> dict[str, set[str]]:
    paths: dict[str, set[str]] = {}
    for doc in DOCS:
        for match in PATH.finditer(doc.read_text()):
            paths.setdefault(match.group(1), set()).add(str(doc.relative_to(ROOT)))
    return paths


def _stale(names: dict[str, set[str]]) -> list[str]:
    return [f"{name} ({', '.join(sorted(where))}): {why}" for name, where in sorted(names.items())
            if name not in NOT_NAMES and (why := unresolved(name))]


@pytest.mark.django_db
def test_every_dotted_name_in_the_docs_resolves():
    assert _stale(_doc_names()) == []


@pytest.mark.django_db
def test_every_dotted_name_in_the_docstrings_resolves():
    assert _stale(_docstring_names()) == []


def path_exists(path: str) -> bool:
    """A file or folder of the checkout, a template's name (``league/hands/_values.html``) or a
    migration's label (``league/0014_snaprows_member_rows``)."""
    app, _, rest = path.partition("/")
    migration = ROOT / app / "migrations" / f"{rest}.py"
    return (ROOT / path).exists() or (ROOT / "templates" / path).exists() or (
        re.fullmatch(r"\d{4}_\w+", rest) is not None and migration.exists())


def test_every_project_path_in_the_docs_exists():
    missing = [f"{path} ({', '.join(sorted(where))})" for path, where in sorted(_doc_paths().items())
               if path not in NOT_PATHS and not path_exists(path)]
    assert missing == []


def test_the_allow_lists_name_only_what_is_still_written():
    """An allowed name or path that the docs no longer mention goes from the list."""
    written = {*_doc_names(), *_docstring_names()}
    assert sorted(set(NOT_NAMES) - written) == []
    assert sorted(set(NOT_PATHS) - set(_doc_paths())) == []


@pytest.mark.parametrize(("path", "exists"), [
    ("league/games/services.py", True),
    ("league/hands/_values.html", True),  # a template's name
    ("league/0014_snaprows_member_rows", True),  # a migration's label
    ("league/ui/admin.py", False),
    ("league/0099_nothing", False),
])
def test_the_path_check_itself(path, exists):
    assert path_exists(path) is exists


@pytest.mark.parametrize(("name", "resolves"), [
    ("league.games.services.game_start", True),  # a module, then an attribute
    ("config.settings.production", True),  # a module that is not run
    ("league.requeue_stale", True),  # a Celery task's name
    ("core.AuditEntry", True),  # a model's label
    ("league.services", False),  # the old home of the game services
    ("league.AuditEntry", False),  # the audit log is core's
    ("league.games.services.no_such_function", False),
])
@pytest.mark.django_db
def test_the_check_itself(name, resolves):
    assert (unresolved(name) is None) is resolves
