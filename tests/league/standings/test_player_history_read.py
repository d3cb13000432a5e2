"""The player page reads only its player's rating history, not every player's (issue #11, item 5)."""
from __future__ import annotations

import re
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import RatingHistory, Season, StandingsSnapshot
from league.standings import selectors as sel
from league.standings.services import load_season_data, standings_refresh
from league.standings.stats import compute_standings
from league.web.standings import views

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(season, players, make_game):
    Season.objects.filter(pk=season.pk).update(rating_method=Season.RatingMethod.P_RATING)
    make_game(season, players, ["40.0", "10.0", "-15.0", "-35.0"], scores=[40000, 30000, 20000, 10000])
    make_game(season, players, ["-35.0", "40.0", "10.0", "-15.0"], scores=[10000, 40000, 30000, 20000])
    standings_refresh(season_id=season.pk)
    return Season.objects.get(pk=season.pk)


def test_a_members_history_read_alone_is_the_seasons(rated, players):
    _rows, ratings = compute_standings(load_season_data(rated))  # every history, computed in memory
    light = sel.season_snapshot(season=rated)
    every = sel.rating_histories(snapshot=light)
    for member in players:
        expected = [(g, Decimal(v)) for g, v in ratings["history"][str(member.pk)]]
        assert len(expected) == 2
        with CaptureQueriesContext(connection) as queries:
            assert sel.rating_history(snapshot=light, member_id=member.pk) == expected
        assert len(queries) == 1
        assert [(g, Decimal(v)) for g, v in every[str(member.pk)]] == expected


def test_a_member_without_history_has_none(rated, club):
    from tests.factories import MemberFactory

    stranger = MemberFactory(club=club)
    assert sel.rating_history(snapshot=sel.season_snapshot(season=rated), member_id=stranger.pk) == []


def test_the_player_page_never_loads_every_players_history(client, rated, players):
    client.force_login(players[0].user)
    url = reverse("standings:player", args=[rated.pk, players[0].pk])
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    column = f'"{StandingsSnapshot._meta.db_table}"."ratings"'
    assert not [q["sql"] for q in queries if column in q["sql"]]
    histories = [q["sql"] for q in queries if RatingHistory._meta.db_table in q["sql"]]
    assert len(histories) == 1
    assert "member_id" in histories[0].split("WHERE")[1]
    assert "after each of 2 games" in page.content.decode()


def _game_rows(page) -> list[str]:
    html = page.content.decode()
    games = html[html.index('<table class="standings narrow">'):]
    return re.findall(r'<td class="num">(-?\d+\.\d)</td>\s*<td class="num">(-?\d+\.\d)</td>', games)


def test_the_game_list_is_paginated_newest_first(client, rated, players, monkeypatch):
    monkeypatch.setattr(views, "GAMES_PER_PAGE", 1)
    client.force_login(players[0].user)
    url = reverse("standings:player", args=[rated.pk, players[0].pk])
    first = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    second = client.get(url + "?page=2", HTTP_ACCEPT_LANGUAGE="en")
    assert first.status_code == second.status_code == HTTPStatus.OK
    assert _game_rows(first) == [("-35.0", "5.0")]  # the newest game, with the running total
    assert _game_rows(second) == [("40.0", "40.0")]
    assert "Page 1 of 2 (2 games)" in first.content.decode()
    assert 'rel="next"' in first.content.decode()
    assert 'rel="prev"' in second.content.decode()
    # Both charts keep the whole season.
    assert "after each of 2 games" in second.content.decode()


def test_one_page_of_games_has_no_pager(client, rated, players):
    client.force_login(players[0].user)
    page = client.get(reverse("standings:player", args=[rated.pk, players[0].pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert 'data-testid="games-pager"' not in page.content.decode()
    assert len(_game_rows(page)) == 2
