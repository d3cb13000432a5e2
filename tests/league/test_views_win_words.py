"""How the pages describe a win: the value as the replay settled it (han/fu or the limit, what it
paid) and, for a full hand, its yaku — in Korean and in English."""
from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services

pytestmark = pytest.mark.django_db

FULL_HAND = {"tiles": "234m45688p345678s", "win": "8s", "riichi": True}
EVENTS = [
    # E1, seat 0 deals: a dealer ron of 3 han 30 fu.
    {"kind": "ron", "loser": 2, "wins": [{"winner": 0, "han": 3, "fu": 30}], "riichi": []},
    # E1 1 honba: a non-dealer mangan tsumo.
    {"kind": "tsumo", "winner": 1, "han": 5, "riichi": []},
    # E2: a full hand (riichi, pinfu, tanyao: 3 han 30 fu) by a non-dealer.
    {"kind": "ron", "loser": 0, "riichi": [3], "wins": [{"winner": 3, "hand": FULL_HAND}]},
    # E3: a non-dealer yakuman tsumo.
    {"kind": "tsumo", "winner": 3, "yakuman": 1, "riichi": []},
    # E4: 13 han entered: a kazoe yakuman.
    {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 13}], "riichi": []},
]


@pytest.fixture
def played(game, players):
    for position, event in enumerate(EVENTS):
        game_services.hand_record(game=game, position=position, event=event, by=players[0].user)
    return game


def _results(client: Client, url: str, lang: str) -> list[str]:
    """The result line of each hand, as the reader sees it (tags dropped, entities decoded)."""
    import html

    text = client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    found = re.findall(r'<span class="hand-result">(.*?)</span>\s*</span>', text, flags=re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", f)).strip() for f in found]


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def test_game_page_describes_each_win_in_korean(played, players):
    names = [p.display_name for p in players]
    lines = _results(_client(players[0]), reverse("league:game_detail", args=[played.pk]), "ko")
    assert lines == [
        f"{names[0]} 론 ← {names[2]} · 3판 30부 5,800",  # han/fu: what the dealer's ron paid
        f"{names[1]} 쯔모 · 만관 2,000/4,000",  # a limit hand by its name
        f"{names[3]} 론 ← {names[0]} · 3판 30부 3,900 · 리치·핑후·탕야오 · 리치: {names[3]}",  # a full hand's yaku
        f"{names[3]} 쯔모 · 역만 8,000/16,000",
        f"{names[0]} 론 ← {names[1]} · 헤아림 역만 32,000",  # 13 han entered: kazoe
    ]


def test_game_page_describes_each_win_in_english(played, players):
    names = [p.display_name for p in players]
    lines = _results(_client(players[0]), reverse("league:game_detail", args=[played.pk]), "en")
    assert lines[0] == f"{names[0]} ron from {names[2]} · 3 han 30 fu 5,800"
    assert lines[1] == f"{names[1]} tsumo · Mangan 2,000/4,000"
    assert lines[2] == f"{names[3]} ron from {names[0]} · 3 han 30 fu 3,900 · Riichi·Pinfu·Tanyao · riichi: {names[3]}"
    assert lines[3] == f"{names[3]} tsumo · Yakuman 8,000/16,000"
    assert lines[4] == f"{names[0]} ron from {names[1]} · Kazoe yakuman 32,000"


def test_full_hand_yaku_may_wrap_between_yaku(played, players):
    text = _client(players[0]).get(reverse("league:game_detail", args=[played.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    assert '<span class="win-yaku">리치·<wbr>핑후·<wbr>탕야오</span>' in text.content.decode()
    assert "패 입력" not in text.content.decode()


@pytest.mark.parametrize(("lang", "words"), [("ko", "· 1판 30부 500 올"), ("en", "· 1 han 30 fu 500 all")])
def test_dealer_tsumo_says_what_each_pays(game, players, lang, words):
    game_services.hand_record(game=game, position=0, by=players[0].user,
                         event={"kind": "tsumo", "winner": 0, "han": 1, "fu": 30, "riichi": []})
    lines = _results(_client(players[0]), reverse("league:game_detail", args=[game.pk]), lang)
    assert lines[0].endswith(words), lines


def test_double_yakuman_is_named_with_its_multiple(game, players):
    game_services.hand_record(game=game, position=0, by=players[0].user,
                         event={"kind": "ron", "loser": 2, "wins": [{"winner": 1, "yakuman": 2}], "riichi": []})
    for lang, words in (("ko", "· 2배 역만 64,000"), ("en", "· 2× yakuman 64,000")):
        lines = _results(_client(players[0]), reverse("league:game_detail", args=[game.pk]), lang)
        assert lines[0].endswith(words), lines


@pytest.mark.parametrize(("lang", "words"), [("ko", "· 만관 2,000/4,000"), ("en", "· Mangan 2,000/4,000")])
def test_table_screen_last_hand_says_what_the_win_was_worth(game, players, lang, words):
    game_services.hand_record(game=game, position=0, event=EVENTS[1], by=players[0].user)
    response = _client(players[0]).get(reverse("league:game_table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == HTTPStatus.OK
    last = re.search(r'data-testid="undo">.*?<span class="muted">(.*?)</span>', response.content.decode(), re.S)
    assert last
    assert last.group(1).strip().endswith(words)


def test_table_screen_last_full_hand_lists_its_yaku(game, players):
    game_services.hand_record(game=game, position=0, event=EVENTS[2], by=players[0].user)
    text = _client(players[0]).get(reverse("league:game_table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "3 han 30 fu 3,900 · <span class=\"win-yaku\">Riichi·<wbr>Pinfu·<wbr>Tanyao</span>" in text.content.decode()


def test_names_stay_escaped_in_the_win_words(game, players):
    players[1].display_name = "<b>Bo</b>"
    players[1].save()
    game_services.hand_record(game=game, position=0, event=EVENTS[1], by=players[0].user)
    text = _client(players[0]).get(reverse("league:game_detail", args=[game.pk])).content.decode()
    assert "&lt;b&gt;Bo&lt;/b&gt;" in text
    assert "<b>Bo</b>" not in text
