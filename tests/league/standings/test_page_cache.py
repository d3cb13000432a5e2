"""Standings pages are remembered in the cache by their snapshot: rendered once, never stale (issue #11, item 2)."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.urls import reverse

from league.standings.services import standings_refresh
from league.web.standings import tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(season, players, make_game):
    make_game(season, players, ["62.3", "8.1", "-21.4", "-49.0"])
    standings_refresh(season_id=season.pk)
    return season


@pytest.fixture
def renders(monkeypatch):
    """How many times the standings tables and the exports were really built."""
    counts = {"tables": 0, "exports": 0}
    real_html, real_export = tables.StandingsTable.to_html, tables.export_bytes

    def to_html(self, request, **kwargs):
        counts["tables"] += 1
        return real_html(self, request, **kwargs)

    def export_bytes(*args, **kwargs):
        counts["exports"] += 1
        return real_export(*args, **kwargs)

    monkeypatch.setattr(tables.StandingsTable, "to_html", to_html)
    monkeypatch.setattr("league.web.standings.views.export_bytes", export_bytes)
    return counts


def test_the_same_snapshot_is_rendered_once(client, played, players, renders):
    client.force_login(players[0].user)
    url = reverse("standings:season", args=[played.pk])
    first = client.get(url)
    second = client.get(url)
    assert first.status_code == second.status_code == HTTPStatus.OK
    assert renders["tables"] == 2  # the ranked and the unranked table, once
    assert first.content.count(b"<table") == second.content.count(b"<table") >= 1


def test_each_sort_and_language_is_its_own_page(client, played, players, renders):
    client.force_login(players[0].user)
    url = reverse("standings:season", args=[played.pk])
    client.get(url, {"r-sort": "total"})
    client.get(url, {"r-sort": "-total"})
    client.get(url, {"r-sort": "-total"}, HTTP_ACCEPT_LANGUAGE="en")
    assert renders["tables"] == 6


def test_a_new_snapshot_is_a_new_page(client, played, players, make_game, renders):
    client.force_login(players[0].user)
    url = reverse("standings:season", args=[played.pk])
    assert b"62.3" in client.get(url).content
    make_game(played, players, ["-90.1", "40.1", "30.0", "20.0"])
    standings_refresh(season_id=played.pk)
    page = client.get(url).content
    assert b"-27.8" in page  # 62.3 - 90.1: the new game is counted, not the remembered page
    assert renders["tables"] == 4


def test_a_changed_rating_setting_is_a_new_page(client, played, players, renders):
    client.force_login(players[0].user)
    url = reverse("standings:season", args=[played.pk])
    client.get(url)
    type(played).objects.filter(pk=played.pk).update(min_games=5)
    client.get(url)
    assert renders["tables"] == 4


def test_exports_are_remembered_per_format(client, played, players, renders):
    client.force_login(players[0].user)
    for fmt in ("csv", "csv", "xlsx", "xlsx"):
        assert client.get(reverse("standings:export", args=[played.pk, fmt])).status_code == HTTPStatus.OK
    assert renders["exports"] == 2


def test_a_cache_that_is_down_costs_only_the_rendering(client, played, players, renders, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("redis is away")

    monkeypatch.setattr("core.memo.cache.get", down)
    monkeypatch.setattr("core.memo.cache.set", down)
    client.force_login(players[0].user)
    url = reverse("standings:season", args=[played.pk])
    assert client.get(url).status_code == client.get(url).status_code == HTTPStatus.OK
    assert renders["tables"] == 4
