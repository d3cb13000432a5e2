"""Rendering a refusal: :class:`Message` (an English and a Korean template), :class:`Text`
(a message with its fields) and Korean particles.

A message is a pair of ``str.format`` templates over the same named fields. In the Korean
templates a field may carry a particle as its format spec -- ``{who:은}``, ``{what:이}``,
``{x:을}``, ``{x:과}``, ``{x:으로}`` -- which becomes 은/는, 이/가, 을/를, 과/와 or 으로/로
after the field's last sound, so names read naturally ("이서연은", "김민준은"). Fields may
be plain values, other messages or texts (fragments), or errors (rendered in the same
language). "Player N" seat labels (:data:`PLAYER_LABEL`) read "플레이어 N" in Korean; a game
record replaces them by the players' names (:meth:`scoring.errors.ScoringError.naming`).

The messages themselves are in :mod:`scoring.messages.catalogue`. Pure Python: no Django.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

LANGUAGES = ("en", "ko")


@dataclass(frozen=True)
class Message:
    """One refusal (or fragment of one): an English and a Korean template."""

    en: str
    ko: str
    key: str = field(default="", compare=False)

    def __call__(self, **fields: Any) -> Text:
        """This message with its fields, for use as another message's field."""
        return Text(self, fields)

    def template(self, lang: str) -> str:
        return self.ko if lang == "ko" else self.en


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
        if lang == "ko" and isinstance(value, str):
            value = PLAYER_LABEL.sub(r"플레이어 \1", value)
        if format_spec in _PARTICLES:
            return particle(str(value), format_spec)
        return format(value, format_spec)


_RENDERERS = {lang: _Renderer(lang) for lang in LANGUAGES}


def language(lang: str | None) -> str:
    """The catalogue's language for a page's: "ko" for Korean ("ko", "ko-kr", "ko_KR"), else "en"."""
    return "ko" if lang and lang.lower().replace("_", "-").split("-")[0] == "ko" else "en"


def render(message: Message, lang: str | None, fields: Mapping[str, Any] | None = None) -> str:
    """``message`` in ``lang`` (Korean for "ko", "ko-kr"...; English otherwise) with ``fields``."""
    renderer = _RENDERERS[language(lang)]
    return renderer.vformat(message.template(renderer.lang), (), fields or {})


def player_label(seat: int) -> str:
    """The label of a seat (0-based) in a refusal, "Player 1".."Player 4"; a game record names them."""
    return f"Player {seat + 1}"
