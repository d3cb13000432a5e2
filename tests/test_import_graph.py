"""Imports point one way, and the folders say which way (issue 34 item 1; issue 24 began it).

Every ``import``/``from … import`` of every .py in core/, club/, league/, events/, notify/, scoring/
and config/ (migrations left out) counts, those in function bodies too: an import hidden in a
function is still a dependency. Not counted: imports under ``if TYPE_CHECKING:`` (never run), and
the styleguide's task pattern: a service imports its task (``from ….tasks import x as x_task``)
and the ``@shared_task`` imports that service inside its body, when it runs.

A module's layer is read off its path, never listed module by module:

- **the entry layer**: every module inside a folder named ``web`` (views, urls, forms, template
  tags, the screens' helpers), ``api`` or ``management``, and an app's wiring at its root — ``apps``
  (connects receivers), ``admin`` (Django's admin is a screen) and ``middleware``. It may import
  every domain; no domain imports it. ``config`` stands above it all.
- **a domain**: an app folder, or a package inside it (``league/games/``, ``events/nights/``); the
  modules at an app's root are that app's floor (``league/permissions.py`` is league's floor, as is
  the ``league/models/`` package; Celery's sweep, ``config/tasks.py``, stands above the domains with
  the rest of ``config``). The order of the domains is :data:`STANDS_ON`, a map of folders:

    scoring                                  pure Python: no Django, no project package but itself
    core                                     the shared floor
    club                                     core (+ scoring)
    league                                   the league's floor (models, permissions, signals, errors…)
    league.seasons → league.games → league.referee, league.standings (neither imports the other)
    league.members (above referee: a merge calls each domain's service) → league.transfer
    league.whatif (above standings)
    events                                   the events' shared base, above the league's domains
    events.nights, events.tournaments, events.casual, events.teams   above events, none imports another
    federation                               a federation's cross-club ranking, above every kind of event
    notify                                   above every kind of event: it hears their signals

One more rule, a framework's: an app's model registry (``league.models``, ``events.models``) gathers the
models of the app's packages, since Django loads only that module; nothing else reaches up to them.
And scoring imports no framework (django, rest_framework, celery).
"""
from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "club", "league", "events", "federation", "notify", "scoring", "config")
APPS = ("core", "club", "league", "events", "federation", "notify")

# The folders of the entry layer, anywhere below an app, and an app's wiring modules at its root.
ENTRY_FOLDERS = {"web", "api", "management"}
WIRING = {"apps", "admin", "middleware"}
ENTRY = "entry"
# Each domain folder and the domains right below it; the arrows are the closure of this. Every package
# of an app must be listed here or be an entry folder (``test_every_package_is_a_domain_or_an_entry``).
STANDS_ON: dict[str, set[str]] = {
    "scoring": set(),
    "core": {"scoring"},
    "club": {"core"},
    "league": {"club"},
    "league.seasons": {"league"},
    "league.games": {"league.seasons"},
    "league.referee": {"league.games"},
    "league.standings": {"league.games"},
    "league.members": {"league.referee"},
    "league.transfer": {"league.members"},
    "league.whatif": {"league.standings"},
    "events": {"league.transfer", "league.whatif"},
    "events.nights": {"events"},
    "events.tournaments": {"events"},
    "events.casual": {"events"},
    "events.teams": {"events"},
    "federation": {"events.nights", "events.tournaments", "events.casual", "events.teams"},
    "notify": {"federation"},
    ENTRY: {"notify"},
    "config": {ENTRY},
}
FRAMEWORKS = {"django", "rest_framework", "celery"}


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str  # the project module it names (or the package holding it), or the name as written
    line: int
    in_body: bool = False  # inside a function


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def project_files() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" not in path.parts:
                found[module_name(path)] = path
    return found


def _is_task(node: ast.AST) -> bool:
    return isinstance(node, ast.FunctionDef) and any("shared_task" in ast.unparse(d) for d in node.decorator_list)


