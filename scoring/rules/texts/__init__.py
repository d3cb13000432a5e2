"""The ruleset's words in every language: each option's label and one-line help, each choice of an enum
option, each rulebook part, each preset's name, and the words for none/yes/no -- what the ruleset pages show
(:mod:`scoring.rule_docs`).

The same style as the engine's messages (:mod:`scoring.messages`): one catalogue per language with the same
keys, a missing key is a ``KeyError`` and a test failure (tests/scoring/test_rule_texts.py), never another
language. Korean is the source, written next to what it names (``option()`` metadata, ``CHOICE_KO`` and
``OptionGroup`` in :mod:`scoring.rules.ruleset`, ``PRESET_LABELS_KO`` in :mod:`scoring.rules.presets`); every
other language has one file here, a dict from key to text (:data:`CATALOGUE_MODULES`: ``en.py``, ``ja.py``,
``zh_hans.py``, ``zh_hant.py``). Keys:

* ``option.<name>``, ``help.<name>`` -- an option's label and its one-line help;
* ``choice.<Enum>.<value>`` -- a choice of an enum option (``choice.TieRule.split``);
* ``group.<member>`` -- a rulebook part (``group.READINGS``);
* ``preset.<key>`` -- a preset's name with its dates or version;
* ``value.none``, ``value.yes``, ``value.no``.

Penalty kinds and pao's hands are rule phrases of :mod:`scoring.messages`; yaku names are
:mod:`scoring.hand.names`. Pure Python: no Django (the page passes its language).
"""
from __future__ import annotations

import dataclasses
import functools
import importlib
from collections.abc import Mapping

from scoring.messages.render import LANGUAGES, language

CATALOGUE_MODULES = {"en": "en", "ja": "ja", "zh-hans": "zh_hans", "zh-hant": "zh_hant"}
"""A language whose ruleset words live in a file here -> that module of :mod:`scoring.rules.texts`."""

_KOREAN_VALUES = {"value.none": "없음", "value.yes": "예", "value.no": "아니오"}


@functools.cache
def korean() -> Mapping[str, str]:
    """The source catalogue: every key -> its Korean, read from where each word is written."""
    from scoring.rules.presets import PRESET_LABELS_KO
    from scoring.rules.ruleset import CHOICE_KO, OptionGroup, Ruleset

    texts = {f"group.{group.name}": group.value for group in OptionGroup}
    texts.update(_KOREAN_VALUES)
    for f in dataclasses.fields(Ruleset):
        texts[f"option.{f.name}"] = f.metadata["ko"]
        texts[f"help.{f.name}"] = f.metadata["ko_help"]
    for choices in CHOICE_KO.values():
        texts.update((choice_key(member), text) for member, text in choices.items())
    texts.update((f"preset.{key}", label) for key, label in PRESET_LABELS_KO.items())
    return texts


def keys() -> list[str]:
    """Every key of the catalogue (the Korean source's)."""
    return list(korean())


@functools.cache
def texts(lang: str | None) -> Mapping[str, str]:
    """The catalogue of one language (``"ko"``, ``"en"``, ``"ja"``, ``"zh-hans"``, ``"zh-hant"``, or a code that reads
    as one: ``"zh-tw"``, ``"ja-JP"``; another language is English): key -> text."""
    lang = language(lang)
    if lang == "ko":
        return korean()
    return importlib.import_module(f"scoring.rules.texts.{CATALOGUE_MODULES[lang]}").TEXTS


def text(key: str, lang: str | None) -> str:
    """One word of the ruleset in ``lang``; a key missing from the language's file is a ``KeyError``."""
    return texts(lang)[key]


def choice_key(member) -> str:
    """The key of an enum option's choice: ``choice.<Enum>.<value>``."""
    return f"choice.{type(member).__name__}.{member.value}"


__all__ = ["CATALOGUE_MODULES", "LANGUAGES", "choice_key", "keys", "korean", "text", "texts"]
