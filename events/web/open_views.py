"""The organiser's page for unfinished games (issue 21, item 5): every unfinished game of the club with
end at time / end by referee / cancel. (Closing a night whose tables still play: ``events.web.nights.views``.)"""
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
from events import access, open_games
from events.web import pages
from league.models import Game


@login_required
@never_cache
def open_games_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Every unfinished game of the club; POST ``game``, ``action`` (time / referee / cancel), ``note``."""
    club = get_object_or_404(Club, slug=slug)
    if not access.can_run_night(request.user, club):
        raise PermissionDenied
    status = HTTPStatus.OK
    if request.method == "POST":
        game = get_object_or_404(Game, pk=pages.posted_id(request.POST.get("game")), club=club)  # "abc": 404
        try:
            open_games.settle_game(game=game, action=request.POST.get("action", ""), note=request.POST.get("note", ""),
                                   by=request.user)
        except ValueError:
            messages.error(request, _("Choose what to do with the game."))
        except ValidationError as exc:
            messages.error(request, open_games.refusal_words(exc))
            status = HTTPStatus.UNPROCESSABLE_ENTITY
        else:
            messages.success(request, _("Done: %(table)s.") % {"table": game.table_label or game.pk})
            return redirect("events:open_games", club.slug)
    return render(request, "events/open_games.html", {"club": club, "games": open_games.open_games(club)},
                  status=status)
