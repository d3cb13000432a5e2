"""Signals only announce what happened (issue 34 item 2): the source says so.

- every ``Signal()`` of the project is an event, named in the past tense (``game_finished``);
- no sender reads what the receivers return (``for _, answer in x.send(...)`` is a question asked upward);
- no receiver returns a value (there is nobody to read it).

Control flow a maintainer follows with go-to-definition never passes through a ``.send``: what a lower
domain needs from a higher one is given to it as data (a game's time limit), or the higher one calls down.
"""
from __future__ import annotations

import ast

import pytest

from tests.test_import_graph import ROOT, project_files

# Past participles that do not end in -ed.
IRREGULAR = {"given", "cut", "begun", "done", "held", "made", "sent", "seen", "won", "drawn", "set", "put"}


def _trees() -> dict[str, ast.Module]:
    return {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in project_files().items()}


def signals_defined(trees: dict[str, ast.Module]) -> list[tuple[str, str]]:
    """(module, name) of every ``name = Signal()``."""
    found = []
    for module, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                    and ast.unparse(node.value.func).split(".")[-1] == "Signal":
                found += [(module, t.id) for t in node.targets if isinstance(t, ast.Name)]
    return found


def answers_read(module: str, tree: ast.Module) -> list[str]:
    """Each ``.send(...)``/``.send_robust(...)`` whose result is used (anything but a bare statement)."""
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("send", "send_robust") \
                and not isinstance(parents.get(node), ast.Expr | ast.Lambda):  # a lambda: on_commit drops it
            target = ast.unparse(node.func.value).lower()
            if any(word in target for word in ("socket", "mail", "client", "session", "conn")):
                continue  # not a signal
            found.append(f"{module}:{node.lineno}: {ast.unparse(parents.get(node, node))[:100]}")
    return found


def receivers_answering(module: str, tree: ast.Module) -> list[str]:
    """Each function decorated ``@receiver(...)`` (or connected with ``.connect``) that returns a value."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) \
                and any("receiver" in ast.unparse(d) for d in node.decorator_list):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return) and inner.value is not None \
                        and not (isinstance(inner.value, ast.Constant) and inner.value.value is None):
                    found.append(f"{module}:{inner.lineno}: {node.name} returns {ast.unparse(inner.value)[:60]}")
    return found


def test_every_signal_is_an_event_named_in_the_past_tense():
    names = signals_defined(_trees())
    assert len(names) >= 10, "the signals moved: update this test"
    assert sorted(f"{m}.{n}" for m, n in names
                  if not (n.endswith("ed") or n.rsplit("_", 1)[-1] in IRREGULAR)) == []


def test_no_sender_reads_what_the_receivers_answer():
    assert [f for module, tree in _trees().items() for f in answers_read(module, tree)] == []


def test_no_receiver_returns_a_value():
    assert [f for module, tree in _trees().items() for f in receivers_answering(module, tree)] == []


@pytest.mark.parametrize(("source", "finding"), [
    ("def f():\n    for _r, answer in asked.send(sender=None):\n        return answer\n", "x:2"),
    ("def f():\n    return [a for _r, a in asked.send(sender=None)]\n", "x:2"),
    ("def f():\n    answers = asked.send_robust(sender=None)\n", "x:2"),
], ids=["a loop over the answers", "a comprehension", "an assignment"])
def test_a_planted_question_is_seen(source, finding):
    assert [f.split(":")[0] + ":" + f.split(":")[1] for f in answers_read("x", ast.parse(source))] == [finding]


def test_a_planted_answering_receiver_is_seen():
    source = "@receiver(asked)\ndef answer(sender, **kwargs):\n    return True\n"
    assert receivers_answering("x", ast.parse(source)) == ["x:3: answer returns True"]


def test_an_event_sent_and_forgotten_is_not_a_question():
    source = "def f():\n    game_finished.send(sender=None, game=1)\n    transaction.on_commit(lambda: x.send(1))\n"
    assert answers_read("x", ast.parse(source)) == []


def test_the_hook_script_agrees():
    """The shared before-stop hook counts the same (when it is there to run)."""
    hook = ROOT.parent / "shared" / "hooks" / "answering_signals.py"
    if not hook.exists():
        pytest.skip("the shared hooks are not beside this checkout")
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(hook)], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.stdout.strip().splitlines()[-1].startswith("0 place"), done.stdout
