"""Rulebook scenarios for A.S.I. Shirai (seeds/002_ba628613c6ad0a25.txt), worked by hand.

Every expected number below was computed from the Korean rulebook (and, for the general
rules it leaves to convention, the wiki text in seeds/003), NOT by running the engine.
The arithmetic is in the comments. Scores are listed per seat [0, 1, 2, 3]; seat 0 is
the East-1 dealer. Where the source is silent and we follow the English digest's
interpretation, the comment says "(digest interp.)" — see docs/rules-audit.md.

Standard values used (non-dealer / dealer):
  1h30 ron 1000/1500, tsumo 300-500 / 500 all     2h30 ron 2000/2900, tsumo 500-1000 / 1000 all
  3h30 ron 3900/5800, tsumo 1000-2000 / 2000 all  4h30 ron 7700/11600 (no kiriage)
  1h50 ron 1600   3h50 ron 6400   mangan 8000/12000, 2000-4000 / 4000 all
  haneman 12000/18000   baiman 16000   yakuman 32000/48000, 8000-16000 / 16000 all
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import ScoringError
from scoring.game import replay
from tests.scoring.rulebook import assert_finished_game, draw, ron, rows_of, tsumo, w
from tests.scoring.rulebook import record as _record

RULESET = "asi-shirai"


def record(hands: list[dict], ruleset: Any = RULESET) -> dict:
    return _record(hands, ruleset)



# --------------------------------------------------------------------------------------
# Complete games
# --------------------------------------------------------------------------------------
GAMES = [
    pytest.param(
        # 1-e tenpai renchan; honba 300 (003); riichi sticks carried over draws; ties by seat (digest interp.)
        [
            draw(tenpai=(0,), riichi=(0,)),  # E1: p0 riichi -1000;
            #   noten 3x-1000, p0 +3000 -> [27000,24000,24000,24000] s1000; dealer tenpai keeps
            # E1-1: 2000+300+1000 sticks to p2, p1 -2300 -> [27000,21700,27300,24000]; passes
            ron(w(2, 2, 30), loser=1),
            draw(tenpai=(2, 3), riichi=(3,)),  # E2: noten p0,p1 -1500; p2 +1500;
            #   p3 +1500-1000 -> [25500,20200,28800,24500] s1000; dealer noten passes, honba 1
            tsumo(2, 2, 30),  # E3-1h: dealer 1000 all +100 each = 1100 x3 + 1000 sticks -> [24400,19100,33100,23400]
            tsumo(0, 1, 30),  # E3-2h: 300/500 + 200 each: p2 (dealer) 700, p1 500, p3 500 -> [26100,18600,32400,22900]
            draw(),  # E4: all noten, dealer passes, honba 1
            draw(tenpai=(0, 1, 2, 3)),  # S1-1h: all tenpai, no payment, dealer keeps, honba 2
            ron(w(3, 3, 30), loser=0),  # S1-2h: 3900+600 -> [21600,18600,32400,27400]
            ron(w(1, 4, 30), loser=2),  # S2: dealer 4h30 = 11600 (no kiriage) -> [21600,30200,20800,27400]
            ron(w(0, 5), loser=1),  # S2-1h: mangan 8000+300 -> [29900,21900,20800,27400]
            ron(w(2, 1, 30), loser=3),  # S3: dealer 1500 -> [29900,21900,22300,25900]
            draw(tenpai=(1,)),  # S3-1h: p1 +3000, others -1000 -> [28900,24900,21300,24900];
            #   dealer noten passes, honba 2
            # S4-2h: 2000+600 -> [31500,24900,18700,24900]; non-dealer win, top >= 30000: end
            ron(w(0, 2, 30), loser=2),
        ],
        [
            ("E1", 0, 0, [27000, 24000, 24000, 24000]),
            ("E1", 1, 1000, [27000, 21700, 27300, 24000]),
            ("E2", 0, 0, [25500, 20200, 28800, 24500]),
            ("E3", 1, 1000, [24400, 19100, 33100, 23400]),
            ("E3", 2, 0, [26100, 18600, 32400, 22900]),
            ("E4", 0, 0, [26100, 18600, 32400, 22900]),
            ("S1", 1, 0, [26100, 18600, 32400, 22900]),
            ("S1", 2, 0, [21600, 18600, 32400, 27400]),
            ("S2", 0, 0, [21600, 30200, 20800, 27400]),
            ("S2", 1, 0, [29900, 21900, 20800, 27400]),
            ("S3", 0, 0, [29900, 21900, 22300, 25900]),
            ("S3", 1, 0, [28900, 24900, 21300, 24900]),
            ("S4", 2, 0, [31500, 24900, 18700, 24900]),
        ],
        # p1 and p3 tie on 24900: seat order puts p1 2nd. Points = (s-30000)/1000 + uma (+20 oka):
        # p0 1.5+20+20=41.5  p1 -5.1+10=4.9  p3 -5.1-10=-15.1  p2 -11.3-20=-31.3  (sum 0)
        ([31500, 24900, 18700, 24900], [1, 2, 4, 3], [41.5, 4.9, -31.3, -15.1], "all_last"),
        id="asi: tenpai renchan, honba 300, riichi sticks carried, seat-order tie, uma 20-10 oka 20",
    ),
    pytest.param(
        # 1-k double ron, deposits atamahane; triple ron abortive, dealer keeps; 1-j exactly 0 not bust
        [
            ron(w(1, 8), loser=0, riichi=(0,)),  # E1: p0 riichi -1000, baiman 16000 -> [8000,42000,25000,25000]
            ron(w(3, 3, 50), w(2, 1, 50), loser=0, riichi=(3,)),
            # E2: order after discarder p0 is p1,p2,p3: p2 is the head-bump winner and takes p3's stick.
            # p2 +1600+1000, p3 +6400-1000, p0 -8000 = exactly 0 -> [0,42000,27600,30400]; not bust
            {"kind": "abort", "reason": "triple_ron", "riichi": []},  # E3: abortive, dealer keeps, honba 1
            tsumo(1, 1, 30),  # E3-1h: 300/500 +100 each: p0 -400 -> -400 bust; p2 (dealer) -600, p3 -400, p1 +1400
        ],
        [
            ("E1", 0, 0, [8000, 42000, 25000, 25000]),
            ("E2", 0, 0, [0, 42000, 27600, 30400]),
            ("E3", 0, 0, [0, 42000, 27600, 30400]),
            ("E3", 1, 0, [-400, 43400, 27000, 30000]),
        ],
        # p1 13.4+40=53.4  p3 0+10=10  p2 -3-10=-13  p0 -30.4-20=-50.4
        ([-400, 43400, 27000, 30000], [4, 1, 3, 2], [-50.4, 53.4, -13.0, 10.0], "tobi"),
        id="asi: double ron head-bump sticks, triple ron abortive, exactly 0 is not bust, below 0 is",
    ),
    pytest.param(
        # 1-f all-last dealer top (and >= 30000): ends on the dealer's tenpai (tenpai-yame)
        [
            ron(w(3, 5), loser=0),  # E1 -> [17000,25000,25000,33000]
            ron(w(0, 1, 30), loser=1),  # E2 -> [18000,24000,25000,33000]
            ron(w(0, 1, 30), loser=2),  # E3 -> [19000,24000,24000,33000]
            ron(w(0, 1, 30), loser=1),  # E4 (dealer p3 does not win) -> [20000,23000,24000,33000]
            ron(w(1, 1, 30), loser=0),  # S1 -> [19000,24000,24000,33000]
            ron(w(2, 1, 30), loser=1),  # S2 -> [19000,23000,25000,33000]
            ron(w(0, 1, 30), loser=2),  # S3 -> [20000,23000,24000,33000]
            draw(tenpai=(3,)),  # S4: dealer tenpai +3000 -> [19000,22000,23000,36000]: top, >=30000 -> game over
        ],
        [("S4", 0, 0, [19000, 22000, 23000, 36000])],
        # p3 6+40=46  p2 -7+10=3  p1 -8-10=-18  p0 -11-20=-31
        ([19000, 22000, 23000, 36000], [4, 3, 2, 1], [-31.0, -18.0, 3.0, 46.0], "tenpai_yame"),
        id="asi: tenpai-yame ends the game when the dealer is top",
    ),
    pytest.param(
        [
            ron(w(3, 5), loser=0), ron(w(0, 1, 30), loser=1), ron(w(0, 1, 30), loser=2), ron(w(0, 1, 30), loser=1),
            ron(w(1, 1, 30), loser=0), ron(w(2, 1, 30), loser=1), ron(w(0, 1, 30), loser=2),
            ron(w(3, 1, 30), loser=0),  # S4: dealer ron 1500 -> [18500,23000,24000,34500]: agari-yame
        ],
        [("S4", 0, 0, [18500, 23000, 24000, 34500])],
        # p3 4.5+40=44.5  p2 -6+10=4  p1 -7-10=-17  p0 -11.5-20=-31.5
        ([18500, 23000, 24000, 34500], [4, 3, 2, 1], [-31.5, -17.0, 4.0, 44.5], "agari_yame"),
        id="asi: agari-yame ends the game when the dealer is top",
    ),
    pytest.param(
        # dealer top but below 30000 at all-last: South ends on the dealer's win (1-f) and, the top
        # being below 30000, play enters West (1-g); West ends by sudden death at >= 30000
        [
            # E: back to 25000 each
            ron(w(1, 1, 30), loser=0), ron(w(2, 1, 30), loser=1), ron(w(3, 1, 30), loser=2), ron(w(0, 1, 30), loser=3),
            ron(w(1, 1, 30), loser=0),  # S1 -> [24000,26000,25000,25000]
            ron(w(2, 1, 30), loser=1),  # S2 -> [24000,25000,26000,25000]
            ron(w(3, 2, 30), loser=2),  # S3 -> [24000,25000,24000,27000]
            ron(w(3, 1, 30), loser=0),  # S4: dealer 1500 -> [22500,25000,24000,28500]: top but < 30000 -> West
            draw(tenpai=(3,)),  # W1-1h (dealer p0): [21500,24000,23000,31500]: p3 >= 30000 -> sudden death
        ],
        [("S4", 0, 0, [22500, 25000, 24000, 28500]), ("W1", 1, 0, [21500, 24000, 23000, 31500])],
        # p3 1.5+40=41.5  p1 -6+10=4  p2 -7-10=-17  p0 -8.5-20=-28.5
        ([21500, 24000, 23000, 31500], [4, 2, 3, 1], [-28.5, 4.0, -17.0, 41.5], "sudden_death"),
        id="asi: all-last dealer top below 30000: South ends, West entry, then sudden death",
    ),
    pytest.param(
        # 1-g west entry when top < 30000 after S4; no North entry: W4 is the hard end (digest interp.)
        [
            ron(w(1, 1, 30), loser=0), ron(w(2, 1, 30), loser=1), ron(w(3, 1, 30), loser=2), ron(w(0, 1, 30), loser=3),
            ron(w(1, 1, 30), loser=0), ron(w(2, 1, 30), loser=1),
            ron(w(3, 2, 30), loser=2),  # S3 -> [24000,25000,24000,27000]
            ron(w(1, 1, 30), loser=0),  # S4 -> [23000,26000,24000,27000]: top 27000 < 30000 -> West
            ron(w(0, 1, 30), loser=2),  # W1 dealer 1500 -> [24500,26000,22500,27000]; keeps
            ron(w(1, 2, 30), loser=0),  # W1-1h: 2000+300 -> [22200,28300,22500,27000]
            ron(w(3, 1, 30), loser=1),  # W2 -> [22200,27300,22500,28000]
            draw(tenpai=(0, 1, 2, 3)),  # W3: all tenpai, keeps, honba 1
            tsumo(2, 1, 30),  # W3-1h: dealer 500 all +100 each -> [21600,26700,24300,27400]
            ron(w(0, 1, 30), loser=3),  # W3-2h: 1000+600 -> [23200,26700,24300,25800]
            ron(w(1, 2, 30), loser=2),  # W4: 2000 -> [23200,28700,22300,25800]; still < 30000 but W4 is the end
        ],
        [
            ("S4", 0, 0, [23000, 26000, 24000, 27000]),
            ("W1", 0, 0, [24500, 26000, 22500, 27000]),
            ("W1", 1, 0, [22200, 28300, 22500, 27000]),
            ("W2", 0, 0, [22200, 27300, 22500, 28000]),
            ("W3", 0, 0, [22200, 27300, 22500, 28000]),
            ("W3", 1, 0, [21600, 26700, 24300, 27400]),
            ("W3", 2, 0, [23200, 26700, 24300, 25800]),
            ("W4", 0, 0, [23200, 28700, 22300, 25800]),
        ],
        # p1 -1.3+40=38.7  p3 -4.2+10=5.8  p0 -6.8-10=-16.8  p2 -7.7-20=-27.7
        ([23200, 28700, 22300, 25800], [3, 1, 4, 2], [-16.8, 38.7, -27.7, 5.8], "west_end"),
        id="asi: west entry when top < 30000, W4 is the hard end (no north)",
    ),
    pytest.param(
        # 1-g sudden death: "누군가가 30,000점 이상이 되면" — exactly 30000 ends it
        [
            ron(w(1, 1, 30), loser=0), ron(w(2, 1, 30), loser=1), ron(w(3, 1, 30), loser=2), ron(w(0, 1, 30), loser=3),
            ron(w(1, 1, 30), loser=0), ron(w(2, 1, 30), loser=1), ron(w(3, 2, 30), loser=2),
            ron(w(1, 1, 30), loser=0),  # S4 -> [23000,26000,24000,27000] -> West
            tsumo(1, 3, 30),  # W1: 1000/2000: p0 (dealer) -2000, p2 -1000, p3 -1000 -> p1 exactly 30000
        ],
        [("W1", 0, 0, [21000, 30000, 23000, 26000])],
        # p1 0+40=40  p3 -4+10=6  p2 -7-10=-17  p0 -9-20=-29
        ([21000, 30000, 23000, 26000], [4, 1, 3, 2], [-29.0, 40.0, -17.0, 6.0], "sudden_death"),
        id="asi: west sudden death at 30000 or more (exactly 30000 ends)",
    ),
    pytest.param(
        # 5-c-ㅈ deliberate chombo: 30000 to each other player, game over
        [{"kind": "chombo", "offender": 1, "deliberate": True}],
        [("E1", 0, 0, [55000, -65000, 55000, 55000])],
        # three-way tie 55000 by seat: p0, p2, p3. p0 25+40=65  p2 25+10=35  p3 25-10=15  p1 -95-20=-115
        ([55000, -65000, 55000, 55000], [1, 4, 2, 3], [65.0, -115.0, 35.0, 15.0], "deliberate_chombo"),
        id="asi: deliberate chombo pays 30000 to each and ends the game",
    ),
]


@pytest.mark.parametrize(("hands", "rows", "final"), GAMES)
def test_asi_game(hands, rows, final):
    assert_finished_game(replay(record(hands)), rows, final)


# --------------------------------------------------------------------------------------
# Hands in progress (the game is not over): nagashi, chombo, penalty points, pao
# --------------------------------------------------------------------------------------
PARTIAL = [
    pytest.param(
        # 2-g nagashi mangan is an exhaustive draw, not a win: sticks stay, honba +1;
        # "친이 노텐인 경우 친이 넘어감" (digest interp.: no noten payments besides the nagashi)
        [
            {"kind": "nagashi", "players": [2], "tenpai": [0], "riichi": [0]},
            # E1: p0 riichi -1000; p2 mangan as tsumo: p0 (dealer) -4000, p1/p3 -2000 -> [20000,23000,33000,23000]
            # dealer tenpai keeps; honba 1; the stick stays
            {"kind": "nagashi", "players": [1], "tenpai": [2], "riichi": []},
            # E1-1h: p1 mangan: p0 -4000, p2/p3 -2000 (no honba: not a win) -> [16000,31000,31000,21000]
            # dealer noten passes; honba 2; stick stays
            ron(w(3, 1, 30), loser=0),  # E2-2h: 1000+600+1000 stick -> [14400,31000,31000,23600]
        ],
        [
            ("E1", 0, 0, [20000, 23000, 33000, 23000]),
            ("E1", 1, 1000, [16000, 31000, 31000, 21000]),
            ("E2", 2, 1000, [14400, 31000, 31000, 23600]),
        ],
        ("E3", 0, 0),
        id="asi: nagashi mangan is a draw (sticks stay, honba +1, dealer noten passes)",
    ),
    pytest.param(
        [{"kind": "nagashi", "players": [0], "tenpai": [], "riichi": []}],
        # dealer's nagashi: 4000 all -> [37000,21000,21000,21000]; the dealer is noten, so the deal passes
        [("E1", 0, 0, [37000, 21000, 21000, 21000])],
        ("E2", 1, 0),
        id="asi: dealer's own nagashi while noten still passes the deal",
    ),
    pytest.param(
        # 5-c chombo: a mangan (dealer 4000 all; non-dealer 2000/4000), hand void, new deposits back,
        # a dealer chombo passes the deal (honba unchanged: digest interp.)
        [
            draw(tenpai=(0,)),  # E1 -> [28000,24000,24000,24000], honba 1
            {"kind": "chombo", "offender": 2, "riichi": [1]},
            # E1-1h: p1's stick returned; p2 -8000, p0 (dealer) +4000, p1 +2000, p3 +2000 -> [32000,26000,16000,26000]
            {"kind": "chombo", "offender": 0},  # E1-1h replayed: dealer 4000 all -> [20000,30000,20000,30000]; passes
            ron(w(2, 1, 30), loser=3),  # E2-1h: 1000+300 -> [20000,30000,21300,28700]
        ],
        [
            ("E1", 0, 0, [28000, 24000, 24000, 24000]),
            ("E1", 1, 0, [32000, 26000, 16000, 26000]),
            ("E1", 1, 0, [20000, 30000, 20000, 30000]),
            ("E2", 1, 0, [20000, 30000, 21300, 28700]),
        ],
        ("E3", 0, 0),
        id="asi: chombo is a mangan payment, hand replayed, dealer chombo passes the deal",
    ),
    pytest.param(
        # 5-a penalty point: 1000 to the table (taken by the next winner); 5-c-ㄱ the 3rd is a chombo
        [
            {"kind": "penalty", "player": 1, "type": "penalty_point"},
            ron(w(2, 1, 30), loser=3),  # E1: p1 -1000 to table; p2 +1000+1000 -> [25000,24000,27000,24000]
            {"kind": "penalty", "player": 1, "type": "penalty_point"},
            draw(),  # E2: p1 -1000 -> [25000,23000,27000,24000]; stick stays; dealer noten passes, honba 1
            {"kind": "penalty", "player": 1, "type": "penalty_point"},
            # E3-1h: 3rd penalty point = chombo: p1 -8000, p2 (dealer) +4000, p0/p3 +2000 -> [27000,15000,31000,26000]
            ron(w(0, 1, 30), loser=3),  # E3-1h replayed: 1000+300+1000 -> [29300,15000,31000,24700]
        ],
        [
            ("E1", 0, 0, [25000, 24000, 27000, 24000]),
            ("E2", 0, 0, [25000, 23000, 27000, 24000]),
            ("E3", 1, 1000, [27000, 15000, 31000, 26000]),
            ("E3", 1, 1000, [29300, 15000, 31000, 24700]),
        ],
        ("E4", 0, 0),
        id="asi: penalty point 1000 to the table, third penalty point is a chombo",
    ),
    pytest.param(
        # 5-c "그 국에서 새로 나온 공탁금은 낸 사람이 다시 가져감": a penalty-point deposit made in the
        # voided hand goes back too. p1 -1000 then +1000; p2's chombo: p2 -8000, p0 (dealer) +4000, p1/p3 +2000
        [{"kind": "penalty", "player": 1, "type": "penalty_point"}, {"kind": "chombo", "offender": 2}],
        [("E1", 0, 0, [29000, 27000, 17000, 27000])],
        ("E1", 0, 0),
        id="asi: chombo returns every deposit made in the voided hand (penalty point too)",
    ),
    pytest.param(
        # 1-h pao daisangen; ron by another player: liable and discarder pay half each (003)
        [ron(w(1, yakuman=1, pao=2), loser=3)],  # 32000: p2 16000, p3 16000 -> [25000,57000,9000,9000]
        [("E1", 0, 0, [25000, 57000, 9000, 9000])],
        ("E2", 0, 0),
        id="asi: pao daisangen on another's ron is split half and half",
    ),
    pytest.param(
        [tsumo(1, yakuman=1, pao=0, pao_for="suukantsu")],  # suukantsu pao: p0 pays the whole 32000 (as a ron)
        [("E1", 0, 0, [-7000, 57000, 25000, 25000])],
        None,
        id="asi: suukantsu pao, the liable player pays the whole tsumo",
    ),
    pytest.param(
        # 6-b/c daiminkan rinshan pao at ron value: 3h40 non-dealer ron 5200 + 300 honba, all from p3
        [draw(tenpai=(0,)), tsumo(2, 3, 40, pao=3)],
        [("E1", 1, 0, [28000, 24000, 29500, 18500])],  # E1 [28000,24000,24000,24000] then p2 +5500, p3 -5500
        ("E2", 0, 0),
        id="asi: daiminkan rinshan pao is paid at ron value by the kan-tile discarder",
    ),
]


@pytest.mark.parametrize(("hands", "rows", "next_hand"), PARTIAL)
def test_asi_hands(hands, rows, next_hand):
    result = replay(record(hands))
    got = rows_of(result)
    for row in rows:
        assert row in got, f"missing row {row}; got {got}"
    if next_hand is None:
        assert result.final is not None
    else:
        st = result.state
        assert (st.round, st.honba, st.sticks * 1000) == next_hand


REFUSED = [
    pytest.param(
        [ron(w(1, 1, 30), w(2, 1, 30), w(3, 1, 30), loser=0)], 0,
        id="asi: triple ron is an abortive draw, not three wins",
    ),
    pytest.param(
        # p0 at exactly 0 (see the double-ron game) cannot riichi: "1000점 미만 리치 불가"
        [ron(w(1, 8), loser=0, riichi=(0,)), ron(w(3, 3, 50), w(2, 1, 50), loser=0, riichi=(3,)),
         draw(tenpai=(0,), riichi=(0,))], 2,
        id="asi: riichi below 1000 points is refused",
    ),
    pytest.param(
        [{"kind": "penalty", "player": 1, "type": "yellow_card"}, draw()], 0,
        id="asi: no yellow cards in the ASI rulebook",
    ),
    pytest.param(
        [draw(), draw(), draw(), draw(), draw(), draw(), draw(), draw(tenpai=(3,)), {"kind": "stop"}], 8,
        id="asi: stop is not needed (tenpai-yame is automatic, or here the dealer is not top)",
    ),
]


@pytest.mark.parametrize(("hands", "bad_index"), REFUSED)
def test_asi_refuses(hands, bad_index):
    with pytest.raises(ScoringError) as exc:
        replay(record(hands))
    assert exc.value.hand == bad_index


def test_asi_preset_parameters_match_the_source():
    """Section 1 of 002: one line per parameter."""
    from scoring.rules import preset

    rs = preset(RULESET)
    assert (rs.start_points, rs.return_points, rs.oka) == (25000, 30000, 20000)  # 1-a
    assert tuple(rs.uma) == (20000, 10000, -10000, -20000)  # 1-b
    assert rs.red_fives == (1, 2, 1)  # 1-n: 5만 1장, 5통 2장, 5삭 1장
    assert rs.max_ron_winners == 2
    assert rs.triple_ron_abort  # 1-k
    assert rs.tobi
    assert not rs.tobi_at_zero
    assert rs.riichi_min_points == 1000  # 1-j
    assert not rs.rinshan_tsumo_fu
    assert rs.double_wind_pair_fu == 4  # 3-a
    assert not rs.kiriage  # not in the source
    assert rs.honba_value == 300  # 003
