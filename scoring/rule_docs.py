"""Each ruleset option's docstring, read from the source of :class:`scoring.rules.Ruleset`, and what the
ruleset pages show for it in the page's language: its label, one-line explanation and rulebook part, its
choices and values (:mod:`scoring.rules.texts`, one catalogue per language; Korean is the source, next to the
option in ``scoring/rules/ruleset.py``).

The option docstrings are the one description of each rule (DEVELOPERS.md: a docstring per option).
Every function that shows words takes the page's language (``"ko"``, ``"en"``, ``"ja"``, ``"zh-hans"``,
``"zh-hant"``, or a code that reads as one); the screens pass Django's active language.
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

from scoring.messages.render import language, render
from scoring.rules import Ruleset
from scoring.rules.ruleset import OptionGroup
from scoring.rules.texts import choice_key, text, texts


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


# Which version of the engine introduced each option: the first rulesets (2026-11-30), then each issue or
# audit that added options. docs/rulesets.md and docs/rules-audit.md list every option with it.
_FIRST = "v1 (2026-11-30: the first rulesets)"
_SINCE_LATER: dict[str, str] = {
    "yame_below_min_goes_west": "rules audit E3 (2026-11-30)",
    "honroutou_chiitoitsu_mangan": "Juki versions (2026-11-30)",
    "yellow_cards_chombo_replay": "Juki versions (2026-11-30)",
    "kita": "issue 14 (2026-12-01: Tenhou and Mahjong Soul three-player)",
    **dict.fromkeys((
        "sudden_death_above_target", "west_last_all_last", "nagashi_win_tenpai_renchan", "nagashi_noten_payments",
        "paarenchan_count", "double_wind_pair_in_west", "pao_ron_honba", "penalty_points_per_hand",
        "sanma_tsumo_split", "sanma_honba_tsumo_loss", "sanma_nagashi_tsumo_loss", "flower_rinshan_pinfu",
        "sanma_tiles"), "issue 23 (2026-12-01: the open readings)"),
    **dict.fromkeys(("rounding_zero_sum", "no_renhou_entry"), "issue 40 (2026-12-04: the last corners)"),
}


def option_since(name: str) -> str:
    """The engine version (issue) that introduced option ``name``."""
    return _SINCE_LATER.get(name, _FIRST)


def options_markdown(preset_keys: list[str]) -> str:
    """docs/rulesets.md's table "Every option and each preset's value": option, the version that introduced
    it, its docstring, and each preset's value as JSON."""
    import json

    from scoring.rules import PRESETS

    values = {key: PRESETS[key].to_dict() for key in preset_keys}
    head = ["option", "since", "meaning", *preset_keys]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for f in dataclasses.fields(Ruleset):
        if f.name in ("key", "name"):
            continue
        doc = option_docs().get(f.name, "").replace("``", "`").replace("|", "\\|")
        cells = [f"`{f.name}`", option_since(f.name), doc,
                 *(json.dumps(values[k][f.name], ensure_ascii=False) for k in preset_keys)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def options_since_markdown() -> str:
    """docs/rules-audit.md's list of every option with the version that introduced it and its rulebook part."""
    lines = ["| option | since | rulebook part |", "|---|---|---|"]
    for f in dataclasses.fields(Ruleset):
        group = f.metadata.get("group")
        lines.append(f"| `{f.name}` | {option_since(f.name)} | {group.value if group else ''} |")
    return "\n".join(lines)


class OptionText(NamedTuple):
    """What the ruleset page shows for one option."""

    group: OptionGroup | None
    label: str
    help: str


def option_texts(lang: str | None) -> dict[str, OptionText]:
    """``{option name: its group, label and explanation in lang}``, in the dataclass's order."""
    return _option_texts(language(lang))


@functools.cache
def _option_texts(lang: str) -> dict[str, OptionText]:
    words = texts(lang)
    return {f.name: OptionText(f.metadata.get("group"), words[f"option.{f.name}"], words[f"help.{f.name}"])
            for f in dataclasses.fields(Ruleset)}


def option_groups() -> list[OptionGroup]:
    """The rulebook parts in the order a rulebook has them."""
    return list(OptionGroup)


def group_label(group: OptionGroup, lang: str | None) -> str:
    """A rulebook part's title in ``lang``."""
    return text(f"group.{group.name}", lang)


def choice_label(value: Any, lang: str | None) -> str:
    """One choice of an option in ``lang``: an enum member, a penalty kind or a yaku id."""
    if isinstance(value, enum.Enum) and choice_key(value) in texts(lang):
        return text(choice_key(value), lang)
    code = value.value if isinstance(value, enum.Enum) else str(value)
    from scoring.messages.catalogue import PHRASES

    if code in PHRASES:
        return render(PHRASES[code], lang)
    try:
        from scoring.hand.names import yaku_name  # the one home of yaku names
    except ImportError:  # the hand engine is optional
        return code
    return yaku_name(code, language(lang))  # an unknown id as it is


# How a list of values is joined in each language (as scoring.messages.listing joins rule phrases).
_LIST_SEPARATOR = {"ja": "、", "zh-hans": "、", "zh-hant": "、"}


def value_text(name: str, value: Any, lang: str | None) -> str:
    """An option's JSON value as a club admin reads it in ``lang``: choices in words, yes/no, lists joined,
    numbers with thousands separators, "none" for no value."""
    if value is None:
        return text("value.none", lang)
    if isinstance(value, bool):
        return text("value.yes" if value else "value.no", lang)
    choices = _enum_of(name)
    if isinstance(value, list):
        if not value:
            return text("value.none", lang)
        return _LIST_SEPARATOR.get(language(lang), ", ").join(_item(choices, v, lang) for v in value)
    return _item(choices, value, lang)


def _item(choices: type[enum.Enum] | None, value: Any, lang: str | None) -> str:
    if isinstance(value, bool):
        return text("value.yes" if value else "value.no", lang)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:g}"
    if choices is not None:
        try:
            return choice_label(choices(value), lang)
        except ValueError:
            return str(value)
    return choice_label(value, lang)


@functools.cache
def _enum_of(name: str) -> type[enum.Enum] | None:
    hint = typing.get_type_hints(Ruleset)[name]
    for candidate in (hint, *typing.get_args(hint)):
        if isinstance(candidate, type) and issubclass(candidate, enum.Enum):
            return candidate
    return None


__all__ = ["OptionText", "choice_label", "group_label", "option_docs", "option_groups", "option_since", "option_texts",
           "options_markdown", "options_since_markdown", "value_text"]
