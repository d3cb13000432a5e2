"""The player page's summary cards: no duplicate "Total points" card, zero rates shown as 0.0%."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

from league.models import Season
from league.standings.services import standings_refresh

pytestmark = pytest.mark.django_db


def _summary(client, season, member) -> str:
    client.force_login(member.user)
    page = client.get(reverse("standings:player", args=[season.pk, member.pk]), HTTP_ACCEPT_LANGUAGE="en")
    return re.search(r'<dl class="summary".*?</dl>', page.content.decode(), re.S).group(0)


@pytest.fixture
def no_tobi(season, players, make_game):
    make_game(season, players, ["40.0", "10.0", "-15.0", "-35.0"], scores=[40000, 30000, 20000, 10000])
    return season


def test_total_points_season_shows_total_points_once(client, no_tobi, players):
    standings_refresh(season_id=no_tobi.pk)
    summary = _summary(client, no_tobi, players[0])
    assert summary.count("Total points") == 1
    assert 'data-testid="rating"' not in summary


def test_other_rating_methods_name_the_rating_card(client, no_tobi, players):
    Season.objects.filter(pk=no_tobi.pk).update(rating_method=Season.RatingMethod.P_RATING)
    standings_refresh(season_id=no_tobi.pk)
    summary = _summary(client, no_tobi, players[0])
    assert "Rating (P-rating)" in summary
    assert summary.count("Total points") == 1


def test_tobi_rate_of_zero_is_shown_not_dashed(client, no_tobi, players, make_game):
    make_game(no_tobi, players, ["50.0", "20.0", "-20.0", "-50.0"], scores=[50000, 30000, 21000, -1000])
    standings_refresh(season_id=no_tobi.pk)
    tobi = re.search(r'data-testid="tobi"><dt>[^<]*</dt><dd>([^<]*)</dd>', _summary(client, no_tobi, players[0]))
    assert tobi.group(1) == "0.0%"
    busted = re.search(r'data-testid="tobi"><dt>[^<]*</dt><dd>([^<]*)</dd>', _summary(client, no_tobi, players[3]))
    assert busted.group(1) == "50.0%"
