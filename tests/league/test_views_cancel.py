"""Cancelling a game from the screens: who may, the reason, and what a cancelled game refuses."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from core.models import AuditEntry
from league.games import services as game_services
from league.models import Game, HandRecord

pytestmark = pytest.mark.django_db

RON = {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 3, "fu": 30}]}


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


@pytest.fixture
def cancelled(game, referee):
    game_services.hand_record(game=game, position=0, event=RON, by=None)
    return game_services.game_cancel(game=game, by=referee.user, reason="전원 합의로 중단")


@pytest.mark.parametrize("who", ["referee", "club_admin"], ids=["referee_may_cancel", "club_admin_may_cancel"])
def test_staff_cancel_a_game_with_a_reason(request, game, who):
    client = _client(request.getfixturevalue(who))
    url = reverse("league:game_cancel", args=[game.pk])
    assert client.get(url).status_code == HTTPStatus.OK
    response = client.post(url, {"reason": "정전"})
    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"] == reverse("league:game_detail", args=[game.pk])
    game.refresh_from_db()
    assert (game.status, game.cancel_reason) == (Game.Status.CANCELLED, "정전")
    assert AuditEntry.objects.filter(object_type="game", object_id=str(game.pk), action="cancel").exists()


@pytest.mark.parametrize("who", ["host", "seated_player"], ids=["host_may_not_cancel", "player_may_not_cancel"])
def test_hosts_and_players_may_not_cancel(request, game, players, who):
    member = players[0] if who == "seated_player" else request.getfixturevalue(who)
    client = _client(member)
    url = reverse("league:game_cancel", args=[game.pk])
    assert client.get(url).status_code == HTTPStatus.FORBIDDEN
    assert client.post(url, {"reason": "x"}).status_code == HTTPStatus.FORBIDDEN
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS


def test_anonymous_cancel_goes_to_login(game):
    response = Client().post(reverse("league:game_cancel", args=[game.pk]), {"reason": "x"})
    assert response.status_code == HTTPStatus.FOUND
    assert "/login/" in response["Location"]


def test_cancel_needs_a_reason(game, referee):
    response = _client(referee).post(reverse("league:game_cancel", args=[game.pk]), {"reason": ""})
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS


def test_cancel_button_shows_for_staff_only(game, players, referee):
    url = reverse("league:game_table", args=[game.pk])
    assert 'data-testid="cancel-game"' in _client(referee).get(url).content.decode()
    assert 'data-testid="cancel-game"' not in _client(players[0]).get(url).content.decode()
    detail = reverse("league:game_detail", args=[game.pk])
    assert 'data-testid="cancel-game"' in _client(referee).get(detail).content.decode()


def test_cancelled_game_shows_as_cancelled(cancelled, players):
    client = _client(players[0])
    table = client.get(reverse("league:game_table", args=[cancelled.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="cancelled"' in table
    assert "전원 합의로 중단" in table
    assert 'id="hand-form"' not in table
    assert 'data-testid="undo"' not in table
    assert 'data-testid="cancel-game"' not in table
    detail = client.get(reverse("league:game_detail", args=[cancelled.pk])).content.decode()
    assert 'data-testid="cancelled"' in detail
    assert "전원 합의로 중단" in detail
    listing = client.get(reverse("league:game_list", args=[cancelled.club.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Cancelled" in listing.content.decode()


def test_cancelled_game_refuses_hand_entry_with_a_clear_message(cancelled, players):
    response = _client(players[0]).post(
        reverse("league:hand_create", args=[cancelled.pk]),
        {"position": 1, "kind": "draw", "draw_tenpai": ["0"], "action": "save"},
    )
    assert response.status_code == HTTPStatus.CONFLICT
    text = response.content.decode()
    assert "취소된 대국" in text
    assert "전원 합의로 중단" in text
    assert HandRecord.objects.filter(game=cancelled).count() == 1


@pytest.mark.parametrize(
    ("name", "args", "data"),
    [
        ("hand_undo", [], {"position": 0}),
        ("game_stop", [], {"position": 1}),
        ("hand_edit", [0], {"position": 0, "kind": "draw", "draw_tenpai": ["0"], "reason": "x"}),
        ("hand_delete", [0], {"reason": "x"}),
        ("hand_full", [], {"position": 1}),
    ],
    ids=["no_undo", "no_stop", "no_edit", "no_delete", "no_full_hand"],
)
def test_cancelled_game_refuses_every_change(cancelled, players, name, args, data):
    client = _client(players[0])
    response = client.post(reverse(f"league:{name}", args=[cancelled.pk, *args]), data)
    assert response.status_code == HTTPStatus.CONFLICT
    assert "전원 합의로 중단" in response.content.decode()
    assert list(HandRecord.objects.filter(game=cancelled).values_list("event", flat=True)) == [RON]


def test_cancelled_game_screens_send_the_host_back_to_the_table(cancelled, players):
    response = _client(players[0]).get(reverse("league:hand_full", args=[cancelled.pk]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("league:game_table", args=[cancelled.pk])
    assert "전원 합의로 중단" in response.content.decode()


def test_cancelled_game_preview_says_so(cancelled, players):
    response = _client(players[0]).post(reverse("league:hand_preview", args=[cancelled.pk]),
                                        {"position": 1, "kind": "draw", "draw_tenpai": ["0"]})
    assert response.status_code == HTTPStatus.OK  # htmx swaps 2xx only
    assert "전원 합의로 중단" in response.content.decode()


def test_cancelling_again_changes_nothing(cancelled, referee):
    response = _client(referee).post(reverse("league:game_cancel", args=[cancelled.pk]), {"reason": "다른 이유"})
    assert response.status_code == HTTPStatus.FOUND
    cancelled.refresh_from_db()
    assert cancelled.cancel_reason == "전원 합의로 중단"
