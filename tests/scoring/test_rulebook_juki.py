"""Rulebook scenarios for Juki's Agit (seeds/004_b97108f047c9af1f.txt), worked by hand.

Every expected number was computed from the Korean rulebook (2025-12-02 text with the
2026-01-23 amendment; seeds/003 for the general payment rules), NOT by running the
engine. Scores are per seat [0, 1, 2, 3]; seat 0 deals East 1. "(digest interp.)"
marks a reading the source leaves open (see docs/rules-audit.md).

Points: (final - 30000)/1000 + uma (+30 / +10 / -10 / -30) + oka 20 to 1st, decimals kept.
Standard values (non-dealer / dealer): 1h30 ron 1000/1500, tsumo 300-500 / 500 all;
2h30 ron 2000/2900, tsumo 500-1000 / 1000 all; 3h30 ron 3900/5800, tsumo 1000-2000 / 2000 all;
4h30 and 3h60: 7700 / 11600 (절상만관 없음); mangan 8000/12000, 2000-4000 / 4000 all;
yakuman 32000/48000, 8000-16000 / 16000 all.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import ScoringError
from scoring.game import replay
from tests.scoring.rulebook import assert_finished_game, draw, ron, rows_of, tsumo, w
from tests.scoring.rulebook import record as _record

RULESET = "juki-agit-2026"
SANMA = "juki-agit-sanma-2026"


def record(hands: list[dict], ruleset: Any = RULESET) -> dict:
    return _record(hands, ruleset)


def yellow(p: int) -> dict:
    return {"kind": "penalty", "player": p, "type": "yellow_card"}


# East 1 .. South 3 that leave the South-4 dealer (p3) on top: [20000,23000,24000,33000]
TO_S4_P3_TOP = [
    ron(w(3, 5), loser=0),  # E1 -> [17000,25000,25000,33000]
    ron(w(0, 1, 30), loser=1),  # E2 -> [18000,24000,25000,33000]
    ron(w(0, 1, 30), loser=2),  # E3 -> [19000,24000,24000,33000]
    ron(w(0, 1, 30), loser=1),  # E4 -> [20000,23000,24000,33000]
    ron(w(1, 1, 30), loser=0),  # S1 -> [19000,24000,24000,33000]
    ron(w(2, 1, 30), loser=1),  # S2 -> [19000,23000,25000,33000]
    ron(w(0, 1, 30), loser=2),  # S3 -> [20000,23000,24000,33000]
]

# East 1 .. South 4 with everyone below 30000 at the end: [23000,26000,24000,27000] -> West
TO_WEST = [
    # 25000 each
    ron(w(1, 1, 30), loser=0), ron(w(2, 1, 30), loser=1), ron(w(3, 1, 30), loser=2), ron(w(0, 1, 30), loser=3),
    ron(w(1, 1, 30), loser=0),  # S1 -> [24000,26000,25000,25000]
    ron(w(2, 1, 30), loser=1),  # S2 -> [24000,25000,26000,25000]
    ron(w(3, 2, 30), loser=2),  # S3 -> [24000,25000,24000,27000]
    ron(w(1, 1, 30), loser=0),  # S4 -> [23000,26000,24000,27000]
]

# The dealer wins seven times in a row at East 1 (2h30 dealer ron 2900 + honba; 2-han minimum
# from the 5th renchan, so the hands carry "dora": 0 there).
SEVEN_DEALER_WINS = [
    ron(w(0, 2, 30), loser=1),  # E1     2900      -> [27900,22100,25000,25000]
    ron(w(0, 2, 30), loser=2),  # E1-1h  2900+300  -> [31100,22100,21800,25000]
    ron(w(0, 2, 30), loser=3),  # E1-2h  2900+600  -> [34600,22100,21800,21500]
    ron(w(0, 2, 30), loser=1),  # E1-3h  2900+900  -> [38400,18300,21800,21500]
    ron(w(0, 2, 30), loser=2),  # E1-4h  2900+1200 -> [42500,18300,17700,21500]
    ron(w(0, 2, 30, dora=0), loser=3),  # E1-5h 2900+1500 -> [46900,18300,17700,17100]
    ron(w(0, 2, 30, dora=0), loser=1),  # E1-6h 2900+1800 -> [51600,13600,17700,17100]
]

GAMES = [
    pytest.param(
        [
            draw(tenpai=(0, 2), riichi=(2,)),
            # E1: noten p1,p3 -1500; p0 +1500; p2 +1500-1000 -> [26500,23500,25500,23500] s1000; keeps, honba 1
            ron(w(0, 2, 30), w(1, 1, 30), w(2, 3, 30), loser=3, riichi=(1,)),
            # E1-1h triple ron (allowed). Head-bump = nearest after discarder p3 = p0: honba 300 and
            # all sticks (1000 + p1's 1000). p0 +2900+300+2000; p1 +1000-1000; p2 +3900;
            # p3 -(2900+300+1000+3900) -> [31700,23500,29400,15400]; the dealer won: keeps, honba 2
            tsumo(3, 4, 30),  # E1-2h: 4h30 no kiriage 2000/3900 + 200 each: p0 -4100, p1/p2 -2200
            #   -> [27600,21300,27200,23900]
            draw(tenpai=(1,), riichi=(1,)),  # E2: p1 +3000-1000, others -1000 -> [26600,23300,26200,22900] s1000
            draw(),  # E2-1h: all noten, dealer passes, honba 2, stick stays
            # E3-2h: dealer 3h60 = 11600 (no kiriage) +600 +1000 -> [14400,23300,39400,22900]
            ron(w(2, 3, 60), loser=0),
            tsumo(1, 5),  # E3-3h: mangan 2000/4000 +300 each: p2 -4300, p0/p3 -2300 -> [12100,32200,35100,20600]
            ron(w(0, 2, 30), loser=1),  # E4 -> [14100,30200,35100,20600]
            draw(tenpai=(1, 3), riichi=(3,)),  # S1: p0,p2 -1500; p1 +1500; p3 +500 -> [12600,31700,33600,21100] s1000;
            #   passes, h1
            ron(w(3, 1, 30), loser=2),  # S2-1h: 1000+300+1000 -> [12600,31700,32300,23400]
            ron(w(1, 1, 30), loser=0),  # S3 -> [11600,32700,32300,23400]
            draw(tenpai=(1, 2), riichi=(1, 2)),
            # S4: p0,p3 -1500; p1,p2 +1500-1000 -> [10100,33200,32800,21900] s2000; dealer noten -> game over
        ],
        [
            ("E1", 0, 0, [26500, 23500, 25500, 23500]),
            ("E1", 1, 1000, [31700, 23500, 29400, 15400]),
            ("E1", 2, 0, [27600, 21300, 27200, 23900]),
            ("E2", 0, 0, [26600, 23300, 26200, 22900]),
            ("E3", 2, 1000, [14400, 23300, 39400, 22900]),
            ("E3", 3, 0, [12100, 32200, 35100, 20600]),
            ("S2", 1, 1000, [12600, 31700, 32300, 23400]),
            ("S4", 0, 0, [10100, 33200, 32800, 21900]),
        ],
        # leftover 2000 to 1st (p1): [10100,35200,32800,21900].
        # p1 5.2+30+20=55.2  p2 2.8+10=12.8  p3 -8.1-10=-18.1  p0 -19.9-30=-49.9
        ([10100, 35200, 32800, 21900], [4, 1, 2, 3], [-49.9, 55.2, 12.8, -18.1], "all_last"),
        id="juki: triple ron with head-bump honba and sticks, no kiriage, leftover sticks to 1st, uma 10-30",
    ),
    pytest.param(
        [
            *TO_S4_P3_TOP,
            draw(tenpai=(3,)),  # S4: [19000,22000,23000,36000]; no tenpai-yame -> S4-1h
            ron(w(3, 1, 30), loser=0),  # S4-1h: 1500+300 -> [17200,22000,23000,37800]; top, >= 30000: may stop
            {"kind": "stop"},
        ],
        [("S4", 0, 0, [19000, 22000, 23000, 36000]), ("S4", 1, 0, [17200, 22000, 23000, 37800])],
        # p3 7.8+50=57.8  p2 -7+10=3  p1 -8-10=-18  p0 -12.8-30=-42.8
        ([17200, 22000, 23000, 37800], [4, 3, 2, 1], [-42.8, -18.0, 3.0, 57.8], "stop"),
        id="juki: no tenpai-yame; agari-yame is the dealer's choice (stop)",
    ),
    pytest.param(
        [
            *TO_S4_P3_TOP,
            draw(tenpai=(3,)),  # S4 -> [19000,22000,23000,36000]
            ron(w(3, 1, 30), loser=0),  # S4-1h -> [17200,22000,23000,37800]; the dealer does not stop
            ron(w(1, 1, 30), loser=0),  # S4-2h: 1000+600 -> [15600,23600,23000,37800]; non-dealer win ends it
        ],
        [("S4", 2, 0, [15600, 23600, 23000, 37800])],
        # p3 57.8  p1 -6.4+10=3.6  p2 -7-10=-17  p0 -14.4-30=-44.4
        ([15600, 23600, 23000, 37800], [4, 2, 3, 1], [-44.4, 3.6, -17.0, 57.8], "all_last"),
        id="juki: the all-last dealer may play on after a win (no automatic agari-yame)",
    ),
    pytest.param(
        [
            *TO_WEST,
            # W1: paid as a dealer win 1500 -> [23000,27500,22500,27000]; p1 is not dealer: passes
            ron(w(1, 1, 30), loser=2),
            tsumo(3, 1, 30),  # W2: paid as a dealer tsumo 500 all -> [22500,27000,22000,28500]
            tsumo(0, 2, 30),  # W3: 1000 all -> [25500,26000,21000,27500]
            ron(w(0, 2, 30), loser=1),  # W4: 2900 -> [28400,23100,21000,27500]; W4 is the end (no north)
        ],
        [
            ("W1", 0, 0, [23000, 27500, 22500, 27000]),
            ("W2", 0, 0, [22500, 27000, 22000, 28500]),
            ("W3", 0, 0, [25500, 26000, 21000, 27500]),
            ("W4", 0, 0, [28400, 23100, 21000, 27500]),
        ],
        # p0 -1.6+50=48.4  p3 -2.5+10=7.5  p1 -6.9-10=-16.9  p2 -9-30=-39
        ([28400, 23100, 21000, 27500], [1, 3, 4, 2], [48.4, -16.9, -39.0, 7.5], "west_end"),
        id="juki: west entry, every West win paid as a dealer win, no north entry",
    ),
    pytest.param(
        [
            *TO_WEST,
            ron(w(1, 1, 30), loser=2), tsumo(3, 1, 30), tsumo(0, 2, 30),  # W1-W3 as above -> [25500,26000,21000,27500]
            tsumo(1, 3, 30),  # W4: paid as dealer 2000 all -> [23500,32000,19000,25500]: over 30000, sudden death
        ],
        [("W4", 0, 0, [23500, 32000, 19000, 25500])],
        # p1 2+50=52  p3 -4.5+10=5.5  p0 -6.5-10=-16.5  p2 -11-30=-41
        ([23500, 32000, 19000, 25500], [3, 1, 4, 2], [-16.5, 52.0, -41.0, 5.5], "sudden_death"),
        id="juki: west sudden death once someone passes the return points",
    ),
    pytest.param(
        [tsumo(1, yakuman=2, pao=2, pao_yakuman=1)],
        # partial pao: daisangen (pao, p2) + tsuuiisou. p2 pays daisangen as a ron: 32000; tsuuiisou is a
        # normal tsumo: p0 (dealer) 16000, p2 8000, p3 8000. p1 +64000.
        # -> [9000,89000,-15000,17000]: tobi, the negative score is kept (하코시타 있음)
        [("E1", 0, 0, [9000, 89000, -15000, 17000])],
        # p1 59+50=109  p3 -13+10=-3  p0 -21-10=-31  p2 -45-30=-75
        ([9000, 89000, -15000, 17000], [3, 1, 4, 2], [-31.0, 109.0, -75.0, -3.0], "tobi"),
        id="juki: partial pao with compound yakuman, tobi with the negative score kept",
    ),
    pytest.param(
        [*SEVEN_DEALER_WINS, ron(w(0, 2, 30, dora=0), loser=2)],
        # 8th consecutive dealer win = paarenchan yakuman: 48000 + 2100 -> p2 17700-50100 = -32400 (tobi)
        [("E1", 7, 0, [101700, 13600, -32400, 17100])],
        # p0 71.7+50=121.7  p3 -12.9+10=-2.9  p1 -16.4-10=-26.4  p2 -62.4-30=-92.4
        ([101700, 13600, -32400, 17100], [1, 3, 4, 2], [121.7, -26.4, -92.4, -2.9], "tobi"),
        id="juki: paarenchan, the dealer's 8th consecutive win is a yakuman",
    ),
]


@pytest.mark.parametrize(("hands", "rows", "final"), GAMES)
def test_juki_game(hands, rows, final):
    assert_finished_game(replay(record(hands)), rows, final)


PARTIAL = [
    pytest.param(
        [
            draw(tenpai=(0, 2), riichi=(2,)),  # E1 -> [26500,23500,25500,23500] s1000 h1
            {"kind": "nagashi", "players": [3], "tenpai": [0], "riichi": []},
            # E1-1h nagashi is a WIN: p3 mangan 2000/4000 + 100 each honba + the 1000 stick:
            # p0 -4100, p1/p2 -2100, p3 +9300 -> [22400,21400,23400,32800]; dealer tenpai keeps (digest interp.)
            {"kind": "nagashi", "players": [0], "tenpai": [], "riichi": []},
            # E1-2h dealer's nagashi 4000 all + 200 each -> [35000,17200,19200,28600]; keeps, honba 3
        ],
        [
            ("E1", 1, 1000, [22400, 21400, 23400, 32800]),
            ("E1", 2, 0, [35000, 17200, 19200, 28600]),
        ],
        ("E1", 3, 0),
        id="juki: nagashi mangan is a win (collects honba and sticks)",
    ),
    pytest.param(
        [
            {"kind": "chombo", "offender": 1, "riichi": [1]},
            # E1 chombo: 3000 to each other player, p1's riichi stick back, replay -> [28000,16000,28000,28000]
            {"kind": "chombo", "offender": 0},  # dealer chombo: p0 28000-9000, others +3000, deal stays
            #   -> [19000,19000,31000,31000]
            ron(w(0, 1, 30), loser=1),  # E1 replayed once more: dealer 1500 -> [20500,17500,31000,31000]
        ],
        [
            ("E1", 0, 0, [28000, 16000, 28000, 28000]),
            ("E1", 0, 0, [19000, 19000, 31000, 31000]),
            ("E1", 0, 0, [20500, 17500, 31000, 31000]),
        ],
        ("E1", 1, 0),
        id="juki: chombo pays 3000 to each, the hand is replayed (also for the dealer)",
    ),
    pytest.param(
        [
            yellow(2), yellow(2),  # 2 yellow cards in one hand: chombo payment, no replay -> [28000,28000,16000,28000]
            ron(w(3, 1, 30), loser=1),  # the hand goes on: p3 +1000 from p1 -> [28000,27000,16000,29000]
            yellow(2), ron(w(0, 1, 30), loser=3),  # E2: one card -> [29000,27000,16000,28000]
            yellow(2), draw(),  # E3: one card again (cards last one hand): nothing paid
        ],
        [
            ("E1", 0, 0, [28000, 27000, 16000, 29000]),
            ("E2", 0, 0, [29000, 27000, 16000, 28000]),
            ("E3", 0, 0, [29000, 27000, 16000, 28000]),
        ],
        ("E4", 1, 0),
        id="juki: two yellow cards in one hand cost the chombo payment with no replay",
    ),
    pytest.param(
        [yellow(1), yellow(2), ron(w(0, 1, 30), loser=3)],  # one card each: no payment;
        #   dealer ron 1500 -> [26500,25000,25000,23500]
        [("E1", 0, 0, [26500, 25000, 25000, 23500])],
        ("E1", 1, 0),
        id="juki: yellow cards count per player",
    ),
    pytest.param(
        [*[draw(tenpai=(0,))] * 5, ron(w(0, 2, 30, dora=0), loser=1)],
        # five tenpai renchan: p0 +3000 each -> [40000,20000,20000,20000]; the 5th renchan needs 2 han:
        # 2900 + 1500 -> [44400,15600,20000,20000]
        [("E1", 5, 0, [44400, 15600, 20000, 20000])],
        ("E1", 6, 0),
        id="juki: dealer's 5th renchan, 2 han (without dora) wins",
    ),
    pytest.param(
        [*[draw(tenpai=(0,))] * 5, ron(w(2, 1, 30), loser=1)],
        # the 2-han minimum is the dealer's only ("친만"): p2 wins 1000 + 1500
        [("E1", 5, 0, [40000, 17500, 22500, 20000])],
        ("E2", 0, 0),
        id="juki: the 5th-renchan minimum binds only the dealer",
    ),
    pytest.param(
        [*[draw(tenpai=(0,))] * 4, draw(), ron(w(1, 1, 30), loser=2)],
        # E1 renchan 4 (p0 37000, others 21000), then all noten: the deal passes with honba 5.
        # E2 dealer p1 on inherited honba: 1 han is fine ("넘겨받은 연장 제외"): 1500+1500
        [("E2", 5, 0, [37000, 24000, 18000, 21000])],
        ("E2", 6, 0),
        id="juki: inherited honba do not count toward the dealer's 5th renchan",
    ),
    pytest.param(
        [*[draw(tenpai=(0,))] * 7, ron(w(0, hand={
            "tiles": "234m567p34555678s", "win": "2m", "riichi": True, "dora": [], "ura": [],
        }), loser=1)],
        # 7 tenpai renchan (not wins): p0 +21000 = 46000, others 18000. The 8th deal is NOT paarenchan
        # (팔연장 = eight consecutive WINS). Riichi, tanyao, pinfu = 3h30 dealer ron 5800 + 2100 -> p1 10100
        [("E1", 7, 0, [53900, 10100, 18000, 18000])],
        ("E1", 8, 0),
        id="juki: paarenchan needs 8 consecutive dealer wins, tenpai renchan do not count",
    ),
    pytest.param(
        [*[draw(tenpai=(0,))] * 7, ron(w(0, 3, 30, dora=0), loser=1)],
        # same deal recorded as han/fu: 3h30 dealer 5800 + 2100 -> p0 53900, p1 10100
        [("E1", 7, 0, [53900, 10100, 18000, 18000])],
        ("E1", 8, 0),
        id="juki: paarenchan needs 8 consecutive dealer wins (han/fu record)",
    ),
]


@pytest.mark.parametrize(("hands", "rows", "next_hand"), PARTIAL)
def test_juki_hands(hands, rows, next_hand):
    result = replay(record(hands))
    got = rows_of(result)
    for row in rows:
        assert row in got, f"missing row {row}; got {got}"
    st = result.state
    assert (st.round, st.honba, st.sticks * 1000) == next_hand


REFUSED = [
    pytest.param([{"kind": "abort", "reason": "four_riichi", "riichi": [0, 1, 2, 3]}], 0,
                 id="juki: no abortive draws (four riichi)"),
    pytest.param([{"kind": "abort", "reason": "nine_terminals", "riichi": []}], 0,
                 id="juki: no abortive draws (nine terminals)"),
    pytest.param([*[draw(tenpai=(0,))] * 5, ron(w(0, 1, 30), loser=1)], 5,
                 id="juki: the dealer cannot win with 1 han at the 5th renchan"),
    pytest.param([*[draw(tenpai=(0,))] * 5, ron(w(0, 2, 30, dora=1), loser=1)], 5,
                 id="juki: dora do not count toward the dealer's 2-han minimum"),
    pytest.param([tsumo(1, yakuman=1, pao=0, pao_for="suukantsu")], 0,
                 id="juki: no suukantsu pao since 2024-12"),
    pytest.param([*TO_S4_P3_TOP, draw(tenpai=(3,)), {"kind": "stop"}], 8,
                 id="juki: no tenpai-yame, so no stop after a tenpai"),
    pytest.param([{"kind": "chombo", "offender": 1, "deliberate": True}], 0,
                 id="juki: no deliberate-chombo payment rule (it is expulsion)"),
    pytest.param([{"kind": "penalty", "player": 1, "type": "penalty_point"}, draw()], 0,
                 id="juki: no 1000-point penalty since 2023-11 (yellow card instead)"),
]


@pytest.mark.parametrize(("hands", "bad_index"), REFUSED)
def test_juki_refuses(hands, bad_index):
    with pytest.raises(ScoringError) as exc:
        replay(record(hands))
    assert exc.value.hand == bad_index


def test_juki_pao_partial_on_another_players_ron():
    # daisangen (pao p2) + tsuuiisou, ron on p3's discard: 64000 in all; the pao share (32000)
    # is split half and half between p2 and p3 (003): p2 16000, p3 48000.
    result = replay(record([ron(w(1, yakuman=2, pao=2, pao_yakuman=1), loser=3)]))
    assert list(result.rows[0].scores) == [25000, 89000, 9000, -23000]


# --------------------------------------------------------------------------------------
# Three-player (section 7): 30000 start and return, uma +20/0/-20, no tsumo loss
# --------------------------------------------------------------------------------------
def test_juki_sanma_game():
    hands = [
        tsumo(1, 5),  # E1: mangan 2000/4000 + absent North's 2000 split 1000/1000: p0 -5000, p2 -3000
        #   -> [25000,38000,27000]
        tsumo(1, 5),  # E2: dealer mangan 4000 all + absent 4000 split: 6000 each -> [19000,50000,21000]
        ron(w(2, 1, 30), loser=1),  # E2-1h: 1000+300 -> [19000,48700,22300]
        ron(w(0, 2, 30), loser=2),  # E3: 2000 -> [21000,48700,20300]
        tsumo(0, 2, 30),  # S1: dealer 1000 all + 1000 split 500/500: 1500 each -> [24000,47200,18800]
        ron(w(2, 3, 30), loser=1),  # S1-1h: 3900+300 -> [24000,43000,23000]
        ron(w(0, 1, 30), loser=2),  # S2 -> [25000,43000,22000]
        ron(w(0, 3, 30), loser=1),  # S3 (all-last): 3900 -> [28900,39100,22000]; top >= 30000: over
    ]
    result = replay(record(hands, SANMA))
    assert [list(r.scores) for r in result.rows] == [
        [25000, 38000, 27000], [19000, 50000, 21000], [19000, 48700, 22300], [21000, 48700, 20300],
        [24000, 47200, 18800], [24000, 43000, 23000], [25000, 43000, 22000], [28900, 39100, 22000],
    ]
    assert [r.round for r in result.rows] == ["E1", "E2", "E2", "E3", "S1", "S1", "S2", "S3"]
    assert result.final.ended_by == "all_last"
    # p1 9.1+20=29.1  p0 -1.1+0=-1.1  p2 -8-20=-28  (no oka: 30000/30000)
    assert list(result.final.ranks) == [2, 1, 3]
    assert list(result.final.points) == pytest.approx([-1.1, 29.1, -28.0], abs=1e-9)


@pytest.mark.parametrize(
    ("event", "deltas"),
    [
        pytest.param(tsumo(1, 6), [-7500, 12000, -4500],
                     id="juki sanma: haneman tsumo 3000/6000 + North's 3000 split = 12000, no tsumo loss"),
        pytest.param(tsumo(0, 13), [48000, -24000, -24000],
                     id="juki sanma: kazoe yakuman dealer tsumo 16000 all + 16000 split = 48000"),
    ],
)
def test_juki_sanma_no_tsumo_loss(event, deltas):
    result = replay(record([event], SANMA))
    assert list(result.rows[0].deltas) == deltas
