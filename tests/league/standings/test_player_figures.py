"""The player page's figures, head-to-head and the awards page on a small season counted by hand
(issue 26 items 2-4). The season: two games of the night in test_game_stats_v2 (A, B, C, D) and,
the second time, with the seats turned (B, C, D, A)."""
from __future__ import annotations

import datetime
import html
import re
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league.games.game_stats import stats_of_events
from league.standings import selectors as sel
from league.standings.figures import figures
from league.standings.services import standings_refresh
from tests.factories import MemberFactory
from tests.league.standings.test_game_stats_v2 import NIGHT

pytestmark = pytest.mark.django_db


@pytest.fixture
def small_season(season, players, make_game):
    at = timezone.now() - datetime.timedelta(days=1)
    a, b, c, d = players
    for hour, seated in enumerate(([a, b, c, d], [b, c, d, a])):
        game = make_game(season, seated, [30, 10, -10, -30], scores=[26200, 24400, 30600, 18800], events=NIGHT,
                         at=at + datetime.timedelta(hours=hour))
        game.final_stats = stats_of_events(NIGHT, 4, season.ruleset.spec())  # as the games' services store it
        game.save(update_fields=["final_stats"])
    return season


def _row(snapshot, member):
    return next(r for r in snapshot.rows if r["member_id"] == member.pk)


def test_the_season_row_is_the_hand_count(small_season, players):
    a = players[0]
    row = _row(standings_refresh(season_id=small_season.pk), a)
    # A: seat 0 in game 1 (dealer-riichi ron win, two deal-ins as a double ron's loser),
    #    seat 3 in game 2 (the dama win off seat 0, dealt into seat 0's riichi).
    expected = {"games": 2, "hands": 10, "wins": 2, "riichi": 1, "riichi_wins": 1, "open_wins": 0,
                "win_points": 5800 + 1000, "valued_wins": 2, "deal_ins": 2, "deal_in_points": 3000 + 5800,
                "deal_in_riichi": 1, "deal_in_open": 1, "deal_in_dama": 1, "dealer_hands": 2, "dealer_keeps": 1}
    assert {k: row[k] for k in expected} == expected
    f = figures(row)
    assert f["riichi_win_rate"].value == Decimal(1)
    assert f["riichi_win_rate"].n == 1
    assert f["riichi_win_rate"].few
    assert f["average_win"].value == Decimal(3400)
    assert f["average_deal_in"].value == Decimal(4400)
    assert f["dealer_keep_rate"].value == Decimal("0.5")
    assert f["deal_in_riichi_share"].n == 3
    # the standings' own rates and the page's figures are the same numbers
    assert Decimal(row["win_rate"]) == f["win_rate"].value
    assert Decimal(row["deal_in_rate"]) == f["deal_in_rate"].value


def test_player_page_shows_season_all_time_and_club_figures(client, small_season, players):
    a = players[0]
    client.force_login(a.user)
    page = client.get(reverse("standings:player", args=[small_season.pk, a.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    assert page.status_code == HTTPStatus.OK
    text = html.unescape(page.content.decode())
    line = re.search(r'<tr data-figure="average_win">.*?</tr>', text, re.S).group(0)
    assert line.count("3400") == 2  # this season and all-time (one season); the club's average differs
    assert "평균 화료 점수" in line
    assert "표본" in text
    assert "3판 30부" in text  # the value distribution
    assert reverse("standings:h2h_pick", args=[small_season.pk, a.pk]) in text


def test_player_page_queries_do_not_grow_with_the_games(client, season, players, make_game):
    a = players[0]
    client.force_login(a.user)
    url = reverse("standings:player", args=[season.pk, a.pk])
    counts = []
    for n in (1, 6):
        while _games(season) < n:
            make_game(season, players, [30, 10, -10, -30], scores=[26200, 24400, 30600, 18800], events=NIGHT)
        standings_refresh(season_id=season.pk)
        client.get(url)
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == HTTPStatus.OK
        counts.append(len(ctx))
    assert counts[0] == counts[1]


def _games(season) -> int:
    return season.games.filter(status="finished").count()


def test_head_to_head_counted_by_hand(client, small_season, players):
    a, b = players[0], players[3]  # A and D: game 1 A seat 0, D seat 3; game 2 A seat 3, D seat 2
    h2h = sel.head_to_head(club_id=small_season.club_id, a=a.pk, b=b.pk, season_id=small_season.pk)
    # game 1: A 1st? ranks from points [30,10,-10,-30]: A 1st, D 4th; game 2: D -10 (3rd), A -30 (4th)
    assert (h2h.games, h2h.a_above, h2h.b_above) == (2, 1, 1)
    assert h2h.points_between == Decimal(30 - 30) - Decimal(-30 - 10)
    # game 1: D dealt into A (5,800), A dealt into D (1,000 as the double ron's 2nd); game 2: A (seat 3) dealt
    # into D? no: seat 3 dealt into seat 0 (B) — and seat 0 (B) dealt into seats 2 (D) and 3 (A)
    assert (h2h.a_into_b, h2h.a_into_b_points) == (1, 1000)
    assert (h2h.b_into_a, h2h.b_into_a_points) == (1, 5800)
    client.force_login(a.user)
    page = client.get(reverse("standings:h2h", args=[small_season.pk, a.pk, b.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    assert page.status_code == HTTPStatus.OK
    assert "상대 전적" in page.content.decode()
    picked = client.get(reverse("standings:h2h_pick", args=[small_season.pk, a.pk]), {"other": b.pk})
    assert picked.status_code == HTTPStatus.FOUND
    assert picked["Location"] == reverse("standings:h2h", args=[small_season.pk, a.pk, b.pk])


def test_head_to_head_of_a_member_of_another_club_is_not_found(client, small_season, players):
    stranger = MemberFactory()
    client.force_login(players[0].user)
    page = client.get(reverse("standings:h2h", args=[small_season.pk, players[0].pk, stranger.pk]))
    assert page.status_code == HTTPStatus.NOT_FOUND


def test_awards_page_links_the_evidence(client, small_season, players):
    client.force_login(players[0].user)
    page = client.get(reverse("standings:awards", args=[small_season.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    assert page.status_code == HTTPStatus.OK
    text = html.unescape(page.content.decode())
    assert "시즌 어워드" in text
    biggest = re.search(r'data-award="biggest_hand".*?</section>', text, re.S).group(0)
    assert "#hand-0" in biggest  # A's dealer 3-30 in game 1, its first hand; and the same hand of B in game 2
    assert "공동" in biggest
