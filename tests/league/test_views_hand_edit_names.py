"""Issue 25 item 7: the pages that change or delete a past hand name it as the table does ("동 2국 1본장"),
not by its place among the stored events ("2번째 국": a penalty or a stop is not a hand)."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_draws(game, players):
    # East 1: the dealer (seat 0) is noten -> East 2, 1 honba; then all noten -> East 3, 2 honba.
    game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": [1]}, by=players[0].user)
    game_services.hand_record(game=game, position=1, event={"kind": "draw", "tenpai": []}, by=players[0].user)
    return game


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


@pytest.mark.parametrize(
    ("page", "position", "heading"),
    [
        pytest.param("league:hand_edit", 0, "동 1국 수정", id="edit-names-the-first-hand-without-honba"),
        pytest.param("league:hand_edit", 1, "동 2국 1본장 수정", id="edit-names-round-and-honba"),
        pytest.param("league:hand_delete", 1, "동 2국 1본장 삭제", id="delete-names-round-and-honba"),
    ],
)
def test_hand_pages_name_the_hand_as_the_table_does(two_draws, referee, page, position, heading):
    response = _client(referee).get(reverse(page, args=[two_draws.pk, position]), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    text = html.unescape(response.content.decode())
    assert heading in text
    assert "번째 국" not in text


def test_saved_change_is_announced_by_the_hand_name(two_draws, referee):
    response = _client(referee).post(reverse("league:hand_edit", args=[two_draws.pk, 1]), {
        "position": 1, "kind": "draw", "draw_tenpai": ["2"], "reason": "텐파이 정정", "action": "save"},
        HTTP_ACCEPT_LANGUAGE="ko", follow=True)
    text = html.unescape(response.content.decode())
    assert "동 2국 1본장을 수정했습니다." in text
    assert "번째 국" not in text


def test_deleted_hand_is_announced_by_the_hand_name(two_draws, referee):
    hand = two_draws.hands.get(position=1)
    response = _client(referee).post(reverse("league:hand_delete", args=[two_draws.pk, 1]), {
        "hand": hand.pk, "reason": "잘못 입력"}, HTTP_ACCEPT_LANGUAGE="ko", follow=True)
    text = html.unescape(response.content.decode())
    assert "동 2국 1본장을 삭제했습니다." in text
    assert "번째 국" not in text
