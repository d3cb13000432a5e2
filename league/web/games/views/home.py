"""Home: the user's clubs with their seasons (each linked to its standings), and the games played now."""
from __future__ import annotations

from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from club.selectors import clubs_for_user
from league import permissions
from league.games import selectors as game_selectors
from league.models import Game, Season


def home(request: HttpRequest) -> HttpResponse:
    clubs = []
    seasons = Prefetch("seasons", queryset=Season.objects.select_related("ruleset"))
    for club in clubs_for_user(user=request.user).prefetch_related(seasons):
        can_view = permissions.can_view_club(request.user, club)
        clubs.append({
            "club": club,
            "seasons": list(club.seasons.all()),
            "can_view": can_view,
            "can_view_standings": permissions.can_view_standings(request.user, club),
            "can_start": permissions.can_start_game(request.user, club),
            "can_manage": permissions.can_manage_league(request.user, club),
            "can_audit": permissions.can_give_penalty(request.user, club),
            "live": game_selectors.games_for_club(club=club, status=Game.Status.IN_PROGRESS)[:10] if can_view else [],
        })
    return render(request, "league/home/index.html", {"clubs": clubs})
