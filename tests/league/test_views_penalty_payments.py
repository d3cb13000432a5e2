"""Issue 9, item 18: a penalty's payment shows on its own row — on the game page and in the penalty lists —
instead of being folded into the next hand's row."""
from __future__ import annotations

import html
import re
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.referee import services as referee_services

pytestmark = pytest.mark.django_db

RON = {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}  # the dealer: 5,800


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


@pytest.fixture
def carded(game, players, referee):
    """Juki: 박's second yellow card in one hand is a chombo payment (play goes on), then the dealer's ron."""
    for _ in range(2):
        referee_services.penalty_give(game=game, member=players[2], type="yellow_card", reason="콜 실수",
                                      by=referee.user)
    game_services.hand_record(game=game, position=2, event=RON, by=None)
    return game


def _hand_rows(text: str) -> list[list[str]]:
    """Each hand of the game page: the deltas of its second line (empty when it has none)."""
    rows = []
    for body in re.findall(r'<tbody class="hand">(.*?)</tbody>', text, re.S):
        rows.append(re.findall(r'data-delta="(-?\d+)"', body))
    return rows


def test_penalty_payments_on_their_own_row_on_the_game_page(carded, players):
    text = html.unescape(_client(players[3]).get(reverse("league:game_detail", args=[carded.pk])).content.decode())
    rows = _hand_rows(text)
    assert len(rows) == 3
    assert rows[0] == []  # the first yellow card moves nothing
    assert rows[1] == ["3000", "3000", "-9000", "3000"]  # the second: the chombo payment, on its own row
    assert rows[2] == ["5800", "-5800", "0", "0"]  # the ron, only what the ron paid
    assert "−9,000" in text


@pytest.mark.parametrize(("rule", "page"), [
    ("the game's penalty list", "game"), ("the season's penalty list", "season"), ("the player's list", "member")])
def test_penalty_payments_on_their_own_row_in_the_penalty_lists(carded, players, referee, rule, page):
    url = {"game": reverse("league:game_penalties", args=[carded.pk]),
           "season": reverse("league:season_penalties", args=[carded.club.slug, carded.season_id]),
           "member": reverse("league:member_penalties", args=[carded.club.slug, players[2].pk])}[page]
    response = _client(referee).get(url)
    assert response.status_code == HTTPStatus.OK
    cells = re.findall(r'data-testid="penalty-payment">(.*?)</td>', html.unescape(response.content.decode()), re.S)
    amounts = sorted(re.sub(r"<[^>]+>", "", c).strip() for c in cells)
    assert amounts == ["", "−9,000"]  # one row per card: the first moved nothing, the second 9,000


def test_penalty_payments_ruling_amount_in_the_list(game, players, referee):
    referee_services.penalty_give(game=game, member=players[1], type="ruling", amount=2000, beneficiary=players[3],
                          reason="판정", by=referee.user)
    text = html.unescape(_client(referee).get(reverse("league:game_penalties", args=[game.pk])).content.decode())
    assert "−2,000" in text
    page = _client(referee).get(reverse("league:game_detail", args=[game.pk])).content.decode()
    rows = _hand_rows(html.unescape(page))
    assert rows == [["0", "-2000", "0", "2000"]]


# --- issue 21, item 8: the preview shows the hand alone ------------------------------------------------------
def _preview_deltas(text: str, testid: str) -> list[int]:
    found = re.search(rf'data-testid="{testid}" data-deltas="([-\d,]+)"', text)
    return [int(x) for x in found.group(1).split(",")] if found else []


@pytest.mark.parametrize(("recorded", "data", "own", "penalties"), [
    # Second yellow card of 박 (seat 2) is a chombo payment (3,000 to each other player), then 1판 30부:
    # 이 (seat 1) rons 최 (seat 3) for 1,000. The preview showed the two summed; the hand pays only its own.
    (False, {"kind": "ron", "ron_winner": "1", "ron_loser": "3", "ron_value": "1-30"},
     [0, 1000, 0, -1000], [3000, 3000, -9000, 3000]),
    # The edit page's preview of the dealer's 5,800 ron after the cards: the ron alone.
    (True, {"kind": "ron", "ron_winner": "0", "ron_loser": "1", "ron_value": "3-30"},
     [5800, -5800, 0, 0], [3000, 3000, -9000, 3000]),
], ids=["after a second yellow card, a 1 han 30 fu ron pays 1,000 alone",
        "editing the hand after the cards previews the hand alone"])
def test_the_preview_shows_the_hands_own_payments_and_the_penalties_on_their_own_line(
        game, players, referee, recorded, data, own, penalties):
    for _ in range(2):
        referee_services.penalty_give(game=game, member=players[2], type="yellow_card", reason="콜 실수",
                                      by=referee.user)
    if recorded:  # the hand is there: its edit page previews the change at its position
        game_services.hand_record(game=game, position=2, event=RON, by=None)
    response = _client(referee).post(reverse("league:hand_preview", args=[game.pk]), {"position": 2, **data},
                                     HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    text = html.unescape(response.content.decode())
    assert _preview_deltas(text, "preview") == own
    assert _preview_deltas(text, "preview-penalties") == penalties
    assert "이 국 전에 받은 벌칙" in text


def test_a_hand_without_penalties_has_no_penalty_line(game, referee):
    response = _client(referee).post(reverse("league:hand_preview", args=[game.pk]),
                                     {"position": 0, "kind": "ron", "ron_winner": "1", "ron_loser": "3",
                                      "ron_value": "1-30"}, HTTP_HX_REQUEST="true")
    text = response.content.decode()
    assert _preview_deltas(text, "preview") == [0, 1000, 0, -1000]
    assert 'data-testid="preview-penalties"' not in text


# --- issue 25 item 7: the ruling names its hand, its beneficiary and its amount with separators -------------
def test_a_ruling_in_the_list_names_its_hand_beneficiary_and_amount(game, players, referee):
    game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": [0]}, by=players[0].user)
    referee_services.penalty_give(game=game, member=players[1], type="ruling", amount=12000, beneficiary=players[3],
                                  reason="판정", by=referee.user)
    page = html.unescape(_client(referee).get(reverse("league:game_penalties", args=[game.pk]),
                                              HTTP_ACCEPT_LANGUAGE="ko").content.decode())
    assert re.search(r'data-testid="penalty-amount">12,000<', page)
    assert re.search(rf'data-testid="penalty-beneficiary">{players[3].display_name}<', page)
    assert re.search(r'data-testid="penalty-hand">동 1국 1본장<', page)  # the dealer kept the deal: 1 honba
    assert "번째 국" not in page


def test_the_game_page_numbers_hands_only_and_names_a_penalty_by_its_hand(game, players, referee):
    game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": [0]}, by=players[0].user)
    referee_services.penalty_give(game=game, member=players[1], type="ruling", amount=1000, beneficiary=players[2],
                                  reason="판정", by=referee.user)
    game_services.hand_record(game=game, position=2, event={"kind": "draw", "tenpai": []}, by=players[0].user)
    page = html.unescape(_client(referee).get(reverse("league:game_detail", args=[game.pk]),
                                              HTTP_ACCEPT_LANGUAGE="ko").content.decode())
    numbers = re.findall(r'<span class="hand-no">(\d+)\.</span>', page)
    assert sorted(numbers) == ["1", "2"]  # the ruling is not a hand of its own
    assert re.findall(r'data-testid="hand-of">([^<]*)<', page) == ["동 1국 1본장"]
