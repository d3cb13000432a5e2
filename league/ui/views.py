"""What every league screen's view shares: loading a game with its permission check, and the services'
refusals worded for the table host (refusing a request and the form's once-only key are the floor's:
``core.web``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core.error_codes import FloorErrorCode
from core.web import Refused, refuse
from league import permissions
from league.error_codes import LeagueErrorCode as Code
from league.models import Game
from scoring.errors import ScoringError


def load_game(request: HttpRequest, pk: int, check: Callable[[Any, Game], bool] | None = None) -> Game:
    """The game, or PermissionDenied/redirect (raised as ``Refused``) when ``check`` fails."""
    game = get_object_or_404(Game.objects.select_related("club", "season", "ruleset"), pk=pk)
    # With the game: the one standing lookup of the request also says whether the user plays it.
    check = check or (lambda user, g: permissions.can(user, permissions.Action.VIEW_CLUB, club=g.club, game=g))
    if not check(request.user, game):
        raise Refused(refuse(request, hide=permissions.outsider(request.user, game.club)))
    return game


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
    page's language. Anything that comes from the engine is the engine's own words: in Korean
    when the page is Korean (the engine's catalogue, ``ScoringError.localized``), else English
    after a lead-in, so nothing of the rules is restated here.
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
    korean = isinstance(error, ScoringError) and error.template is not None and lang.lower().split("-")[0] == "ko"
    if code == Code.LATER_HAND:
        if korean and hand is not None:
            return _("Nothing was changed: hand %(n)s would become impossible. %(reason)s") % {
                "n": hand + 1, "reason": error.localized(lang)}
        return _("Nothing was changed: this would make a later hand impossible. %(message)s") % {"message": detail}
    if isinstance(exc, ScoringError) or code in (Code.INVALID, Code.RULESET, Code.FINISHED):
        if korean:
            return error.localized(lang)  # the engine's refusal in Korean, with the players' names
        return engine_message(detail)
    return _("Refused: %(message)s") % {"message": detail}


__all__ = ["already_saved_message", "cancelled_message", "engine_message", "load_game", "refusal_message"]
