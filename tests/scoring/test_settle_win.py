"""One-hand settlement of wins: ron, multiple ron, tsumo, honba, sticks, pao, limits."""

import pytest

from scoring.errors import ScoringError
from scoring.record import parse_event
from scoring.settle import settle
from tests.scoring.conftest import make_table, ron, tsumo, win


def _settle(ruleset, event, **table):
    t = make_table(ruleset, **table)
    return settle(t, parse_event(event, players=t.players))


CASES = [
    # ruleset, table, event, deltas, sticks after, dealer keeps, next honba
    ("asi-shirai", {}, ron(win(2, han=3, fu=30), loser=1), [0, -3900, 3900, 0], 0, False, 0),
    ("juki-agit-2026", {}, ron(win(0, han=4, fu=30), loser=1), [11600, -11600, 0, 0], 0, True, 1),
    ("m-league", {}, ron(win(0, han=4, fu=30), loser=1), [12000, -12000, 0, 0], 0, True, 1),
    ("juki-agit-2026", {"honba": 2}, ron(win(2, han=3, fu=30), loser=1), [0, -4500, 4500, 0], 0, False, 0),
    ("asi-shirai", {"honba": 1}, tsumo(2, han=2, fu=30), [-1100, -600, 2300, -600], 0, False, 0),
    ("asi-shirai", {"sticks": 2000}, ron(win(2, han=1, fu=30), loser=1, riichi=[1]),
     [0, -2000, 4000, 0], 0, False, 0),
    ("juki-agit-2026", {"honba": 1, "sticks": 1000}, ron(win(3, han=1, fu=30), win(1, han=2, fu=30), loser=0),
     [-3300, 3300, 0, 1000], 0, False, 0),
    ("asi-shirai", {"honba": 1, "sticks": 1000, "dealer": 2}, ron(win(3, han=1, fu=30), win(2, han=2, fu=30), loser=0),
     [-4200, 0, 4200, 1000], 0, True, 2),
    ("mahjong-soul", {"honba": 1, "sticks": 1000}, ron(win(3, han=1, fu=30), win(1, han=2, fu=30), loser=0),
     [-3600, 3300, 0, 1300], 0, False, 0),
    ("juki-agit-2026", {}, ron(win(1, han=1, fu=30), win(2, han=1, fu=30), win(3, han=1, fu=30), loser=0),
     [-3000, 1000, 1000, 1000], 0, False, 0),
    ("juki-agit-2026", {"round_wind": "W"}, ron(win(2, han=3, fu=30), loser=1), [0, -5800, 5800, 0], 0, False, 0),
    ("juki-agit-2026", {"round_wind": "W"}, tsumo(2, han=3, fu=30), [-2000, -2000, 6000, -2000], 0, False, 0),
    ("asi-shirai", {"round_wind": "W"}, tsumo(2, han=3, fu=30), [-2000, -1000, 4000, -1000], 0, False, 0),
    ("juki-agit-2026", {}, ron(win(2, han=13), loser=1), [0, -32000, 32000, 0], 0, False, 0),
    ("wrc-2025", {}, ron(win(2, han=13), loser=1), [0, -24000, 24000, 0], 0, False, 0),
    ("asi-shirai", {}, ron(win(2, yakuman=2), loser=1), [0, -64000, 64000, 0], 0, False, 0),
    ("m-league", {}, ron(win(2, yakuman=2), loser=1), [0, -32000, 32000, 0], 0, False, 0),
    ("juki-agit-2026", {"dealer_wins_in_row": 7}, tsumo(0, han=1, fu=30), [48000, -16000, -16000, -16000], 0, True, 1),
    ("asi-shirai", {"dealer_wins_in_row": 7}, tsumo(0, han=1, fu=30), [1500, -500, -500, -500], 0, True, 1),
]
IDS = [
    "ron: non-dealer 3 han 30 fu pays 3900",
    "juki: no kiriage, dealer 4 han 30 fu ron is 11600; dealer win keeps the deal, honba +1",
    "m-league: kiriage mangan, dealer 4 han 30 fu ron is 12000",
    "juki: honba 300 each on a ron; non-dealer win resets honba",
    "asi: tsumo honba 100 from each player",
    "riichi sticks on the table and placed this hand go to the winner",
    "juki: double ron, sticks and honba to the winner nearest the discarder (head bump)",
    "asi: double ron (atamahane): sticks and honba to the head-bump winner only; dealer among winners keeps the deal",
    "mahjong-soul: double ron, each winner is paid the honba; sticks to the head bump",
    "juki: triple ron is three wins",
    "juki: in West every ron is paid as a dealer ron",
    "juki: in West a non-dealer tsumo collects the dealer-tsumo amount from each",
    "asi: West wins are paid normally",
    "juki: kazoe yakuman at 13 han",
    "wrc: 13 han is sanbaiman",
    "asi: multiple yakuman stack",
    "m-league: no double yakuman",
    "juki: paarenchan, the dealer's 8th consecutive win is a yakuman",
    "asi: no paarenchan",
]


