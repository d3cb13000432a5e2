"""Two online games written by hand from the rules (not copies of public logs), in tenhou.net/6 JSON.

Every number in these logs was worked out on paper from the rules cited in docs/rulesets.md,
not by the engine: the result deltas, the start scores of each round, the final ``sc``. The
tests (test_online_logs.py) convert and replay them and must get the logs' own numbers back.

- :func:`tenhou_sanma_hanchan` — Tenhou three-player hanchan (三鳳南喰赤): South-round dealers
  (South 1 is kyoku 4, seat 0 deals), honba at 200 (100 from each tsumo payer), a mangan tsumo
  at 1 honba (−4,100 / +6,200 / −2,100), a 2-honba tsumo, a kita, two noten-payment draws
  (2,000 in all), a pon in three-player seating, tsumo loss, 35,000 / 40,000 with oka 15 and
  uma 15/0/−15.
- :func:`mahjong_soul_east_game` — a Mahjong Soul Gold Room East game (金の間東喰赤) as tensoul
  writes it: 30 fu 4 han pays 7,700 (no kiriage), a double ron with honba to each winner and
  the riichi stick to the head-bump winner, final points (score − 25,000)/1000 + uma 15/5.

Tiles: 11-19 man, 21-29 pin, 31-39 sou, 41-47 ESWN white green red; 60 = tsumogiri,
"r.." riichi, "f44" kita, "p454545" a pon from the left. Rounds that end in a draw carry only a
few turns (the converter reads their result, not the wall).
"""

from __future__ import annotations

from typing import Any

Seat = tuple[list[int], list[Any], list[Any]]  # start hand, draws, discards
EMPTY: Seat = ([], [], [])


def _round(kyoku: int, honba: int, sticks: int, scores: list[int], dora: list[int], ura: list[int],
           seats: list[Seat], result: list[Any]) -> list[Any]:
    seats = list(seats) + [EMPTY] * (4 - len(seats))
    raw: list[Any] = [[kyoku, honba, sticks], scores + [0] * (4 - len(scores)), dora, ura]
    for hand, draws, discards in seats:
        raw += [list(hand), list(draws), list(discards)]
    raw.append(result)
    return raw


# Junk (noten) hands, each legal in three-player (no 2m-8m).
_J0 = [11, 19, 21, 29, 31, 39, 41, 42, 43, 45, 46, 47, 24]


