"""The table-host screen: hand entry, preview, idempotent resubmission, conflicts, undo, stop."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.models import HandRecord
from tests.factories import MemberFactory, RulesetFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def _ron(position, *, winner=1, loser=2, value="3-30", riichi=()):
    return {"position": position, "kind": "ron", "ron_winner": winner, "ron_loser": loser, "ron_value": value,
            "riichi": list(riichi), "action": "save"}


@pytest.fixture
def host_client(game, players):
    """A player seated at the game (players of a game may enter its hands)."""
    return _client(players[0])


def test_table_screen_shows_round_in_words_and_dealer(host_client, game, players):
    response = host_client.get(reverse("league:game_table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == HTTPStatus.OK
    text = response.content.decode()
    assert "East 1 · 0 honba · 0 sticks" in text
    assert "Dealer" in text
    assert 'name="position" value="0"' in text


def test_table_screen_in_korean_by_default(host_client, game):
    response = host_client.get(reverse("league:game_table", args=[game.pk]))
    assert "동 1국 · 0본장 · 공탁 0" in response.content.decode()


def test_ron_entry_creates_the_event(host_client, game):
    response = host_client.post(reverse("league:hand_create", args=[game.pk]), _ron(0, riichi=[1]))
    assert response.status_code == HTTPStatus.FOUND
    hand = HandRecord.objects.get(game=game, position=0)
    assert hand.event == {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 3, "fu": 30}], "riichi": [1]}


def test_resubmission_is_idempotent(host_client, game):
    url = reverse("league:hand_create", args=[game.pk])
    first = host_client.post(url, _ron(0))
    again = host_client.post(url, _ron(0))
    assert (first.status_code, again.status_code) == (HTTPStatus.FOUND, HTTPStatus.FOUND)
    assert HandRecord.objects.filter(game=game).count() == 1


def test_second_host_entering_a_different_hand_gets_a_conflict(game, players):
    url = reverse("league:hand_create", args=[game.pk])
    assert _client(players[0]).post(url, _ron(0)).status_code == HTTPStatus.FOUND
    response = _client(players[1]).post(url, {"position": 0, "kind": "draw", "draw_tenpai": ["0"], "action": "save"})
    assert response.status_code == HTTPStatus.CONFLICT
    assert 'data-testid="conflict"' in response.content.decode()
    assert HandRecord.objects.get(game=game, position=0).event["kind"] == "ron"


def test_preview_shows_each_players_payment_without_saving(host_client, game):
    data = _ron(0, value="3-30") | {"action": "preview"}
    response = host_client.post(reverse("league:hand_create", args=[game.pk]), data)
    assert response.status_code == HTTPStatus.OK
    text = response.content.decode()
    assert 'data-delta="3900"' in text
    assert 'data-delta="-3900"' in text
    assert not HandRecord.objects.filter(game=game).exists()


def test_htmx_preview_returns_the_preview_box_only(host_client, game):
    data = {"position": 0, "kind": "tsumo", "tsumo_winner": "0", "tsumo_value": "5"}
    response = host_client.post(reverse("league:hand_preview", args=[game.pk]), data, HTTP_HX_REQUEST="true")
    text = response.content.decode()
    assert response.status_code == HTTPStatus.OK
    assert text.lstrip().startswith('<div id="preview"')
    assert 'data-delta="12000"' in text
    assert text.count('data-delta="-4000"') == 3


def test_engine_refusal_is_shown_and_nothing_stored(host_client, game):
    # Juki's Agit has no abortive draws: the form does not even offer them.
    response = host_client.post(reverse("league:hand_create", args=[game.pk]),
                                {"position": 0, "kind": "abort", "abort_reason": "four_winds", "action": "save"})
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert not HandRecord.objects.filter(game=game).exists()


@pytest.mark.parametrize(
    ("raw_value", "stored"),
    [("1-30", {"han": 1, "fu": 30}), ("5", {"han": 5}), ("Y2", {"yakuman": 2})],
    ids=["han_fu_pair", "mangan_by_han", "double_yakuman"],
)
def test_value_grid_becomes_the_win_value(host_client, game, raw_value, stored):
    host_client.post(reverse("league:hand_create", args=[game.pk]), _ron(0, value=raw_value))
    assert HandRecord.objects.get(game=game).event["wins"][0] == {"winner": 1, **stored}


@pytest.mark.parametrize("raw_value", ["1-20", "1-25", "4-40", "9-99"],
                         ids=["one_han_20_fu_impossible", "one_han_chiitoitsu_impossible",
                              "mangan_pair_not_offered", "not_a_grid_value"])
def test_values_outside_the_grid_are_refused(host_client, game, raw_value):
    response = host_client.post(reverse("league:hand_create", args=[game.pk]), _ron(0, value=raw_value))
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert not HandRecord.objects.exists()


def test_multiple_ron(host_client, game):
    data = {"position": 0, "kind": "multi_ron", "multi_loser": "0", "multi_winners": ["1", "3"],
            "multi_value_1": "2-30", "multi_value_3": "5", "action": "save"}
    assert host_client.post(reverse("league:hand_create", args=[game.pk]), data).status_code == HTTPStatus.FOUND
    event = HandRecord.objects.get(game=game).event
    assert event["loser"] == 0
    assert [w["winner"] for w in event["wins"]] == [1, 3]


def test_riichi_toggle_refused_below_the_ruleset_minimum(host_client, game, players):
    # Seat 2 pays a baiman (16,000), a mangan (8,000) and 1,000: exactly 0 points, not bust, no riichi.
    for pos, (winner, value) in enumerate([(1, {"han": 8}), (3, {"han": 5}), (1, {"han": 1, "fu": 30})]):
        game_services.hand_record(game=game, position=pos, event={"kind": "ron", "loser": 2,
                             "wins": [{"winner": winner, **value}]}, by=players[0].user)
    page = host_client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'name="riichi" value="2" disabled' in page
    assert 'name="riichi" value="1" disabled' not in page
    response = host_client.post(reverse("league:hand_create", args=[game.pk]),
                                {"position": 3, "kind": "draw", "riichi": ["2"], "draw_tenpai": ["2"],
                                 "action": "save"})
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert HandRecord.objects.filter(game=game).count() == 3


def test_undo_removes_the_last_hand_once(host_client, game):
    host_client.post(reverse("league:hand_create", args=[game.pk]), _ron(0))
    url = reverse("league:hand_undo", args=[game.pk])
    assert host_client.post(url, {"position": 0}).status_code == HTTPStatus.FOUND
    assert not HandRecord.objects.filter(game=game).exists()
    host_client.post(reverse("league:hand_create", args=[game.pk]), _ron(0, winner=3))
    # A second tap of the old undo button (position 0 is a new hand now, entered after the undo) ...
    host_client.post(url, {"position": 5})
    assert HandRecord.objects.filter(game=game).count() == 1


def test_full_hand_entry_is_scored_by_the_engine(host_client, game):
    data = {"position": 0, "winner": "1", "loser": "", "tiles": "234m456p789s11z567s", "win": "7s",
            "melds": "", "dora": "", "ura": "", "riichi_flag": "on", "riichi": ["1"], "action": "save"}
    data["tiles"] = "234m456p789s567s11z"
    response = host_client.post(reverse("league:hand_full", args=[game.pk]), data)
    assert response.status_code == HTTPStatus.FOUND, response.content.decode()[:2000]
    event = HandRecord.objects.get(game=game).event
    assert event["kind"] == "tsumo"
    assert event["hand"]["tiles"] == "234m456p789s567s11z"


def test_full_hand_preview_lists_the_yaku(host_client, game):
    data = {"position": 0, "form": "full", "winner": "1", "loser": "2", "tiles": "234m456p789s567s11z",
            "win": "7s", "riichi_flag": "on", "riichi": ["1"]}
    response = host_client.post(reverse("league:hand_preview", args=[game.pk]), data, HTTP_ACCEPT_LANGUAGE="ko")
    text = response.content.decode()
    assert "리치" in text
    assert "data-delta" in text


def test_agari_yame_is_the_dealers_choice_and_stop_ends_the_game(host_client, game, players):
    # Juki's Agit: seven all-noten draws pass the deal to South 4; the dealer (seat 3) wins on top.
    for pos in range(7):
        game_services.hand_record(game=game, position=pos, event={"kind": "draw", "tenpai": []}, by=players[0].user)
    game_services.hand_record(game=game, position=7, event={"kind": "ron", "loser": 0, "wins": [{"winner": 3,
                              "han": 5}]},
                         by=players[0].user)
    url = reverse("league:game_table", args=[game.pk])
    page = host_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="ask-stop"' in page
    assert "End the game" in page
    assert 'data-testid="ask-stop"' not in host_client.get(url + "?continue=1").content.decode()
    response = host_client.post(reverse("league:game_stop", args=[game.pk]), {"position": 8})
    assert response.status_code == HTTPStatus.FOUND
    page = host_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="final"' in page
    assert "chose to end the game" in page
    game.refresh_from_db()
    assert game.status == game.Status.FINISHED


@pytest.fixture
def asi_game(club, players, referee):
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="asi-shirai", base="asi-shirai"))
    # the same players as ``game`` (which may be in progress): the referee seats them explicitly (issue 9, item 17)
    return game_services.game_start(season=season, table_label="B", members=players, by=referee.user,
                                    override_seated=True)


def test_abortive_draws_offered_only_when_the_ruleset_has_them(host_client, asi_game, game):
    asi = host_client.get(reverse("league:game_table", args=[asi_game.pk])).content.decode()
    juki = host_client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'value="four_winds"' in asi
    assert 'value="four_winds"' not in juki


def test_csrf_is_enforced_on_hand_entry(game, players):
    client = Client(enforce_csrf_checks=True)
    client.force_login(players[0].user)
    response = client.post(reverse("league:hand_create", args=[game.pk]), _ron(0))
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert not HandRecord.objects.exists()


def test_outsider_cannot_enter_hands(game, club):
    outsider = MemberFactory(club=club, user=UserFactory())
    response = _client(outsider).post(reverse("league:hand_create", args=[game.pk]), _ron(0))
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert not HandRecord.objects.exists()


def test_anonymous_is_sent_to_login(game):
    response = Client().get(reverse("league:game_table", args=[game.pk]))
    assert response.status_code == HTTPStatus.FOUND
    assert reverse("login") in response["Location"]
    response = Client().post(reverse("league:hand_create", args=[game.pk]), _ron(0))
    assert response.status_code == HTTPStatus.FOUND
    assert reverse("login") in response["Location"]


@pytest.mark.parametrize(
    ("data", "event"),
    [
        pytest.param({"kind": "draw", "riichi": ["2"], "draw_tenpai": ["0"]},
                     {"kind": "draw", "tenpai": [0, 2], "riichi": [2]},
                     id="a riichi player counts as tenpai at a draw"),
        pytest.param({"kind": "nagashi", "riichi": ["3"], "nagashi_players": ["1"]},
                     {"kind": "nagashi", "players": [1], "tenpai": [3], "riichi": [3]},
                     id="a riichi player counts as tenpai at a nagashi"),
    ],
)
def test_riichi_players_are_tenpai_without_a_second_tap(host_client, game, data, event):
    response = host_client.post(reverse("league:hand_create", args=[game.pk]),
                                {"position": 0, "action": "save", **data})
    assert response.status_code == HTTPStatus.FOUND
    assert HandRecord.objects.get(game=game, position=0).event == event
