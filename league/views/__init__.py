"""Views of the table-host and referee screens (thin: forms, services, selectors).

Shared here: loading a game for a screen with its permission check, and the replay of a
game with a candidate event (the preview and the table context).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league import permissions, selectors
from league.forms import TableContext
from league.models import Game
from scoring.errors import ScoringError
from scoring.game import Game as EngineGame
from scoring.game import GameReplay
from scoring.record import parse_record


def refuse(request: HttpRequest) -> HttpResponse:
    """Anonymous: to the login page. Logged in without the right: 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied


def load_game(request: HttpRequest, pk: int, check: Callable[[Any, Game], bool] | None = None) -> Game:
    """The game, or PermissionDenied/redirect (raised as ``Refused``) when ``check`` fails."""
    game = get_object_or_404(Game.objects.select_related("club", "season", "ruleset"), pk=pk)
    # With the game: the one standing lookup of the request also says whether the user plays it.
    check = check or (lambda user, g: permissions.can(user, permissions.Action.VIEW_CLUB, club=g.club, game=g))
    if not check(request.user, game):
        raise Refused(refuse(request))
    return game


class Refused(Exception):
    """Carries the response of a refused request out of a helper."""

    def __init__(self, response: HttpResponse) -> None:
        self.response = response


def refusable(view):
    """Turn a ``Refused`` raised by a helper into its response."""

    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except Refused as exc:
            return exc.response

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


@dataclass
class GameView:
    """A game with its record and replay, as the screens show it."""

    game: Game
    record: dict[str, Any]
    replay: GameReplay

    @property
    def players(self) -> list[str]:
        return list(self.record["players"])

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.record["hands"])

    @property
    def ruleset(self):
        return self.replay.record.ruleset

    def table(self, position: int | None = None) -> TableContext:
        """The entry context before the event at ``position`` (default: the next hand)."""
        if position is None or position >= len(self.events):
            state, pos = self.replay.state, len(self.events)
        else:
            state, pos = selectors.replay_record({**self.record, "hands": self.events[:position]}).state, position
        return TableContext(players=self.players, ruleset=self.ruleset, scores=state.scores, dealer=state.dealer,
                            position=pos, riichi_ok=state.riichi_allowed, renchan=state.renchan,
                            dealer_min_han=state.dealer_min_han, yellow_cards=state.yellow_cards,
                            penalty_points=state.penalty_points, agari_forbidden=state.agari_forbidden)

    def event_scores(self) -> list[tuple[int, ...]]:
        """The scores before the first event, then after each event (a penalty's payment is its own step).

        The replay's rows fold an in-game penalty into the next hand's row; the game page and the
        penalty lists show each payment where it happened, from these steps.
        """
        record = parse_record(self.record)
        machine = EngineGame(record.ruleset)
        steps = [tuple(machine.scores)]
        for i, event in enumerate(record.events):
            machine.apply(event, i)
            steps.append(tuple(machine.scores))
        return steps

    def event_deltas(self) -> list[tuple[int, ...]]:
        """What each event moved, seat by seat (``event_scores`` step by step)."""
        steps = self.event_scores()
        return [tuple(b - a for a, b in zip(before, after)) for before, after in zip(steps, steps[1:])]

    def final_rows(self) -> list[dict[str, Any]]:
        final = self.replay.final
        if final is None:
            return []
        data = final.to_json()
        rows = [{"seat": i, "name": name, "rank": data["ranks"][i], "score": data["scores"][i],
                 "points": data["points"][i]} for i, name in enumerate(self.players)]
        return sorted(rows, key=lambda r: r["rank"])

    def preview(self, event: dict[str, Any], position: int) -> dict[str, Any]:
        """Replay with ``event`` at ``position`` (replacing an existing one): the payments it makes.

        Raises ``ScoringError`` with the engine's message when the event is not possible.
        """
        events = self.events
        events[position:position + 1] = [event]
        rep = selectors.replay_record({**self.record, "hands": events})
        row = next((r for r in rep.rows if r.event_index == position or position in r.events), None)
        deltas = list(row.deltas) if row else [0] * len(self.players)
        scores = list(row.scores) if row else list(rep.state.scores)
        ends = reopens = None
        if rep.final is not None and self.replay.final is None:
            ends = rep.final.ended_by  # this hand (or, for an edit, this change) ends the game
        elif rep.final is None and self.replay.final is not None:
            reopens = True  # an edit that takes the game's end away: the table goes on
        return {"event": event, "ends": ends, "reopens": reopens, "edit": position < len(self.events), "seats": [
            {"name": name, "delta": deltas[i], "score": scores[i]} for i, name in enumerate(self.players)]}


def entry_once(request: HttpRequest):
    """The posted form's entry token (``{% entry_token %}``) as the services' once-only key."""
    from league.services import Once

    return Once.form(request.user, request.POST.get("entry_token"))


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
    if code == "cancelled":
        if game is not None:
            return cancelled_message(game)
        return _("This game was cancelled: its hands can no longer change.")
    if code == "conflict" and hand is not None:
        return _("Hand %(n)s was already entered differently (by someone else?). Reload the table to see it, "
                 "then edit it if it is wrong.") % {"n": hand + 1}
    if code == "referee_only":
        return _("Penalties are a referee's: only a referee or a club admin can give, change or remove them "
                 "(on the referee screen).")
    if code == "closed":
        return _("This game is finished: only a referee or a club admin can change it, with a reason.")
    if code == "reason":
        return _("This game is finished: say why it is changed.")
    if code == "gone":
        return _("This hand was already deleted (by someone else?): nothing was changed. Reload the game to see it "
                 "as it is now.")
    if code == "already_done":
        return already_saved_message()
    if code == "position":
        return _("This is not the next hand of the game any more (the game changed since this screen was loaded). "
                 "Reload the table.")
    lang = get_language() or ""
    korean = isinstance(error, ScoringError) and error.template is not None and lang.lower().split("-")[0] == "ko"
    if code == "later_hand":
        if korean and hand is not None:
            return _("Nothing was changed: hand %(n)s would become impossible. %(reason)s") % {
                "n": hand + 1, "reason": error.localized(lang)}
        return _("Nothing was changed: this would make a later hand impossible. %(message)s") % {"message": detail}
    if isinstance(exc, ScoringError) or code in ("invalid", "ruleset"):
        if korean:
            return error.localized(lang)  # the engine's refusal in Korean, with the players' names
        return engine_message(detail)
    return _("Refused: %(message)s") % {"message": detail}


def next_game_context(user, game: Game) -> dict[str, Any]:
    """For the final table: whether the viewer may start the table's next game, and its seats (by seat)."""
    if game.status != Game.Status.FINISHED or not permissions.can_start_game(user, game.club):
        return {"can_start_next": False, "seat_members": []}
    return {"can_start_next": True,
            "seat_members": list(game.seat_set.order_by("seat").values_list("member_id", flat=True))}


def game_view(game: Game) -> GameView:
    record = selectors.game_record(game)
    return GameView(game=game, record=record, replay=selectors.replay_record(record))


__all__ = ["GameView", "Refused", "ScoringError", "already_saved_message", "cancelled_message", "entry_once", "engine_message", "game_view", "load_game",
           "next_game_context", "refusable", "refusal_message", "refuse"]
