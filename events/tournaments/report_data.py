"""What the tournament report shows (issue 26 item 5), read once for the printable page and for its PDF and
PNG (``report_files``, built by the worker: ``report_store``). Every number is read where the results page
reads it (``events.tournaments.standings``/``selectors``) and the awards where the league stores them
(the tournament's season's standings: ``league.standings``)."""
from __future__ import annotations

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
