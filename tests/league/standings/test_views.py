"""Standings pages: members see them; anonymous visitors only when the club publishes them."""
from __future__ import annotations

import csv
import io
from decimal import Decimal as D
from http import HTTPStatus

import openpyxl
import pytest
from django.urls import reverse

from league.models import StandingsSnapshot
from league.standings.services import standings_refresh
from tests.factories import PenaltyFactory, UserFactory

pytestmark = pytest.mark.django_db

FULL_HAND_WIN = {
    "kind": "ron", "loser": 2, "riichi": [0],
    "wins": [{"winner": 0, "hand": {"tiles": "123m456p789s11122z", "win": "2z", "seat_wind": "E", "round_wind": "E"}}],
}


@pytest.fixture
def played(season, players, make_game):
    make_game(season, players, ["62.3", "8.1", "-21.4", "-49.0"], scores=[42300, 28100, 18600, 11000],
              events=[{"kind": "tsumo", "winner": 0, "yakuman": 1, "riichi": []}, FULL_HAND_WIN])
    make_game(season, players, ["-45.5", "51.2", "4.6", "-10.3"])
    PenaltyFactory(season=season, member=players[0], points=D("5"), reason="late")
    standings_refresh(season_id=season.pk)
    return season


def urls(season, member):
    return {
        "season": reverse("standings:season", args=[season.pk]),
        "csv": reverse("standings:export", args=[season.pk, "csv"]),
        "xlsx": reverse("standings:export", args=[season.pk, "xlsx"]),
        "player": reverse("standings:player", args=[season.pk, member.pk]),
    }


@pytest.mark.parametrize("page", ["season", "csv", "xlsx", "player"])
def test_member_sees_every_standings_page(client, played, players, page):
    client.force_login(players[1].user)
    response = client.get(urls(played, players[0])[page])
    assert response.status_code == HTTPStatus.OK


@pytest.mark.parametrize(
    ("public", "page", "status"),
    [
        pytest.param(False, "season", HTTPStatus.FOUND, id="private-club-anonymous-sent-to-login"),
        pytest.param(False, "csv", HTTPStatus.FOUND, id="private-club-anonymous-no-export"),
        pytest.param(False, "player", HTTPStatus.FOUND, id="private-club-anonymous-no-player-page"),
        pytest.param(True, "season", HTTPStatus.OK, id="public-standings-anonymous-sees-season"),
        pytest.param(True, "xlsx", HTTPStatus.OK, id="public-standings-anonymous-exports"),
        pytest.param(True, "player", HTTPStatus.OK, id="public-standings-anonymous-sees-player"),
    ],
)
def test_anonymous_visitors_follow_public_standings(client, played, players, public, page, status):
    played.club.public_standings = public
    played.club.save()
    response = client.get(urls(played, players[0])[page])
    assert response.status_code == status
    if status == HTTPStatus.FOUND:
        assert reverse("login") in response["Location"]


def test_logged_in_outsider_is_refused_on_a_private_club(client, played, players):
    """Refused as a season that does not exist (issue 22, item 9): its id is not probed."""
    client.force_login(UserFactory())
    assert client.get(urls(played, players[0])["season"]).status_code == HTTPStatus.NOT_FOUND


def test_season_page_shows_the_snapshot_and_sorts_by_any_column(client, played, players):
    client.force_login(players[0].user)
    page = client.get(urls(played, players[0])["season"]).content.decode()
    assert players[0].display_name in page
    assert "11.8" in page  # 62.3 - 45.5 - 5 deduction
    ascending = client.get(urls(played, players[0])["season"], {"r-sort": "total"}).content.decode()
    names = [p.display_name for p in players]
    order = sorted(names, key=ascending.index)
    assert order[0] == players[3].display_name  # lowest total first
    descending = client.get(urls(played, players[0])["season"], {"r-sort": "-total"}).content.decode()
    assert sorted(names, key=descending.index)[0] == players[1].display_name


def test_season_page_computes_once_when_no_snapshot_exists(client, season, players, make_game):
    make_game(season, players, [30, 10, -10, -30])
    client.force_login(players[0].user)
    assert not StandingsSnapshot.objects.filter(season=season).exists()
    response = client.get(reverse("standings:season", args=[season.pk]))
    assert response.status_code == HTTPStatus.OK
    assert StandingsSnapshot.objects.get(season=season).games_count == 1


def test_season_page_reads_the_snapshot_not_the_games(client, played, players, django_assert_max_num_queries):
    client.force_login(players[0].user)
    with django_assert_max_num_queries(10):
        assert client.get(urls(played, players[0])["season"]).status_code == HTTPStatus.OK


def test_exports_are_files_with_the_totals(client, played, players):
    client.force_login(players[0].user)
    response = client.get(urls(played, players[0])["csv"])
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert any(r[1] == players[0].display_name and "11.8" in r for r in rows[1:])
    response = client.get(urls(played, players[0])["xlsx"])
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert sheet.max_row == 1 + len(players)
    assert client.get(reverse("standings:export", args=[played.pk, "pdf"])).status_code == HTTPStatus.NOT_FOUND


def test_player_page_has_charts_history_highlights_and_penalties(client, played, players):
    client.force_login(players[0].user)
    page = client.get(urls(played, players[0])["player"]).content.decode()
    assert page.count("<svg") == 3
    assert page.count("<title") >= 3 + 1
    assert "<desc" in page
    assert 'role="img"' in page
    assert "62.3" in page
    assert "16.8" in page  # a game's points and the running total
    assert "late" in page  # the deduction's reason
    assert "123m456p789s11122z" in page  # the full-hand win is a highlight


def test_player_of_another_club_is_not_found(client, played, players):
    from tests.factories import MemberFactory

    client.force_login(players[0].user)
    stranger = MemberFactory()
    response = client.get(reverse("standings:player", args=[played.pk, stranger.pk]))
    assert response.status_code == HTTPStatus.NOT_FOUND
