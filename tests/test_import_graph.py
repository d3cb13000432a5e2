"""Imports point one way: the layer test (issue 24 item 2; it replaced issue 10's circle-only check).

Every ``import``/``from … import`` of every .py in core/, club/, league/, events/, notify/, scoring/
and config/ (migrations left out) counts, those in function bodies too: an import hidden in a
function is still a dependency. Not counted: imports under ``if TYPE_CHECKING:`` (never run), and
the styleguide's task pattern: a service imports its task (``from ….tasks import x as x_task``)
and the ``@shared_task`` imports that service inside its body, when it runs.

The arrows (a layer may import its own modules and those of every layer below it):

    scoring                      pure Python: no Django, no project package but itself
    core                         the shared floor (the app being created; the name is reserved here)
    club                         core (+ scoring)
    league                       the league's floor: models, audit, once, permissions, validation,
                                 queueing, signals, error_codes, middleware (+ whatif.models, which
                                 Django registers through league.models)
    league.ui                    the league's view helpers (refusing, loading a game, confirm pages)
    league.seasons
    league.games                 (+ league.errors: the refusals of a hand or a game, and their words)
    league.referee, league.standings   both above games, neither imports the other
    league.transfer              above referee (the season file carries the referee's penalties)
    league.whatif                above standings (the lab reruns the standings' computation)
    league.api                   above transfer and whatif: the API looks across the league's domains
    league entry points          above the API: league.urls, .admin, .apps (where the receivers are
                                 connected), .tasks (Celery's registry), .management, .templatetags
    events                       above league.transfer and league.whatif (not the league's API or
                                 entry points)
    events.tournaments, events.casual   above events (club nights), neither imports the other
    events entry points          events.urls, .admin, .apps, .transfer (the season-file sections of
                                 every event kind), .templatetags and .middleware (another club's
                                 events answer 404)
    notify                       above events: it listens to the signals of the layers below
    config                       above notify and both entry-point layers: the project's wiring
                                 (urls, settings, middleware, Celery)

So the only modules allowed to look across the domains of a layer are the entry points named
above: league.api, league.urls, league.admin, league.apps, league.tasks, league.management,
league.templatetags, events.urls, events.admin, events.apps, events.transfer, events.templatetags,
events.middleware, and config. league.ui is not one of them: it sits low, and only web modules may use it.

Two more rules: a module that is not a web module (views, urls, admin, templatetags, api, ui,
middleware, ``*_views``) imports no view helper or middleware (league.ui, league.middleware,
config.middleware): a read or write module must not need a request; and scoring imports no
framework (django, rest_framework, celery).

:data:`PENDING` lists the imports against these arrows that other branches of issue 24 are
removing; :func:`test_every_pending_import_is_still_there` makes the list shrink as they go.
"""
from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "club", "league", "events", "notify", "scoring", "config")

# Longest dotted prefix wins.
LAYER_OF = {
    "scoring": "scoring",
    "core": "core",
    "club": "club",
    "league": "league",
    "league.whatif.models": "league",
    "league.ui": "league.ui",
    "league.seasons": "league.seasons",
    "league.games": "league.games",
    "league.errors": "league.games",
    "league.referee": "league.referee",
    "league.standings": "league.standings",
    "league.transfer": "league.transfer",
    "league.whatif": "league.whatif",
    "league.api": "league.api",
    **{f"league.{entry}": "league entry points" for entry in
       ("urls", "admin", "apps", "tasks", "management", "templatetags", "members")},
    "events": "events",
    "events.tournaments": "events.tournaments",
    "events.casual": "events.casual",
    "events.nights": "events.nights",
    # The app's model registry: Django imports events.models, which gathers each kind's models.
    "events.models": "events entry points",
    **{f"events.{entry}": "events entry points"
       for entry in ("urls", "admin", "apps", "transfer", "templatetags", "middleware", "tasks")},
    "notify": "notify",
    "config": "config",
}
# Each layer and the layers right below it; the arrows are the closure of this.
STANDS_ON = {
    "scoring": set(),
    "core": {"scoring"},
    "club": {"core"},
    "league": {"club"},
    "league.ui": {"league"},
    "league.seasons": {"league.ui"},
    "league.games": {"league.seasons"},
    "league.referee": {"league.games"},
    "league.standings": {"league.games"},
    "league.transfer": {"league.referee"},
    "league.whatif": {"league.standings"},
    "league.api": {"league.transfer", "league.whatif"},
    "league entry points": {"league.api"},
    "events": {"league.transfer", "league.whatif"},
    "events.tournaments": {"events"},
    "events.casual": {"events"},
    "events.nights": {"events"},
    "events entry points": {"events.tournaments", "events.casual", "events.nights"},
    "notify": {"events.tournaments", "events.casual", "events.nights"},
    "config": {"notify", "events entry points", "league entry points"},
}
WEB_HELPERS = ("league.ui", "league.middleware", "config.middleware", "core.web", "core.middleware")
WEB_PARTS = {"views", "urls", "admin", "templatetags", "api", "ui", "middleware"}
FRAMEWORKS = {"django", "rest_framework", "celery"}