def tenhou_sanma_hanchan() -> dict[str, Any]:
    rounds = [
        # E1-0, dealer 0. Seat 1 draws 8p, sets a North aside (kita), declares riichi on the
        # replacement tile, then tsumos 8s: riichi, tsumo, pinfu, tanyao, kita = 5 han mangan,
        # 4,000 from the dealer and 2,000 from seat 2 (tsumo loss), plus seat 1's own stick.
        _round(0, 0, 0, [35000, 35000, 35000], [11], [47], [
            (_J0, [26, 27, 28], [60, 60, 60]),
            ([22, 23, 24, 25, 26, 27, 33, 34, 35, 36, 37, 28, 44], [28, 19, 39, 38], ["f44", "r60", 60]),
            ([11, 19, 21, 29, 31, 39, 41, 42, 43, 45, 46, 47, 32], [33, 47], [60, 60]),
        ], ["和了", [-4000, 7000, -2000, 0],
            [1, 1, 1, "満貫2000-4000点", "立直(1飜)", "門前清自摸和(1飜)", "平和(1飜)", "断幺九(1飜)",
             "抜きドラ(1飜)", "裏ドラ(0飜)"]]),
        # E2-0, dealer 1. Exhaustive draw; seat 2 (riichi) alone tenpai: 1,000 from each of the
        # others. The dealer is noten: the deal passes, honba 1, the stick stays.
        _round(1, 0, 0, [31000, 41000, 33000], [41], [], [
            (_J0, [38, 44], [60, 60]),
            ([11, 19, 29, 39, 41, 42, 43, 45, 46, 47, 35, 36, 37], [44, 44], [60, 60]),
            ([21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 31, 32, 33], [38, 44], ["r60", 60]),
        ], ["流局", [-1000, -1000, 2000, 0]]),
        # E3-1, dealer 2, one stick on the table. The dealer rons seat 0's 8s: white dragon +
        # dora (indicator 7s) at 40 fu (closed ron 30 + concealed honour triplet 8) = 3,900, plus
        # 200 for the honba and the 1,000 stick.
        _round(2, 1, 1, [30000, 40000, 34000], [37], [], [
            ([11, 19, 21, 29, 31, 39, 41, 42, 43, 46, 47, 24, 38], [44, 44], [60, 38]),
            ([11, 19, 29, 31, 41, 42, 43, 46, 47, 33, 32, 25, 21], [44], [60]),
            ([45, 45, 45, 22, 23, 24, 26, 27, 28, 39, 39, 36, 37], [11, 19], [60, 60]),
        ], ["和了", [-4100, 0, 5100, 0], [2, 0, 2, "40符2飜3900点", "役牌 白(1飜)", "ドラ(1飜)"]]),
        # E3-2, dealer 2. Seat 0 riichi (second discard), tsumos 7s into 68s: riichi, tsumo, dora (3p) at 30 fu
        # (tsumo 2 + kanchan 2): 1,000 / 2,000, each payer 200 more for two honba.
        _round(2, 2, 0, [25900, 40000, 39100], [22], [45], [
            ([23, 24, 25, 26, 27, 28, 32, 33, 34, 29, 29, 36, 38], [41, 42, 47, 37], [60, "r60", 60]),
            ([11, 19, 21, 31, 39, 41, 42, 43, 46, 47, 44, 35, 31], [43, 46, 47], [60, 60, 60]),
            ([11, 19, 21, 29, 31, 39, 41, 42, 43, 46, 47, 44, 35], [45, 45, 45, 44], [60, 60, 60, 60]),
        ], ["和了", [4400, -1200, -2200, 0],
            [0, 0, 0, "30符3飜1000-2000点", "立直(1飜)", "門前清自摸和(1飜)", "ドラ(1飜)", "裏ドラ(0飜)"]]),
        # S1-0: kyoku 4, and seat 0 deals again (4 x wind + dealer). The dealer riichi-tsumos 4p
        # (riichi on the second discard, no ippatsu)
        # into 35p: riichi + tsumo, 30 fu: 1,000 all (two payers).
        _round(4, 0, 0, [29300, 38800, 36900], [41], [45], [
            ([31, 32, 33, 34, 35, 36, 27, 28, 29, 21, 21, 23, 25], [45, 45, 45, 24], [60, "r60", 60]),
            ([11, 19, 29, 39, 41, 42, 43, 46, 47, 44, 37, 38, 26], [47, 11, 42], [60, 60, 60]),
            ([11, 19, 22, 39, 41, 42, 43, 46, 47, 44, 37, 38, 26], [19, 44, 43], [60, 60, 60]),
        ], ["和了", [3000, -1000, -1000, 0],
            [0, 0, 0, "30符2飜1000点∀", "立直(1飜)", "門前清自摸和(1飜)", "裏ドラ(0飜)"]]),
        # S1-1, dealer 0. Seat 1 rons the dealer's 5p: pinfu, tanyao, iipeikou, two dora (8s)
        # = mangan 8,000 as a non-dealer, 200 for the honba.
        _round(4, 1, 0, [31300, 37800, 35900], [37], [], [
            ([11, 19, 21, 29, 31, 39, 41, 42, 43, 46, 47, 44, 25], [45, 45], [60, 25]),
            ([22, 22, 23, 23, 24, 24, 35, 36, 37, 38, 38, 26, 27], [45], [60]),
            ([11, 19, 21, 29, 31, 39, 41, 42, 43, 46, 47, 44, 32], [33], [60]),
        ], ["和了", [-8200, 8200, 0, 0],
            [1, 0, 1, "満貫8000点", "平和(1飜)", "断幺九(1飜)", "一盃口(1飜)", "ドラ(2飜)"]]),
        # S2-0, dealer 1. Exhaustive draw, seats 0 and 1 tenpai: seat 2 pays 2,000, 1,000 to
        # each. The dealer is tenpai: renchan, honba 1.
        _round(5, 0, 0, [23100, 46000, 35900], [47], [], [
            ([21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 31, 32, 33], [42, 43], [60, 60]),
            ([21, 22, 23, 34, 35, 36, 37, 38, 39, 41, 41, 45, 45], [26, 27], [60, 60]),
            ([11, 19, 29, 31, 39, 42, 43, 46, 47, 44, 11, 19, 24], [28, 26], [60, 60]),
        ], ["流局", [1000, 1000, -2000, 0]]),
        # S2-1, dealer 1. Seat 2 pons the dealer's white dragon (from its left: seat 1), then
        # tsumos 9p: white, ittsu, honitsu (open), dora 9p = 5 han mangan at 1 honba:
        # dealer −4,100, seat 0 −2,100, seat 2 +6,200.
        _round(5, 1, 0, [24100, 47000, 33900], [28], [], [
            ([11, 19, 31, 39, 42, 43, 46, 47, 44, 32, 33, 34, 35], [38], [60]),
            ([45, 11, 19, 29, 31, 39, 41, 42, 43, 46, 47, 44, 33], [36, 37], [45, 60]),
            ([45, 45, 21, 22, 23, 24, 25, 26, 27, 28, 41, 41, 39], ["p454545", 29], [39]),
        ], ["和了", [-2100, -4100, 6200, 0],
            [2, 2, 2, "満貫2000-4000点", "役牌 白(1飜)", "一気通貫(1飜)", "混一色(2飜)", "ドラ(1飜)"]]),
        # S3-0 (all last), dealer 2. Seat 0 rons the dealer's 2s: pinfu + tanyao, 30 fu = 2,000.
        # The dealer loses the deal and seat 1 holds 42,900 >= 40,000: the game ends.
        _round(6, 0, 0, [22000, 42900, 40100], [41], [], [
            ([22, 23, 24, 25, 26, 27, 36, 37, 38, 35, 35, 33, 34], [47], [60]),
            ([11, 19, 21, 29, 31, 39, 41, 42, 43, 46, 47, 44, 45], [44], [60]),
            ([11, 19, 21, 29, 31, 39, 42, 43, 46, 47, 44, 45, 32], [45, 45], [60, 32]),
        ], ["和了", [2000, 0, -2000, 0], [0, 2, 0, "30符2飜2000点", "平和(1飜)", "断幺九(1飜)"]]),
    ]
    return {
        "title": ["club test: Tenhou sanma hanchan", ""],
        "name": ["Kim", "Lee", "Park", ""],
        "rule": {"disp": "三鳳南喰赤", "aka51": 0, "aka52": 1, "aka53": 1},
        "log": rounds,
        # Final: 42,900 (1st) +2.9 + oka 15 + uma 15 = 32.9; 38,100 (2nd) −1.9; 24,000 (3rd) −16 − 15.
        "sc": [24000, -31.0, 42900, 32.9, 38100, -1.9, 0, 0],
    }


