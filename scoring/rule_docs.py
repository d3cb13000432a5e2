"""Each ruleset option's docstring, read from the source of :class:`scoring.rules.Ruleset`, and its
Korean label, one-line explanation and rulebook part (the field's metadata, next to the option).

The option docstrings are the one description of each rule (DEVELOPERS.md: a docstring per
option); screens that let an admin edit a ruleset show the Korean next to them in
``scoring/rules/ruleset.py`` rather than a second text.
"""
from __future__ import annotations

import ast
import dataclasses
import enum
import functools
import inspect
import textwrap
import typing
from typing import Any, NamedTuple

from scoring.rules import Ruleset
from scoring.rules.ruleset import CHOICE_KO, OptionGroup


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


class OptionText(NamedTuple):
    """What the ruleset page shows for one option."""

    group: OptionGroup | None
    label: str
    help: str


@functools.cache
def option_texts() -> dict[str, OptionText]:
    """``{option name: its group, Korean label and explanation}``, in the dataclass's order."""
    return {f.name: OptionText(f.metadata.get("group"), f.metadata.get("ko", ""), f.metadata.get("ko_help", ""))
            for f in dataclasses.fields(Ruleset)}


def option_groups() -> list[OptionGroup]:
    """The rulebook parts in the order a rulebook has them."""
    return list(OptionGroup)


def choice_label(value: Any) -> str:
    """One choice of an option in Korean: an enum member, a penalty kind or a yaku id."""
    if isinstance(value, enum.Enum) and value in CHOICE_KO:
        return CHOICE_KO[value]
    code = value.value if isinstance(value, enum.Enum) else str(value)
    from scoring.messages.catalogue import PHRASES

    if code in PHRASES:
        return PHRASES[code].ko
    try:
        from scoring.hand.names import yaku_name  # the one home of yaku names
    except ImportError:  # the hand engine is optional
        return code
    return yaku_name(code, "ko")  # an unknown id as it is


def value_in_korean(name: str, value: Any) -> str:
    """An option's JSON value as a club admin reads it: choices in Korean, yes/no, lists joined,
    numbers with thousands separators, a dash for none."""
    if value is None:
        return "없음"
    if isinstance(value, bool):
        return "예" if value else "아니오"
    choices = _enum_of(name)
    if isinstance(value, list):
        if not value:
            return "없음"
        return ", ".join(_item(choices, v) for v in value)
    return _item(choices, value)


def _item(choices: type[enum.Enum] | None, value: Any) -> str:
    if isinstance(value, bool):
        return "예" if value else "아니오"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:g}"
    if choices is not None:
        try:
            return choice_label(choices(value))
        except ValueError:
            return str(value)
    return choice_label(value)


@functools.cache
def _enum_of(name: str) -> type[enum.Enum] | None:
    hint = typing.get_type_hints(Ruleset)[name]
    for candidate in (hint, *typing.get_args(hint)):
        if isinstance(candidate, type) and issubclass(candidate, enum.Enum):
            return candidate
    return None


__all__ = ["OptionText", "choice_label", "option_docs", "option_groups", "option_texts", "value_in_korean"]
