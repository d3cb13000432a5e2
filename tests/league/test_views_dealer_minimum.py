"""The quick entry asks "of which dora" for the dealer's win while the dealer's han minimum applies
(Juki's Agit: from the 5th renchan, 2 han without dora), so the engine can refuse a dealer win below it."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import selectors as game_selectors
from league.games import services as game_services
from league.models import HandRecord
from scoring.game import replay
from scoring.messages import particle

pytestmark = pytest.mark.django_db

DEALER_RON = {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 1, "fu": 30}]}
DEALER_TENPAI = {"kind": "draw", "tenpai": [0]}
# The dealer (seat 0) keeps the deal by winning and by tenpai at a draw: renchan 5 after five hands.
TO_FIFTH_RENCHAN = [DEALER_RON, DEALER_TENPAI, DEALER_RON, DEALER_TENPAI, DEALER_RON]
ENGINE_REFUSAL = "needs at least 2 han"


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def _play(game, events) -> None:
    for i, event in enumerate(events):
        game_services.hand_record(game=game, position=i, event=event, by=None)


def _state(game):
    return replay(game_selectors.game_record(game)).state


def _table(client, game, lang="ko") -> str:
    response = client.get(reverse("league:game_table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == HTTPStatus.OK
    return html.unescape(response.content.decode())


def _save(client, game, **data):
    return client.post(reverse("league:hand_create", args=[game.pk]), {"action": "save", **data},
                       HTTP_ACCEPT_LANGUAGE="ko")


def _events(game) -> list[dict]:
    return list(HandRecord.objects.filter(game=game).order_by("position").values_list("event", flat=True))


@pytest.fixture
def fifth(game):
    _play(game, TO_FIFTH_RENCHAN)
    state = _state(game)
    assert (state.dealer, state.renchan, state.dealer_min_han) == (0, 5, 2)
    return game


RON_2_HAN = {"position": 5, "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "2-30"}
TSUMO_2_HAN = {"position": 5, "kind": "tsumo", "tsumo_winner": 0, "tsumo_value": "2-30"}


@pytest.mark.parametrize(("lang", "label"), [("ko", "그중 도라"), ("en", "of which dora")])
def test_dora_choice_shows_from_the_fifth_renchan(fifth, players, lang, label):
    text = _table(_client(players[0]), fifth, lang)
    assert text.count('data-testid="dealer-dora"') == 3  # ron, the dealer's row of a multiple ron, tsumo
    assert label in text
    assert "{#" not in text
    assert "Expects: field" not in text  # the partial's comment stays out of the page
    for name in ("ron_dora", "multi_dora", "tsumo_dora"):
        assert f'name="{name}" value="0"' in text
        assert f'name="{name}" value="1"' in text
    assert 'class="is-dealer"><input type="radio" name="ron_winner" value="0"' in text


@pytest.mark.parametrize(("data", "kind"), [(RON_2_HAN, "ron"), (TSUMO_2_HAN, "tsumo")], ids=["ron", "tsumo"])
def test_two_han_dealer_win_with_one_dora_is_refused_and_not_stored(fifth, players, data, kind):
    response = _save(_client(players[0]), fifth, **data, **{f"{kind}_dora": "1"})
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    text = html.unescape(response.content.decode())
    # The engine's refusal in Korean, naming the dealer (no English lead-in on a Korean page).
    dealer = game_selectors.game_record(fifth)["players"][0]
    assert f"{particle(dealer, '은')} 5연장 중인 오야(친)이므로 도라를 빼고 2판 이상이어야" in text
    assert "이 화료는 1판입니다" in text
    assert ENGINE_REFUSAL not in text
    assert fifth.hands.count() == len(TO_FIFTH_RENCHAN)


def test_preview_refuses_the_dealer_win_with_one_dora(fifth, players):
    response = _client(players[0]).post(reverse("league:hand_preview", args=[fifth.pk]),
                                        {**RON_2_HAN, "ron_dora": "1"}, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    text = html.unescape(response.content.decode())
    assert "이 화료는 1판입니다" in text
    assert ENGINE_REFUSAL not in text  # the engine's refusal, in Korean


@pytest.mark.parametrize(("data", "kind"), [(RON_2_HAN, "ron"), (TSUMO_2_HAN, "tsumo")], ids=["ron", "tsumo"])
def test_two_han_dealer_win_without_dora_is_stored_with_dora_zero(fifth, players, data, kind):
    response = _save(_client(players[0]), fifth, **data, **{f"{kind}_dora": "0"})
    assert response.status_code == HTTPStatus.FOUND
    event = _events(fifth)[-1]
    win = event["wins"][0] if kind == "ron" else event
    assert (win["winner"], win["han"], win["dora"]) == (0, 2, 0)


def test_mangan_with_dora_keeps_the_count(fifth, players):
    response = _save(_client(players[0]), fifth, **{**RON_2_HAN, "ron_value": "5", "ron_dora": "3"})
    assert response.status_code == HTTPStatus.FOUND
    assert _events(fifth)[-1]["wins"][0]["dora"] == 3


def test_dora_count_must_be_below_the_han(fifth, players):
    response = _save(_client(players[0]), fifth, **RON_2_HAN, ron_dora="2")
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert fifth.hands.count() == len(TO_FIFTH_RENCHAN)


def test_multiple_ron_puts_dora_only_on_the_dealer_win(fifth, players):
    data = {"position": 5, "kind": "multi_ron", "multi_loser": 1, "multi_winners": ["0", "2"],
            "multi_value_0": "3-30", "multi_value_2": "1-30", "multi_dora": "1"}
    response = _save(_client(players[0]), fifth, **data)
    assert response.status_code == HTTPStatus.FOUND
    wins = _events(fifth)[-1]["wins"]
    assert wins[0] == {"winner": 0, "han": 3, "fu": 30, "dora": 1}
    assert "dora" not in wins[1]


def test_no_dora_choice_before_the_fifth_renchan(game, players):
    _play(game, TO_FIFTH_RENCHAN[:4])
    assert _state(game).dealer_min_han is None
    client = _client(players[0])
    text = _table(client, game)
    assert 'data-testid="dealer-dora"' not in text
    assert "_dora" not in text
    assert "is-dealer" not in text
    response = _save(client, game, **{**RON_2_HAN, "position": 4, "ron_dora": "1"})
    assert response.status_code == HTTPStatus.FOUND
    assert _events(game)[-1] == {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 2, "fu": 30}],
                                 "riichi": []}


def test_non_dealer_win_has_no_dora(fifth, players):
    response = _save(_client(players[0]), fifth, **{**RON_2_HAN, "ron_winner": 2, "ron_dora": "1"})
    assert response.status_code == HTTPStatus.FOUND
    assert _events(fifth)[-1] == {"kind": "ron", "loser": 1, "wins": [{"winner": 2, "han": 2, "fu": 30}],
                                  "riichi": []}


def test_non_dealer_rows_of_a_multiple_ron_have_no_dora_choice(fifth, players):
    text = _table(_client(players[0]), fifth)
    panel = text.split('data-kind="multi_ron"', 1)[1].split('data-kind="tsumo"', 1)[0]
    rows = panel.split('class="multi-seat')[1:]
    assert ['data-testid="dealer-dora"' in row for row in rows] == [True, False, False, False]


def test_edit_screen_shows_the_stored_dora(fifth, players):
    client = _client(players[0])
    assert _save(client, fifth, **{**RON_2_HAN, "ron_value": "3-30", "ron_dora": "1"}).status_code == HTTPStatus.FOUND
    response = client.get(reverse("league:hand_edit", args=[fifth.pk, 5]))
    assert response.status_code == HTTPStatus.OK
    assert 'name="ron_dora" value="1" id="id_ron_dora_1" checked' in response.content.decode()
