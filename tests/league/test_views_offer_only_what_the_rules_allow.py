"""Issue 9, item 16: the table screens offer only what the rules allow.

The ron grid has no 20 fu (a ron is at least 30 fu where open pinfu is raised), the full-hand
page has no renhou flag where the ruleset has none (A.S.I.), the multiple-ron tab is named after
how many may win (Juki: double or triple), the discarder is not offered as a winner, and Juki's
"of which dora" of the dealer's 5th renchan starts unanswered and must be answered.
"""
from __future__ import annotations

import html
import re
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.games.entry_screen import EntryContext
from league.models import HandRecord
from league.web.games.forms import HandEntryForm, value_choices
from scoring.errors import ScoringError
from scoring.payments import check_win_han_fu
from scoring.rules import preset
from tests.factories import RulesetFactory, SeasonFactory

pytestmark = pytest.mark.django_db


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def _get(client, name, game, lang="ko") -> str:
    response = client.get(reverse(name, args=[game.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == HTTPStatus.OK
    return html.unescape(response.content.decode())


def _grid_values(text: str, name: str) -> set[str]:
    return set(re.findall(rf'name="{name}" value="([^"]+)"', text))


def _game_under(club, players, referee, key: str):
    ruleset = RulesetFactory(club=club, key=key, base=key)
    season = SeasonFactory(club=club, ruleset=ruleset)
    return game_services.game_start(season=season, table_label="B", members=players, by=referee.user)


# --- the ron grid ---------------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "tsumo", "han", "fu", "valid"), [
    ("a ron is at least 30 fu", False, 2, 20, False),
    ("a ron is at least 30 fu", False, 3, 20, False),
    ("pinfu tsumo is 20 fu", True, 2, 20, True),
    ("chiitoitsu ron is 2 han 25 fu", False, 2, 25, True),
    ("chiitoitsu tsumo is at least 3 han", True, 2, 25, False),
    ("chiitoitsu tsumo 3 han 25 fu", True, 3, 25, True),
])
def test_ron_grid_offers_only_valid_pairs_one_rule(rule, tsumo, han, fu, valid):
    """One home for the rule: the engine's check and the grid agree, pair by pair."""
    rules = preset("juki-agit-2026")
    try:
        check_win_han_fu(han, fu, rules, tsumo=tsumo)
        engine_ok = True
    except ScoringError:
        engine_ok = False
    offered = {c.value for row in value_choices(rules, tsumo=tsumo) for c in row}
    assert engine_ok is valid
    assert (f"{han}-{fu}" in offered) is valid


def test_ron_grid_offers_only_valid_pairs(game, players):
    text = _get(_client(players[0]), "league:game_table", game)
    ron, tsumo = _grid_values(text, "ron_value"), _grid_values(text, "tsumo_value")
    assert "2-20" not in ron
    assert "3-20" not in ron
    assert "4-20" not in ron
    assert not any(v.endswith("-20") for v in _grid_values(text, "multi_value_1"))
    assert "2-20" in tsumo
    assert "2-25" in ron
    assert "2-25" not in tsumo


def test_ron_grid_every_offered_pair_is_accepted_by_the_engine(game):
    rules = game.effective_ruleset.to_scoring()
    for row in value_choices(rules, tsumo=False):
        for c in row:
            if c.fu is not None:
                check_win_han_fu(c.han, c.fu, rules, tsumo=False)


# --- renhou ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "key", "offered"), [
    ("A.S.I. has no renhou", "asi-shirai", False),
    ("Juki's Agit scores renhou", "juki-agit-2026", True),
])
def test_full_hand_page_offers_renhou_only_where_it_exists(club, players, referee, rule, key, offered):
    game = _game_under(club, players, referee, key)
    text = _get(_client(players[0]), "league:hand_full", game)
    assert ('name="renhou"' in text) is offered
    assert 'name="tenhou"' in text


def test_full_hand_renhou_posted_under_asi_is_not_scored(club, players, referee):
    game = _game_under(club, players, referee, "asi-shirai")
    response = _client(players[0]).post(reverse("league:hand_full", args=[game.pk]), {
        "position": 0, "winner": 1, "loser": 2, "tiles": "123m456p789s234s55z", "win": "5z", "renhou": "on",
        "riichi_flag": "on", "action": "save"})
    assert response.status_code == HTTPStatus.FOUND
    assert "renhou" not in HandRecord.objects.get(game=game).event["wins"][0]["hand"]


