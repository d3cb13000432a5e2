"""Rendering a refusal: :class:`Message` (a template per language), :class:`Text` (a message
with its fields) and Korean particles.

A message is a ``str.format`` template per language over the same named fields. English and
Korean are written with the message (``Message(english, korean)`` in
:mod:`scoring.messages.catalogue`); every other language has one catalogue file, a dict from the
message's key to its template (:data:`CATALOGUE_MODULES`: ``ja.py``, ``zh_hans.py``,
``zh_hant.py``), loaded when first asked for. A catalogue message (one with a key) has a
template in every language -- a missing key is a test failure (tests/scoring/test_languages.py)
and a ``KeyError`` here, never a quiet English. A message made outside the catalogue (a key of
"") may carry its other languages in ``texts``; without one it reads in English. In the Korean
templates a field may carry a particle as its format spec -- ``{who:은}``, ``{what:이}``,
``{x:을}``, ``{x:과}``, ``{x:으로}`` -- which becomes 은/는, 이/가, 을/를, 과/와 or 으로/로
after the field's last sound, so names read naturally ("이서연은", "김민준은"). Fields may
be plain values, other messages or texts (fragments), or errors (rendered in the same
language). "Player N" seat labels (:data:`PLAYER_LABEL`) read "플레이어 N" in Korean, "プレイヤーN" in
Japanese, "玩家N" in Chinese; a game record replaces them by the players' names
(:meth:`scoring.errors.ScoringError.naming`).

The messages themselves are in :mod:`scoring.messages.catalogue`. Pure Python: no Django.
"""

from __future__ import annotations

import functools
import importlib
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

LANGUAGES = ("en", "ko", "ja", "zh-hans", "zh-hant")
"""The engine's languages, as :func:`language` names them (Django's codes, lower case)."""

CATALOGUE_MODULES = {"ja": "ja", "zh-hans": "zh_hans", "zh-hant": "zh_hant"}
"""A language whose templates live in a catalogue file -> that module of :mod:`scoring.messages`."""


@functools.cache
def translations(lang: str) -> Mapping[str, str]:
    """The catalogue file of ``lang`` ("ja", "zh-hans", "zh-hant"): message key -> template."""
    module = importlib.import_module(f"scoring.messages.{CATALOGUE_MODULES[lang]}")
    return module.MESSAGES


@dataclass(frozen=True)
class Message:
    """One refusal (or fragment of one): its English and Korean templates; its other languages'
    are in their catalogue files under ``key`` (or, for a message made outside the catalogue, in ``texts``)."""

    en: str
    ko: str
    key: str = field(default="", compare=False)
    texts: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)

    def __call__(self, **fields: Any) -> Text:
        """This message with its fields, for use as another message's field."""
        return Text(self, fields)

    def template(self, lang: str) -> str:
        """The template in ``lang`` (one of :data:`LANGUAGES`)."""
        if lang == "en":
            return self.en
        if lang == "ko":
            return self.ko
        if self.key:
            return translations(lang)[self.key]
        return self.texts.get(lang, self.en)


@dataclass(frozen=True)
class Text:
    """A message with its fields, rendered when the language is known."""

    template: Message
    fields: Mapping[str, Any]

    def render(self, lang: str) -> str:
        return render(self.template, lang, self.fields)

    def __str__(self) -> str:
        return self.render("en")


# Seat-level code names players "Player 1".."Player 4" (seat index + 1); where the names are
# known (a game record), they take the place of these labels.
PLAYER_LABEL = re.compile(r"\bPlayer ([1-4])\b")

# "Player N" in each language but English.
_PLAYER_WORDS = {"ko": r"플레이어 \1", "ja": r"プレイヤー\1", "zh-hans": r"玩家\1", "zh-hant": r"玩家\1"}

# A particle spec -> (after a final consonant, after a vowel).
_PARTICLES = {
    "은": ("은", "는"), "는": ("은", "는"),
    "이": ("이", "가"), "가": ("이", "가"),
    "을": ("을", "를"), "를": ("을", "를"),
    "과": ("과", "와"), "와": ("과", "와"),
    "으로": ("으로", "로"), "로": ("으로", "로"),
}
# How a final digit is read in Korean: 0 영, 1 일, 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠, 8 팔, 9 구.
_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ", "7": "ㄹ", "8": "ㄹ", "9": ""}
_FINALS = " ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"


