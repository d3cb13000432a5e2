"""Issue 42 item 9: the awards in a player's words. The biggest hand is named by its value ("만관"), not its basic
points ("2000"); a hand is named as the table names it ("남 4국"), not counted with a chombo before it ("9번째 국");
the minimum for the best average placement counts games (대국), not hands (국)."""
from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.standings.services import standings_refresh
from tests.league.events import ALL_LAST_FINISH, TO_SOUTH_4, record

pytestmark = pytest.mark.django_db

CHOMBO = {"kind": "chombo", "offender": 2}
YAKUMAN_RON = {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1}], "riichi": []}


def _text(page: str) -> str:
    page = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", page)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.fixture
def season_played(season, players, referee):
    """One game: a chombo first (not a hand), then eight hands; the eighth, South 4, is seat 0's 5-han mangan."""
    game = game_services.game_start(season=season, table_label="A", members=players, by=referee.user)
    for position, event in enumerate([CHOMBO, *ALL_LAST_FINISH]):
        record(game, position, event, by=referee.user)
    standings_refresh(season_id=season.pk)
    return game


def test_the_biggest_hand_is_named_by_its_value_and_its_hand(season, season_played, players, referee):
    client = Client()
    client.force_login(referee.user)
    page = client.get(reverse("standings:awards", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    biggest = _text(page.split('data-award="biggest_hand"')[1].split("</section>")[0])
    assert f"{players[0].display_name} — 만관" in biggest
    assert "2000" not in biggest
    assert "남 4국" in biggest
    assert "번째 국" not in biggest
    assert "최고 평균 순위는 1대국 이상" in _text(page)


def test_the_tournament_report_and_the_chat_name_the_biggest_hand_by_its_value(season, season_played):
    from league.standings.awards import award_value_words
    from league.standings.selectors import awards_snapshot, season_awards

    biggest = next(a for a in season_awards(snapshot=awards_snapshot(season=season)) if a["key"] == "biggest_hand")
    from django.utils import translation

    with translation.override("ko"):
        assert award_value_words(biggest) == "만관"


def test_the_awards_page_names_every_games_hands_in_statements_that_do_not_grow_with_the_games(
        season, players, referee):
    """Each winner's evidence names its hands ("남 4국"); the page read two statements per game named (its seats
    and its hands: 613 statements at 50,000 games, bench/season_scale.py). Now: the same for one game or five.
    Each game ends with seat 0's yakuman at South 4: "most yakuman" shows each of those games' hands."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(referee.user)
    counts = []
    for games in (1, 5):
        while season.games.count() < games:
            game = game_services.game_start(season=season, table_label="A", members=players, by=referee.user)
            for position, event in enumerate([CHOMBO, *TO_SOUTH_4, YAKUMAN_RON]):
                record(game, position, event, by=referee.user)
        standings_refresh(season_id=season.pk)
        with CaptureQueriesContext(connection) as queries:
            page = client.get(reverse("standings:awards", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="ko")
        most = _text(page.content.decode().split('data-award="most_yakuman"')[1].split("</section>")[0])
        assert most.count("남 4국") == games
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
