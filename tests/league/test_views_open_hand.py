"""The quick entry's optional one tap "울었음" per winner (issue 26 item 1): a ron or tsumo keeps its
taps; a tapped winner's WIN is stored with ``open: true``; a riichi winner cannot be open."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.models import HandRecord
from league.web.games.forms import event_initial

pytestmark = pytest.mark.django_db


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def _save(client, game, **data):
    return client.post(reverse("league:hand_create", args=[game.pk]), {"action": "save", "position": 0, **data},
                       HTTP_ACCEPT_LANGUAGE="ko")


def _events(game) -> list[dict]:
    return list(HandRecord.objects.filter(game=game).order_by("position").values_list("event", flat=True))


def test_table_offers_the_open_tap_per_seat(game, players):
    response = _client(players[0]).get(reverse("league:game_table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    text = html.unescape(response.content.decode())
    assert all(f'name="open" value="{s}"' in text for s in range(4))
    assert "울었음" in text


@pytest.mark.parametrize(("data", "opened"), [
    ({"kind": "ron", "ron_winner": 2, "ron_loser": 1, "ron_value": "2-30"}, [None]),
    ({"kind": "ron", "ron_winner": 2, "ron_loser": 1, "ron_value": "2-30", "open": [2]}, [True]),
    ({"kind": "ron", "ron_winner": 2, "ron_loser": 1, "ron_value": "2-30", "open": [3]}, [None]),
    ({"kind": "tsumo", "tsumo_winner": 3, "tsumo_value": "1-30", "open": [3]}, [True]),
    ({"kind": "multi_ron", "multi_loser": 0, "multi_winners": [1, 2], "multi_value_1": "1-30",
      "multi_value_2": "2-30", "open": [2]}, [None, True]),
], ids=["ron-closed-by-default", "ron-winner-tapped-open", "tap-on-a-non-winner-means-nothing", "tsumo-open",
        "multiple-ron-one-open"])
def test_open_tap_is_stored_on_the_win(game, players, data, opened):
    response = _save(_client(players[0]), game, **data)
    assert response.status_code in (HTTPStatus.OK, HTTPStatus.FOUND), response.content.decode()[:500]
    [event] = _events(game)
    wins = event["wins"] if event["kind"] == "ron" else [event]
    assert [w.get("open") for w in wins] == opened


def test_open_winner_with_riichi_is_refused_in_korean(game, players):
    response = _save(_client(players[0]), game, kind="ron", ron_winner=2, ron_loser=1, ron_value="2-30",
                     open=[2], riichi=[2])
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "리치를 했으므로 울었을 수 없습니다" in html.unescape(response.content.decode())
    assert _events(game) == []


def test_edit_screen_keeps_the_open_tap():
    event = {"kind": "ron", "loser": 1, "wins": [{"winner": 2, "han": 2, "fu": 30, "open": True}], "riichi": []}
    assert event_initial(event)["open"] == ["2"]
    assert "open" not in event_initial({"kind": "tsumo", "winner": 1, "han": 1, "fu": 30, "riichi": []})