# --- the multiple-ron tab ---------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "key", "label", "absent"), [
    ("Juki allows a triple ron", "juki-agit-2026", "다중 론", "더블론"),
    ("A.S.I.: three rons are an abortive draw", "asi-shirai", "더블론", "트리플론"),
])
def test_multiple_ron_tab_is_named_from_the_ruleset(club, players, referee, rule, key, label, absent):
    game = _game_under(club, players, referee, key)
    text = _get(_client(players[0]), "league:game_table", game)
    tab = re.search(r'name="kind" value="multi_ron"[^>]*>([^<]+)<', text)
    assert tab is not None
    assert tab.group(1).strip() == label
    if absent:
        assert absent not in tab.group(1)


# --- the discarder is not a winner -------------------------------------------------------------
def test_discarder_is_not_offered_as_a_winner_marks(game, players):
    """Every winner tap says which tap of the same seat excludes it (the page disables it)."""
    text = _get(_client(players[0]), "league:game_table", game)
    for seat in range(4):
        assert re.search(rf'<input [^>]*name="ron_winner" value="{seat}"[^>]*data-distinct="ron_loser"', text)
        assert re.search(rf'<input [^>]*name="ron_loser" value="{seat}"[^>]*data-distinct="ron_winner"', text)
        assert f'name="multi_winners" value="{seat}" data-distinct="multi_loser"' in text


# --- Juki's 5th renchan: "of which dora" starts unanswered -----------------------------------
DEALER_RON = {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 1, "fu": 30}]}
DEALER_TENPAI = {"kind": "draw", "tenpai": [0]}


@pytest.fixture
def fifth(game):
    for i, event in enumerate([DEALER_RON, DEALER_TENPAI, DEALER_RON, DEALER_TENPAI, DEALER_RON]):
        game_services.hand_record(game=game, position=i, event=event, by=None)
    return game


def test_fifth_renchan_dora_starts_unanswered(fifth, players):
    text = _get(_client(players[0]), "league:game_table", fifth)
    assert re.search(r'name="ron_dora" value="\d+"[^>]* checked', text) is None
    assert re.search(r'name="tsumo_dora" value="\d+"[^>]* checked', text) is None


def test_fifth_renchan_dora_unanswered_is_refused_and_nothing_stored(fifth, players):
    response = _client(players[0]).post(reverse("league:hand_create", args=[fifth.pk]), {
        "action": "save", "position": 5, "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "2-30"},
        HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "도라가 몇 판" in html.unescape(response.content.decode())
    assert HandRecord.objects.filter(game=fifth).count() == 5


def test_fifth_renchan_non_dealer_win_needs_no_dora_answer(fifth, players):
    response = _client(players[0]).post(reverse("league:hand_create", args=[fifth.pk]), {
        "action": "save", "position": 5, "kind": "ron", "ron_winner": 2, "ron_loser": 1, "ron_value": "2-30"})
    assert response.status_code == HTTPStatus.FOUND


def test_form_has_no_dora_default():
    table = EntryContext(players=["가", "나", "다", "라"], ruleset=preset("juki-agit-2026"), scores=[25000] * 4,
                         dealer=0, position=5, riichi_ok=[True] * 4, renchan=5, dealer_min_han=2)
    form = HandEntryForm(table=table)
    assert form.initial.get("ron_dora") is None
    assert form.initial.get("tsumo_dora") is None


# --- A.S.I.: a triple ron is an abortive draw (issue 25 item 8) ----------------------------------
@pytest.mark.parametrize(("rule", "key", "most"), [
    ("A.S.I.: at most two winners can be ticked", "asi-shirai", 2),
    ("Juki: three winners can be ticked", "juki-agit-2026", 3),
])
def test_the_winner_taps_allow_no_more_winners_than_the_ruleset(club, players, referee, rule, key, most):
    game = _game_under(club, players, referee, key)
    text = _get(_client(players[0]), "league:game_table", game)
    for seat in range(4):
        assert re.search(rf'name="multi_winners" value="{seat}"[^>]*data-most="{most}"', text)


def test_three_winners_under_asi_are_refused_in_korean_words(club, players, referee):
    game = _game_under(club, players, referee, "asi-shirai")
    response = _client(players[0]).post(reverse("league:hand_create", args=[game.pk]), {
        "position": 0, "kind": "multi_ron", "multi_loser": "0", "multi_winners": ["1", "2", "3"],
        "multi_value_1": "1-30", "multi_value_2": "1-30", "multi_value_3": "1-30", "action": "save"},
        HTTP_ACCEPT_LANGUAGE="ko")
    text = html.unescape(response.content.decode())
    assert response.status_code != HTTPStatus.FOUND
    assert "트리플 론은 유국입니다 — 유국(삼가화)으로 입력하세요." in text
    assert '"reason": "triple_ron"' not in text
    assert '{"kind"' not in text
    assert not HandRecord.objects.filter(game=game).exists()
