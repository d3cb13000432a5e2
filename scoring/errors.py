"""The scoring package's one error vocabulary.

Every refusal the engine makes (a bad record, an impossible hand, an unknown
ruleset) is a :class:`ScoringError` whose message a table host can read.
"""

from __future__ import annotations


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

    def to_json(self) -> dict:
        return {"error": {"hand": self.hand, "message": self.message}}


class HandError(ScoringError):
    """A full hand (tiles, melds, flags) that cannot be scored."""

    def to_json(self) -> dict:
        return {"error": {"message": self.message}}
