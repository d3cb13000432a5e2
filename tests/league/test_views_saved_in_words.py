"""Issue 9, item 15: after a save, the top of the table screen says what was saved, in words."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def _messages(response) -> list[str]:
    return [html.unescape(str(m)) for m in response.context["messages"]]


@pytest.mark.parametrize(("rule", "data", "words"), [
    ("a ron: winner ← discarder, han fu and what it paid",
     {"kind": "ron", "ron_winner": "1", "ron_loser": "0", "ron_value": "3-30"}, "{1} 론 ← {0} · 3판 30부 3,900"),
    ("a tsumo: what each paid",
     {"kind": "tsumo", "tsumo_winner": "2", "tsumo_value": "5"}, "{2} 쯔모 · 만관 2,000/4,000"),
    ("a draw: who was tenpai", {"kind": "draw", "draw_tenpai": ["3"]}, "유국 · 텐파이: {3}"),
    # Juki: a pao yakuman tsumo is paid all by the liable player; a ron is split with the discarder
    ("pao: a yakuman tsumo names the liable player and what they paid",
     {"kind": "tsumo", "tsumo_winner": "2", "tsumo_value": "Y1", "pao": "1"},
     "{2} 쯔모 · 역만 8,000/16,000 · 책임지불 {1} 32,000"),
    ("pao: a yakuman ron names the liable player and their half",
     {"kind": "ron", "ron_winner": "2", "ron_loser": "0", "ron_value": "Y1", "pao": "1"},
     "{2} 론 ← {0} · 역만 32,000 · 책임지불 {1} 16,000"),
])
def test_after_a_save_the_top_says_what_was_saved(game, players, rule, data, words):
    response = _client(players[0]).post(reverse("league:hand_create", args=[game.pk]),
                                        {"position": 0, "action": "save", **data}, follow=True,
                                        HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    names = [p.display_name for p in players]
    expected = "1번째 국 저장: " + words.format(*names)
    assert expected in _messages(response)
    text = response.content.decode()
    assert text.index('class="saved success"') < text.index('data-testid="round"')  # at the top


def test_saved_message_escapes_names(game, players):
    players[1].display_name = "<b>굵게</b>"
    players[1].save()
    response = _client(players[0]).post(reverse("league:hand_create", args=[game.pk]), {
        "position": 0, "action": "save", "kind": "ron", "ron_winner": "1", "ron_loser": "0", "ron_value": "3-30"},
        follow=True)
    assert "<b>굵게</b>" not in response.content.decode()
    assert "&lt;b&gt;굵게&lt;/b&gt;" in response.content.decode()


def test_save_bar_holds_the_preview_beside_save(game, players):
    response = _client(players[0]).post(reverse("league:hand_create", args=[game.pk]), {
        "position": 0, "action": "preview", "kind": "ron", "ron_winner": "1", "ron_loser": "0", "ron_value": "3-30"})
    text = response.content.decode()
    bar = text[text.index('data-testid="save-bar"'):]
    assert bar.index('data-testid="preview"') < bar.index('data-testid="save"')