def imports_of(module: str, source: str, *, package: bool = False,
               known: Iterable[str] = ()) -> tuple[list[Import], list[Import]]:
    """The imports ``source`` makes as the module ``module``: (counted, made in a Celery task's body).

    ``from x import y`` names the module ``x.y`` when that module exists (``known``), else ``x``."""
    known = set(known)
    tree = ast.parse(source)
    typing_only: set[int] = set()
    in_task: set[int] = set()
    in_body: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                typing_only.update(id(n) for n in ast.walk(child))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            in_body.update(id(n) for n in ast.walk(node))
        if _is_task(node):
            in_task.update(id(n) for n in ast.walk(node))
    anchor = module.split(".") if package else module.split(".")[:-1]
    counted: list[Import] = []
    tasks: list[Import] = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(anchor[: len(anchor) - (node.level - 1)] + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for target in targets:
            found = Import(module, target, node.lineno, id(node) in in_body)
            (tasks if id(node) in in_task else counted).append(found)
    return counted, tasks


def layer_of(name: str) -> str | None:
    """The layer of a dotted name, read off its path (None: outside the project)."""
    parts = name.split(".")
    if parts[0] not in PACKAGES:
        return None
    if parts[0] in ("scoring", "config"):
        return parts[0]
    if ENTRY_FOLDERS & set(parts[1:]) or (len(parts) == 2 and parts[1] in WIRING):
        return ENTRY
    if len(parts) > 1 and parts[1] == "models":  # an app's models package is its floor
        return parts[0]
    if len(parts) > 1 and parts[0] in APPS and f"{parts[0]}.{parts[1]}" in STANDS_ON:
        return f"{parts[0]}.{parts[1]}"
    return parts[0]


@cache
def below(layer: str) -> frozenset[str]:
    """Every layer ``layer`` may import: itself and all it stands on, directly or not."""
    reach = {layer}
    for lower in STANDS_ON[layer]:
        reach |= below(lower)
    return frozenset(reach)


def _gathers_models(importer: str, imported: str) -> bool:
    """An app's model registry importing the models of one of the app's packages (Django loads only it)."""
    app = importer.split(".")[0]
    return importer == f"{app}.models" and imported.startswith(f"{app}.") and imported.endswith(".models")


def wrong_way(imports: Iterable[Import]) -> list[str]:
    """Each import against the arrows, once, as "importer -> imported (line n[, in a function]): why"."""
    found: list[str] = []
    for imp in imports:
        home, there = layer_of(imp.importer), layer_of(imp.imported)
        why = None
        if home == "scoring" and imp.imported.split(".")[0] in FRAMEWORKS:
            why = "scoring imports no framework"
        elif there is not None and home is not None and there not in below(home) \
                and not _gathers_models(imp.importer, imp.imported):
            why = f"{home} does not stand on {there}"
        if why:
            where = f"line {imp.line}" + (", in a function" if imp.in_body else "")
            finding = f"{imp.importer} -> {imp.imported} ({where}): {why}"
            if finding not in found:  # ``from x import a, b`` names x twice
                found.append(finding)
    return found


def _resolve(name: str, modules: dict[str, Path]) -> str:
    """The project module ``name`` names, or the package holding it; the name itself outside the project."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name


@cache
def project_imports() -> tuple[Import, ...]:
    """Every counted import of the project, resolved to its modules; a task's body reaching back to the
    service that imports its tasks module is the styleguide's pattern and left out."""
    modules = project_files()
    counted: list[Import] = []
    in_tasks: list[Import] = []
    for name, path in modules.items():
        mine, tasks = imports_of(name, path.read_text(encoding="utf-8"), package=path.name == "__init__.py",
                                 known=modules)
        counted += mine
        in_tasks += tasks

    def resolved(imp: Import) -> Import:
        return Import(imp.importer, _resolve(imp.imported, modules) or imp.imported, imp.line, imp.in_body)

    counted = [resolved(i) for i in counted]
    at_top = {(i.importer, i.imported) for i in counted if not i.in_body}
    counted += [i for i in map(resolved, in_tasks) if (i.imported, i.importer) not in at_top]
    return tuple(i for i in counted if i.imported != i.importer)


def task_pattern_edges() -> set[tuple[str, str]]:
    """(tasks module, service) imported in a task's body and left out as the task pattern."""
    modules = project_files()
    counted = project_imports()
    edges = set()
    for name, path in modules.items():
        _, tasks = imports_of(name, path.read_text(encoding="utf-8"), package=path.name == "__init__.py",
                              known=modules)
        for imp in tasks:
            service = _resolve(imp.imported, modules)
            if not any(i.importer == name and i.imported == service for i in counted):
                edges.add((name, service))
    return edges


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (``tests/notify/test_layers.py`` reads it too)."""
    modules = project_files()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for imp in project_imports():
        if imp.imported in modules:
            graph[imp.importer].add(imp.imported)
    return graph


def test_every_import_follows_the_arrows():
    wrong = wrong_way(project_imports())
    assert wrong == [], "imports against the layers (docs/architecture.md):\n" + "\n".join(sorted(wrong))


def _planted(module: str, source: str) -> list[str]:
    counted, _ = imports_of(module, source, known=project_files())
    return wrong_way(counted)


@pytest.mark.parametrize(("module", "source", "reported"), [
    ("league.games.x", "from league.standings.services import season_changed\n",
     "league.games.x -> league.standings.services (line 1): league.games does not stand on league.standings"),
    ("league.games.x", "def f():\n    from league.referee import services\n",
     "league.games.x -> league.referee.services (line 2, in a function): league.games does not stand on "
     "league.referee"),
    ("league.games.x", "import league.standings.selectors\n",
     "league.games.x -> league.standings.selectors (line 1): league.games does not stand on league.standings"),
    ("league.games.x", "from ..standings import selectors\n",
     "league.games.x -> league.standings.selectors (line 1): league.games does not stand on league.standings"),
    ("league.referee.x", "from league.standings import services\n",
     "league.referee.x -> league.standings.services (line 1): league.referee does not stand on league.standings"),
    ("club.x", "from league.models import Game\n",
     "club.x -> league.models (line 1): club does not stand on league"),
    ("core.x", "from club.models import Member\n", "core.x -> club.models (line 1): core does not stand on club"),
    ("scoring.x", "from django.db import models\n", "scoring.x -> django.db (line 1): scoring imports no framework"),
    ("league.x", "from events.nights.models import ClubNight\n",
     "league.x -> events.nights.models (line 1): league does not stand on events.nights"),
    ("events.x", "from notify import services\n",
     "events.x -> notify.services (line 1): events does not stand on notify"),
    ("events.nights.x", "from events.tournaments import services\n",
     "events.nights.x -> events.tournaments.services (line 1): events.nights does not stand on events.tournaments"),
    # a domain never imports a screen: neither its own app's nor another's, nor the API, nor the wiring
    ("league.games.services", "from league.web.ui.views import load_game\n",
     "league.games.services -> league.web.ui.views (line 1): league.games does not stand on entry"),
    ("league.standings.services", "from league.web.middleware import RequestMembershipsMiddleware\n",
     "league.standings.services -> league.web.middleware (line 1): league.standings does not stand on entry"),
    ("events.nights.services", "from league.api import games\n",
     "events.nights.services -> league.api.games (line 1): events.nights does not stand on entry"),
    ("notify.services", "from events.web.nights import views\n",
     "notify.services -> events.web.nights.views (line 1): notify does not stand on entry"),
    ("league.seasons.x", "from league.apps import LeagueConfig\n",
     "league.seasons.x -> league.apps (line 1): league.seasons does not stand on entry"),
    # ... and a screen never imports the project's wiring above it
    ("league.web.games.views.x", "from config import urls\n",
     "league.web.games.views.x -> config.urls (line 1): entry does not stand on config"),
], ids=["module_level", "function_body", "plain_import", "relative", "sibling", "club_to_league", "core_to_club",
        "scoring_to_django", "league_to_events", "events_to_notify", "night_to_tournament",
        "domain_to_its_own_web", "service_to_middleware", "domain_to_the_api", "domain_to_another_apps_web",
        "domain_to_wiring", "web_to_config"])
def test_a_planted_wrong_way_import_is_reported(module, source, reported):
    assert _planted(module, source) == [reported]


@pytest.mark.parametrize(("module", "source"), [
    ("league.standings.x", "from league.games import records\nfrom league.seasons import services\n"),
    ("league.games.x",
     "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from league.standings import services\n"),
    ("league.api.x", "from league.referee import services\nfrom league.standings import selectors\n"),
    ("league.web.games.views.x", "from league.web.ui.views import refuse\nfrom notify import services\n"),
    ("events.web.nights.views", "from events.nights import services\nfrom league.web.ui import params\n"),
    ("scoring.x", "import math\nfrom scoring import record\n"),
    ("events.x", "from league.standings import services\nfrom club.models import Member\n"),
    ("events.models", "from events.nights.models import ClubNight\n"),
], ids=["downward", "type_checking_only", "api_looks_across", "web_uses_any_domain", "web_uses_another_apps_web",
        "scoring_stdlib", "events_above_league", "model_registry_gathers"])
def test_an_import_along_the_arrows_is_not_reported(module, source):
    assert _planted(module, source) == []


def test_the_imports_include_function_bodies():
    # the club night's template tags import their selectors inside the tags' bodies
    assert "events.nights.selectors" in import_graph()["events.web.templatetags.events_tags"]


def test_only_celery_tasks_in_tasks_modules_reach_back_to_their_service():
    edges = task_pattern_edges()
    assert edges, "no task imports its service in its body: the pattern changed, update this test"
    assert sorted(m for m, _ in edges if not m.endswith(".tasks")) == []


def test_every_package_is_a_domain_or_an_entry():
    """A new package of an app is placed in :data:`STANDS_ON` (or is an entry folder): none falls through
    to its app's floor unseen."""
    packages = {".".join(p.relative_to(ROOT).parts[:2]) for app in APPS for p in (ROOT / app).glob("*/__init__.py")}
    placed = set(STANDS_ON) | {f"{app}.{folder}" for app in APPS for folder in ENTRY_FOLDERS | {"migrations", "models"}}
    assert sorted(packages - placed) == []


def test_the_screens_live_in_the_entry_layer():
    """No domain module defines a view: a module that renders or answers a request sits in a ``web`` folder."""
    screens = ("django.http", "django.shortcuts", "django.views", "django_tables2", "django_filters",
               "django.contrib.messages", "django.contrib.auth.views")
    found = sorted(f"{i.importer} imports {i.imported}" for i in _all_named_imports()
                   if layer_of(i.importer) not in (ENTRY, "config", None) and i.imported.startswith(screens))
    assert found == []


def _all_named_imports() -> list[Import]:
    found: list[Import] = []
    for name, path in project_files().items():
        counted, tasks = imports_of(name, path.read_text(encoding="utf-8"), package=path.name == "__init__.py")
        found += counted + tasks
    return found
