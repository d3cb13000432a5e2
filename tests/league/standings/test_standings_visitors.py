"""Issue 36 item 2 in the standings: a visitor's games count in the host club's season; the club ranks visitors
(``Club.visitors_ranked``) or lists them marked "방문" with no rank."""
from decimal import Decimal

import pytest
from django.urls import reverse

from club import services as club_services
from league.standings import selectors as sel
from league.standings.services import standings_refresh
from tests.factories import ClubFactory, MemberFactory, UserFactory

from .conftest import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def with_visitor(season):
    """Three members and a visitor; two games. Points worked by hand:
    game 1: 방문자 +40, 가 +10, 나 −20, 다 −30; game 2: 방문자 +20, 가 +5, 나 −10, 다 −15.
    Totals: 방문자 +60, 가 +15, 나 −30, 다 −45."""
    club = season.club
    home = MemberFactory(club=ClubFactory(name="동부"), display_name="방문자", user=UserFactory())
    visitor = MemberFactory(club=club, display_name="방문자", person=home.person, user=home.user, visitor=True)
    ga, na, da = (MemberFactory(club=club, display_name=n) for n in ("가", "나", "다"))
    finished_game(season, [visitor, ga, na, da], ["40", "10", "-20", "-30"])
    finished_game(season, [visitor, ga, na, da], ["20", "5", "-10", "-15"])
    return visitor, ga, na, da


def _ranks(snapshot):
    return {r["name"]: (r["rank"], Decimal(r["total"]), r.get("visitor", False)) for r in snapshot.rows}


def test_a_club_that_ranks_visitors_ranks_them_first_by_points(season, with_visitor):
    assert _ranks(standings_refresh(season_id=season.pk)) == {
        "방문자": (1, Decimal(60), True), "가": (2, Decimal(15), False), "나": (3, Decimal(-30), False),
        "다": (4, Decimal(-45), False)}


def test_a_club_that_does_not_rank_visitors_lists_them_without_a_rank(season, with_visitor):
    club_services.club_update(club=season.club, visitors_ranked=False)
    snapshot = standings_refresh(season_id=season.pk)
    assert _ranks(snapshot) == {
        "방문자": (None, Decimal(60), True), "가": (1, Decimal(15), False), "나": (2, Decimal(-30), False),
        "다": (3, Decimal(-45), False)}
    standings = sel.standings_rows(snapshot=snapshot)
    assert [r["name"] for r in standings.ranked] == ["가", "나", "다"]
    assert [r["name"] for r in standings.unranked] == ["방문자"]


def test_the_standings_page_marks_the_unranked_visitor(client, season, with_visitor):
    season.club.visitors_ranked = False
    season.club.public_standings = True
    season.club.save()
    standings_refresh(season_id=season.pk)
    page = client.get(reverse("standings:season", args=[season.pk])).content.decode()
    assert 'data-testid="visitor"' in page
    assert "순위 없음: 최소 대국 수 미달 또는 방문" in page


def test_the_setting_changed_makes_the_table_again(season, with_visitor, django_capture_on_commit_callbacks):
    standings_refresh(season_id=season.pk)
    with django_capture_on_commit_callbacks(execute=True):
        club_services.club_update(club=season.club, visitors_ranked=False)
    assert _ranks(sel.season_snapshot(season=season))["방문자"][0] is None