# (importer, imported): against the arrows today, being removed by another branch of issue 24.
PENDING: dict[tuple[str, str], str] = {}


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
    """The layer of a dotted name (None: outside the project)."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        layer = LAYER_OF.get(".".join(parts[:end]))
        if layer is not None:
            return layer
    return None


@cache
def below(layer: str) -> frozenset[str]:
    """Every layer ``layer`` may import: itself and all it stands on, directly or not."""
    reach = {layer}
    for lower in STANDS_ON[layer]:
        reach |= below(lower)
    return frozenset(reach)


def _is_web(module: str) -> bool:
    return any(part in WEB_PARTS or part.endswith("_views") for part in module.split("."))


def wrong_way(imports: Iterable[Import]) -> list[str]:
    """Each import against the arrows, once, as "importer -> imported (line n[, in a function]): why"."""
    found: list[str] = []
    for imp in imports:
        home, there = layer_of(imp.importer), layer_of(imp.imported)
        why = None
        if home == "scoring" and imp.imported.split(".")[0] in FRAMEWORKS:
            why = "scoring imports no framework"
        elif there is not None and home is not None and there not in below(home):
            why = f"{home} does not stand on {there}"
        elif imp.imported.startswith(WEB_HELPERS) and not _is_web(imp.importer):
            why = "only a web module imports view helpers or middleware"
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


def _pair(finding: str) -> tuple[str, str]:
    importer, _, rest = finding.partition(" -> ")
    return importer, rest.partition(" (")[0]


def test_every_import_follows_the_arrows():
    wrong = [f for f in wrong_way(project_imports()) if _pair(f) not in PENDING]
    assert wrong == [], "imports against the layers (docs/architecture.md):\n" + "\n".join(sorted(wrong))


def test_every_pending_import_is_still_there():
    """A PENDING import that is gone comes off the list (the list only shrinks)."""
    still = {_pair(f) for f in wrong_way(project_imports())}
    assert sorted(set(PENDING) - still) == []


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
    ("league.seasons.x", "from league.api import games\n",
     "league.seasons.x -> league.api.games (line 1): league.seasons does not stand on league.api"),
    ("club.x", "from league.models import Game\n", "club.x -> league.models (line 1): club does not stand on league"),
    ("core.x", "from club.models import Member\n", "core.x -> club.models (line 1): core does not stand on club"),
    ("scoring.x", "from django.db import models\n", "scoring.x -> django.db (line 1): scoring imports no framework"),
    ("league.x", "from events.models import ClubNight\n",
     "league.x -> events.models (line 1): league does not stand on events entry points"),
    ("events.x", "from notify import services\n",
     "events.x -> notify.services (line 1): events does not stand on notify"),
    ("league.games.table", "from league.ui.views import refuse\n",
     "league.games.table -> league.ui.views (line 1): only a web module imports view helpers or middleware"),
    ("league.standings.services", "from league.middleware import RequestStandingsMiddleware\n",
     "league.standings.services -> league.middleware (line 1): only a web module imports view helpers or "
     "middleware"),
], ids=["module_level", "function_body", "plain_import", "relative", "sibling", "entry_point_from_below",
        "club_to_league", "core_to_club", "scoring_to_django", "league_to_events", "events_to_notify",
        "read_module_to_view_helper", "service_to_middleware"])
def test_a_planted_wrong_way_import_is_reported(module, source, reported):
    assert _planted(module, source) == [reported]


@pytest.mark.parametrize(("module", "source"), [
    ("league.standings.x", "from league.games import records\nfrom league.seasons import services\n"),
    ("league.games.x",
     "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from league.standings import services\n"),
    ("league.api.x", "from league.referee import services\nfrom league.standings import selectors\n"),
    ("league.games.views.x", "from league.ui.views import refuse\n"),
    ("scoring.x", "import math\nfrom scoring import record\n"),
    ("events.x", "from league.standings import services\nfrom club.models import Member\n"),
], ids=["downward", "type_checking_only", "api_looks_across", "view_uses_view_helpers", "scoring_stdlib",
        "events_above_league"])
def test_an_import_along_the_arrows_is_not_reported(module, source):
    assert _planted(module, source) == []


def test_the_imports_include_function_bodies():
    # the club night's template tags import their selectors inside the tags' bodies
    assert "events.nights.selectors" in import_graph()["events.templatetags.events_tags"]


def test_only_celery_tasks_in_tasks_modules_reach_back_to_their_service():
    edges = task_pattern_edges()
    assert edges, "no task imports its service in its body: the pattern changed, update this test"
    assert sorted(m for m, _ in edges if not m.endswith(".tasks")) == []


def test_every_module_has_a_layer():
    assert sorted(m for m in project_files() if layer_of(m) is None) == []
    assert set(STANDS_ON) == set(LAYER_OF.values())