# The deltas and scores each round must give (the contract's: riichi sticks placed included).
TENHOU_SANMA_ROWS = [
    ("E1", 0, 0, [-4000, 6000, -2000], [31000, 41000, 33000]),
    ("E2", 0, 0, [-1000, -1000, 1000], [30000, 40000, 34000]),
    ("E3", 1, 1, [-4100, 0, 5100], [25900, 40000, 39100]),
    ("E3", 2, 0, [3400, -1200, -2200], [29300, 38800, 36900]),
    ("S1", 0, 0, [2000, -1000, -1000], [31300, 37800, 35900]),
    ("S1", 1, 0, [-8200, 8200, 0], [23100, 46000, 35900]),
    ("S2", 0, 0, [1000, 1000, -2000], [24100, 47000, 33900]),
    ("S2", 1, 0, [-2100, -4100, 6200], [22000, 42900, 40100]),
    ("S3", 0, 0, [2000, 0, -2000], [24000, 42900, 38100]),
]


def _junk(last: int) -> list[int]:
    """A noten 4-player hand: twelve terminals and honours plus ``last``."""
    return [11, 19, 21, 29, 31, 39, 41, 42, 43, 45, 46, 47, last]


def mahjong_soul_east_game() -> dict[str, Any]:
    rounds = [
        # E1-0, dealer 0. Seat 1 riichi (second discard), no ippatsu, rons seat 2's 8s:
        # riichi, pinfu, tanyao, dora (2m) = 30 fu 4 han = 7,700 (Mahjong Soul has no kiriage).
        _round(0, 0, 0, [25000, 25000, 25000, 25000], [11], [41], [
            (_junk(15), [17, 18, 44], [60, 60, 60]),
            ([12, 13, 14, 25, 26, 27, 33, 34, 35, 28, 28, 36, 37], [44, 44, 17], [60, "r60", 60]),
            (_junk(38), [18, 44, 32], [60, 60, 38]),
            (_junk(16), [32, 22], [60, 60]),
        ], ["和了", [0, 8700, -7700, 0],
            [1, 2, 1, "30符4飜7700点", "立直(1飜)", "平和(1飜)", "断幺九(1飜)", "ドラ(1飜)", "裏ドラ(0飜)"]]),
        # E2-0, dealer 1. Exhaustive draw, seats 1 and 3 tenpai: 1,500 from each noten seat to each
        # tenpai seat (3,000 in all). Dealer tenpai: renchan, honba 1.
        _round(1, 0, 0, [25000, 32700, 17300, 25000], [44], [], [
            ([11, 19, 21, 29, 31, 39, 42, 43, 46, 47, 44, 34, 35], [47], [60]),
            ([21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 31, 32, 33], [42], [60]),
            ([11, 19, 21, 29, 39, 42, 43, 46, 47, 44, 36, 37, 38], [43], [60]),
            ([11, 12, 13, 14, 15, 16, 17, 18, 19, 41, 41, 45, 45], [46], [60]),
        ], ["流局", [-1500, 1500, -1500, 1500]]),
        # E2-1, dealer 1. Seat 0's 3p is ronned twice: seat 2 (tanyao, kanchan: 40 fu 1 han
        # 1,300) and seat 3 (riichi + pinfu, 30 fu 2 han 2,000). Each winner gets the 300 of the
        # honba; seat 3's riichi stick goes to seat 2, the winner nearest the discarder.
        _round(1, 1, 0, [23500, 34200, 15800, 26500], [41], [45], [
            ([11, 19, 21, 29, 31, 39, 42, 43, 46, 47, 44, 23, 15], [28, 27, 27], [60, 60, 23]),
            ([11, 19, 21, 29, 31, 39, 42, 43, 46, 47, 44, 16, 14], [41, 41, 45], [60, 60, 60]),
            ([12, 13, 14, 33, 34, 35, 36, 37, 38, 26, 26, 22, 24], [45, 45, 32], [60, 60, 60]),
            ([11, 12, 13, 17, 18, 19, 34, 35, 36, 39, 39, 24, 25], [32, 22, 28], [60, "r60", 60]),
        ], ["和了", [-1600, 0, 2600, 0], [2, 0, 2, "40符1飜1300点", "断幺九(1飜)"],
            [-2300, 0, 0, 2300], [3, 0, 3, "30符2飜2000点", "立直(1飜)", "平和(1飜)", "裏ドラ(0飜)"]]),
        # E3-0, dealer 2. The dealer tsumos 4s into 35s: tsumo, tanyao, dora (2m), 30 fu:
        # 2,000 all.
        _round(2, 0, 0, [19600, 34200, 18400, 27800], [11], [], [
            (_junk(28), [44], [60]),
            ([19, 21, 29, 31, 39, 41, 42, 43, 45, 46, 47, 44, 22], [32], [60]),
            ([12, 13, 14, 16, 17, 18, 24, 25, 26, 35, 35, 33, 35], [44, 34], [60]),
            (_junk(27), [44], [60]),
        ], ["和了", [-2000, -2000, 6000, -2000],
            [2, 2, 2, "30符3飜2000点∀", "門前清自摸和(1飜)", "断幺九(1飜)", "ドラ(1飜)"]]),
        # E3-1, dealer 2. Seat 1 riichi (second discard), tsumos 8s on its fourth draw: riichi,
        # tsumo, pinfu, tanyao, iipeikou, dora (5p) = haneman 3,000 / 6,000, 100 more from each
        # payer for the honba, and seat 1's own stick.
        _round(2, 1, 0, [17600, 32200, 24400, 25800], [24], [44], [
            (_junk(16), [28, 28, 22, 27], [60, 60, 60, 60]),
            ([12, 12, 13, 13, 14, 14, 25, 26, 27, 35, 35, 36, 37], [22, 32, 32, 38], [60, "r60", 60]),
            (_junk(17), [44, 44, 44, 15], [60, 60, 60, 60]),
            (_junk(18), [17, 18, 16, 15], [60, 60, 60, 60]),
        ], ["和了", [-3100, 13300, -6100, -3100],
            [1, 1, 1, "跳満3000-6000点", "立直(1飜)", "門前清自摸和(1飜)", "平和(1飜)", "断幺九(1飜)",
             "一盃口(1飜)", "ドラ(1飜)", "裏ドラ(0飜)"]]),
        # E4-0 (all last), dealer 3. Seat 0 rons the dealer's 8m: pinfu, tanyao, dora (4s),
        # 30 fu 3 han = 3,900. The dealer loses the deal and seat 1 is past 30,000: the game ends.
        _round(3, 0, 0, [14500, 44500, 18300, 22700], [33], [], [
            ([13, 14, 15, 24, 25, 26, 32, 33, 34, 28, 28, 16, 17], [36], [60]),
            (_junk(44), [36], [60]),
            (_junk(44), [37], [60]),
            (_junk(18), [44, 44], [60, 18]),
        ], ["和了", [3900, 0, 0, -3900], [0, 3, 0, "30符3飜3900点", "平和(1飜)", "断幺九(1飜)", "ドラ(1飜)"]]),
    ]
    return {
        "title": ["club test: Mahjong Soul Gold Room East", ""],
        "name": ["Choi", "Jung", "Kang", "Yoon"],
        "rule": {"disp": "金の間東喰赤", "aka51": 1, "aka52": 1, "aka53": 1},
        "log": rounds,
        # (score - 25,000)/1000 + uma 15/5/-5/-15: 44,500 +34.5, 18,800 -1.2, 18,400 -11.6, 18,300 -21.7.
        "sc": [18400, -11.6, 44500, 34.5, 18300, -21.7, 18800, -1.2],
    }


