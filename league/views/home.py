"""Home: the user's clubs with their seasons, and the games they are playing now."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from club.selectors import clubs_for_user
from league import permissions, selectors
from league.models import Game


def home(request: HttpRequest) -> HttpResponse:
    clubs = []
    for club in clubs_for_user(user=request.user).prefetch_related("seasons"):
        clubs.append({
            "club": club,
            "seasons": list(club.seasons.all()),
            "can_view": permissions.can_view_club(request.user, club),
            "can_start": permissions.can_start_game(request.user, club),
            "live": selectors.games_for_club(club=club, status=Game.Status.IN_PROGRESS)[:10]
            if permissions.can_view_club(request.user, club) else [],
        })
    return render(request, "league/home/index.html", {"clubs": clubs})
