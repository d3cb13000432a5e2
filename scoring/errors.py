"""The scoring package's one error vocabulary.

Every refusal the engine makes (a bad record, an impossible hand, an unknown
ruleset) is a :class:`ScoringError` whose message a table host can read. A refusal
is made from a template of :mod:`scoring.messages` and its fields, so it can be
shown in English (``.message``, the contract's text) or in another of the catalogue's languages
(``.localized("ko")``, ``"ja"``, ``"zh-hans"``, ``"zh-hant"``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.messages.render import PLAYER_LABEL, Message, Text, language, render


class ScoringError(ValueError):
    """A record, event or hand that the rules do not allow.

    ``hand`` is the index of the first bad event in a game record, or ``None``
    when the error is not tied to one event (an unknown ruleset, a bad header).

    ``message`` is a catalogue :class:`~scoring.messages.Message` with its fields as keyword
    arguments (the usual way), or a finished English text (which has no translation).
    """

    def __init__(self, message: Message | str, *, hand: int | None = None, **fields: Any) -> None:
        if isinstance(message, Message):
            self.template: Message | None = message
            self.fields: dict[str, Any] = fields
            text = render(message, "en", fields)
        else:
            if fields:
                raise TypeError("fields need a catalogue message (scoring.messages)")
            self.template = None
            self.fields = {}
            text = message
        super().__init__(text)
        self.message = text
        self.hand = hand

    def __reduce__(self):  # keyword-only arguments: rebuild from template and fields
        return _restore, (type(self), self.template or self.message, self.hand, self.fields)

    def at(self, hand: int) -> ScoringError:
        """The same error, pinned to event ``hand`` unless it already names one."""
        if self.hand is None:
            self.hand = hand
        return self

    def localized(self, lang: str | None) -> str:
        """The message in ``lang`` ("ko", "ja", "zh-hans", "zh-hant", or a code that reads as one of them,
        such as "ko-kr" or "zh-tw"); English for "en" and for a language the catalogue does not have."""
        lang = language(lang)
        if self.template is None or lang == "en":
            return self.message
        return render(self.template, lang, self.fields)

    def naming(self, names: Sequence[str]) -> ScoringError:
        """The same error with "Player N" labels replaced by the players' names."""
        if self.template is None:
            message = _rename(self.message, names)
            if message == self.message:
                return self
            renamed = type(self)(message, hand=self.hand)
        else:
            renamed = type(self)(self.template, hand=self.hand, **_rename_fields(self.fields, names))
            if renamed.message == self.message:
                return self
        renamed.__cause__ = self.__cause__
        return renamed

    def to_json(self, lang: str | None = None) -> dict:
        """The contract's error JSON; the message in ``lang`` (English by default)."""
        return {"error": {"hand": self.hand, "message": self.localized(lang)}}


class HandError(ScoringError):
    """A full hand (tiles, melds, flags) that cannot be scored."""

    def to_json(self, lang: str | None = None) -> dict:
        return {"error": {"message": self.localized(lang)}}


def _rename(value: Any, names: Sequence[str]) -> Any:
    if isinstance(value, str):

        def name(match: re.Match) -> str:
            seat = int(match.group(1)) - 1
            return names[seat] if seat < len(names) else match.group(0)

        return PLAYER_LABEL.sub(name, value)
    if isinstance(value, ScoringError):
        return value.naming(names)
    if isinstance(value, Text):
        return Text(value.template, _rename_fields(value.fields, names))
    return value


def _rename_fields(fields: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    return {key: _rename(value, names) for key, value in fields.items()}


def _restore(cls: type, message: Message | str, hand: int | None, fields: dict[str, Any]) -> ScoringError:
    return cls(message, hand=hand, **fields)
