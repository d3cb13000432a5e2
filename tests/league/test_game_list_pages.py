"""Issue 29, item 1: the club's game list is a page of games, newest first, by season, status and player;
its queries do not grow with the club's games."""
from __future__ import annotations

import datetime
import re
from http import HTTPStatus

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league.models import Game
from league.web.games import filters
from tests.factories import GameFactory, MemberFactory, SeasonFactory

pytestmark = pytest.mark.django_db

T0 = timezone.make_aware(datetime.datetime(2026, 3, 1, 18, 0))


def _games(season, members, n, *, status=Game.Status.FINISHED, start=0):
    return [GameFactory(season=season, seated=members[:4], status=status, table_label=f"G{start + i}",
                        started_at=T0 + datetime.timedelta(minutes=start + i)) for i in range(n)]


def _labels(response) -> list[str]:
    return re.findall(r'class="cell-link" href="[^"]+">([^<]+)</a>', response.content.decode())


def _get(client, club, query=""):
    return client.get(reverse("league:game_list", args=[club.slug]) + query, HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def member_client(client, players):
    client.force_login(players[0].user)
    return client


def test_a_page_holds_the_newest_games_and_the_pager_leads_to_older_ones(member_client, club, season, players,
                                                                         monkeypatch):
    monkeypatch.setattr(filters, "GAMES_PER_PAGE", 2)
    _games(season, players, 5)
    first, last = _get(member_client, club), _get(member_client, club, "?page=3")
    assert first.status_code == last.status_code == HTTPStatus.OK
    assert _labels(first) == ["G4", "G3"]
    assert _labels(last) == ["G0"]
    assert "Page 1 of 3 (5 games)" in first.content.decode()
    assert 'rel="next"' in first.content.decode()
    assert 'rel="prev"' in last.content.decode()
    assert 'rel="next"' not in last.content.decode()


def test_the_pager_keeps_the_filters(member_client, club, season, players, monkeypatch):
    monkeypatch.setattr(filters, "GAMES_PER_PAGE", 1)
    _games(season, players, 3)
    body = _get(member_client, club, f"?season={season.pk}&status=finished").content.decode()
    assert f"season={season.pk}&amp;status=finished&amp;page=2" in body


def test_one_page_of_games_has_no_pager(member_client, club, season, players):
    _games(season, players, 2)
    assert 'data-testid="games-pager"' not in _get(member_client, club).content.decode()


@pytest.fixture
def mixed(club, season, players):
    """Season A: two finished games of players 0-3, one in progress; season B: one game of others."""
    others = [MemberFactory(club=club, display_name=n) for n in ("가나다", "라마바", "사아자", "차카타")]
    other_season = SeasonFactory(club=club, ruleset=season.ruleset)
    _games(season, players, 2)
    _games(season, players, 1, status=Game.Status.IN_PROGRESS, start=10)
    _games(other_season, others, 1, start=20)
    return {"other_season": other_season, "others": others}


@pytest.mark.parametrize(("query", "expected"), [
    pytest.param("", ["G20", "G10", "G1", "G0"], id="no-filter-every-game-newest-first"),
    pytest.param("?season={season}", ["G10", "G1", "G0"], id="a-season-shows-only-its-games"),
    pytest.param("?status=in_progress", ["G10"], id="a-status-shows-only-games-in-it"),
    pytest.param("?season={season}&status=finished", ["G1", "G0"], id="filters-combine"),
    pytest.param("?member={other}", ["G20"], id="a-member-shows-only-the-games-they-sat-at"),
    pytest.param("?player=라마", ["G20"], id="a-name-part-finds-the-games-of-its-players"),
    pytest.param("?player=없는이름", [], id="a-name-nobody-has-finds-nothing"),
])
def test_filters(member_client, club, season, mixed, query, expected):
    response = _get(member_client, club, query.format(season=season.pk, other=mixed["others"][1].pk))
    assert response.status_code == HTTPStatus.OK
    assert _labels(response) == expected


@pytest.mark.parametrize("query", [
    pytest.param("?status=lost", id="an-unknown-status"),
    pytest.param("?member=abc", id="a-member-that-is-not-a-number"),
    pytest.param("?season=abc", id="a-season-that-is-not-a-number"),
    pytest.param("?player=" + "가" * 61, id="a-name-longer-than-any-name"),
])
def test_a_wrong_filter_is_a_400_with_a_korean_message(client, players, club, query):
    client.force_login(players[0].user)
    response = client.get(reverse("league:game_list", args=[club.slug]) + query, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert 'role="alert"' in response.content.decode()


def test_a_member_of_another_club_is_not_found(member_client, club, season, players):
    stranger = MemberFactory()
    assert _get(member_client, club, f"?member={stranger.pk}").status_code == HTTPStatus.NOT_FOUND


def _queries(client, club, query="") -> int:
    _get(client, club, query)  # session warm
    with CaptureQueriesContext(connection) as ctx:
        response = _get(client, club, query)
    assert response.status_code == HTTPStatus.OK
    return len(ctx.captured_queries)


@pytest.mark.parametrize("query", ["", "?page=2", "?status=finished&player=가", "?member={member}"],
                         ids=["first-page", "second-page", "status-and-name", "a-member"])
def test_queries_do_not_grow_with_the_games(member_client, club, season, players, monkeypatch, query):
    monkeypatch.setattr(filters, "GAMES_PER_PAGE", 5)
    query = query.format(member=players[1].pk)
    _games(season, players, 11)
    few = _queries(member_client, club, query)
    members = [MemberFactory(club=club) for _ in range(8)]
    _games(season, [*members[:2], *players[2:]], 30, start=100)
    _games(SeasonFactory(club=club, ruleset=season.ruleset), members[4:], 30, start=200)
    assert _queries(member_client, club, query) == few


def test_names_are_shown_as_text_never_as_markup(member_client, club, season, players):
    players[2].display_name = "<b>악당</b>"
    players[2].save()
    _games(season, players, 1)
    body = _get(member_client, club).content.decode()
    assert "&lt;b&gt;악당&lt;/b&gt;" in body
    assert "<b>악당" not in body


def test_a_finished_game_shows_each_players_points_an_unfinished_one_none(member_client, club, season, players):
    done, playing = _games(season, players, 1)[0], _games(season, players, 1, start=5,
                                                           status=Game.Status.IN_PROGRESS)[0]
    done.final_points = [45.5, 9.0, -14.5, -40.0]
    done.save()
    body = _get(member_client, club).content.decode()
    rows = dict(re.findall(r'>(G\d+)</a></td>\s*<td>(.*?)</td>', body, re.S))
    assert re.findall(r'<span class="num">([^<]+)</span>', rows["G0"]) == ["+45.5", "+9.0", "−14.5", "−40.0"]
    assert '<span class="num">' not in rows["G5"]
    assert f'href="/games/{playing.pk}/table/"' in body
    assert f'href="/games/{done.pk}/"' in body
