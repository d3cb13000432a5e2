"""The table and referee screens of a game's end (issue 21): the referee ends a game and takes the end
back; a finished game shows no entry form; every end is said in words."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.models import Game

pytestmark = pytest.mark.django_db

KO = {"HTTP_ACCEPT_LANGUAGE": "ko"}


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def _text(response) -> str:
    return html.unescape(response.content.decode())


def test_the_referee_screen_ends_a_game_and_the_table_says_so(game, referee, players):
    c = _client(referee)
    page = _text(c.get(reverse("league:game_penalties", args=[game.pk]), **KO))
    assert 'data-testid="referee-end"' in page
    assert "현재 점수로 이 대국을 끝내기" in page
    response = c.post(reverse("league:game_end_referee", args=[game.pk]), {"note": "한 명이 급히 떠남"}, **KO)
    assert response.status_code == HTTPStatus.FOUND
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.ended_by == "referee"
    table = _text(_client(players[0]).get(reverse("league:game_table", args=[game.pk]), **KO))
    assert 'data-testid="final"' in table
    assert "심판 종료" in table
    assert 'data-testid="save"' not in table  # no entry form for a finished game


def test_a_referee_end_without_a_note_is_refused_in_korean(game, referee):
    c = _client(referee)
    c.post(reverse("league:game_end_referee", args=[game.pk]), {"note": ""}, **KO)
    page = _text(c.get(reverse("league:game_penalties", args=[game.pk]), **KO))
    assert "심판이 대국을 끝내는 이유를 적어 주세요." in page
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS


def test_a_player_cannot_end_or_reopen_from_the_referee_urls(game, players, referee):
    c = _client(players[0])
    assert c.post(reverse("league:game_end_referee", args=[game.pk]), {"note": "x"}).status_code == \
        HTTPStatus.FORBIDDEN
    game_services.game_end(game=game, reason="referee", note="중단", by=referee.user)
    assert c.post(reverse("league:game_reopen", args=[game.pk]), {"reason": "x"}).status_code == HTTPStatus.FORBIDDEN
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_the_referee_takes_the_end_back_on_the_referee_screen(game, referee):
    game_services.game_end(game=game, reason="referee", note="중단", by=referee.user)
    c = _client(referee)
    page = _text(c.get(reverse("league:game_penalties", args=[game.pk]), **KO))
    assert 'data-testid="reopen"' in page
    assert "심판 종료" in page
    assert "중단" in page
    c.post(reverse("league:game_reopen", args=[game.pk]), {"reason": "실수로 종료"}, **KO)
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS
    table = _text(c.get(reverse("league:game_table", args=[game.pk]), **KO))
    assert 'data-testid="save"' in table


@pytest.mark.parametrize(("end", "words"), [
    ({"reason": "referee", "note": "중단"}, "심판 종료"),
    ({"reason": "time"}, "시간 종료"),
], ids=["referee end in words", "time end in words"])
def test_the_games_page_says_how_it_ended(game, referee, end, words):
    game_services.game_end(game=game, by=referee.user, **end)
    page = _text(_client(referee).get(reverse("league:game_detail", args=[game.pk]), **KO))
    assert words in page


def test_a_time_end_shows_the_banner(game, referee, players):
    game_services.game_end(game=game, reason="time", by=referee.user)
    table = _text(_client(players[0]).get(reverse("league:game_table", args=[game.pk]), **KO))
    assert 'data-testid="time-end"' in table
    assert "시간 종료 — 대국 끝" in table


def test_the_games_list_says_how_each_game_ended(game, referee, club):
    game_services.game_end(game=game, reason="referee", note="중단", by=referee.user)
    page = _text(_client(referee).get(reverse("league:game_list", args=[club.slug]), **KO))
    assert 'data-testid="ended-by"' in page
    assert "심판 종료" in page
