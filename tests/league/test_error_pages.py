"""Issue 9, item 5: no user ever sees a debug page; a busy database answers 503 "try again"."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from league.games import services as game_services
from tests.league.events import ron

pytestmark = pytest.mark.django_db


@pytest.fixture
def player_client(players):
    c = Client(raise_request_exception=False)
    c.force_login(players[0].user)
    return c


def _fail_with(monkeypatch, exc):
    def boom(*args, **kwargs):
        raise exc

    monkeypatch.setattr("league.web.games.views.hands.game_view", boom)


def test_a_locked_database_answers_503_try_again_in_korean(monkeypatch, player_client, game):
    _fail_with(monkeypatch, OperationalError("database is locked"))
    response = player_client.get(reverse("league:game_table", args=[game.pk]))
    assert response.status_code == HTTPStatus.SERVICE_UNAVAILABLE
    assert response["Retry-After"]
    assert "no-store" in response["Cache-Control"]
    html = response.content.decode()
    assert "다시 해 보세요" in html
    assert "Traceback" not in html


def test_a_locked_database_answers_503_json_on_the_api(monkeypatch, game, players):
    def locked(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(game_services, "hand_append", locked)
    api = APIClient(raise_request_exception=False)
    api.force_authenticate(players[0].user)
    response = api.post("/api/hands/", {"game": game.pk, "position": 0, "event": ron(1, loser=2)}, format="json")
    assert response.status_code == HTTPStatus.SERVICE_UNAVAILABLE
    assert response.json()["retry"] is True
    assert response["Retry-After"]


def test_an_unexpected_error_shows_the_friendly_500_page_never_the_debug_page(monkeypatch, player_client, game):
    _fail_with(monkeypatch, RuntimeError("boom"))
    response = player_client.get(reverse("league:game_table", args=[game.pk]))
    assert response.status_code == HTTPStatus.INTERNAL_SERVER_ERROR
    html = response.content.decode()
    assert "문제가 생겼습니다" in html
    assert "아무것도 저장되지 않았습니다" in html
    assert "Traceback" not in html
    assert "boom" not in html


def test_sqlite_is_set_up_for_several_tables(settings):
    from config.settings import base

    if base.DATABASES["default"]["ENGINE"] != "config.sqlite":
        pytest.skip("the SQLite options apply to SQLite only")
    options = base.DATABASES["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] >= 20
    assert "journal_mode=WAL" in options["init_command"]
    assert "busy_timeout" in options["init_command"]
