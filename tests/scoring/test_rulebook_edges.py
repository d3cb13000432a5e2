"""Second rules audit: interactions and edge cases, worked by hand from the rulebooks.

Sources: seeds/002 (A.S.I. Shirai), seeds/004 (Juki's Agit), seeds/003 (general). The
first audit (test_rulebook_asi.py, test_rulebook_juki.py) covers the single rules; these
cases combine them (West entry + tobi, renchan + sudden death, double ron + dealer +
carried sticks, pao + double ron, chombo at all-last / in West, nagashi at all-last / in
West, sanma West entry...). Every number below was worked out BY HAND before running the
engine; the arithmetic is in the comments. Scores per seat [0, 1, 2, 3]; seat 0 deals E1.

Points = (final - 30000)/1000 + uma (+ oka 20 to 1st), decimals kept.
  ASI uma +20/+10/-10/-20; Juki +30/+10/-10/-30; Juki sanma (30000/30000, no oka) +20/0/-20.
Standard values (non-dealer / dealer): 1h30 ron 1000/1500, tsumo 300-500 / 500 all;
1h40 ron 1300/2000; 2h30 ron 2000/2900, tsumo 500-1000 / 1000 all; 3h30 ron 3900/5800;
mangan 8000/12000, 2000-4000 / 4000 all; haneman 12000; baiman 16000/24000;
yakuman 32000/48000.

A test marked xfail(strict=True) is an engine bug; its reason names the rule and the
numbers (see docs/rules-audit.md, "Second audit (edges)").
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import ScoringError
from scoring.game import replay
from tests.scoring.rulebook import assert_finished_game, draw, record, ron, rows_of, tsumo, w

ASI = "asi-shirai"
JUKI = "juki-agit-2026"
SANMA = "juki-agit-sanma-2026"


def nagashi(players: tuple[int, ...], tenpai: tuple[int, ...] = (), riichi: tuple[int, ...] = ()) -> dict:
    return {"kind": "nagashi", "players": list(players), "tenpai": list(tenpai), "riichi": list(riichi)}


def chombo(offender: int, **kw: Any) -> dict:
    return {"kind": "chombo", "offender": offender, **kw}


def penalty(player: int, type_: str) -> dict:
    return {"kind": "penalty", "player": player, "type": type_}


def abort(reason: str, riichi: tuple[int, ...] = ()) -> dict:
    return {"kind": "abort", "reason": reason, "riichi": list(riichi)}


STOP = {"kind": "stop"}


def bug(reason: str) -> Any:
    return pytest.mark.xfail(strict=True, reason=reason)


# --------------------------------------------------------------------------------------
# Shared openings (identical arithmetic in both 4-player rulesets: no dealer wins, no West)
# --------------------------------------------------------------------------------------
# E1..S4 with everyone below 30000 after South 4 -> West: [23000,26000,24000,27000]
TO_WEST = [
    # 25000 each
    ron(w(1, 1, 30), loser=0), ron(w(2, 1, 30), loser=1), ron(w(3, 1, 30), loser=2), ron(w(0, 1, 30), loser=3),
    ron(w(1, 1, 30), loser=0),  # S1 (dealer p0) -> [24000,26000,25000,25000]
    ron(w(2, 1, 30), loser=1),  # S2 -> [24000,25000,26000,25000]
    ron(w(3, 2, 30), loser=2),  # S3 -> [24000,25000,24000,27000]
    ron(w(1, 1, 30), loser=0),  # S4 (dealer p3): p1 wins -> [23000,26000,24000,27000]; top 27000 < 30000 -> West
]

# E1..S3 -> [24000,25000,24000,27000]; South 4 (dealer p3) comes next
TO_S4_EVEN = TO_WEST[:7]

# E1..S3 -> [20000,23000,24000,33000]; the South-4 dealer p3 is on top
TO_S4_P3_TOP = [
    ron(w(3, 5), loser=0),  # E1 -> [17000,25000,25000,33000]
    ron(w(0, 1, 30), loser=1),  # E2 -> [18000,24000,25000,33000]
    ron(w(0, 1, 30), loser=2),  # E3 -> [19000,24000,24000,33000]
    ron(w(0, 1, 30), loser=1),  # E4 (dealer p3 does not win) -> [20000,23000,24000,33000]
    ron(w(1, 1, 30), loser=0),  # S1 -> [19000,24000,24000,33000]
    ron(w(2, 1, 30), loser=1),  # S2 -> [19000,23000,25000,33000]
    ron(w(0, 1, 30), loser=2),  # S3 -> [20000,23000,24000,33000]
]

# E1..S3 -> [20100,31900,18100,29900]: a 1h40 dealer ron (2000) at South 4 ties p3 with p1
TO_S4_TIE = [
    ron(w(1, 3, 30), loser=2),  # E1 (p0): 3900 -> [25000,28900,21100,25000]
    ron(w(3, 3, 30), loser=0),  # E2 (p1) -> [21100,28900,21100,28900]
    ron(w(1, 1, 30), loser=0),  # E3 (p2) -> [20100,29900,21100,28900]
    ron(w(1, 1, 30), loser=2),  # E4 (p3) -> [20100,30900,20100,28900]
    ron(w(3, 1, 30), loser=2),  # S1 (p0) -> [20100,30900,19100,29900]
    ron(w(0, 1, 30), loser=2),  # S2 (p1) -> [21100,30900,18100,29900]
    ron(w(1, 1, 30), loser=0),  # S3 (p2) -> [20100,31900,18100,29900]
]

# E1..S3 -> [25400,25600,20500,28500]: a 1h30 dealer ron (1500) at South 4 puts p3 on exactly 30000
TO_S4_P3_28500 = [
    ron(w(3, 3, 30), loser=2),  # E1 (p0) -> [25000,25000,21100,28900]
    draw(),  # E2 (p1): all noten, the deal passes, honba 1
    tsumo(0, 1, 30),  # E3-1h (p2 deals): 300/500 + 100 each: p2 -600, p1 -400, p3 -400 -> [26400,24600,20500,28500]
    ron(w(1, 1, 30), loser=0),  # E4 -> [25400,25600,20500,28500]
    ron(w(2, 1, 30), loser=1),  # S1 -> [25400,24600,21500,28500]
    ron(w(0, 1, 30), loser=2),  # S2 -> [26400,24600,20500,28500]
    ron(w(1, 1, 30), loser=0),  # S3 -> [25400,25600,20500,28500]
]

# E1..S3 -> [22300,28700,25000,24000]; nobody at 30000, p1 on top
TO_S4_P1_28700 = [
    ron(w(1, 5), loser=0),  # E1 (p0) 8000 -> [17000,33000,25000,25000]
    ron(w(0, 2, 30), loser=1),  # E2 (p1) 2000 -> [19000,31000,25000,25000]
    ron(w(0, 1, 40), loser=1),  # E3 (p2) 1300 -> [20300,29700,25000,25000]
    ron(w(2, 1, 30), loser=1),  # E4 (p3) -> [20300,28700,26000,25000]
    ron(w(3, 1, 30), loser=2),  # S1 (p0) -> [20300,28700,25000,26000]
    ron(w(0, 1, 30), loser=3),  # S2 (p1) -> [21300,28700,25000,25000]
    ron(w(0, 1, 30), loser=3),  # S3 (p2) -> [22300,28700,25000,24000]
]

# p0 down to exactly 1000 after E2: [1000,41000,33000,25000]
P0_AT_1000 = [
    ron(w(1, 8), loser=0),  # E1: baiman 16000 -> [9000,41000,25000,25000]
    ron(w(2, 5), loser=0),  # E2: mangan 8000 -> [1000,41000,33000,25000]
]

# Closed 123m 567p 345s 678s + 55s, kanchan 2m: riichi (+ menzen tsumo on a tsumo), no pinfu, no tanyao;
# indicator 4p makes 5p one dora.
DEALER_2_YAKU_1_DORA = {"tiles": "123m567p34555678s", "win": "2m", "riichi": True, "dora": ["4p"], "ura": []}

# =======================================================================================
# Complete games: (ruleset, hands, rows, (scores, ranks, points, ended_by))
# =======================================================================================
GAMES = [
    # --- West entry interacting with tobi / renchan / sudden death ------------------------
    pytest.param(
        ASI,
        [*TO_WEST, ron(w(1, yakuman=1), loser=2)],
        # W1 (p0 deals): p1 yakuman 32000 from p2 -> [23000,58000,-8000,27000]: p2 busts (and p1 passes 30000)
        [("W1", 0, 0, [23000, 58000, -8000, 27000])],
        # p1 28+20+20=68  p3 -3+10=7  p0 -7-10=-17  p2 -38-20=-58
        ([23000, 58000, -8000, 27000], [3, 1, 4, 2], [-17.0, 68.0, -58.0, 7.0], "tobi"),
        id="asi: west entry then tobi in West ends by tobi",
    ),
    pytest.param(
        JUKI,
        [*TO_WEST, ron(w(1, 8), loser=2)],
        # W1: baiman paid as a dealer win (West) = 24000 -> p2 24000-24000 = exactly 0: not bust;
        # p1 26000+24000 = 50000 -> sudden death. [23000,50000,0,27000]
        [("W1", 0, 0, [23000, 50000, 0, 27000])],
        # p1 20+30+20=70  p3 -3+10=7  p0 -7-10=-17  p2 -30-30=-60
        ([23000, 50000, 0, 27000], [3, 1, 4, 2], [-17.0, 70.0, -60.0, 7.0], "sudden_death"),
        id="juki: west baiman paid as a dealer win leaves the loser at exactly 0: sudden death, not tobi",
    ),
    pytest.param(
        ASI,
        [
            *TO_WEST,
            ron(w(0, 2, 30), loser=1),  # W1 (p0): dealer 2900 -> [25900,23100,24000,27000]; renchan
            tsumo(0, 2, 30),  # W1-1h: 1000 all + 100 each -> [29200,22000,22900,25900]; renchan
            ron(w(0, 1, 30), loser=3),  # W1-2h: 1500+600 -> [31300,22000,22900,23800]: >= 30000, game over (no W1-3h)
        ],
        [
            ("W1", 0, 0, [25900, 23100, 24000, 27000]),
            ("W1", 1, 0, [29200, 22000, 22900, 25900]),
            ("W1", 2, 0, [31300, 22000, 22900, 23800]),
        ],
        # p0 1.3+40=41.3  p3 -6.2+10=3.8  p2 -7.1-10=-17.1  p1 -8-20=-28
        ([31300, 22000, 22900, 23800], [1, 4, 3, 2], [41.3, -28.0, -17.1, 3.8], "sudden_death"),
        id="asi: dealer renchan in West, sudden death on the dealer's win",
    ),
    pytest.param(
        JUKI,
        [*TO_WEST, ron(w(0, 2, 30), loser=1), tsumo(0, 2, 30), ron(w(0, 1, 30), loser=3)],
        # same hands as the ASI case (all dealer wins, so "paid as dealer" changes nothing); no stop needed
        [("W1", 2, 0, [31300, 22000, 22900, 23800])],
        # p0 1.3+50=51.3  p3 3.8  p2 -17.1  p1 -8-30=-38
        ([31300, 22000, 22900, 23800], [1, 4, 3, 2], [51.3, -38.0, -17.1, 3.8], "sudden_death"),
        id="juki: dealer renchan in West, sudden death on the dealer's win (no stop needed)",
    ),
    pytest.param(
        ASI,
        [
            *TO_WEST,
            draw(tenpai=(1,), riichi=(1,)),  # W1 (p0): p1 -1000 stick +3000, others -1000
            #   -> [22000,28000,23000,26000] s1; passes, h1
            draw(tenpai=(0, 1), riichi=(0,)),  # W2-1h (p1): p0 -1000+1500, p1 +1500, p2/p3 -1500
            #   -> [22500,29500,21500,24500] s2; keeps, h2
            draw(),  # W2-2h: all noten, passes, h3
            draw(tenpai=(2, 3)),  # W3-3h (p2): p0/p1 -1500, p2/p3 +1500 -> [21000,28000,23000,26000]; keeps, h4
            draw(tenpai=(3,)),  # W3-4h: p3 +3000, others -1000 -> [20000,27000,22000,29000]; dealer p2 noten passes, h5
            draw(tenpai=(0,)),  # W4-5h (p3): p0 +3000 -> [23000,26000,21000,28000]; dealer noten: W4 was the last hand
        ],
        [
            ("W1", 0, 0, [22000, 28000, 23000, 26000]),
            ("W2", 1, 1000, [22500, 29500, 21500, 24500]),
            ("W3", 3, 2000, [21000, 28000, 23000, 26000]),
            ("W3", 4, 2000, [20000, 27000, 22000, 29000]),
            ("W4", 5, 2000, [23000, 26000, 21000, 28000]),
        ],
        # nobody at 30000, no North: hard end. Leftover 2000 to 1st (p3) -> 30000.
        # p3 0+40=40  p1 -4+10=6  p0 -7-10=-17  p2 -9-20=-29
        ([23000, 26000, 21000, 30000], [3, 2, 4, 1], [-17.0, 6.0, -29.0, 40.0], "west_end"),
        id="asi: West 4 hard end with nobody at 30000, leftover sticks to 1st",
    ),
    # --- all-last end: exactly 30000, ties, agari-yame at exactly 30000 -------------------
    pytest.param(
        ASI,
        [*TO_S4_P1_28700, ron(w(1, 1, 40), loser=2)],
        # S4 (p3): p1 1300 from p2 -> [22300,30000,23700,24000]: top exactly 30000 -> no West
        [("S4", 0, 0, [22300, 30000, 23700, 24000])],
        # p1 0+40=40  p3 -6+10=4  p2 -6.3-10=-16.3  p0 -7.7-20=-27.7
        ([22300, 30000, 23700, 24000], [4, 1, 3, 2], [-27.7, 40.0, -16.3, 4.0], "all_last"),
        id="asi: South 4 non-dealer win leaving top at exactly 30000 ends the game",
    ),
    pytest.param(
        JUKI,
        [*TO_S4_P1_28700, ron(w(1, 1, 40), loser=2)],
        [("S4", 0, 0, [22300, 30000, 23700, 24000])],
        # p1 0+50=50  p3 4  p2 -16.3  p0 -7.7-30=-37.7
        ([22300, 30000, 23700, 24000], [4, 1, 3, 2], [-37.7, 50.0, -16.3, 4.0], "all_last"),
        id="juki: South 4 non-dealer win leaving top at exactly 30000 ends the game",
    ),
    pytest.param(
        ASI,
        [*TO_S4_TIE, ron(w(3, 1, 40), loser=0), ron(w(1, 1, 30), loser=2)],
        # S4: dealer p3 1h40 = 2000 -> [18100,31900,18100,31900]: tied with p1, seat order puts p1 first,
        # so the dealer is not top: no agari-yame, renchan. S4-1h: p1 1000+300 -> [18100,33200,16800,31900]
        [("S4", 0, 0, [18100, 31900, 18100, 31900]), ("S4", 1, 0, [18100, 33200, 16800, 31900])],
        # p1 3.2+40=43.2  p3 1.9+10=11.9  p0 -11.9-10=-21.9  p2 -13.2-20=-33.2
        ([18100, 33200, 16800, 31900], [3, 1, 4, 2], [-21.9, 43.2, -33.2, 11.9], "all_last"),
        id="asi: agari-yame needs the dealer strictly top; tied for top by seat order plays on",
    ),
    pytest.param(
        ASI,
        [*TO_S4_P3_28500, ron(w(3, 1, 30), loser=2)],
        # S4: dealer 1500 -> [25400,25600,19000,30000]: strictly top at exactly 30000 -> agari-yame
        [("S4", 0, 0, [25400, 25600, 19000, 30000])],
        # p3 0+40=40  p1 -4.4+10=5.6  p0 -4.6-10=-14.6  p2 -11-20=-31
        ([25400, 25600, 19000, 30000], [3, 2, 4, 1], [-14.6, 5.6, -31.0, 40.0], "agari_yame"),
        id="asi: agari-yame with the all-last dealer at exactly 30000",
    ),
    pytest.param(
        JUKI,
        [*TO_S4_P3_28500, ron(w(3, 1, 30), loser=2), STOP],
        [("S4", 0, 0, [25400, 25600, 19000, 30000])],
        # p3 0+50=50  p1 5.6  p0 -14.6  p2 -11-30=-41
        ([25400, 25600, 19000, 30000], [3, 2, 4, 1], [-14.6, 5.6, -41.0, 50.0], "stop"),
        id="juki: agari-yame (stop) with the all-last dealer at exactly 30000",
    ),
    pytest.param(
        ASI,
        [*TO_S4_P3_TOP, ron(w(2, 1, 30), w(3, 1, 30), loser=1)],
        # S4 double ron on p1: head bump p2 (+1000), dealer p3 second (+1500) -> [20000,20500,25000,34500];
        # the dealer won and is top >= 30000 -> agari-yame
        [("S4", 0, 0, [20000, 20500, 25000, 34500])],
        # p3 4.5+40=44.5  p2 -5+10=5  p1 -9.5-10=-19.5  p0 -10-20=-30
        ([20000, 20500, 25000, 34500], [4, 3, 2, 1], [-30.0, -19.5, 5.0, 44.5], "agari_yame"),
        id="asi: agari-yame on a double ron where the dealer is the second winner",
    ),
    pytest.param(
        JUKI,
        [*TO_S4_P3_TOP, ron(w(2, 1, 30), w(3, 1, 30), loser=1), STOP],
        [("S4", 0, 0, [20000, 20500, 25000, 34500])],
        # p3 4.5+50=54.5  p2 5  p1 -19.5  p0 -10-30=-40
        ([20000, 20500, 25000, 34500], [4, 3, 2, 1], [-40.0, -19.5, 5.0, 54.5], "stop"),
        id="juki: stop after a double ron where the dealer is the second winner",
    ),
    pytest.param(
        ASI,
        [
            ron(w(1, 5), loser=0),  # E1 -> [17000,33000,25000,25000]
            ron(w(2, 5), loser=3),  # E2 -> [17000,33000,33000,17000]
            draw(), draw(), draw(), draw(), draw(),  # E3..S3 all noten, honba 1..5
            draw(),  # S4-5h: all noten, the dealer passes: all-last over
        ],
        [("S4", 5, 0, [17000, 33000, 33000, 17000])],
        # ties at the top (p1 before p2) and at the bottom (p0 before p3), by seat order:
        # p1 3+40=43  p2 3+10=13  p0 -13-10=-23  p3 -13-20=-33
        ([17000, 33000, 33000, 17000], [3, 1, 2, 4], [-23.0, 43.0, 13.0, -33.0], "all_last"),
        id="asi: ties at the top and at the bottom go by seat order",
    ),
    pytest.param(
        JUKI,
        [ron(w(1, 5), loser=0), ron(w(2, 5), loser=3), draw(), draw(), draw(), draw(), draw(), draw()],
        [("S4", 5, 0, [17000, 33000, 33000, 17000])],
        # p1 3+50=53  p2 13  p0 -23  p3 -13-30=-43
        ([17000, 33000, 33000, 17000], [3, 1, 2, 4], [-23.0, 53.0, 13.0, -43.0], "all_last"),
        id="juki: ties at the top and at the bottom go by seat order",
    ),
    # --- riichi at exactly 1000, tobi at a draw, leftover sticks after tobi ---------------
    pytest.param(
        ASI,
        [
            *P0_AT_1000,
            draw(tenpai=(0, 1, 2, 3), riichi=(0,)),  # E3 (p2): p0 riichi with exactly 1000 -> 0: not bust;
            #   keeps, h1, s1
            draw(tenpai=(1, 2, 3)),  # E3-1h: p0 noten pays 3000 -> -3000: bust at a draw; others +1000
        ],
        [("E3", 0, 0, [0, 41000, 33000, 25000]), ("E3", 1, 1000, [-3000, 42000, 34000, 26000])],
        # leftover stick to 1st p1 -> 43000. p1 13+40=53  p2 4+10=14  p3 -4-10=-14  p0 -33-20=-53
        ([-3000, 43000, 34000, 26000], [4, 1, 2, 3], [-53.0, 53.0, 14.0, -14.0], "tobi"),
        id="asi: riichi with exactly 1000 leaves 0 (not bust); noten payment below 0 busts; leftover stick to 1st",
    ),
    pytest.param(
        JUKI,
        [*P0_AT_1000, draw(tenpai=(0, 1, 2, 3), riichi=(0,)), draw(tenpai=(1, 2, 3))],
        [("E3", 0, 0, [0, 41000, 33000, 25000]), ("E3", 1, 1000, [-3000, 42000, 34000, 26000])],
        # p1 13+50=63  p2 14  p3 -14  p0 -33-30=-63
        ([-3000, 43000, 34000, 26000], [4, 1, 2, 3], [-63.0, 63.0, 14.0, -14.0], "tobi"),
        id="juki: riichi with exactly 1000 leaves 0 (not bust); noten payment below 0 busts; leftover stick to 1st",
    ),
    # --- pao with honba ----------------------------------------------------------------------
    pytest.param(
        ASI,
        [draw(tenpai=(0,)), tsumo(2, yakuman=1, pao=1)],
        # E1 -> [28000,24000,24000,24000] h1. E1-1h daisangen tsumo, pao p1: p1 pays it all as a ron
        # (32000) and the honba (300) -> p1 -8300 (bust), p2 56300
        [("E1", 1, 0, [28000, -8300, 56300, 24000])],
        # p2 26.3+40=66.3  p0 -2+10=8  p3 -6-10=-16  p1 -38.3-20=-58.3
        ([28000, -8300, 56300, 24000], [2, 4, 1, 3], [8.0, -58.3, 66.3, -16.0], "tobi"),
        id="asi: pao tsumo with honba, the liable player pays all and busts (decimals)",
    ),
    pytest.param(
        JUKI,
        [*TO_WEST, ron(w(1, yakuman=1, pao=3), loser=2)],
        # W1: daisangen paid as a dealer win (48000); pao p3 on p2's discard: half each, 24000.
        # p2 24000-24000 = exactly 0 (not bust), p3 3000, p1 74000 -> sudden death
        [("W1", 0, 0, [23000, 74000, 0, 3000])],
        # p1 44+50=94  p0 -7+10=3  p3 -27-10=-37  p2 -30-30=-60
        ([23000, 74000, 0, 3000], [2, 1, 4, 3], [3.0, 94.0, -60.0, -37.0], "sudden_death"),
        id="juki: pao on a ron in West is split from the dealer value",
    ),
    # --- nagashi at all-last and in West ----------------------------------------------------
    pytest.param(
        ASI,
        [*TO_S4_P3_TOP, nagashi((1,), tenpai=(0,), riichi=(0,))],
        # S4: p0 riichi -1000; p1 mangan: p3 (dealer) -4000, p0/p2 -2000 -> [17000,31000,22000,29000];
        # a draw: the stick stays; dealer noten passes -> all-last over (top 31000). Leftover 1000 to p1.
        [("S4", 0, 0, [17000, 31000, 22000, 29000])],
        # p1 2+40=42  p3 -1+10=9  p2 -8-10=-18  p0 -13-20=-33
        ([17000, 32000, 22000, 29000], [4, 1, 3, 2], [-33.0, 42.0, -18.0, 9.0], "all_last"),
        id="asi: nagashi at South 4 is a draw (stick stays, then leftover to 1st), dealer noten ends the game",
    ),
    pytest.param(
        JUKI,
        [*TO_S4_P3_TOP, nagashi((1,), tenpai=(0,), riichi=(0,))],
        # S4: nagashi is a win: p1 +8000 and takes p0's stick -> [17000,32000,22000,29000]; dealer noten -> over
        [("S4", 0, 0, [17000, 32000, 22000, 29000])],
        # p1 2+50=52  p3 9  p2 -18  p0 -13-30=-43
        ([17000, 32000, 22000, 29000], [4, 1, 3, 2], [-43.0, 52.0, -18.0, 9.0], "all_last"),
        id="juki: nagashi at South 4 is a win (takes the stick), dealer noten ends the game",
    ),
    pytest.param(
        ASI,
        [*TO_WEST, nagashi((3,))],
        # W1 (p0 deals): p3 mangan as a non-dealer: p0 -4000, p1/p2 -2000 -> [19000,24000,22000,35000] -> sudden death
        [("W1", 0, 0, [19000, 24000, 22000, 35000])],
        # p3 5+40=45  p1 -6+10=4  p2 -8-10=-18  p0 -11-20=-31
        ([19000, 24000, 22000, 35000], [4, 2, 3, 1], [-31.0, 4.0, -18.0, 45.0], "sudden_death"),
        id="asi: nagashi in West lifting someone to 30000 ends the game",
    ),
    pytest.param(
        JUKI,
        [*TO_WEST, nagashi((3,))],
        # W1: nagashi paid as a dealer win: 4000 all -> [19000,22000,20000,39000] -> sudden death
        [("W1", 0, 0, [19000, 22000, 20000, 39000])],
        # p3 9+50=59  p1 -8+10=2  p2 -10-10=-20  p0 -11-30=-41
        ([19000, 22000, 20000, 39000], [4, 2, 3, 1], [-41.0, 2.0, -20.0, 59.0], "sudden_death"),
        id="juki: nagashi in West is paid as a dealer win",
    ),
    pytest.param(
        ASI,
        [ron(w(3, 6), loser=0), *TO_S4_P3_TOP[1:], nagashi((0,), tenpai=(3,))],
        # E1 haneman 12000 -> [13000,25000,25000,37000]; E2..S3 as TO_S4_P3_TOP -> [16000,23000,24000,37000].
        # S4: p0 nagashi (a draw): p3 (dealer) -4000, p1/p2 -2000 -> [24000,21000,22000,33000];
        # the dealer is tenpai, strictly top and >= 30000 -> tenpai-yame
        [("S4", 0, 0, [24000, 21000, 22000, 33000])],
        # p3 3+40=43  p0 -6+10=4  p2 -8-10=-18  p1 -9-20=-29
        ([24000, 21000, 22000, 33000], [2, 4, 3, 1], [4.0, -29.0, -18.0, 43.0], "tenpai_yame"),
        id="asi: nagashi at all-last is a draw, so the top dealer's tenpai ends the game (tenpai-yame)",
    ),
    pytest.param(
        JUKI,
        [*P0_AT_1000, penalty(0, "yellow_card"), penalty(0, "yellow_card"), draw()],
        # E3: p0's 2nd yellow card in the hand: 3000 to each -> p0 1000-9000 = -8000, play goes on;
        # the hand ends (all noten, nothing paid) -> p0 below 0: tobi. [-8000,44000,36000,28000]
        [("E3", 0, 0, [-8000, 44000, 36000, 28000])],
        # p1 14+50=64  p2 6+10=16  p3 -2-10=-12  p0 -38-30=-68
        ([-8000, 44000, 36000, 28000], [4, 1, 2, 3], [-68.0, 64.0, 16.0, -12.0], "tobi"),
        id="juki: the yellow-card chombo payment can bust a player; tobi when the hand ends",
    ),
    pytest.param(
        ASI,
        [*TO_S4_P3_TOP, nagashi((3,))],
        # S4: the dealer's own nagashi, 4000 all -> [16000,19000,20000,45000]; a draw with the dealer noten:
        # the deal passes, all-last is over
        [("S4", 0, 0, [16000, 19000, 20000, 45000])],
        # p3 15+40=55  p2 -10+10=0  p1 -11-10=-21  p0 -14-20=-34
        ([16000, 19000, 20000, 45000], [4, 3, 2, 1], [-34.0, -21.0, 0.0, 55.0], "all_last"),
        id="asi: the all-last dealer's own nagashi while noten passes the deal and ends the game",
    ),
    pytest.param(
        JUKI,
        [*TO_S4_P3_TOP, nagashi((3,)), STOP],
        # Juki: the dealer's nagashi is a dealer win (4000 all) -> [16000,19000,20000,45000]; top: may stop
        [("S4", 0, 0, [16000, 19000, 20000, 45000])],
        # p3 15+50=65  p2 0  p1 -21  p0 -14-30=-44
        ([16000, 19000, 20000, 45000], [4, 3, 2, 1], [-44.0, -21.0, 0.0, 65.0], "stop"),
        id="juki: the all-last dealer's own nagashi is a win, so agari-yame (stop) is offered",
    ),
    pytest.param(
        ASI,
        [
            ron(w(1, 8), loser=0),  # E1: 16000 -> [9000,41000,25000,25000]
            ron(w(2, 1, 70), loser=1),  # E2: 1h70 = 70x8x4 = 2240 -> 2300 -> [9000,38700,27300,25000]
            draw(tenpai=(0, 1, 2, 3), riichi=(0,)),  # E3: p0 riichi -> [8000,38700,27300,25000] s1; keeps, h1
            ron(w(3, 6), loser=0),  # E3-1h: 12000+300+1000 -> p0 -4300, p3 38300: tobi
        ],
        [("E3", 1, 1000, [-4300, 38700, 27300, 38300])],
        # p1 8.7+40=48.7  p3 8.3+10=18.3  p2 27300 -> -2.7-10=-12.7  p0 -4300 -> -34.3-20=-54.3
        ([-4300, 38700, 27300, 38300], [4, 1, 3, 2], [-54.3, 48.7, -12.7, 18.3], "tobi"),
        id="asi: final points keep decimals and negative scores (27300 -> -2.7, -4300 -> -34.3 before uma)",
    ),
    pytest.param(
        JUKI,
        [ron(w(1, 8), loser=0), ron(w(2, 1, 70), loser=1), draw(tenpai=(0, 1, 2, 3), riichi=(0,)),
         ron(w(3, 6), loser=0)],
        [("E3", 1, 1000, [-4300, 38700, 27300, 38300])],
        # p1 8.7+50=58.7  p3 18.3  p2 -12.7  p0 -34.3-30=-64.3
        ([-4300, 38700, 27300, 38300], [4, 1, 3, 2], [-64.3, 58.7, -12.7, 18.3], "tobi"),
        id="juki: final points keep decimals and negative scores (hakoshita)",
    ),
    pytest.param(
        ASI,
        [
            *TO_WEST,
            draw(tenpai=(2, 3)),  # W1 (p0): p0/p1 -1500, p2/p3 +1500 -> [21500,24500,25500,28500]; passes, h1
            draw(), draw(),  # W2, W3: all noten, h2, h3
            chombo(3),  # W4-3h: the dealer's chombo, 4000 all -> [25500,28500,29500,16500]; the deal passes
        ],
        [("W4", 3, 0, [25500, 28500, 29500, 16500])],
        # nobody at 30000 and West 4 is over: hard end.
        #   p2 -0.5+40=39.5  p1 -1.5+10=8.5  p0 -4.5-10=-14.5  p3 -13.5-20=-33.5
        ([25500, 28500, 29500, 16500], [3, 2, 1, 4], [-14.5, 8.5, 39.5, -33.5], "west_end"),
        id="asi: the West 4 dealer's chombo passes the deal, which ends the game (no North)",
    ),
    # --- abortive draw at all-last (ASI) ----------------------------------------------------
    pytest.param(
        ASI,
        [*TO_S4_P3_TOP, abort("four_riichi", riichi=(0, 1, 2, 3)), ron(w(0, 1, 30), loser=1)],
        # S4: four riichi, 1000 each -> [19000,22000,23000,32000] s4; abortive: no yame, dealer keeps, h1.
        # S4-1h: p0 1000+300+4000 from p1 -> [24300,20700,23000,32000]; non-dealer win, top >= 30000: over
        [("S4", 0, 0, [19000, 22000, 23000, 32000]), ("S4", 1, 4000, [24300, 20700, 23000, 32000])],
        # p3 2+40=42  p0 -5.7+10=4.3  p2 -7-10=-17  p1 -9.3-20=-29.3
        ([24300, 20700, 23000, 32000], [2, 4, 3, 1], [4.3, -29.3, -17.0, 42.0], "all_last"),
        id="asi: abortive draw at all-last keeps the deal (honba +1, sticks stay), no tenpai-yame",
    ),
    # --- chombo in West and at all-last -------------------------------------------------------
    pytest.param(
        ASI,
        [*TO_WEST, chombo(1), chombo(0)],
        # W1: p1 chombo: p1 -8000, p0 (dealer) +4000, p2/p3 +2000 -> [27000,18000,26000,29000]; replayed.
        # W1 again: dealer chombo 4000 all -> [15000,22000,30000,33000]: someone >= 30000 in West -> over
        [("W1", 0, 0, [27000, 18000, 26000, 29000]), ("W1", 0, 0, [15000, 22000, 30000, 33000])],
        # p3 3+40=43  p2 0+10=10  p1 -8-10=-18  p0 -15-20=-35
        ([15000, 22000, 30000, 33000], [4, 3, 2, 1], [-35.0, -18.0, 10.0, 43.0], "sudden_death"),
        id="asi: chombo payments in West that lift someone to 30000 end the game",
    ),
    pytest.param(
        ASI,
        [*TO_S4_TIE, chombo(3)],
        # S4: the dealer p3 chombos: 4000 all -> [24100,35900,22100,17900]; the deal passes, all-last is over
        [("S4", 0, 0, [24100, 35900, 22100, 17900])],
        # p1 5.9+40=45.9  p0 -5.9+10=4.1  p2 -7.9-10=-17.9  p3 -12.1-20=-32.1
        ([24100, 35900, 22100, 17900], [2, 1, 3, 4], [4.1, 45.9, -17.9, -32.1], "all_last"),
        id="asi: the all-last dealer's chombo passes the deal and ends the game",
    ),
    pytest.param(
        ASI,
        [
            penalty(3, "penalty_point"),
            ron(w(1, 3, 30), loser=2),  # E1: p3 -1000 to the table; p1 3900+1000 -> [25000,29900,21100,24000]
            penalty(3, "penalty_point"),
            ron(w(3, 3, 30), loser=0),  # E2: p3 -1000 then 3900+1000 -> [21100,29900,21100,27900]
            ron(w(1, 1, 30), loser=0),  # E3 -> [20100,30900,21100,27900]
            ron(w(0, 1, 30), loser=2),  # E4 -> [21100,30900,20100,27900]
            ron(w(2, 1, 30), loser=3),  # S1 -> [21100,30900,21100,26900]
            ron(w(0, 1, 30), loser=2),  # S2 -> [22100,30900,20100,26900]
            ron(w(3, 1, 30), loser=0),  # S3 -> [21100,30900,20100,27900]
            penalty(1, "penalty_point"),  # S4: p1 1000 to the table
            penalty(3, "penalty_point"),  # p3's 3rd penalty point of the game = chombo by the S4 dealer:
            # 4000 all; p1's deposit of this voided hand goes back -> [25100,34900,24100,15900]; the deal passes: over
        ],
        [("S4", 0, 0, [25100, 34900, 24100, 15900])],
        # p1 4.9+40=44.9  p0 -4.9+10=5.1  p2 -5.9-10=-15.9  p3 -14.1-20=-34.1
        ([25100, 34900, 24100, 15900], [2, 1, 3, 4], [5.1, 44.9, -15.9, -34.1], "all_last"),
        id="asi: third penalty point by the all-last dealer is a dealer chombo; others' deposits go back; game over",
    ),
]


@pytest.mark.parametrize(("ruleset", "hands", "rows", "final"), GAMES)
def test_edge_game(ruleset, hands, rows, final):
    assert_finished_game(replay(record(hands, ruleset)), rows, final)


# =======================================================================================
# Games in progress: (ruleset, hands, rows, (round, honba, sticks in points) of the next hand)
# =======================================================================================
PARTIAL = [
    pytest.param(
        ASI,
        [*TO_S4_P1_28700, tsumo(1, 1, 30)],
        # S4 (p3): p1 tsumo 300/500: p0 -300, p2 -300, p3 -500 -> [22000,29800,24700,23500]: top < 30000 -> West
        [("S4", 0, 0, [22000, 29800, 24700, 23500])],
        ("W1", 0, 0),
        id="asi: South 4 non-dealer win leaving top at 29800 enters West",
    ),
    pytest.param(
        JUKI,
        [*TO_S4_P1_28700, tsumo(1, 1, 30)],
        [("S4", 0, 0, [22000, 29800, 24700, 23500])],
        ("W1", 0, 0),
        id="juki: South 4 non-dealer win leaving top at 29800 enters West",
    ),
    pytest.param(
        JUKI,
        [*TO_S4_TIE, ron(w(3, 1, 40), loser=0)],
        # S4: dealer 2000 -> [18100,31900,18100,31900]: tied with p1 -> not top, no stop offered; renchan
        [("S4", 0, 0, [18100, 31900, 18100, 31900])],
        ("S4", 1, 0),
        id="juki: the all-last dealer tied for top (seat order) is not offered agari-yame",
    ),
    pytest.param(
        ASI,
        [draw(tenpai=(0,), riichi=(0,)), ron(w(0, 2, 30), w(3, 1, 30), loser=2, riichi=(0, 1))],
        # E1: [27000,24000,24000,24000] s1 h1. E1-1h: p0 and p1 riichi (-1000 each, 3 sticks). Double ron on p2:
        # turn order after p2 is p3, p0 -> p3 is the head-bump winner: 1000 + 300 honba + 3000 sticks;
        # the dealer p0 (second) 2900 only. p2 -4200 -> [28900,23000,19800,28300]. The dealer won: keeps, h2
        [("E1", 1, 1000, [28900, 23000, 19800, 28300])],
        ("E1", 2, 0),
        id="asi: double ron, dealer second winner keeps the deal; "
           "honba and all sticks (carried + own) to the head bump",
    ),
    pytest.param(
        JUKI,
        [draw(tenpai=(0,), riichi=(0,)), ron(w(0, 2, 30), w(3, 1, 30), loser=2, riichi=(0, 1))],
        [("E1", 1, 1000, [28900, 23000, 19800, 28300])],
        ("E1", 2, 0),
        id="juki: double ron, dealer second winner keeps the deal; honba and all sticks to the head bump",
    ),
    pytest.param(
        JUKI,
        [draw(tenpai=(0,), riichi=(0,)), ron(w(0, 1, 30), w(2, 1, 30), w(3, 1, 30), loser=1)],
        # E1: [27000,24000,24000,24000] s1 h1. Triple ron on p1: order p2, p3, p0 -> p2 takes 300 + 1000 stick.
        # p2 +2300, p3 +1000, p0 (dealer, third) +1500, p1 -3800 -> [28500,20200,26300,25000]; dealer keeps, h2
        [("E1", 1, 1000, [28500, 20200, 26300, 25000])],
        ("E1", 2, 0),
        id="juki: triple ron with the dealer last in head-bump order keeps the deal",
    ),
    pytest.param(
        ASI,
        [ron(w(1, yakuman=1, pao=2), w(2, 2, 30), loser=0)],
        # E1 double ron on p0: p1 daisangen 32000 with pao p2 (not the discarder): p0 16000, p2 16000;
        # p2 also wins 2000 from p0. -> p0 7000, p1 57000, p2 25000-16000+2000 = 11000, p3 25000
        [("E1", 0, 0, [7000, 57000, 11000, 25000])],
        ("E2", 0, 0),
        id="asi: pao on a double ron where the liable player is the other winner",
    ),
    pytest.param(
        ASI,
        [*TO_S4_EVEN, chombo(3)],
        # S4 dealer p3 chombo: 4000 all -> [28000,29000,28000,15000]; the deal passes; top 29000 < 30000 -> West
        # (honba unchanged, 0)
        [("S4", 0, 0, [28000, 29000, 28000, 15000])],
        ("W1", 0, 0),
        id="asi: the all-last dealer's chombo passes the deal; top below 30000 enters West",
    ),
    pytest.param(
        JUKI,
        [*TO_S4_EVEN, chombo(3)],
        # Juki chombo: 3000 to each, the hand is replayed (also for the dealer) -> [27000,28000,27000,18000]
        [("S4", 0, 0, [27000, 28000, 27000, 18000])],
        ("S4", 0, 0),
        id="juki: the all-last dealer's chombo is replayed (no pass, no end)",
    ),
    pytest.param(
        JUKI,
        [*TO_WEST, draw(tenpai=(0,)), tsumo(2, 2, 30)],
        # W1: p0 tenpai +3000 -> [26000,25000,23000,26000] h1; keeps. W1-1h: p2 2h30 tsumo paid as a dealer
        # tsumo (1000 all) + 100 each honba = 1100 x3 -> [24900,23900,26300,24900]; nobody at 30000; passes
        [("W1", 1, 0, [24900, 23900, 26300, 24900])],
        ("W2", 0, 0),
        id="juki: West non-dealer tsumo paid as a dealer tsumo, with honba",
    ),
    pytest.param(
        JUKI,
        [ron(w(3, 6), loser=0), *TO_S4_P3_TOP[1:], nagashi((0,), tenpai=(3,))],
        # same hands; a Juki nagashi is p0's win (not the dealer's), the dealer is tenpai: renchan, no stop
        [("S4", 0, 0, [24000, 21000, 22000, 33000])],
        ("S4", 1, 0),
        id="juki: another player's nagashi at all-last with the dealer tenpai is a renchan (no yame)",
    ),
    pytest.param(
        JUKI,
        [*[draw(tenpai=(0,))] * 5, tsumo(0, hand=DEALER_2_YAKU_1_DORA)],
        # 5 tenpai renchan -> [40000,20000,20000,20000]. Riichi + menzen tsumo (2 han without dora) + 1 dora:
        # 3h, fu 20+2 tsumo+2 kanchan = 24 -> 30: 2000 all + 5 honba (100 each) = 2500 x3 -> [47500,17500,17500,17500]
        [("E1", 5, 0, [47500, 17500, 17500, 17500])],
        ("E1", 6, 0),
        id="juki: 5th renchan, a HAND with 2 han of yaku plus dora wins",
    ),
    pytest.param(
        JUKI,
        [*[draw(tenpai=(0,))] * 5, tsumo(0, yakuman=1)],
        # 5 tenpai renchan -> [40000,20000,20000,20000]; a yakuman has no han minimum problem: 16000+500 each
        [("E1", 5, 0, [89500, 3500, 3500, 3500])],
        ("E1", 6, 0),
        id="juki: dealer's 5th renchan, a yakuman tsumo is fine",
    ),
    pytest.param(
        JUKI,
        [
            penalty(2, "yellow_card"),
            ron(w(0, 1, 30), loser=1),  # E1: one card, nothing paid; dealer 1500 -> [26500,23500,25000,25000]; keeps
            penalty(2, "yellow_card"),  # E1-1h: one card again (the first was for the previous hand)
            draw(),  # all noten: passes, h2
        ],
        [("E1", 0, 0, [26500, 23500, 25000, 25000]), ("E1", 1, 0, [26500, 23500, 25000, 25000])],
        ("E2", 2, 0),
        id="juki: yellow cards do not carry over a dealer renchan (one per hand is free)",
    ),
]


@pytest.mark.parametrize(("ruleset", "hands", "rows", "next_hand"), PARTIAL)
def test_edge_hands(ruleset, hands, rows, next_hand):
    result = replay(record(hands, ruleset))
    got = rows_of(result)
    for row in rows:
        assert row in got, f"missing row {row}; got {got}"
    assert result.final is None, f"the game should go on; ended by {result.final and result.final.ended_by}"
    st = result.state
    assert (st.round, st.honba, st.sticks * 1000) == next_hand


# =======================================================================================
# Three-player (Juki sanma)
# =======================================================================================
SANMA_GAMES = [
    pytest.param(
        [
            ron(w(2, 1, 30), loser=0),  # E1 (p0) -> [29000,30000,31000]
            ron(w(2, 1, 30), loser=1),  # E2 (p1) -> [29000,29000,32000]
            draw(), draw(), draw(),  # E3, S1, S2: all noten, honba 1..3
            draw(tenpai=(0, 1), riichi=(0, 1)),
            # S3-3h (dealer p2, all-last): p0/p1 riichi -1000, p2 noten pays 3000 (1500 to each tenpai)
            # -> [29500,29500,29000] s2; dealer noten passes; nobody at 30000 (2000 on the table) -> West, h4
            ron(w(1, 1, 30), loser=2),
            # W1-4h (p0 deals): p1's ron paid as a dealer win 1500 + 4x300 + 2000 sticks = 4700
            # -> [29500,34200,26300]: sudden death
        ],
        [("S3", 3, 0, [29500, 29500, 29000]), ("W1", 4, 2000, [29500, 34200, 26300])],
        # no oka; uma +20/0/-20: p1 4.2+20=24.2  p0 -0.5  p2 -3.7-20=-23.7
        ([29500, 34200, 26300], [2, 1, 3], [-0.5, 24.2, -23.7], "sudden_death"),
        id="juki sanma: West entry (sticks on the table keep everyone below 30000), sudden death in West",
    ),
]


SANMA_GAMES.append(
    pytest.param(
        [
            ron(w(2, 1, 30), loser=0), ron(w(2, 1, 30), loser=1), draw(), draw(), draw(),
            draw(tenpai=(0, 1), riichi=(0, 1)),  # -> [29500,29500,29000] s2, West, h4 (as above)
            tsumo(1, 1, 30),
            # W1-4h: p1's tsumo paid as a dealer tsumo, 500 all; no tsumo loss: half of North's 500 (250,
            # rounded up to 300) on each payer; honba 4 x 150 from each: p0 -1400, p2 -1400; p1 +2800 + 2000
            # sticks -> [28100,34300,27600]: sudden death
        ],
        [("W1", 4, 2000, [28100, 34300, 27600])],
        # p1 4.3+20=24.3  p0 -1.9  p2 -2.4-20=-22.4
        ([28100, 34300, 27600], [2, 1, 3], [-1.9, 24.3, -22.4], "sudden_death"),
        id="juki sanma: West tsumo paid as a dealer tsumo without tsumo loss, honba 150 each, sticks",
    )
)


@pytest.mark.parametrize(("hands", "rows", "final"), SANMA_GAMES)
def test_edge_sanma_game(hands, rows, final):
    assert_finished_game(replay(record(hands, SANMA)), rows, final)


def test_edge_sanma_tsumo_honba_and_noten():
    hands = [
        draw(tenpai=(0,)),  # E1: 1 tenpai: p0 +3000, p1/p2 -1500 -> [33000,28500,28500] h1; keeps
        tsumo(1, 5),
        # E1-1h: p1 mangan: dealer p0 4000, p2 2000, North's 2000 split 1000/1000, honba 150 each:
        # p0 -5150, p2 -3150 -> [27850,36800,25350]; passes, h0
        draw(tenpai=(1, 2)),  # E2 (p1): 2 tenpai: p0 -3000, p1/p2 +1500 -> [24850,38300,26850]; keeps, h1
    ]
    result = replay(record(hands, SANMA))
    assert [(r.round, r.honba, list(r.scores)) for r in result.rows] == [
        ("E1", 0, [33000, 28500, 28500]),
        ("E1", 1, [27850, 36800, 25350]),
        ("E2", 0, [24850, 38300, 26850]),
    ]
    assert (result.state.round, result.state.honba) == ("E2", 1)


# =======================================================================================
# Refused records: (ruleset, hands, index of the first bad event)
# =======================================================================================
# A HAND worth 13 han only through dora: open tanyao (1 han) + dora 3+3+3 (2m,3m,4m) + 2 (5s) + red 5s = 12
KAZOE_BY_DORA = {
    "tiles": "234m05s",
    "melds": [{"kind": "chi", "tiles": "234m"}, {"kind": "chi", "tiles": "234m"}, {"kind": "chi", "tiles": "567p"}],
    "win": "5s",
    "dora": ["1m", "2m", "3m", "4s"],
    "ura": [],
}

REFUSED = [
    pytest.param(
        JUKI, [*[draw(tenpai=(0,))] * 5, ron(w(0, hand=DEALER_2_YAKU_1_DORA), loser=1)], 5,
        id="juki: 5th renchan, a HAND ron with riichi + 1 dora has 1 han without dora",
    ),
    pytest.param(
        JUKI, [*[draw(tenpai=(0,))] * 5, ron(w(0, hand=KAZOE_BY_DORA), loser=1)], 5,
        id="juki: 5th renchan, a HAND that is kazoe yakuman only through dora has 1 han without dora",
    ),
    pytest.param(
        JUKI, [*[draw(tenpai=(0,))] * 5, ron(w(0, 13, dora=12), loser=1)], 5,
        id="juki: 5th renchan, 13 han of which 12 dora is not 2 han without dora (kazoe does not bypass it)",
    ),
    pytest.param(
        ASI, [draw(tenpai=(1,), riichi=(0,))], 0,
        id="asi: a riichi player noten at the draw is a chombo, not a draw",
    ),
    pytest.param(
        ASI, [nagashi((1,), tenpai=(), riichi=(0,))], 0,
        id="asi: a riichi player noten at a nagashi draw is a chombo",
    ),
    pytest.param(
        JUKI, [draw(tenpai=(1,), riichi=(0,))], 0,
        id="juki: a riichi player noten at the draw is a chombo, not a draw",
    ),
    pytest.param(
        JUKI, [*TO_S4_TIE, ron(w(3, 1, 40), loser=0), STOP], 8,
        id="juki: no stop for the all-last dealer tied for top",
    ),
]


@pytest.mark.parametrize(("ruleset", "hands", "bad_index"), REFUSED)
def test_edge_refused(ruleset, hands, bad_index):
    with pytest.raises(ScoringError) as exc:
        replay(record(hands, ruleset))
    assert exc.value.hand == bad_index


# =======================================================================================
# ASI all-last: the dealer is top but below 30000 (1-f with 1-g)
# =======================================================================================

ASI_WEST_NOT_RENCHAN = [
    pytest.param(
        [*TO_S4_EVEN, draw(tenpai=(1, 3))],
        # S4: p0/p2 -1500, p1/p3 +1500 -> [22500,26500,22500,28500]: dealer tenpai and top, but 28500 < 30000
        [("S4", 0, 0, [22500, 26500, 22500, 28500])],
        id="asi: tenpai-yame by a top dealer below 30000 ends all-last into West",
    ),
    pytest.param(
        [*TO_S4_EVEN, ron(w(3, 1, 30), loser=0)],
        # S4: dealer 1500 -> [22500,25000,24000,28500]: top, below 30000
        [("S4", 0, 0, [22500, 25000, 24000, 28500])],
        id="asi: agari-yame by a top dealer below 30000 ends all-last into West",
    ),
]


@pytest.mark.parametrize(("hands", "rows"), ASI_WEST_NOT_RENCHAN)
def test_asi_top_dealer_below_30000_goes_west(hands, rows):
    result = replay(record(hands, ASI))
    got = rows_of(result)
    for row in rows:
        assert row in got, f"missing row {row}; got {got}"
    assert result.final is None
    assert (result.state.round, result.state.dealer) == ("W1", 0)