@pytest.mark.parametrize(("ruleset", "table", "event", "deltas", "sticks", "keeps", "honba"), CASES, ids=IDS)
def test_win_settlement(ruleset, table, event, deltas, sticks, keeps, honba):
    s = _settle(ruleset, event, **table)
    assert list(s.deltas) == deltas
    assert s.sticks == sticks
    assert s.dealer_keeps is keeps
    assert s.honba == honba
    assert sum(s.deltas) + s.sticks - table.get("sticks", 0) == 0


PAO_CASES = [
    ("asi-shirai", {"honba": 1}, tsumo(2, yakuman=1, pao=1), [0, -32300, 32300, 0]),
    ("asi-shirai", {}, ron(win(2, yakuman=1, pao=1), loser=3), [0, -16000, 32000, -16000]),
    ("asi-shirai", {}, ron(win(2, yakuman=1, pao=1), loser=1), [0, -32000, 32000, 0]),
    ("asi-shirai", {}, ron(win(0, yakuman=1, pao=1), loser=3), [48000, -24000, 0, -24000]),
    ("asi-shirai", {}, tsumo(2, yakuman=2, pao=1), [0, -64000, 64000, 0]),
    ("juki-agit-2026", {}, tsumo(2, yakuman=2, pao=1), [-16000, -40000, 64000, -8000]),
    ("juki-agit-2026", {}, ron(win(2, yakuman=2, pao=1), loser=3), [0, -16000, 64000, -48000]),
    ("juki-agit-2026", {}, tsumo(2, yakuman=2, pao=1, pao_for="daisuushii"), [0, -64000, 64000, 0]),
    ("juki-agit-2026", {}, tsumo(2, yakuman=3, pao=1, pao_yakuman=2), [-16000, -72000, 96000, -8000]),
    ("asi-shirai", {"honba": 1}, tsumo(2, han=3, fu=40, pao=1), [0, -5500, 5500, 0]),
    ("asi-shirai", {}, tsumo(0, han=3, fu=40, pao=1, pao_for="daiminkan_rinshan"), [7700, -7700, 0, 0]),
    ("asi-shirai", {}, tsumo(2, yakuman=1, pao=1, pao_for="suukantsu"), [0, -32000, 32000, 0]),
]
PAO_IDS = [
    "pao: daisangen tsumo, the liable player pays all (and the honba)",
    "pao: ron by another player, liable and discarder pay half each",
    "pao: ron by the liable player, they pay all",
    "pao: dealer's yakuman ron split half (48000 -> 24000 each)",
    "asi: no partial pao, the liable player pays the whole compound yakuman",
    "juki: partial pao on tsumo, liable pays the pao yakuman, the rest is a normal tsumo",
    "juki: partial pao on ron by another, pao share split half, the rest by the discarder",
    "juki: daisuushii (double) pao covers both multiples by default",
    "juki: pao_yakuman sets the share covered by pao",
    "asi: daiminkan rinshan pao paid at ron value by the kan-tile discarder",
    "asi: dealer's daiminkan rinshan pao at dealer ron value",
    "asi: suukantsu pao",
]


@pytest.mark.parametrize(("ruleset", "table", "event", "deltas"), PAO_CASES, ids=PAO_IDS)
def test_pao(ruleset, table, event, deltas):
    s = _settle(ruleset, event, **table)
    assert list(s.deltas) == deltas
    assert sum(s.deltas) == 0


REFUSED = [
    ("asi-shirai", {}, ron(win(1, han=1, fu=30), win(2, han=1, fu=30), win(3, han=1, fu=30), loser=0),
     "enter it as an abortive draw (triple ron)"),
    ("tenhou", {}, ron(win(1, han=1, fu=30), win(2, han=1, fu=30), win(3, han=1, fu=30), loser=0), "triple ron"),
    ("m-league", {}, ron(win(2, han=1, fu=30), win(1, han=1, fu=30), loser=0), "Player 2"),
    ("asi-shirai", {}, ron(win(2, han=2, fu=20), loser=1), "20 fu"),
    ("asi-shirai", {}, tsumo(2, han=2, fu=25), "chiitoitsu"),
    ("asi-shirai", {"scores": (25000, 800, 25000, 49200)}, ron(win(2, han=1, fu=30), loser=0, riichi=[1]),
     "Player 2 cannot declare riichi with 800 points (minimum 1,000)"),
    ("juki-agit-2026", {}, tsumo(2, han=3, fu=40, pao=1), "daiminkan_rinshan"),
    ("juki-agit-2026", {}, tsumo(2, yakuman=1, pao=1, pao_for="suukantsu"), "suukantsu"),
    ("asi-shirai", {}, ron(win(2, han=3, fu=40, pao=3), loser=1), "yakuman"),
    ("asi-shirai", {}, ron(win(2, han=3, fu=40, pao=3, pao_for="daiminkan_rinshan"), loser=1), "tsumo"),
    ("juki-agit-2026", {"agari_forbidden": frozenset({2})}, ron(win(2, han=3, fu=30), loser=1), "agari-forbidden"),
    ("juki-agit-2026", {"renchan": 5}, tsumo(0, han=1, fu=30), "needs at least 2 han"),
    ("juki-agit-2026", {"renchan": 5}, ron(win(0, han=2, fu=30, dora=1), loser=1), "this hand has 1"),
]
REFUSED_IDS = [
    "asi: triple ron is an abortive draw, record abort triple_ron",
    "tenhou: triple ron is an abortive draw",
    "m-league: head bump only, a double ron is refused",
    "ron at 20 fu is impossible (no 20-fu ron)",
    "chiitoitsu tsumo is at least 3 han",
    "riichi refused below 1,000 points",
    "juki: no daiminkan rinshan pao",
    "juki: no suukantsu pao since 2024-12",
    "pao on a non-yakuman ron is refused",
    "daiminkan rinshan pao is for a tsumo",
    "juki: an agari-forbidden player cannot win",
    "juki: from the 5th renchan the dealer needs 2 han",
    "juki: the dealer's 2-han minimum does not count dora",
]


