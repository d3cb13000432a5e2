"""The table screen's hints from the engine's state: renchan, the dealer's han minimum, penalties
on the seat cards; and the engine's refusals worded for a Korean table host."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import selectors as game_selectors
from league.games import services as game_services
from scoring.messages import particle
from tests.factories import RulesetFactory, SeasonFactory
from tests.league.events import record

pytestmark = pytest.mark.django_db

DEALER_RON = {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 1, "fu": 30}]}


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def _table(client, game, lang="ko") -> str:
    response = client.get(reverse("league:game_table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == HTTPStatus.OK
    return html.unescape(response.content.decode())


def _play(game, events) -> None:
    for i, event in enumerate(events):
        record(game, i, event)  # a penalty event as the referee gives it


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("ko", "오야 5연장: 2판 이상"), ("en", "Dealer's 5th renchan: 2 han minimum")],
    ids=["juki_fifth_renchan_korean", "juki_fifth_renchan_english"],
)
def test_dealer_han_minimum_shows_from_the_fifth_renchan(game, players, lang, expected):
    _play(game, [DEALER_RON] * 5)
    text = _table(_client(players[0]), game, lang)
    assert 'data-testid="dealer-min-han"' in text
    assert expected in text


def test_no_han_minimum_before_the_fifth_renchan(game, players):
    _play(game, [DEALER_RON] * 4)
    text = _table(_client(players[0]), game)
    assert 'data-testid="dealer-min-han"' not in text
    assert "4연장" in text  # the renchan count on the dealer's card


def test_no_renchan_badge_on_a_fresh_dealer(game, players):
    assert 'data-testid="renchan"' not in _table(_client(players[0]), game)


def test_renchan_count_in_english(game, players):
    _play(game, [DEALER_RON] * 2)
    assert "2 renchan" in _table(_client(players[0]), game, "en")


def test_yellow_card_shows_on_the_seat_card(game, players):
    _play(game, [{"kind": "penalty", "player": 2, "type": "yellow_card"}])
    text = _table(_client(players[0]), game)
    assert 'data-testid="marks-2"' in text
    assert "옐로카드 1장" in text
    assert 'data-testid="marks-1"' not in text


@pytest.fixture
def asi_game(club, players, referee):
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="asi-shirai", base="asi-shirai"))
    # the same players as ``game`` (which may be in progress): the referee seats them explicitly (issue 9, item 17)
    return game_services.game_start(season=season, table_label="B", members=players, by=referee.user,
                                    override_seated=True)


@pytest.mark.parametrize(
    ("event", "lang", "seat", "expected"),
    [({"kind": "penalty", "player": 2, "type": "penalty_point"}, "ko", 2, "벌점 1점"),
     ({"kind": "penalty", "player": 2, "type": "penalty_point"}, "en", 2, "1 penalty point"),
     ({"kind": "penalty", "player": 3, "type": "agari_forbidden"}, "ko", 3, "화료 금지"),
     ({"kind": "penalty", "player": 3, "type": "agari_forbidden"}, "en", 3, "May not win this hand")],
    ids=["asi_penalty_point_korean", "asi_penalty_point_english", "asi_agari_forbidden_korean",
         "asi_agari_forbidden_english"],
)
def test_penalties_show_on_the_seat_cards(asi_game, players, event, lang, seat, expected):
    _play(asi_game, [event])
    text = _table(_client(players[0]), asi_game, lang)
    card = text.split(f'data-testid="marks-{seat}"', 1)[1].split("</div>", 1)[0]
    assert expected in card


def test_engine_refusal_in_the_preview_is_in_korean(game, players):
    _play(game, [DEALER_RON] * 5)
    data = {"position": 5, "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "1-30", "action": "preview"}
    response = _client(players[0]).post(reverse("league:hand_preview", args=[game.pk]), data)
    text = html.unescape(response.content.decode())
    assert "도라를 빼고 2판 이상이어야 화료할 수 있습니다" in text  # the engine's catalogue, not restated
    assert "needs at least 2 han" not in text


def test_engine_refusal_on_save_is_in_korean_with_the_players_name(game, players):
    _play(game, [DEALER_RON] * 5)
    data = {"position": 5, "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "1-30", "action": "save"}
    response = _client(players[0]).post(reverse("league:hand_create", args=[game.pk]), data)
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    text = html.unescape(response.content.decode())
    dealer = game_selectors.game_record(game)["players"][0]
    assert (f"{particle(dealer, '은')} 5연장 중인 오야(친)이므로 도라를 빼고 2판 이상이어야 화료할 수 있습니다. "
            "이 화료는 1판입니다.") in text
    assert "needs at least 2 han" not in text
    assert "영어 원문" not in text


def test_engine_refusal_on_save_in_english_keeps_the_engines_words(game, players):
    _play(game, [DEALER_RON] * 5)
    data = {"position": 5, "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "1-30", "action": "save"}
    response = _client(players[0]).post(reverse("league:hand_create", args=[game.pk]), data,
                                        HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    text = html.unescape(response.content.decode())
    dealer = game_selectors.game_record(game)["players"][0]
    assert (f"The rules do not allow this: {dealer} is the dealer on renchan 5 and needs at least 2 han "
            "without dora to win; this hand has 1.") in text


def test_edit_that_breaks_a_later_hand_is_explained_in_korean(game, players):
    _play(game, [DEALER_RON] * 2)
    url = reverse("league:hand_edit", args=[game.pk, 0])
    # Hand 1 becomes a yakuman that sends seat 1 below zero (tobi): hand 2 would come after the end.
    data = {"position": 0, "kind": "ron", "ron_winner": 2, "ron_loser": 1, "ron_value": "Y1", "reason": "오기"}
    response = _client(players[0]).post(url, data)
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "아무것도 바뀌지 않았습니다" in response.content.decode()


def test_conflict_message_is_translated(game, players):
    url = reverse("league:hand_create", args=[game.pk])
    ron = {"position": 0, "kind": "ron", "ron_winner": 1, "ron_loser": 2, "ron_value": "3-30", "action": "save"}
    assert _client(players[0]).post(url, ron).status_code == HTTPStatus.FOUND
    response = _client(players[1]).post(url, {"position": 0, "kind": "draw", "draw_tenpai": ["0"], "action": "save"})
    assert response.status_code == HTTPStatus.CONFLICT
    assert "1번째 국이 이미 다르게 입력되어 있습니다" in response.content.decode()
