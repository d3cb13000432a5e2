"""The services' refusals of a hand or a game (``ValidationError``s the screens and the API word).

``HandRefused.code`` is one of :class:`league.error_codes.LeagueErrorCode`'s values.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from league.error_codes import LeagueErrorCode as Code
from scoring.errors import ScoringError

if TYPE_CHECKING:
    from league.models import HandRecord


class HandRefused(ValidationError):
    """A hand (or a change to one) that cannot be stored. ``hand`` is the event index, if any.

    ``error`` is the engine's refusal behind it, if any: the views show it in the page's
    language (``error.localized(lang)``); ``message`` stays the English text (the API's).
    """

    def __init__(self, message: str, *, hand: int | None = None, code: str = Code.INVALID,
                 error: ScoringError | None = None) -> None:
        super().__init__(message, code=code)
        self.hand = hand
        self.error = error

    def to_json(self) -> dict[str, Any]:
        return {"error": {"hand": self.hand, "message": self.message}}


class SeatedElsewhere(ValidationError):
    """A member is already seated at another game in progress (``seats``: (name, table label, game id))."""

    def __init__(self, seats: list[tuple[str, str, int]]) -> None:
        super().__init__(seated_elsewhere_words(seats), code=Code.SEATED_ELSEWHERE)
        self.seats = seats


def seated_elsewhere_words(seats: list[tuple[str, str, int]]) -> str:
    """"이미 진행 중인 대국에 앉아 있습니다: 최하늘 (1라운드 · 1번 테이블)…" in the language of the request."""
    from league.games.words import table_words

    names = "; ".join(_("%(name)s (%(table)s)") % {"name": name, "table": table_words(label or game_id)}
                      for name, label, game_id in seats)
    return _("Already seated at a game in progress: %(seats)s. Finish or cancel that game first.") % {"seats": names}


def undone_message() -> str:
    return gettext("This hand was saved, then undone (or deleted) on another device: it is no longer in the game. "
                   "Nothing was saved again; enter it again if it should stand.")


class HandConflict(HandRefused):
    """A different event is already stored at that position (someone else was quicker)."""

    def __init__(self, message: str, *, hand: int, existing: HandRecord) -> None:
        super().__init__(message, hand=hand, code=Code.CONFLICT)
        self.existing = existing
