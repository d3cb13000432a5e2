"""Issue 9, item 19: the referee's ruling form for a finished game says up front that the game is over
(and what can still be done), instead of refusing after the referee has filled it in."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.models import Game, Penalty

pytestmark = pytest.mark.django_db

TOBI = {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 2}]}  # 64,000 on 25,000: the game ends


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


@pytest.fixture
def finished(game):
    game_services.hand_record(game=game, position=0, event=TOBI, by=None)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def test_ruling_form_for_a_finished_game_says_up_front_it_is_over(finished, referee):
    response = _client(referee).get(reverse("league:game_penalties", args=[finished.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    text = html.unescape(response.content.decode())
    assert 'data-testid="game-over"' in text
    assert "끝난 대국입니다" in text
    assert "시즌 포인트 감점" in text  # what can still be done
    assert 'data-testid="penalty-form"' not in text  # no form to fill in for nothing


def test_ruling_form_for_a_finished_game_post_is_refused_and_nothing_stored(finished, referee, players):
    response = _client(referee).post(reverse("league:game_penalties", args=[finished.pk]), {
        "member": players[2].pk, "type": "ruling", "amount": 1000, "reason": "판정"}, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.CONFLICT
    assert "끝난 대국입니다" in html.unescape(response.content.decode())
    assert not Penalty.objects.exists()


def test_ruling_form_for_a_game_in_progress_is_offered(game, referee):
    text = _client(referee).get(reverse("league:game_penalties", args=[game.pk])).content.decode()
    assert 'data-testid="penalty-form"' in text
    assert 'data-testid="game-over"' not in text
