"""No import circle among the project's modules (issue #10, item 4).

Every ``import``/``from … import`` in league/, club/, events/ and scoring/ counts, those inside
function bodies too (an import hidden in a function is still a dependency). A package counts
as its ``__init__`` module; ``from package import module`` depends on the module. Left out:
imports under ``if TYPE_CHECKING:`` (never run) and the one back edge of the styleguide's task
pattern: the service imports its task (``from ….tasks import x as x_task``) and the Celery task
(``@shared_task``) imports that same service inside its body, when it runs. A task that reaches
into any module not importing its tasks module directly counts like any import.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "league", "club", "events", "scoring", "notify")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" not in path.parts:
                found[_module_name(path)] = path
    return found


def _is_task(node: ast.AST) -> bool:
    return isinstance(node, ast.FunctionDef) and any("shared_task" in ast.unparse(d) for d in node.decorator_list)


def _skipped_nodes(tree: ast.AST) -> tuple[set[int], set[int]]:
    """Ids of the nodes under ``if TYPE_CHECKING:``, and of those in a Celery task's body."""
    typing_only: set[int] = set()
    in_tasks: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                typing_only.update(id(n) for n in ast.walk(child))
        if _is_task(node):
            in_tasks.update(id(n) for n in ast.walk(node))
    return typing_only, in_tasks


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The project module ``name`` names, or the package holding it (None: outside the project)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def import_graph(*, task_bodies: dict[str, set[str]] | None = None) -> dict[str, set[str]]:
    """Module -> the project modules it imports. ``task_bodies`` (if given) collects the edges
    left out as the task pattern: module -> what its tasks import in their bodies."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    reached_back: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only, in_tasks = _skipped_nodes(tree)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                named = (f"{base}.{alias.name}" for alias in node.names)
                targets = [full if full in modules else base for full in named]
            for target in targets:
                resolved = _resolve(target, modules)
                if not resolved or resolved == name:
                    continue
                if id(node) in in_tasks:
                    reached_back.setdefault(name, set()).add(resolved)
                    continue
                graph[name].add(resolved)
    for tasks_module, services in list(reached_back.items()):
        for service in services:
            if tasks_module in graph[service]:
                if task_bodies is not None:
                    task_bodies.setdefault(tasks_module, set()).add(service)
            else:
                graph[tasks_module].add(service)  # not the pattern: an ordinary dependency
    return graph


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected component of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    cycles.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(cycles)


def test_the_finder_sees_a_circle_through_a_function_body():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycles(graph) == [["a", "b", "c"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_counts_imports_inside_functions():
    graph = import_graph()
    # the club night's template tags import their selectors inside the tags' bodies
    assert "events.selectors" in graph["events.templatetags.events_tags"]


def test_only_celery_tasks_in_tasks_modules_reach_back_to_their_service():
    task_bodies: dict[str, set[str]] = {}
    import_graph(task_bodies=task_bodies)
    assert task_bodies, "no task imports its service in its body: the pattern changed, update this test"
    assert sorted(m for m in task_bodies if not m.endswith(".tasks")) == []


def test_no_import_circle_in_league_club_events_scoring():
    cycles = find_cycles(import_graph())
    assert cycles == [], "import circles: " + "; ".join(" <-> ".join(c) for c in cycles)
