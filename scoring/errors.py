"""The scoring package's one error vocabulary.

Every refusal the engine makes (a bad record, an impossible hand, an unknown
ruleset) is a :class:`ScoringError` whose message a table host can read.
"""

from __future__ import annotations

import re
from typing import Sequence

# Seat-level code names players "Player 1".."Player 4" (seat index + 1); where the names
# are known (a game record), they take the place of these labels.
_PLAYER_LABEL = re.compile(r"\bPlayer ([1-4])\b")


class ScoringError(ValueError):
    """A record, event or hand that the rules do not allow.

    ``hand`` is the index of the first bad event in a game record, or ``None``
    when the error is not tied to one event (an unknown ruleset, a bad header).
    """

    def __init__(self, message: str, *, hand: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hand = hand

    def at(self, hand: int) -> "ScoringError":
        """The same error, pinned to event ``hand`` unless it already names one."""
        if self.hand is None:
            self.hand = hand
        return self

    def naming(self, names: Sequence[str]) -> "ScoringError":
        """The same error with "Player N" labels replaced by the players' names."""

        def name(match: re.Match) -> str:
            seat = int(match.group(1)) - 1
            return names[seat] if seat < len(names) else match.group(0)

        message = _PLAYER_LABEL.sub(name, self.message)
        if message == self.message:
            return self
        renamed = type(self)(message, hand=self.hand)
        renamed.__cause__ = self.__cause__
        return renamed

    def to_json(self) -> dict:
        return {"error": {"hand": self.hand, "message": self.message}}


class HandError(ScoringError):
    """A full hand (tiles, melds, flags) that cannot be scored."""

    def to_json(self) -> dict:
        return {"error": {"message": self.message}}
