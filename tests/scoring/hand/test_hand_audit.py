"""Independent audit of full-hand auto-scoring (``scoring.hand``) against the club rulebooks.

Every expected value below was worked out by hand from the sources (shared/rules/asi-shirai.md,
shared/rules/juki-agit.md, seeds 002/003/004) and standard riichi scoring, not read off the engine.

Payment table: base = fu x 2^(han+2); non-dealer ron 4 x base, dealer ron 6 x base;
non-dealer tsumo: base from each non-dealer, 2 x base from the dealer; dealer tsumo 2 x base all;
each rounded up to 100. Limits: mangan base 2000 (5 han, or base >= 2000), haneman 3000 (6-7),
baiman 4000 (8-10), sanbaiman 6000 (11-12), yakuman 8000 per multiple (kazoe at 13+ in both clubs).
Neither club has kiriage. Hands are non-dealer (seat S, round E) unless said otherwise.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.errors import HandError
from scoring.hand import cli_result
from scoring.rules import preset

ASI = "asi-shirai"
JUKI = "juki-agit-2026"
SANMA = "juki-agit-sanma-2026"
ROOT = Path(__file__).resolve().parents[3]


def hand(tiles: str, win: str, *, seat: str = "S", rnd: str = "E", melds=(), **flags) -> dict:
    h = {"tiles": tiles, "win": win, "seat_wind": seat, "round_wind": rnd, **flags}
    if melds:
        h["melds"] = [{"kind": k, "tiles": t} for k, t in melds]
    return h


def ron(n: int) -> dict:
    return {"ron": n}


def tsumo(dealer: int, non_dealer: int) -> dict:
    return {"dealer": dealer, "non_dealer": non_dealer}


def all_(n: int) -> dict:
    return {"all": n}


# --- reusable hands ------------------------------------------------------------------------
# 234m 678p 345s 777p(closed) 99s, won on 2m (34m ryanmen).
CLOSED_TRIPLET = "234m678p777p345s99s"
# riichi-pinfu-tanyao shape: 234m 567p 678s 345s 88p.
PINFU = "234m567p88p345s678s"
# 123m 345m 567m 789m 99m: chinitsu, pinfu on 1m (23m ryanmen); three 9m for dora 8m.
CHIN = "12334556778999m"
# 222m 345m 444p 666s 88s: three concealed triplets; 5m is ryanmen, 6s / 8s shanpon.
SAN = "222345m444p666s88s"
# 234m 555m 678p 88p 999s: shanpon 5m / 8p, 999s closed.
SHANPON = "234555m678p88p999s"
# Open hand: chi 234m + 567p 88p 345s 678s, won on 3s (45s ryanmen): open pinfu shape.
OPEN = dict(tiles="567p88p345s678s", melds=[("chi", "234m")])

# id, ruleset, hand, yaku {id: han}, han, fu (None: not checked), limit, points
SCORED = [
    # ---- fu: base, closed ron, tsumo -----------------------------------------------------
    pytest.param(ASI, hand(CLOSED_TRIPLET, "2m", riichi=True), {"riichi": 1}, 1, 40, None, ron(1300),
                 # 20 + closed ron 10 + closed simple triplet 4 = 34 -> 40; 40x8x4 = 1280 -> 1300
                 id="asi: closed ron +10 with a closed simple triplet: 34 -> 40 fu"),
    pytest.param(ASI, hand(CLOSED_TRIPLET, "2m", riichi=True, tsumo=True), {"riichi": 1, "menzen_tsumo": 1}, 2, 30,
                 None, tsumo(1000, 500),
                 # 20 + tsumo 2 + 4 = 26 -> 30; base 30x16 = 480 -> 500 / 960 -> 1000
                 id="asi: tsumo +2 on a closed hand that is not pinfu: 26 -> 30 fu"),
    pytest.param(JUKI, hand(PINFU, "2m", seat="E", riichi=True, tsumo=True),
                 {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1}, 4, 20, None, all_(2600),
                 # pinfu tsumo: no tsumo fu, 20 fu; base 20x64 = 1280; dealer 2x1280 = 2560 -> 2600 all
                 id="juki: dealer pinfu tsumo is 20 fu (no tsumo fu): 4 han 20 fu = 2600 all"),
    pytest.param(ASI, hand(win="3s", tsumo=True, **OPEN), {"tanyao": 1}, 1, 30, None, tsumo(500, 300),
                 # open, no fu: 20 + tsumo 2 = 22 -> 30; base 240 -> 300 / 500
                 id="asi: open tsumo with no fu is 30 fu (22 rounded up)"),
    pytest.param(JUKI, hand(win="3s", tsumo=True, **OPEN), {"tanyao": 1}, 1, 30, None, tsumo(500, 300),
                 id="juki: open tsumo with no fu is 30 fu (22 rounded up)"),
    pytest.param(JUKI, hand(win="3s", seat="E", **OPEN), {"tanyao": 1}, 1, 30, None, ron(1500),
                 # open pinfu-shape ron: 20 -> 30 (no 20-fu ron); dealer 30x8x6 = 1440 -> 1500
                 id="juki: dealer open pinfu-shape ron is 30 fu: 1500"),
    # ---- fu: waits, and the reading that gives the most fu ------------------------------
    pytest.param(ASI, hand("23444m999p567s123s", "4m", tsumo=True), {"menzen_tsumo": 1}, 1, 40, None,
                 tsumo(700, 400),
                 # 234m+44m won on 4m: ryanmen (23m) or tanki (234m + 4m); tanki gives more:
                 # 20 + tsumo 2 + closed 999p 8 + tanki 2 = 32 -> 40 (ryanmen: 30); base 320 -> 400 / 700
                 id="asi: 23444m won on 4m is read as tanki (+2) over ryanmen: 40 fu"),
    pytest.param(JUKI, hand("566778m999p123s55s", "6m", tsumo=True), {"menzen_tsumo": 1}, 1, 40, None,
                 tsumo(700, 400),
                 # 567m+678m won on 6m: kanchan (5_7) or ryanmen (78m); kanchan: 20+2+8+2 = 32 -> 40
                 id="juki: 566778m won on 6m is read as kanchan (+2) over ryanmen: 40 fu"),
    pytest.param(ASI, hand("123m456p789p234s66s", "3m", riichi=True), {"riichi": 1}, 1, 40, None, ron(1300),
                 # penchan 12m on 3m: 30 + 2 = 32 -> 40; not pinfu
                 id="asi: penchan +2 (12m on 3m): 32 -> 40 fu"),
    pytest.param(JUKI, hand("123m456p789p234s66s", "2m", riichi=True), {"riichi": 1}, 1, 40, None, ron(1300),
                 # kanchan 13m on 2m: 30 + 2 = 32 -> 40
                 id="juki: kanchan +2 (13m on 2m): 32 -> 40 fu"),
    pytest.param(ASI, hand(SHANPON, "5m", riichi=True), {"riichi": 1}, 1, 40, None, ron(1300),
                 # ron on the 5m/8p shanpon: 555m counts open 2 (not 4); 30 + 2 + closed 999s 8 = 40
                 id="asi: shanpon ron makes the triplet open (2 fu, not 4): 40 fu"),
    pytest.param(JUKI, hand(SHANPON, "9s", riichi=True), {"riichi": 1}, 1, 40, None, ron(1300),
                 # ron on the 9s/5m shanpon: 999s open 4 (not 8) + 555m closed 4: 30 + 4 + 4 = 38 -> 40
                 id="juki: shanpon ron on a terminal makes it an open terminal triplet (4 fu, not 8)"),
    # ---- fu: sanankou on ron / tsumo of the third triplet -------------------------------
    pytest.param(ASI, hand(SAN, "6s"), {"tanyao": 1}, 1, 40, None, ron(1300),
                 # ron on the 6s/8s shanpon: 666s is open, only two concealed triplets: no sanankou;
                 # 30 + 4 + 4 + 2 = 40
                 id="asi: ron of the third triplet on a shanpon: no sanankou, 40 fu"),
    pytest.param(ASI, hand(SAN, "6s", tsumo=True), {"menzen_tsumo": 1, "tanyao": 1, "sanankou": 2}, 4, 40,
                 "mangan", tsumo(4000, 2000),
                 # tsumo: three concealed triplets; 20 + 2 + 4+4+4 = 34 -> 40; 4 han 40 fu: 2560 -> mangan
                 id="asi: tsumo of the third triplet: sanankou; 4 han 40 fu is mangan"),
    pytest.param(JUKI, hand(SAN, "5m"), {"tanyao": 1, "sanankou": 2}, 3, 50, None, ron(6400),
                 # ron on 5m completes 345m (ryanmen), the triplets stay concealed: 30 + 12 = 42 -> 50
                 # 3 han 50 fu: 50x32x4 = 6400
                 id="juki: ron on a sequence with three concealed triplets: sanankou, 50 fu"),
    # ---- fu: yakuhai pairs -------------------------------------------------------------
    pytest.param(ASI, hand("234m567p345s678s55z", "2m", riichi=True), {"riichi": 1}, 1, 40, None, ron(1300),
                 # haku pair +2: 32 -> 40, not pinfu
                 id="asi: dragon pair +2 (no pinfu): 40 fu"),
    pytest.param(JUKI, hand("234m567p345s678s22z", "2m", riichi=True), {"riichi": 1}, 1, 40, None, ron(1300),
                 id="juki: seat-wind pair (South, seat S) +2: 40 fu"),
    pytest.param(ASI, hand("234m567p345s678s11z", "2m", riichi=True), {"riichi": 1}, 1, 40, None, ron(1300),
                 id="asi: round-wind pair (East, round E) +2: 40 fu"),
    pytest.param(JUKI, hand("234m567p345s678s44z", "2m", riichi=True), {"riichi": 1, "pinfu": 1}, 2, 30, None,
                 ron(2000),
                 # a North pair for seat S in East round is no yakuhai: pinfu; 30x16x4 = 1920 -> 2000
                 id="juki: guest-wind pair has no fu: pinfu"),
    pytest.param(ASI, hand("999m234p678p345s33z", "3s", seat="W", rnd="W", riichi=True), {"riichi": 1}, 1, 50,
                 None, ron(1600),
                 # West round (after West entry), seat West: 30 + closed 999m 8 + double wind 4 = 42 -> 50
                 # (at 2 fu it would be 40); 50x8x4 = 1600
                 id="asi: West round, seat West: the West pair is a double wind (4 fu)"),
    pytest.param(JUKI, hand("999m234p678p345s33z", "3s", seat="W", rnd="W", riichi=True), {"riichi": 1}, 1, 50,
                 # Juki 004 §2: in West every win is paid as the dealer's: 400 x 6 = 2,400 (issue 23.2)
                 None, ron(2400), id="juki: West round, seat West: the West pair is a double wind (4 fu)"),
    # ---- fu: kans ---------------------------------------------------------------------
    pytest.param(ASI, hand("234m88p345s567s", "2m", melds=[("daiminkan", "6666p")]), {"tanyao": 1}, 1, 30, None,
                 ron(1000),
                 # open simple kan 8: 20 + 8 = 28 -> 30; 30x8x4 = 960 -> 1000
                 id="asi: daiminkan of simples is 8 fu"),
    pytest.param(JUKI, hand("234m88p345s567s", "2m", melds=[("shouminkan", "6666p")]), {"tanyao": 1}, 1, 30,
                 None, ron(1000), id="juki: shouminkan of simples is an open kan, 8 fu"),
    pytest.param(ASI, hand("234m88p345s567s", "2m", melds=[("ankan", "6666p")]), {"tanyao": 1}, 1, 50, None,
                 ron(1600),
                 # closed simple kan 16, the hand stays closed: 30 + 16 = 46 -> 50; 50x8x4 = 1600
                 id="asi: ankan of simples is 16 fu and keeps the hand closed (ron +10)"),
    pytest.param(ASI, hand("234m567s88s", "3m", melds=[("daiminkan", "9999p"), ("pon", "555z")]), {"haku": 1}, 1,
                 50, None, ron(1600),
                 # open terminal kan 16 + open honor pon 4 + kanchan 2: 20 + 22 = 42 -> 50
                 id="asi: daiminkan of terminals is 16 fu"),
    pytest.param(JUKI, hand("234m345s567s88s", "2m", melds=[("ankan", "9999p")], riichi=True), {"riichi": 1}, 1,
                 70, None, ron(2300),
                 # closed terminal kan 32: 30 + 32 = 62 -> 70; 70x8x4 = 2240 -> 2300
                 id="juki: ankan of terminals is 32 fu: 70 fu"),
    pytest.param(ASI, hand("234m567p345s88s", "2m", melds=[("ankan", "7777z")], riichi=True),
                 {"riichi": 1, "chun": 1}, 2, 70, None, ron(4500),
                 # closed honor kan 32: 62 -> 70; 70x16x4 = 4480 -> 4500
                 id="asi: ankan of an honor is 32 fu"),
    pytest.param(JUKI, hand("234m567p345s88s", "2m", melds=[("daiminkan", "7777z")]), {"chun": 1}, 1, 40, None,
                 ron(1300),
                 # open honor kan 16: 20 + 16 = 36 -> 40
                 id="juki: daiminkan of an honor is 16 fu"),
    # ---- fu: chiitoitsu -----------------------------------------------------------------
    pytest.param(ASI, hand("1199m2255p3388s66z", "1m"), {"chiitoitsu": 2}, 2, 25, None, ron(1600),
                 # 25 fixed: 25x16x4 = 1600
                 id="asi: chiitoitsu ron is 25 fu"),
    pytest.param(JUKI, hand("1199m2255p3388s66z", "1m", tsumo=True), {"chiitoitsu": 2, "menzen_tsumo": 1}, 3, 25,
                 None, tsumo(1600, 800),
                 # 25 fu, no tsumo fu: base 25x32 = 800 -> 800 / 1600
                 id="juki: chiitoitsu tsumo is 25 fu (no tsumo fu)"),
    pytest.param(ASI, hand("1199m2255p3388s66z", "1m", seat="E", tsumo=True), {"chiitoitsu": 2, "menzen_tsumo": 1},
                 3, 25, None, all_(1600), id="asi: dealer chiitoitsu tsumo is 1600 all"),
    # ---- yaku: open (-1 han) and closed -------------------------------------------------
    pytest.param(ASI, hand("123456789m234p55s", "1m"), {"ittsu": 2, "pinfu": 1}, 3, 30, None, ron(3900),
                 # 30x32x4 = 3840 -> 3900
                 id="asi: ittsu closed is 2 han"),
    pytest.param(JUKI, hand("123456m234p55s", "1m", melds=[("chi", "789m")]), {"ittsu": 1}, 1, 30, None, ron(1000),
                 id="juki: ittsu open is 1 han"),
    pytest.param(JUKI, hand("234678m23455p234s", "2m", seat="E"), {"sanshoku": 2, "pinfu": 1, "tanyao": 1}, 4, 30,
                 None, ron(11600),
                 # dealer 4 han 30 fu, no kiriage: 30x64x6 = 11520 -> 11600
                 id="juki: sanshoku closed is 2 han; dealer 4 han 30 fu = 11600"),
    pytest.param(ASI, hand("234678m23455p", "2m", melds=[("chi", "234s")]), {"sanshoku": 1, "tanyao": 1}, 2, 30,
                 None, ron(2000), id="asi: sanshoku open is 1 han"),
    pytest.param(ASI, hand("123789m123p789s77z", "1m"), {"chanta": 2}, 2, 40, None, ron(2600),
                 # chun pair 2: 32 -> 40; 40x16x4 = 2560 -> 2600
                 id="asi: chanta closed is 2 han"),
    pytest.param(JUKI, hand("123m123p789s77z", "1m", melds=[("chi", "789m")]), {"chanta": 1}, 1, 30, None,
                 ron(1000),
                 # open: 20 + chun pair 2 = 22 -> 30
                 id="juki: chanta open is 1 han"),
    pytest.param(ASI, hand("123789m123p789s99s", "1m"), {"junchan": 3, "pinfu": 1}, 4, 30, None, ron(7700),
                 id="asi: junchan closed is 3 han (with pinfu: 4 han 30 fu = 7700)"),
    pytest.param(JUKI, hand("123m123p789s99s", "1m", melds=[("chi", "789m")]), {"junchan": 2}, 2, 30, None,
                 ron(2000), id="juki: junchan open is 2 han"),
    pytest.param(ASI, hand("234567678999m55z", "2m"), {"honitsu": 3}, 3, 40, None, ron(5200),
                 # 30 + closed 999m 8 + haku pair 2 = 40; 40x32x4 = 5120 -> 5200
                 id="asi: honitsu closed is 3 han"),
    pytest.param(JUKI, hand("23456677899m", "2m", melds=[("pon", "555z")]), {"honitsu": 2, "haku": 1}, 3, 30, None,
                 ron(3900),
                 # 20 + open honor pon 4 = 24 -> 30; 30x32x4 = 3840 -> 3900
                 id="juki: honitsu open is 2 han"),
    pytest.param(JUKI, hand(CHIN, "1m"), {"chinitsu": 6, "pinfu": 1}, 7, 30, "haneman", ron(12000),
                 id="juki: chinitsu closed is 6 han (+ pinfu: haneman)"),
    pytest.param(ASI, hand("12334556799m", "1m", melds=[("chi", "789m")]), {"chinitsu": 5}, 5, 30, "mangan",
                 ron(8000), id="asi: chinitsu open is 5 han (mangan)"),
    # ---- yaku: peikou -------------------------------------------------------------------
    pytest.param(ASI, hand("112233m778899p55s", "1m"), {"ryanpeikou": 3, "pinfu": 1}, 4, 30, None, ron(7700),
                 # ryanpeikou reading 4 han 30 fu = 7700 beats the chiitoitsu reading (2 han 25 fu = 1600)
                 id="asi: ryanpeikou beats the chiitoitsu reading"),
    pytest.param(JUKI, hand("223344m667788p55s", "2m", riichi=True, tsumo=True),
                 {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3}, 7, 20, "haneman",
                 tsumo(6000, 3000),
                 # 7 han haneman; the chiitoitsu reading would be 5 han (mangan)
                 id="juki: ryanpeikou tsumo beats chiitoitsu: haneman"),
    pytest.param(JUKI, hand("223344m567p789s55s", "2m"), {"iipeikou": 1, "pinfu": 1}, 2, 30, None, ron(2000),
                 id="juki: iipeikou closed is 1 han"),
    pytest.param(ASI, hand("223344m678s55s", "2m", melds=[("chi", "567p")]), {"tanyao": 1}, 1, 30, None, ron(1000),
                 id="asi: no iipeikou in an open hand"),
    # ---- yaku: triplets and kans --------------------------------------------------------
    pytest.param(ASI, hand("222345m222p88s", "5m", melds=[("pon", "222s")]), {"sanshoku_doukou": 2, "tanyao": 1}, 3,
                 30, None, ron(3900),
                 # 20 + closed 222m 4 + closed 222p 4 + open 222s 2 = 30; 30x32x4 = 3840 -> 3900
                 id="asi: sanshoku doukou is 2 han, open too"),
    pytest.param(JUKI, hand("678m55p", "6m", melds=[("ankan", "2222m"), ("daiminkan", "3333p"),
                                                     ("shouminkan", "4444s")]),
                 {"sankantsu": 2, "tanyao": 1}, 3, 60, None, ron(7700),
                 # 20 + 16 + 8 + 8 = 52 -> 60; 3 han 60 fu, no kiriage: 60x32x4 = 7680 -> 7700
                 id="juki: sankantsu is 2 han; 3 han 60 fu = 7700 (no kiriage)"),
    pytest.param(ASI, hand("222m99m444s888s", "9m", melds=[("pon", "666p")]), {"toitoi": 2, "sanankou": 2}, 4, 40,
                 "mangan", ron(8000),
                 # tanki 9m: 222m 444s 888s stay concealed; 20 + 12 + open 666p 2 + tanki 2 = 36 -> 40 -> mangan
                 # (a pon of three plain 5p is impossible under A.S.I.: two of the four 5p are red)
                 id="asi: toitoi + sanankou (ron on the tanki): 4 han 40 fu mangan"),
    pytest.param(JUKI, hand("111999s77z", "9s", melds=[("pon", "111m"), ("pon", "999p")]),
                 {"toitoi": 2, "honroutou": 2}, 4, 50, "mangan", ron(8000),
                 # 20 + 4 + 4 + closed 111s 8 + 999s by ron 4 + chun pair 2 = 42 -> 50 -> mangan
                 id="juki: honroutou + toitoi"),
    pytest.param(JUKI, hand("1199m1199p1199s11z", "1z"), {"chiitoitsu": 2, "honroutou": 2}, 4, 25, None, ron(6400),
                 # no mangan rule for honroutou + chiitoitsu since 2025-01-01: 25x64x4 = 6400
                 id="juki: honroutou + chiitoitsu is 4 han 25 fu = 6400 (mangan rule deleted 2025)"),
    pytest.param(ASI, hand("1199m1199p1199s11z", "1z"), {"chiitoitsu": 2, "honroutou": 2}, 4, 25, None, ron(6400),
                 id="asi: honroutou + chiitoitsu is 4 han 25 fu = 6400"),
    pytest.param(ASI, hand("234m678p77z", "2m", melds=[("pon", "555z"), ("pon", "666z")]),
                 {"shousangen": 2, "haku": 1, "hatsu": 1}, 4, 30, None, ron(7700),
                 # 20 + 4 + 4 + chun pair 2 = 30; 4 han 30 fu = 7700
                 id="asi: shousangen (+ two dragon triplets)"),
    # ---- yaku: situational -------------------------------------------------------------
    pytest.param(JUKI, hand(win="3s", tsumo=True, haitei=True, **OPEN), {"haitei": 1, "tanyao": 1}, 2, 30, None,
                 tsumo(1000, 500), id="juki: haitei"),
    pytest.param(ASI, hand(win="3s", houtei=True, **OPEN), {"houtei": 1, "tanyao": 1}, 2, 30, None, ron(2000),
                 id="asi: houtei"),
    pytest.param(ASI, hand(PINFU, "5s", chankan=True), {"chankan": 1, "pinfu": 1, "tanyao": 1}, 3, 30, None,
                 ron(3900), id="asi: chankan on a shouminkan"),
    pytest.param(ASI, hand("444p88p345s678s", "3s", melds=[("ankan", "2222m")], tsumo=True, rinshan=True),
                 {"rinshan": 1, "menzen_tsumo": 1, "tanyao": 1}, 3, 40, None, tsumo(2600, 1300),
                 # ASI: no tsumo fu on rinshan: 20 + 16 + closed 444p 4 = 40; base 1280 -> 1300 / 2600
                 id="asi: closed rinshan: menzen tsumo counts, no tsumo fu (40 fu)"),
    pytest.param(JUKI, hand("444p88p345s678s", "3s", melds=[("ankan", "2222m")], tsumo=True, rinshan=True),
                 {"rinshan": 1, "menzen_tsumo": 1, "tanyao": 1}, 3, 50, None, tsumo(3200, 1600),
                 # Juki keeps it: 20 + 16 + 4 + 2 = 42 -> 50; base 1600 -> 1600 / 3200
                 id="juki: closed rinshan keeps the tsumo fu (50 fu)"),
    pytest.param(ASI, hand(PINFU, "2m", riichi=True, ippatsu=True), {"riichi": 1, "ippatsu": 1, "pinfu": 1,
                                                                      "tanyao": 1}, 4, 30, None, ron(7700),
                 id="asi: ippatsu"),
    pytest.param(JUKI, hand(PINFU, "2m", double_riichi=True, ippatsu=True),
                 {"double_riichi": 2, "ippatsu": 1, "pinfu": 1, "tanyao": 1}, 5, 30, "mangan", ron(8000),
                 id="juki: double riichi is 2 han (not also riichi), with ippatsu"),
    # ---- dora -------------------------------------------------------------------------
    pytest.param(ASI, hand("123m567p88p345s678s", "3s", riichi=True, dora=["9m"]), {"riichi": 1, "pinfu": 1, "dora": 1},
                 3, 30, None, ron(3900), id="asi: dora indicator 9m wraps to 1m"),
    pytest.param(JUKI, hand("234m567p345s678s11z", "2m", riichi=True, dora=["4z"]), {"riichi": 1, "dora": 2}, 3, 40,
                 None, ron(5200),
                 # East pair is the round wind (+2): 40 fu; 40x32x4 = 5120 -> 5200
                 id="juki: dora indicator North wraps to East"),
    pytest.param(ASI, hand("234m567p345s678s55z", "2m", riichi=True, dora=["7z"]), {"riichi": 1, "dora": 2}, 3, 40,
                 None, ron(5200), id="asi: dora indicator chun wraps to haku"),
    pytest.param(JUKI, hand(PINFU, "2m", dora=["9p"], ura=["1m"]), {"pinfu": 1, "tanyao": 1}, 2, 30, None,
                 ron(2000), id="juki: ura dora without riichi does not count"),
    pytest.param(JUKI, hand(PINFU, "2m", riichi=True, dora=["9p"], ura=["1m"]),
                 {"riichi": 1, "pinfu": 1, "tanyao": 1, "ura_dora": 1}, 4, 30, None, ron(7700),
                 id="juki: ura dora with riichi counts"),
    pytest.param(ASI, hand("567p88p345s678s", "3s", melds=[("ankan", "2222m")], riichi=True, dora=["9s", "1m"],
                           ura=["3m", "1m"]),
                 {"riichi": 1, "tanyao": 1, "dora": 4, "ura_dora": 4}, 10, 50, "baiman", ron(16000),
                 # kan dora indicator 1m -> the four 2m of the ankan; kan ura 1m -> 4 more: 10 han baiman
                 id="asi: kan dora and kan ura count all four tiles of a kan"),
    pytest.param(ASI, hand("234m678m345s567s00p", "2m", riichi=True, dora=["4p"]),
                 {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 2, "aka_dora": 2}, 7, 30, "haneman", ron(12000),
                 # a pair of the two red 5p: 2 aka + 2 dora (indicator 4p)
                 id="asi: a pair of the two red 5p is 2 aka dora and 2 dora"),
    pytest.param(JUKI, hand("234m067p88p678s", "2m", melds=[("pon", "055s")]), {"tanyao": 1, "aka_dora": 2}, 3, 30,
                 None, ron(3900),
                 # red 5s in the pon + red 5p in hand; 20 + open pon 2 = 22 -> 30; 30x32x4 = 3840 -> 3900
                 id="juki: red fives count in melds and in hand (one per suit)"),
    # ---- limits -----------------------------------------------------------------------
    pytest.param(JUKI, hand("234m345s567s88s", "2m", melds=[("ankan", "9999p")], riichi=True, dora=["7s"]),
                 {"riichi": 1, "dora": 2}, 3, 70, "mangan", ron(8000),
                 # 3 han 70 fu: 70x32 = 2240 >= 2000 -> mangan
                 id="juki: 3 han 70 fu is mangan"),
    pytest.param(ASI, hand(CHIN, "1m", riichi=True, ippatsu=True, tsumo=True),
                 {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "chinitsu": 6}, 10, 20, "baiman",
                 tsumo(8000, 4000), id="asi: baiman at 10 han"),
    pytest.param(JUKI, hand(CHIN, "1m", riichi=True, tsumo=True, dora=["8m"]),
                 {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "chinitsu": 6, "dora": 3}, 12, 20, "sanbaiman",
                 tsumo(12000, 6000), id="juki: sanbaiman at 12 han (dora 3)"),
    pytest.param(ASI, hand(CHIN, "1m", riichi=True, ippatsu=True, tsumo=True, dora=["8m"]),
                 {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "chinitsu": 6, "dora": 3}, 13, 20,
                 "yakuman", tsumo(16000, 8000), id="asi: kazoe yakuman at 13 han counting dora"),
    pytest.param(JUKI, hand(CHIN, "1m", seat="E", riichi=True, ippatsu=True, tsumo=True, dora=["8m"]),
                 {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "chinitsu": 6, "dora": 3}, 13, 20,
                 "yakuman", all_(16000), id="juki: dealer kazoe yakuman tsumo is 16000 all"),
    pytest.param(ASI, hand("22334455667788m", "2m", riichi=True),
                 {"riichi": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6}, 12, 30, "sanbaiman",
                 ron(24000), id="asi: no daisuurin: 22334455667788m is 12 han sanbaiman"),
    # ---- yakuman ----------------------------------------------------------------------
    pytest.param(ASI, hand("222m444p666s888s55m", "2m", tsumo=True), {"suuankou": 13}, 13, None, "yakuman",
                 tsumo(16000, 8000), id="asi: suuankou (tsumo, not tanki) is a single yakuman"),
    pytest.param(JUKI, hand("222m444p666s888s55m", "2m"), {"toitoi": 2, "sanankou": 2, "tanyao": 1}, 5, 50,
                 "mangan", ron(8000),
                 # ron on the shanpon: the 2m triplet is open: toitoi + sanankou + tanyao, not suuankou;
                 # 30 + open 222m 2 + three closed simple triplets 12 = 44 -> 50
                 id="juki: four concealed triplets ronned on a shanpon is sanankou, not suuankou"),
    pytest.param(ASI, hand("11123455678999m", "5m"), {"junsei_chuuren": 26}, 26, None, "yakuman", ron(64000),
                 id="asi: junsei chuuren is a double yakuman"),
    pytest.param(JUKI, hand("11112345678999m", "9m"), {"chuuren": 13}, 13, None, "yakuman", ron(32000),
                 id="juki: chuuren won on a non-pure wait is a single yakuman"),
    pytest.param(JUKI, hand("333444z55m", "5m", melds=[("pon", "111z"), ("pon", "222z")]), {"daisuushii": 26}, 26,
                 None, "yakuman", ron(64000), id="juki: daisuushii is a double yakuman"),
    pytest.param(ASI, hand("333444z55m", "5m", melds=[("pon", "111z"), ("pon", "222z")]), {"daisuushii": 26}, 26,
                 None, "yakuman", ron(64000), id="asi: daisuushii is a double yakuman"),
    pytest.param(ASI, hand("19m19p19s11234567z", "7z"), {"kokushi": 13}, 13, None, "yakuman", ron(32000),
                 id="asi: kokushi on a single wait is a single yakuman"),
    pytest.param(ASI, hand("119m19p19s1234567z", "1m"), {"kokushi_13": 26}, 26, None, "yakuman", ron(64000),
                 id="asi: kokushi on the 13-sided wait is a double yakuman"),
    pytest.param(ASI, hand("19m19p19s11234567z", "7z", chankan=True), {"kokushi": 13}, 13, None, "yakuman",
                 ron(32000), id="asi: kokushi may rob a shouminkan"),
    pytest.param(ASI, hand("11177722z", "2z", melds=[("pon", "555z"), ("pon", "666z")]),
                 {"daisangen": 13, "tsuuiisou": 13}, 26, None, "yakuman", ron(64000),
                 id="asi: yakuman stack: daisangen + tsuuiisou"),
    pytest.param(JUKI, hand("22334455667788s", "2s", seat="E", tsumo=True), {"daichikurin": 13}, 13, None,
                 "yakuman", all_(16000), id="juki: daichikurin (sou) dealer tsumo 16000 all"),
    pytest.param(ASI, hand("333345m666p777s99s", "3m"), {"sanankou": 2}, 2, 50, None, ron(3200),
                 # ron on 3m read in 345m (45m ryanmen): 333m stays concealed; 30 + 4+4+4 = 42 -> 50; 50x16x4
                 id="asi: ron tile also in a sequence keeps the triplet concealed: sanankou"),
    pytest.param(JUKI, hand("234m567p88s111z", "2m", seat="E", melds=[("pon", "999s")]),
                 {"seat_wind": 1, "round_wind": 1}, 2, 40, None, ron(3900),
                 # East triplet for the East dealer in East round: 2 han; 20 + 8 + 4 = 32 -> 40; 40x16x6 = 3840
                 id="juki: double-wind triplet is seat wind + round wind (2 han)"),
    pytest.param(JUKI, hand("234m567p88s333z", "2m", rnd="W", melds=[("pon", "999s")]), {"round_wind": 1}, 1, 40,
                 # paid as the dealer's in West (004 §2): 1 han 40 fu 320 x 6 = 1,920 -> 2,000
                 None, ron(2000), id="juki: West is the round wind in West round"),
    pytest.param(ASI, hand("234m567p88p345s678s", "5s", chankan=True, riichi=True, ippatsu=True),
                 {"riichi": 1, "ippatsu": 1, "chankan": 1, "pinfu": 1, "tanyao": 1}, 5, 30, "mangan", ron(8000),
                 # ASI 6e: the robbed kan never happened, ippatsu still counts
                 id="asi: chankan keeps ippatsu"),
    pytest.param(JUKI, hand(PINFU, "2m", double_riichi=True, dora=["9p"], ura=["1m"]),
                 {"double_riichi": 2, "pinfu": 1, "tanyao": 1, "ura_dora": 1}, 5, 30, "mangan", ron(8000),
                 id="juki: ura dora counts with double riichi"),
    pytest.param(ASI, hand(PINFU, "2m", riichi=True, dora=["0p"]), {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1},
                 4, 30, None, ron(7700),
                 # a red 5p indicator is a 5p: the dora is 6p (one in 567p); no aka for an indicator
                 id="asi: a red-five indicator points to 6"),
    pytest.param(ASI, hand("119m19p19s1234567z", "1m", seat="E"), {"kokushi_13": 26}, 26, None, "yakuman",
                 ron(96000), id="asi: dealer kokushi 13-sided ron is 96000"),
    pytest.param(ASI, hand("66s", "6s", melds=[("ankan", "2222m"), ("daiminkan", "3333p"), ("shouminkan", "4444s"),
                                              ("ankan", "7777z")]), {"suukantsu": 13}, 13, None, "yakuman",
                 ron(32000), id="asi: suukantsu"),
    pytest.param(JUKI, hand("999m111p999p11s", "1s", melds=[("pon", "111m")]), {"chinroutou": 13}, 13, None,
                 "yakuman", ron(32000), id="juki: chinroutou"),
    pytest.param(ASI, hand("333z44z234m", "2m", melds=[("pon", "111z"), ("pon", "222z")]), {"shousuushii": 13}, 13,
                 None, "yakuman", ron(32000), id="asi: shousuushii"),
    pytest.param(JUKI, hand("11122233344455z", "5z"), {"tsuuiisou": 13, "daisuushii": 26, "suuankou_tanki": 26}, 65,
                 None, "yakuman", ron(160000),
                 # stacking without a cap since 2025-12-02: 1 + 2 + 2 = 5 x 32000
                 id="juki: yakuman stack without cap: tsuuiisou + daisuushii + suuankou tanki = 5x"),
    pytest.param(JUKI, hand("11223344556677z", "7z", renhou=True), {"tsuuiisou": 13, "renhou": 13}, 26, None,
                 "yakuman", ron(64000), id="juki: renhou stacks with tsuuiisou (chiitoitsu shape)"),
    pytest.param(ASI, hand(PINFU, "2m", seat="E", tsumo=True, tenhou=True), {"tenhou": 13}, 13, None, "yakuman",
                 all_(16000), id="asi: tenhou"),
    pytest.param(JUKI, hand(PINFU, "2m", tsumo=True, chiihou=True), {"chiihou": 13}, 13, None, "yakuman",
                 tsumo(16000, 8000), id="juki: chiihou"),
    pytest.param(SANMA, hand("999m234p567p345s11s", "3s", tsumo=True, dora=["1m"]), {"menzen_tsumo": 1, "dora": 3},
                 4, 30, None, tsumo(4900, 3000),
                 # sanma: indicator 1m -> 9m (no 2m-8m); 4 han 30 fu, no kiriage: base 1920 -> 2000 / 3900;
                 # North's 2000 split 1000 + 1000: 4900 / 3000
                 id="juki sanma: dora indicator 1m points to 9m"),
    # ---- sanma ------------------------------------------------------------------------
    pytest.param(SANMA, hand("111m234p567p345s99s", "3s", tsumo=True, rinshan=True, flowers=1),
                 {"menzen_tsumo": 1, "rinshan": 1, "flower_dora": 1}, 3, 30, None, tsumo(2500, 1500),
                 # a win on a flower replacement is rinshan; 20 + tsumo 2 + closed 111m 8 = 30;
                 # base 960: 4-player 1000 / 2000; no tsumo loss: North's 1000 split 500 + 500
                 id="juki sanma: win on a flower replacement is rinshan, flower is dora"),
]


@pytest.mark.parametrize(("key", "h", "yaku", "han", "fu", "limit", "points"), SCORED)
def test_scored(key, h, yaku, han, fu, limit, points):
    out = cli_result(h, preset(key))
    got = {y["id"]: y["han"] for y in out["yaku"]}
    assert got == yaku
    assert out["han"] == han
    if fu is not None:
        assert out["fu"] == fu
    assert out["limit"] == limit
    assert out["points"] == points
    assert out["yakuman"] == (han // 13 if limit == "yakuman" else 0)


# ---- refused input: exit 2 and a message ---------------------------------------------------
BAD = [
    pytest.param(ASI, hand("000p234m678s345s88p", "2m", riichi=True), "red 5p", id="asi: three red 5p"),
    pytest.param(ASI, hand("406p555p234m678s88s", "2m", riichi=True), "plain 5p",
                 id="asi: three plain 5p (two of the four 5p are red)"),
    pytest.param(JUKI, hand("234m406p678s88s", "2m", melds=[("pon", "055p")]), "red 5p",
                 id="juki: a red 5p in a pon and one in hand (one per suit)"),
    pytest.param(JUKI, hand("000p234m678s345s88p", "2m", riichi=True), "red 5p", id="juki: three red 5p"),
    pytest.param(JUKI, hand("567p88p345s678s", "3s", melds=[("ankan", "2222m")], riichi=True, dora=["2m"]),
                 "only four", id="five copies: an ankan and a dora indicator of the same tile"),
    pytest.param(ASI, hand(PINFU, "2m", ippatsu=True), "Ippatsu needs riichi", id="asi: ippatsu without riichi"),
    pytest.param(ASI, hand("567p88p345s678s", "3s", melds=[("ankan", "2222m")], tsumo=True, haitei=True,
                           rinshan=True), "rinshan and haitei",
                 id="asi: rinshan and haitei together"),
    pytest.param(JUKI, hand(PINFU, "2m", chankan=True, houtei=True), "Chankan and houtei",
                 id="juki: chankan and houtei together"),
    pytest.param(JUKI, hand(PINFU, "2m", tsumo=True, rinshan=True), "needs a kan",
                 id="juki: rinshan without a kan"),
    pytest.param(ASI, hand(PINFU, "2m", seat="E", tsumo=True, tenhou=True, riichi=True), "riichi",
                 id="asi: tenhou with riichi is impossible",
),
    pytest.param(JUKI, hand(PINFU, "2m", tsumo=True, chiihou=True, riichi=True), "riichi",
                 id="juki: chiihou with riichi is impossible",
),
    pytest.param(JUKI, hand(PINFU, "2m", renhou=True, riichi=True), "riichi",
                 id="juki: renhou with riichi is impossible",
),
]


@pytest.mark.parametrize(("key", "h", "message"), BAD)
def test_refused(key, h, message):
    with pytest.raises(HandError, match=message):
        cli_result(h, preset(key))


@pytest.mark.parametrize(("key", "h", "message"), [BAD[0].values, BAD[4].values, BAD[5].values])
def test_refused_on_the_command_line(key, h, message):
    proc = subprocess.run(
        [sys.executable, "-m", "scoring", "hand", "--ruleset", key, "-"],
        input=json.dumps(h), capture_output=True, text=True, cwd=ROOT, check=False,
    )
    assert proc.returncode == 2
    out = json.loads(proc.stdout)
    assert message in out["error"]["message"]


# ---- sanma: what the command line says each payer pays vs what the game charges ------------
# 111m 234p 567p 345s 99s, tsumo on 3s: menzen tsumo 1 han, 20 + 2 + closed 111m 8 = 30 fu, base 240.
# 4-player: non-dealer 300 / 500, dealer 500 all. Sanma without tsumo loss (docs/rulesets.md): half of
# North's share, rounded up to 100, on each of the two payers.
SANMA_TSUMO = "111m234p567p345s99s"


@pytest.mark.parametrize(("seat", "winner", "expected_deltas"), [
    pytest.param("S", 1, [-700, 1200, -500],
                 # half of North's 300 (150, rounded up to 200) on each payer: dealer 700, non-dealer 500
                 id="juki sanma: non-dealer 1 han 30 fu tsumo is dealer 700 / non-dealer 500"),
    pytest.param("E", 0, [1600, -800, -800],
                 # 500 all plus half of North's 500 (250, rounded up to 300): 800 all
                 id="juki sanma: dealer 1 han 30 fu tsumo is 800 all, as the 'all' amount says"),
])
def test_sanma_tsumo_points_match_the_game(seat, winner, expected_deltas):
    from scoring.hand import evaluate
    from scoring.payments import win_deltas

    ruleset = preset(SANMA)
    h = hand(SANMA_TSUMO, "3s", seat=seat, tsumo=True)
    deltas = win_deltas(evaluate(h, ruleset).value, winner=winner, dealer=0, loser=None, ruleset=ruleset)
    assert deltas == expected_deltas
    points = cli_result(h, ruleset)["points"]
    paid = sorted(-d for d in deltas if d < 0)
    if "all" in points:
        assert paid == [points["all"], points["all"]]
    else:
        assert paid == sorted([points["dealer"], points["non_dealer"]])
