"""Fixes from playing a game night on a phone: edit preview, watchers, the next game, full-hand riichi."""
from __future__ import annotations

import html
import re
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.models import Game, HandRecord
from league.referee import services as referee_services
from tests.factories import MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


@pytest.fixture
def played(game, players):
    game_services.hand_record(game=game, position=0, event={"kind": "ron", "loser": 2,
                         "wins": [{"winner": 1, "han": 3, "fu": 30}]}, by=players[0].user)
    game_services.hand_record(game=game, position=1, event={"kind": "draw", "tenpai": [1]}, by=players[0].user)
    return game


def test_edit_form_does_not_block_the_live_preview_on_the_empty_reason(played, referee):
    text = _client(referee).get(reverse("league:hand_edit", args=[played.pk, 0])).content.decode()
    form = text[text.index('<form method="post" class="hand-form'):]
    assert "novalidate" in form[:form.index(">")]


def test_edit_preview_without_javascript_needs_no_reason(played, referee):
    data = {"position": 0, "kind": "ron", "ron_winner": "1", "ron_loser": "2", "ron_value": "4-30",
            "action": "preview"}
    response = _client(referee).post(reverse("league:hand_edit", args=[played.pk, 0]), data)
    assert response.status_code == HTTPStatus.OK
    assert 'data-testid="preview"' in response.content.decode()
    assert HandRecord.objects.get(game=played, position=0).event["wins"][0]["han"] == 3  # nothing saved


def test_edit_preview_says_when_the_change_ends_the_game(game, players, referee):
    by = players[0].user
    game_services.hand_record(game=game, position=0, event={"kind": "ron", "loser": 2, "wins": [{"winner": 1,
                              "han": 8}]},
                         by=by)  # seat 2: 9,000 left
    data = {"position": 0, "kind": "ron", "ron_winner": "1", "ron_loser": "2", "ron_value": "Y1", "form": "quick"}
    response = _client(referee).post(reverse("league:hand_preview", args=[game.pk]), data,
                                     HTTP_ACCEPT_LANGUAGE="en")
    text = response.content.decode()
    assert 'data-testid="preview-ends"' in text
    assert "With this change the game ends." in text


def test_member_watching_a_game_gets_no_entry_form_but_a_reason(played, club):
    watcher = MemberFactory(club=club, user=UserFactory())
    response = _client(watcher).get(reverse("league:game_table", args=[played.pk]), HTTP_ACCEPT_LANGUAGE="en")
    text = response.content.decode()
    assert response.status_code == HTTPStatus.OK
    assert 'id="hand-form"' not in text
    assert 'data-testid="watch-only"' in text
    assert 'data-testid="score-0"' in text


def test_host_starting_a_game_they_do_not_sit_at_is_told_who_enters_it(host, season, players):
    """Issue 9, item 17: the host is told before the game exists (it would be stuck), not after."""
    data = {"season": season.pk, "table_label": "T9"} | {f"seat_{i}": m.pk for i, m in enumerate(players)}
    response = _client(host).post(reverse("league:game_start", args=[season.club.slug]), data, follow=True,
                                  HTTP_ACCEPT_LANGUAGE="en")
    text = html.unescape(response.content.decode())
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "You are not seated at this game" in text
    assert "ask a referee or a club admin" in text


def test_refusal_page_explains_who_may(played, club):
    watcher = MemberFactory(club=club, user=UserFactory())
    response = _client(watcher).post(reverse("league:hand_create", args=[played.pk]), {"position": 2},
                                     HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert "Hands are entered by the players of the game" in response.content.decode()


def test_final_table_offers_the_next_game_with_the_same_players(game, players, referee):
    game_services.hand_record(game=game, position=0, event={"kind": "ron", "loser": 2, "wins": [{"winner": 1,
                              "yakuman": 2}]},
                         by=players[0].user)  # tobi
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    text = _client(referee).get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'data-testid="next-game"' in text
    start = reverse("league:game_start", args=[game.club.slug])
    url = html.unescape(text.split('data-testid="next-game" href="')[1].split('"')[0])
    assert url.startswith(start)
    form = _client(referee).get(url).content.decode()
    for i, m in enumerate(players):
        assert f'<option value="{m.pk}" selected>' in form.split(f'name="seat_{i}"')[1].split("</select>")[0]
    assert 'name="random_seats" checked' in form or 'checked id="id_random_seats"' in form or (
        'id="id_random_seats" checked' in form)


def test_plain_member_sees_no_next_game_button(game, players):
    game_services.hand_record(game=game, position=0, event={"kind": "ron", "loser": 2, "wins": [{"winner": 1,
                              "yakuman": 2}]},
                         by=players[0].user)
    text = _client(players[3]).get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'data-testid="next-game"' not in text


def _full(position, **extra):
    data = {"position": position, "form": "full", "winner": "1", "loser": "2", "tiles": "23455m406p234678s",
            "win": "8s", "melds": "", "dora": "", "ura": "", "action": "save"}
    data.update(extra)
    return data


def test_full_hand_riichi_flag_places_the_winners_stick(game, players):
    response = _client(players[0]).post(reverse("league:hand_full", args=[game.pk]), _full(0, riichi_flag="on"))
    assert response.status_code == HTTPStatus.FOUND
    event = HandRecord.objects.get(game=game, position=0).event
    assert event["riichi"] == [1]
    assert event["wins"][0]["hand"]["riichi"] is True


def test_full_hand_winners_stick_counts_the_riichi_yaku(game, players):
    response = _client(players[0]).post(reverse("league:hand_full", args=[game.pk]), _full(0, riichi=["1", "3"]))
    assert response.status_code == HTTPStatus.FOUND
    event = HandRecord.objects.get(game=game, position=0).event
    assert event["riichi"] == [1, 3]
    assert event["wins"][0]["hand"]["riichi"] is True


def test_audit_log_says_hands_and_penalties_in_words(played, referee, players, club):
    game_services.hand_edit(hand=HandRecord.objects.get(game=played, position=0),
                       event={"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}]},
                       by=referee.user, reason="4판")
    referee_services.penalty_give(member=players[3], type="yellow_card", reason="패 노출", by=referee.user, game=played)
    text = html.unescape(_client(referee).get(reverse("league:audit_log", args=[club.slug]),
                                              HTTP_ACCEPT_LANGUAGE="en").content.decode())
    names = [p.display_name for p in players]
    assert (f"Table A, East 1: {names[1]} ron from {names[2]} · 3 han 30 fu"
            f" → {names[1]} ron from {names[2]} · 4 han 30 fu") in text
    assert re.search(rf"{names[3]} · Yellow card · Table A (East|South) \d", text)  # the hand it was given in