@pytest.mark.parametrize(("ruleset", "table", "event", "message"), REFUSED, ids=REFUSED_IDS)
def test_refused_wins(ruleset, table, event, message):
    with pytest.raises(ScoringError) as exc:
        _settle(ruleset, event, **table)
    assert message in exc.value.message


@pytest.mark.parametrize(
    ("ruleset", "table", "event", "deltas"),
    [
        ("juki-agit-2026", {"renchan": 4}, tsumo(0, han=1, fu=30), [1500, -500, -500, -500]),
        ("juki-agit-2026", {"renchan": 5}, ron(win(0, han=2, fu=30, dora=0), loser=1), [2900, -2900, 0, 0]),
        ("juki-agit-2026", {"renchan": 5}, ron(win(0, yakuman=1), loser=1), [48000, -48000, 0, 0]),
        ("juki-agit-2026", {"renchan": 5}, ron(win(1, han=1, fu=30), loser=0), [-1000, 1000, 0, 0]),
        ("juki-agit-2026", {"renchan": 6}, ron(win(0, han=2, fu=30), loser=1), [2900, -2900, 0, 0]),
    ],
    ids=[
        "juki: 4th renchan, no han minimum yet",
        "juki: 5th renchan, 2 han without dora is enough",
        "juki: 5th renchan, a yakuman is always enough",
        "juki: the 2-han minimum binds the dealer alone",
        "juki: a han/fu record without a dora count is taken as having no dora",
    ],
)
def test_dealer_minimum_allows(ruleset, table, event, deltas):
    assert list(_settle(ruleset, event, **table).deltas) == deltas


def test_dealer_minimum_counting_dora_when_the_ruleset_says_so():
    from scoring.rules import preset

    rs = preset("juki-agit-2026").derive(dealer_min_han_counts_dora=True)
    s = _settle(rs, ron(win(0, han=2, fu=30, dora=1), loser=1), renchan=5)
    assert list(s.deltas) == [2900, -2900, 0, 0]


def test_full_hand_is_scored_by_the_hand_engine_with_the_game_winds():
    pytest.importorskip("scoring.hand")
    from tests.scoring.conftest import play

    hand = {"tiles": "234m456p789s11z", "melds": [{"kind": "pon", "tiles": "777z"}], "win": "1z"}
    r = play("asi-shirai", [ron({"winner": 1, "hand": hand}, loser=0)])
    assert r.rows[0].deltas == (-1000, 1000, 0, 0)  # chun 1 han; 20+4+2 (east pair, round wind)+2 tanki -> 30 fu
    with pytest.raises(ScoringError, match="seat_wind"):
        play("asi-shirai", [ron({"winner": 1, "hand": {**hand, "seat_wind": "E"}}, loser=0)])


@pytest.mark.parametrize(
    ("ruleset", "event", "kazoe"),
    [
        pytest.param("asi-shirai", ron(win(2, han=13), loser=1), True, id="thirteen-han-ron-is-kazoe-yakuman"),
        pytest.param("asi-shirai", ron(win(2, yakuman=1), loser=1), False, id="a-yakuman-entered-is-not-kazoe"),
        pytest.param("m-league", ron(win(2, han=13), loser=1), False, id="kazoe-sanbaiman-is-no-yakuman"),
        pytest.param("asi-shirai", tsumo(2, han=11), False, id="eleven-han-is-sanbaiman"),
    ],
)
def test_a_settled_win_says_whether_it_is_kazoe(ruleset, event, kazoe):
    assert _settle(ruleset, event).wins[0].kazoe is kazoe
