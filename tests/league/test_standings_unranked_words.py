"""Issue 42 item 9: the standings said "0대국 미만인 플레이어는 아직 순위에 들지 않습니다" for a season with no minimum
(a member with no game yet, only a season penalty): below one game it says they have no game yet."""
from __future__ import annotations

from django.test import Client
from django.urls import reverse

from league.models import Season
from league.referee import services as referee_services
from league.standings.services import standings_refresh


def test_a_season_without_a_minimum_does_not_say_fewer_than_0_games(season, players, referee):
    Season.objects.filter(pk=season.pk).update(min_games=0)
    referee_services.penalty_give(member=players[0], type="season_deduction", reason="지각", by=referee.user,
                                  season=season, points=5)
    standings_refresh(season_id=season.pk)
    client = Client()
    client.force_login(referee.user)
    page = client.get(reverse("standings:season", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert 'data-testid="unranked"' in page
    assert "0대국 미만" not in page
    assert "1대국 미만" not in page
    assert "아직 대국이 없는" in page
