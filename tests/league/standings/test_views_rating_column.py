"""The season table's rating column: left out where it would repeat "Total points".

A season rated by plain total points (no best-N) has rating == total points, so the page
shows one column. With best-N the rating is the best-N sum (it ranks the players) and
keeps a column of its own name; other methods show "Rating". The CSV/XLSX exports always
keep the rating column (docs/ratings.md: for `total` it is the best-N sum − deductions).
"""
from __future__ import annotations

import csv
import io
import re
from decimal import Decimal as D

import openpyxl
import pytest
from django.urls import reverse

from league.models import Season
from league.standings.services import standings_refresh
from tests.factories import PenaltyFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_games(season, players, make_game):
    make_game(season, players, ["62.3", "8.1", "-21.4", "-49.0"])
    make_game(season, players, ["-45.5", "51.2", "4.6", "-10.3"])
    PenaltyFactory(season=season, member=players[0], points=D("5"), reason="late")
    return season


def _rated(season, method, best_n=None):
    Season.objects.filter(pk=season.pk).update(rating_method=method, best_n=best_n)
    season.refresh_from_db()
    standings_refresh(season_id=season.pk)
    return season


def _headers(client, season, member, lang="en") -> list[str]:
    client.force_login(member.user)
    page = client.get(reverse("standings:season", args=[season.pk]), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    head = re.search(r"<thead>(.*?)</thead>", page, re.S).group(1)
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)]


def test_total_points_season_has_no_rating_column(client, two_games, players):
    _rated(two_games, Season.RatingMethod.TOTAL)
    headers = _headers(client, two_games, players[0])
    assert "Rating" not in headers
    assert headers.count("Total points") == 1
    assert headers[:3] == ["Rank", "Player", "Total points"]


def test_total_points_season_in_korean_shows_총_포인트_once(client, two_games, players):
    _rated(two_games, Season.RatingMethod.TOTAL)
    headers = _headers(client, two_games, players[0], lang="ko")
    assert "레이팅" not in headers
    assert headers.count("총 포인트") == 1


def test_best_n_total_keeps_its_own_column(client, two_games, players):
    _rated(two_games, Season.RatingMethod.TOTAL, best_n=1)
    headers = _headers(client, two_games, players[0])
    assert "Best 1 games" in headers
    assert "Rating" not in headers
    client.force_login(players[0].user)
    page = client.get(reverse("standings:player", args=[two_games.pk, players[0].pk]),
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="rating"' in page
    assert "Best 1 games" in page  # 62.3 − 5 = 57.3
    assert "57.3" in page


def test_other_methods_show_the_rating_column(client, two_games, players):
    _rated(two_games, Season.RatingMethod.P_RATING)
    assert _headers(client, two_games, players[0])[:3] == ["Rank", "Player", "Rating"]


def test_sorting_by_the_hidden_column_is_harmless(client, two_games, players):
    _rated(two_games, Season.RatingMethod.TOTAL)
    client.force_login(players[0].user)
    response = client.get(reverse("standings:season", args=[two_games.pk]), {"r-sort": "-rating_display"})
    assert response.status_code == 200


def test_exports_keep_the_rating_column_equal_to_the_total(client, two_games, players):
    """Exports have the same columns for every season; for `total` the rating is the total."""
    _rated(two_games, Season.RatingMethod.TOTAL)
    client.force_login(players[0].user)
    body = client.get(reverse("standings:export", args=[two_games.pk, "csv"]), HTTP_ACCEPT_LANGUAGE="en")
    rows = list(csv.DictReader(io.StringIO(body.content.decode("utf-8-sig"))))
    assert rows
    assert all(r["Rating"] == r["Total points"] for r in rows)
    mine = next(r for r in rows if r["Player"] == players[0].display_name)
    assert mine["Total points"] == "11.8"  # 62.3 − 45.5 − 5
    xlsx = client.get(reverse("standings:export", args=[two_games.pk, "xlsx"]), HTTP_ACCEPT_LANGUAGE="en")
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    header = [c.value for c in sheet[1]]
    assert "Rating" in header
    assert "Total points" in header
    for line in sheet.iter_rows(min_row=2, values_only=True):
        assert D(str(line[header.index("Rating")])) == D(str(line[header.index("Total points")]))
