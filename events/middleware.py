"""Another club's events are not probed (issue 35, item 4): an address of the events pages that names a
night, a tournament, a table, an entrant or a game by its id answers a logged-in outsider 404 when the
row is another club's and not public, the same answer as an id that does not exist (:func:`hidden_from`).
Before the view: every such page, form, board, live fragment and export answers alike. An anonymous visitor is
sent to log in for a missing id as for a real one they may not see (:func:`visible_to_anonymous`)."""
from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import Http404

from events import access
from events.nights.models import ClubNight, NightTable
from events.teams.models import Fixture, MatchDay, Slot, Stage, Team, TeamLeague
from events.teams.selectors import can_view as can_view_team_league
from events.tournaments.models import Entrant, Tournament, TournamentTable
from league.models import Game
from league.permissions import can_view_club, outsider


class HideOtherClubsEventsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        if match is None or "events" not in match.namespaces or "pk" not in view_kwargs:
            return None
        route = match.route.removeprefix("events/")
        try:
            pk = int(view_kwargs["pk"])
        except (TypeError, ValueError):
            return None
        if not request.user.is_authenticated:
            # An anonymous visitor is sent to log in, for a real id as for a missing one (issue 35's leftovers:
            # a missing id answered 404 and a real one the login page); a page they may see answers as usual.
            if pk > 2**63 - 1 or not visible_to_anonymous(request.user, route, pk):
                return redirect_to_login(request.get_full_path())
            return None
        if pk > 2**63 - 1:
            raise Http404
        if hidden_from(request.user, route, pk):
            raise Http404
        return None


# --- another club's events are not probed ---------------------------------------------------------
def _night_visible(user, night) -> bool:
    return access.can_view_night(user, night.club)


def _club_visible(user, game) -> bool:
    return can_view_club(user, game.club)


def _event_rows():
    """The kinds of row an events address names by ``pk`` (the route's first words): how its row is read
    with its club, and whether a user may see it (its event's page)."""
    return [
        ("tournaments/entrants/", Entrant.objects.select_related("tournament__club"),
         lambda user, e: access.can_view_tournament(user, e.tournament), lambda e: e.tournament.club),
        ("tournaments/tables/", TournamentTable.objects.select_related("round__tournament__club"),
         lambda user, t: access.can_view_tournament(user, t.round.tournament), lambda t: t.round.tournament.club),
        ("tournaments/", Tournament.objects.select_related("club"), access.can_view_tournament, lambda t: t.club),
        ("nights/", ClubNight.objects.select_related("club"), _night_visible, lambda n: n.club),
        ("tables/", NightTable.objects.select_related("round__night__club"),
         lambda user, t: access.can_view_night(user, t.round.night.club), lambda t: t.round.night.club),
        ("games/", Game.objects.select_related("club"), _club_visible, lambda g: g.club),
        # the team league (issue 37): each row is seen where its league is
        ("team-leagues/teams/", Team.objects.select_related("league__club"),
         lambda user, t: can_view_team_league(user, t.league), lambda t: t.league.club),
        ("team-leagues/stages/", Stage.objects.select_related("league__club"),
         lambda user, s: can_view_team_league(user, s.league), lambda s: s.league.club),
        ("team-leagues/days/", MatchDay.objects.select_related("stage__league__club"),
         lambda user, d: can_view_team_league(user, d.stage.league), lambda d: d.stage.league.club),
        ("team-leagues/fixtures/", Fixture.objects.select_related("match_day__stage__league__club"),
         lambda user, f: can_view_team_league(user, f.match_day.stage.league), lambda f: f.match_day.stage.league.club),
        ("team-leagues/slots/", Slot.objects.select_related("fixture__match_day__stage__league__club"),
         lambda user, s: can_view_team_league(user, s.fixture.match_day.stage.league),
         lambda s: s.fixture.match_day.stage.league.club),
        ("team-leagues/", TeamLeague.objects.select_related("club"), can_view_team_league, lambda lg: lg.club),
    ]


def visible_to_anonymous(user, route: str, pk: int) -> bool:
    """Whether the row an events address names (``route``, the URL pattern's text; ``pk``) exists and its page is
    open to an anonymous visitor (a public club's, public results). Otherwise the address sends them to log in,
    whatever the method or the page (a form, a live fragment): a real id and a missing one answer alike."""
    for prefix, rows, visible, _club_of in _event_rows():
        if route.startswith(prefix):
            row = rows.filter(pk=pk).first()
            return row is not None and visible(user, row)
    return True


def hidden_from(user, route: str, pk: int) -> bool:
    """Whether the row an events address names (``route``, the URL pattern's text; ``pk``) is one ``user``
    must not learn exists: it does not exist, or (to a logged-in user) it belongs to a club they are no
    member of and its page is not public. The address then answers 404 whatever the method, before any
    other refusal (league's pages do the same), so a real id and a missing one answer alike."""
    for prefix, rows, visible, club_of in _event_rows():
        if route.startswith(prefix):
            row = rows.filter(pk=pk).first()
            if row is None:
                return True
            return outsider(user, club_of(row)) and not visible(user, row)
    return False