MAHJONG_SOUL_ROWS = [
    ("E1", 0, 0, [0, 7700, -7700, 0], [25000, 32700, 17300, 25000]),
    ("E2", 0, 0, [-1500, 1500, -1500, 1500], [23500, 34200, 15800, 26500]),
    ("E2", 1, 0, [-3900, 0, 2600, 1300], [19600, 34200, 18400, 27800]),
    ("E3", 0, 0, [-2000, -2000, 6000, -2000], [17600, 32200, 24400, 25800]),
    ("E3", 1, 0, [-3100, 12300, -6100, -3100], [14500, 44500, 18300, 22700]),
    ("E4", 0, 0, [3900, 0, 0, -3900], [18400, 44500, 18300, 18800]),
]


def mahjong_soul_sanma_silver_room() -> dict[str, Any]:
    """A Mahjong Soul three-player game whose room name, 三銀の間 (Silver Room), says neither
    East-only nor hanchan, nor 喰 or 赤 (issue 23.5). It ends after East 3 with nobody below
    zero, which a hanchan cannot: the game is East-only. Draw rounds carry one turn.
    """
    rounds = [
        # E1-0, dealer 0. Seat 1 rons seat 2: open tanyao + 3 dora = 4 han mangan, 8,000.
        _round(0, 0, 0, [35000, 35000, 35000], [11], [], [
            (_J0, [44], [60]),
            (_J0, [44], [60]),
            (_J0, [44], [60]),
        ], ["和了", [0, 8000, -8000, 0], [1, 2, 1, "満貫8000点", "断幺九(1飜)", "ドラ(3飜)"]]),
        # E2-0, dealer 1: nobody tenpai, no payments; the dealer is noten, the deal passes, honba 1.
        _round(1, 0, 0, [35000, 43000, 27000], [41], [], [
            (_J0, [44], [60]),
            (_J0, [44], [60]),
            (_J0, [44], [60]),
        ], ["全員不聴", [0, 0, 0, 0]]),
        # E3-1 (East-only all last), dealer 2: nobody tenpai; the dealer is noten and seat 1 is past
        # 40,000 (Mahjong Soul three-player's target): the game ends.
        _round(2, 1, 0, [35000, 43000, 27000], [41], [], [
            (_J0, [44], [60]),
            (_J0, [44], [60]),
            (_J0, [44], [60]),
        ], ["全員不聴", [0, 0, 0, 0]]),
    ]
    return {
        "title": ["club test: Mahjong Soul three-player Silver Room", ""],
        "name": ["Han", "Seo", "Oh", ""],
        "rule": {"disp": "三銀の間"},
        "log": rounds,
        # (score - 35,000)/1000 + uma 15/0/-15, no oka: 43,000 +23.0, 35,000 0.0, 27,000 -23.0.
        "sc": [35000, 0.0, 43000, 23.0, 27000, -23.0],
    }
