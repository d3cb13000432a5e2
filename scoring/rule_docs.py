"""Each ruleset option's docstring, read from the source of :class:`scoring.rules.Ruleset`.

The option docstrings are the one description of each rule (DEVELOPERS.md: a docstring per
option); screens that let an admin edit a ruleset show them rather than a second text.
"""
from __future__ import annotations

import ast
import functools
import inspect
import textwrap

from scoring.rules import Ruleset


@functools.cache
def option_docs() -> dict[str, str]:
    """``{option name: its docstring}`` for every documented field of ``Ruleset``."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(Ruleset)))
    body = tree.body[0].body  # the class body
    docs: dict[str, str] = {}
    for node, following in zip(body, body[1:], strict=False):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)):
            docs[node.target.id] = " ".join(following.value.value.split())
    return docs
