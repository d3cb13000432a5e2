"""The services' refusals of a hand or a game (``ValidationError``s the screens and the API word),
and their words for the table host (:func:`refusal_message`), which the table's read module and the
views share.

``HandRefused.code`` is one of :class:`league.error_codes.LeagueErrorCode`'s values.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext as _

from core.error_codes import FloorErrorCode
from league.error_codes import LeagueErrorCode as Code
from scoring.errors import ScoringError
from scoring.messages import language as engine_language

if TYPE_CHECKING:
    from league.models import Game, HandRecord


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


def already_saved_message() -> str:
    return _("This hand was already saved")


def engine_message(message: str) -> str:
    """The scoring engine's (English) reason behind a lead-in in the page's language."""
    return _("The rules do not allow this: %(message)s") % {"message": message}


def cancelled_message(game: Game) -> str:
    return _("This game was cancelled (%(reason)s): its hands can no longer be entered or changed.") % {
        "reason": game.cancel_reason or "—"}


def refusal_message(exc: ValidationError | ScoringError, game: Game | None = None) -> str:
    """A refusal from the services or the engine, worded for the table host.

    The services' refusals carry a ``code``; those the host can act on get a sentence in the
    page's language. Anything that comes from the engine is the engine's own words: in the page's
    language when the engine has it (its catalogues, ``ScoringError.localized``: Korean, Japanese,
    Chinese), else English after a lead-in, so nothing of the rules is restated here.
    """
    code = getattr(exc, "code", None)
    error = exc if isinstance(exc, ScoringError) else getattr(exc, "error", None)
    message = getattr(exc, "message", None)
    detail = message if isinstance(message, str) else " ".join(getattr(exc, "messages", [str(exc)]))
    hand = getattr(exc, "hand", None)
    if code == Code.CANCELLED:
        if game is not None:
            return cancelled_message(game)
        return _("This game was cancelled: its hands can no longer change.")
    if code == Code.CONFLICT and hand is not None:
        return _("Hand %(n)s was already entered differently (by someone else?). Reload the table to see it, "
                 "then edit it if it is wrong.") % {"n": hand + 1}
    if code == Code.REFEREE_ONLY:
        return _("Penalties are a referee's: only a referee or a club admin can give, change or remove them "
                 "(on the referee screen).")
    if code == Code.CLOSED:
        return _("This game is finished: only a referee or a club admin can change it, with a reason.")
    if code == Code.REASON:
        return _("This game is finished: say why it is changed.")
    if code == Code.FINISHED and error is None:
        return _("This game is over: no hand can follow it. A referee can reopen a game ended by time or by a "
                 "referee.")
    if code == Code.NOTE:
        return _("Say why the referee ends the game.")
    if code == Code.TIME_NOT_UP:
        return _("The end rule does not say the game is over yet: play on.")
    if code == Code.NOT_AN_END:
        return _("This game did not end at time or by a referee: there is no end to take back.")
    if code == Code.HANDS_ENTERED:
        return _("Hands were entered for this game on the table screen: finish the game there.")
    if code == Code.END_IS_A_SERVICE:
        return _("An end or a result is not entered as a hand: end the game with its end button, a referee, or the "
                 "score entry.")
    if code == Code.GONE:
        return _("This hand was already deleted (by someone else?): nothing was changed. Reload the game to see it "
                 "as it is now.")
    if code == FloorErrorCode.ALREADY_DONE:
        return already_saved_message()
    if code == Code.POSITION:
        return _("This is not the next hand of the game any more (the game changed since this screen was loaded). "
                 "Reload the table.")
    lang = get_language() or ""
    # The engine speaks the page's language itself (its catalogues: ko, ja, zh-hans, zh-hant; issue 38).
    localized = isinstance(error, ScoringError) and error.template is not None and engine_language(lang) != "en"
    if code == Code.LATER_HAND:
        if localized and hand is not None:
            return _("Nothing was changed: hand %(n)s would become impossible. %(reason)s") % {
                "n": hand + 1, "reason": error.localized(lang)}
        return _("Nothing was changed: this would make a later hand impossible. %(message)s") % {"message": detail}
    if isinstance(exc, ScoringError) or code in (Code.INVALID, Code.RULESET, Code.FINISHED):
        if localized:
            return error.localized(lang)  # the engine's refusal in the page's language, with the players' names
        return engine_message(detail)
    return _("Refused: %(message)s") % {"message": detail}
