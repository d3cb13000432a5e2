"""The tournament report (issue 26 item 5): one printable page, Korean first — final standings, the
cut, each round's tables, the awards and the penalties. Every number is read where the results page
reads it (``events.tournaments.standings``/``selectors``) and the awards where the league stores them
(the tournament's season's standings: ``league.standings``). The same context is drawn as a PDF and a
PNG for sharing (``report_files``)."""
from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET

from events import access
from events.tournaments import report_files, selectors, standings
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


def report_context(tournament: Tournament) -> dict:
    """What the report shows, read once for the page and for its PDF and PNG (``report_files``)."""
    rows = standings.standings(tournament)
    penalties = (list(Penalty.objects.filter(season=tournament.season).select_related("member", "game")
                      .order_by("given_at", "id")) if tournament.season_id else [])
    return {
        "tournament": tournament, "club": tournament.club, "rows": rows,
        "finalists": [r for r in rows if r.get("finalist")],
        "rounds": selectors.rounds(tournament), "teams": standings.team_standings(tournament, rows),
        "awards": [a for a in tournament_awards(tournament) if a["winners"]], "penalties": penalties,
    }


def _viewable(request: HttpRequest, pk: int) -> Tournament | HttpResponse:
    tournament = get_object_or_404(Tournament.objects.select_related("club", "ruleset", "season"), pk=pk)
    if not access.can_view_tournament(request.user, tournament):  # as the results page: 결과 공개 or members
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    return tournament


@require_GET
def report(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _viewable(request, pk)
    if isinstance(tournament, HttpResponse):
        return tournament
    return render(request, "events/tournaments/report.html", report_context(tournament))


def _file(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    tournament = _viewable(request, pk)
    if isinstance(tournament, HttpResponse):
        return tournament
    sheet = report_files.report_sheet(report_context(tournament))
    body, content_type = ((report_files.sheet_pdf(sheet), "application/pdf") if kind == "pdf"
                          else (report_files.sheet_png(sheet), "image/png"))
    response = HttpResponse(body, content_type=content_type)
    # Inline: a phone opens it to look at or share; the name says which tournament it is.
    response["Content-Disposition"] = content_disposition_header(False, f"{tournament.name} 보고서.{kind}")
    response["Cache-Control"] = "private, no-cache"
    return response


@require_GET
def report_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    return _file(request, pk, "pdf")


@require_GET
def report_png(request: HttpRequest, pk: int) -> HttpResponse:
    return _file(request, pk, "png")
