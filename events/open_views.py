"""The organiser's pages for unfinished games (issue 21, item 5): every unfinished game of the club with
end at time / end by referee / cancel, and closing a night whose tables still play."""
from __future__ import annotations

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from club.models import Club
from events import open_games, permissions
from events.models import ClubNight
from league.error_codes import LeagueErrorCode
from league.errors import refusal_message
from league.models import Game


def _message(exc: ValidationError) -> str:
    """A games-service refusal in the table's words (league's codes); an events refusal as it was raised."""
    if getattr(exc, "code", None) in {c.value for c in LeagueErrorCode}:
        return refusal_message(exc)
    return " ".join(exc.messages)


@login_required
@never_cache
def open_games_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Every unfinished game of the club; POST ``game``, ``action`` (time / referee / cancel), ``note``."""
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_run_night(request.user, club):
        raise PermissionDenied
    status = HTTPStatus.OK
    if request.method == "POST":
        game = get_object_or_404(Game, pk=request.POST.get("game") or 0, club=club)
        try:
            open_games.settle_game(game=game, action=request.POST.get("action", ""), note=request.POST.get("note", ""),
                                   by=request.user)
        except ValueError:
            messages.error(request, _("Choose what to do with the game."))
        except ValidationError as exc:
            messages.error(request, _message(exc))
            status = HTTPStatus.UNPROCESSABLE_ENTITY
        else:
            messages.success(request, _("Done: %(table)s.") % {"table": game.table_label or game.pk})
            return redirect("events:open_games", club.slug)
    return render(request, "events/open_games.html", {"club": club, "games": open_games.open_games(club)},
                  status=status)


@login_required
@never_cache
def night_close_ask(request: HttpRequest, pk: int) -> HttpResponse:
    """Close the night: for each table still playing, end at current scores, cancel, or keep."""
    night = get_object_or_404(ClubNight.objects.select_related("club"), pk=pk)
    if not permissions.can_open_night(request.user, night.club):
        raise PermissionDenied
    playing = open_games.open_games(night.club, night=night)
    status = HTTPStatus.OK
    if request.method == "POST":
        decisions = {g.game.pk: request.POST.get(f"game_{g.game.pk}", "") for g in playing}
        decisions = {k: v for k, v in decisions.items() if v in {s.value for s in open_games.Settle}}
        try:
            open_games.close_night(night=night, by=request.user, decisions=decisions,
                                   note=request.POST.get("note", ""))
        except ValidationError as exc:
            messages.error(request, _message(exc))
            status = HTTPStatus.UNPROCESSABLE_ENTITY
        else:
            messages.success(request, _("The club night is closed."))
            return redirect("events:night_detail", night.pk)
    return render(request, "events/close_night.html", {"night": night, "club": night.club, "games": playing},
                  status=status)