def _final(text: str) -> str | None:
    """The final consonant of the word's last sound ("" for a vowel), None if unknown."""
    for ch in reversed(text):
        if "가" <= ch <= "힣":
            return _FINALS[(ord(ch) - 0xAC00) % 28].strip()
        if ch in _DIGIT_FINAL:
            return _DIGIT_FINAL[ch]
        if ch.isalpha():
            return None
    return None


def particle(text: str, spec: str) -> str:
    """``text`` followed by the particle ``spec`` (은, 이, 을, 과, 으로 ...) that fits its last sound."""
    with_final, without = _PARTICLES[spec]
    final = _final(text)
    if final is None:
        return f"{text}{with_final}({without})"
    if with_final == "으로" and final == "ㄹ":
        return f"{text}{without}"
    return f"{text}{with_final if final else without}"


# A doubled particle as a translation writes it when the word before it is not known: "이름(으)로", "이름은(는)".
_DOUBLED = re.compile(r"(?<=\S)(?:\(으\)로|은\(는\)|는\(은\)|이\(가\)|가\(이\)|을\(를\)|를\(을\)|과\(와\)|와\(과\))")
_DOUBLED_SPEC = {"(으)로": "으로", "은(는)": "은", "는(은)": "은", "이(가)": "이", "가(이)": "이",
                 "을(를)": "을", "를(을)": "을", "과(와)": "과", "와(과)": "과"}


def settle_particles(text: str) -> str:
    """Every doubled particle in ``text`` ("최하늘(으)로", "김관리은(는)") as the one that fits the word before it
    ("최하늘로", "김관리는"); after a word whose sound is unknown (Latin letters) it stays doubled."""

    def one(match: re.Match[str]) -> str:
        last = text[:match.start()].rstrip("”’\"'»")[-1:]
        if not last or _final(last) is None:
            return match.group(0)
        return particle(last, _DOUBLED_SPEC[match.group(0)])[1:]

    return _DOUBLED.sub(one, text)


class _Renderer(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        lang = self.lang
        if isinstance(value, Message):
            value = render(value, lang, {})
        elif isinstance(value, Text):
            value = value.render(lang)
        elif hasattr(value, "localized"):  # a ScoringError inside another one
            value = value.localized(lang)
        if lang in _PLAYER_WORDS and isinstance(value, str):
            value = PLAYER_LABEL.sub(_PLAYER_WORDS[lang], value)
        if format_spec in _PARTICLES:
            return particle(str(value), format_spec)
        return format(value, format_spec)


_RENDERERS = {lang: _Renderer(lang) for lang in LANGUAGES}


# Chinese subtags that mean Traditional characters (a script, or a region that writes them).
_TRADITIONAL = {"hant", "tw", "hk", "mo"}


def language(lang: str | None) -> str:
    """The catalogue's language for a page's: "ko" ("ko", "ko-kr", "ko_KR"), "ja" ("ja", "ja-JP"),
    "zh-hans" ("zh-hans", "zh-cn", "zh-sg", "zh"), "zh-hant" ("zh-hant", "zh-tw", "zh-hk", "zh-mo"),
    else "en"."""
    if not lang:
        return "en"
    base, *subtags = lang.lower().replace("_", "-").split("-")
    if base == "zh":
        return "zh-hant" if _TRADITIONAL.intersection(subtags) else "zh-hans"
    return base if base in LANGUAGES else "en"


def render(message: Message, lang: str | None, fields: Mapping[str, Any] | None = None) -> str:
    """``message`` in ``lang`` (see :func:`language`: "ko-kr" is Korean, "zh-tw" Traditional Chinese,
    an unknown language English) with ``fields``."""
    renderer = _RENDERERS[language(lang)]
    return renderer.vformat(message.template(renderer.lang), (), fields or {})


def player_label(seat: int) -> str:
    """The label of a seat (0-based) in a refusal, "Player 1".."Player 4"; a game record names them."""
    return f"Player {seat + 1}"
