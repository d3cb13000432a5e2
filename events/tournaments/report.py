"""The tournament report (issue 26 item 5): one printable page, Korean first — final standings, the
cut, each round's tables, the awards and the penalties. Every number is read where the results page
reads it (``events.tournaments.standings``/``selectors``) and the awards where the league stores them
(the tournament's season's standings: ``league.standings``)."""
from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from events import access
from events.tournaments import selectors, standings
from events.tournaments.models import Tournament
from league.models import Penalty
from league.standings import selectors as standings_selectors
from league.standings.services import standings_refresh


def tournament_awards(tournament: Tournament) -> list[dict]:
    """The awards of the tournament's season, as the standings update stored them."""
    season = tournament.season
    if season is None:
        return []
    snapshot = standings_selectors.season_snapshot(season=season)
    if snapshot is None:
        snapshot = standings_refresh(season_id=season.pk)
    return standings_selectors.season_awards(snapshot=snapshot)


@require_GET
def report(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament.objects.select_related("club", "ruleset", "season"), pk=pk)
    if not access.can_view_tournament(request.user, tournament):  # as the results page: 결과 공개 or members
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    rows = standings.standings(tournament)
    finalists = [r for r in rows if r.get("finalist")]
    penalties = (list(Penalty.objects.filter(season=tournament.season).select_related("member", "game")
                      .order_by("given_at", "id")) if tournament.season_id else [])
    return render(request, "events/tournaments/report.html", {
        "tournament": tournament, "club": tournament.club, "rows": rows, "finalists": finalists,
        "rounds": selectors.rounds(tournament), "teams": standings.team_standings(tournament, rows),
        "awards": [a for a in tournament_awards(tournament) if a["winners"]], "penalties": penalties,
    })
