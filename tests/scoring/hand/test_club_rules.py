"""What the library does not do for our club rulesets, case by case.

Each expected value is worked out from the rulebooks (shared/rules) in the comment.
Payment table: base = fu x 2^(han+2); non-dealer ron 4x, dealer ron 6x, tsumo 1x/2x, each rounded up to 100.
"""

from __future__ import annotations

import pytest

from scoring.hand import HandContext, evaluate
from scoring.rules import preset

ASI = preset("asi-shirai")
JUKI = preset("juki-agit-2026")
SANMA = preset("juki-agit-sanma-2026")


def hand(tiles: str, win: str, *, seat: str = "S", rnd: str = "E", melds=(), **flags) -> dict:
    h = {"tiles": tiles, "win": win, "seat_wind": seat, "round_wind": rnd, **flags}
    if melds:
        h["melds"] = [{"kind": k, "tiles": t} for k, t in melds]
    return h


# A daiminkan of 2m, then 456p (won on 5p: kanchan) 678p 234s 88s: rinshan + open tanyao = 2 han.
RINSHAN = hand("46p678p234s88s5p", "5p", melds=[("daiminkan", "2222m")], tsumo=True, rinshan=True)
# 123m 456p 456p 789s 55s, ron on 1m (ryanmen): pinfu, iipeikou + the two red 5p.
TWO_RED_PIN = hand("23m1m406p406p789s55s", "1m")
# riichi, pinfu, tanyao + one dora (indicator 1m -> 2m): 4 han 30 fu.
FOUR_30 = hand("234m456p678s345s88p", "2m", riichi=True, dora=["1m"])
# 999m closed pon, 234p 678p 345s, pair 11z (East), ron on 3s (ryanmen), riichi; the dealer in East.
DOUBLE_WIND = hand("999m234p678p345s11z", "3s", seat="E", riichi=True)
# open chi 234m, then 567p 678s 345s 88p, ron on 3s: open tanyao; open pinfu shape.
OPEN_PINFU = hand("567p678s45s88p3s", "3s", melds=[("chi", "234m")])
# riichi ippatsu tsumo pinfu ryanpeikou chinitsu = 13 han: kazoe (223344m 667788m 99m, won on 2m).
KAZOE = hand("23344m667788m99m2m", "2m", tsumo=True, riichi=True, ippatsu=True)
# 999m closed pon, 234p 678p 345s, pair 22s, ron on 3s: riichi is the only yaku; dora 2 (indicator 1s -> 2s pair).
# fu 30 + closed terminal pon 8 = 38 -> 40; dealer 3 han 40 fu: 40x32x6 = 7680 -> 7700.
DEALER_ONE_HAN = hand("999m234p678p345s22s", "3s", seat="E", riichi=True, dora=["1s"])
# riichi + pinfu + tanyao: 3 yaku han, 30 fu.
DEALER_THREE_HAN = hand("234m456p678s345s88p", "2m", seat="E", riichi=True)


def ctx(seat="S", rnd="E", *, tsumo=False, **kw) -> HandContext:
    return HandContext(seat_wind=seat, round_wind=rnd, is_dealer=seat == "E", tsumo=tsumo, **kw)


CASES = [
    # id, ruleset, hand, context, yaku, han, fu, points
    pytest.param(ASI, RINSHAN, None, {"rinshan": 1, "tanyao": 1}, 2, 30, {"dealer": 1000, "non_dealer": 500},
                 # 20 + open simple kan 8 + kanchan 2 = 30, no tsumo fu; base 30x16 = 480 -> 500/1000
                 id="asi: no tsumo fu on rinshan kaihou"),
    pytest.param(JUKI, RINSHAN, None, {"rinshan": 1, "tanyao": 1}, 2, 40, {"dealer": 1300, "non_dealer": 700},
                 # 20 + 8 + 2 + tsumo 2 = 32 -> 40; base 640 -> 700/1300
                 id="juki: rinshan kaihou keeps the tsumo fu"),
    pytest.param(ASI, TWO_RED_PIN, None, {"pinfu": 1, "iipeikou": 1, "aka_dora": 2}, 4, 30, {"ron": 7700},
                 # two red 5p are two aka dora; 4 han 30 fu ron, no kiriage: 30x64x4 = 7680 -> 7700
                 id="asi: two red 5p both count"),
    pytest.param(ASI, FOUR_30, None, {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1}, 4, 30, {"ron": 7700},
                 id="asi: no kiriage, 4 han 30 fu is 7700"),
    pytest.param(JUKI, FOUR_30, None, {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1}, 4, 30, {"ron": 7700},
                 id="juki: no kiriage, 4 han 30 fu is 7700"),
    pytest.param(JUKI, FOUR_30, ctx("E"), {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1}, 4, 30, {"ron": 11600},
                 # dealer: 1920 x 6 = 11520 -> 11600
                 id="juki: no kiriage, dealer 4 han 30 fu is 11600"),
    pytest.param(preset("m-league"), FOUR_30, None, {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1}, 4, 30,
                 {"ron": 8000}, id="m-league: kiriage rounds 4 han 30 fu up to mangan"),
    pytest.param(ASI, DOUBLE_WIND, None, {"riichi": 1}, 1, 50, {"ron": 2400},
                 # 30 + closed terminal pon 8 + double-wind pair 4 = 42 -> 50; 50x8x6 = 2400
                 id="asi: double-wind pair is 4 fu"),
    pytest.param(JUKI, DOUBLE_WIND, None, {"riichi": 1}, 1, 50, {"ron": 2400},
                 id="juki: double-wind pair is 4 fu"),
    pytest.param(JUKI.derive(double_wind_pair_fu=2), DOUBLE_WIND, None, {"riichi": 1}, 1, 40, {"ron": 2000},
                 # 30 + 8 + 2 = 40; 40x8x6 = 1920 -> 2000
                 id="custom: double-wind pair at 2 fu"),
    pytest.param(ASI, OPEN_PINFU, None, {"tanyao": 1}, 1, 30, {"ron": 1000},
                 # open, no fu beyond base 20: scored 30 on ron; 30x8x4 = 960 -> 1000
                 id="asi: open pinfu-shape ron is 30 fu"),
    pytest.param(JUKI, OPEN_PINFU, None, {"tanyao": 1}, 1, 30, {"ron": 1000},
                 id="juki: open pinfu-shape ron is 30 fu"),
    pytest.param(JUKI, OPEN_PINFU, ctx(paid_as_dealer=True), {"tanyao": 1}, 1, 30, {"ron": 1500},
                 # West: paid as a dealer ron, 240 x 6 = 1440 -> 1500
                 id="juki: a non-dealer ron in West is paid as dealer"),
    pytest.param(JUKI, KAZOE, ctx(paid_as_dealer=True, tsumo=True),
                 {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "ryanpeikou": 3, "chinitsu": 6}, 13, 20,
                 {"all": 16000}, id="juki: a non-dealer tsumo in West is paid as dealer (16000 all)"),
    pytest.param(ASI, KAZOE, ctx(tsumo=True),
                 {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "ryanpeikou": 3, "chinitsu": 6}, 13, 20,
                 {"dealer": 16000, "non_dealer": 8000}, id="asi: kazoe yakuman at 13 han"),
    pytest.param(JUKI, KAZOE, ctx(tsumo=True),
                 {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "ryanpeikou": 3, "chinitsu": 6}, 13, 20,
                 {"dealer": 16000, "non_dealer": 8000}, id="juki: kazoe yakuman at 13 han"),
    pytest.param(preset("wrc-2025"), KAZOE, ctx(tsumo=True),
                 {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "ryanpeikou": 3, "chinitsu": 6}, 13, 20,
                 {"dealer": 12000, "non_dealer": 6000}, id="wrc: 13 han stays sanbaiman"),
    pytest.param(JUKI, DEALER_THREE_HAN, ctx("E", dealer_renchan=5), {"riichi": 1, "pinfu": 1, "tanyao": 1}, 3, 30,
                 {"ron": 5800},
                 # 3 han 30 fu dealer ron: 30x32x6 = 5760 -> 5800
                 id="juki: dealer with 3 han may win after the 5th renchan"),
    pytest.param(JUKI, DEALER_ONE_HAN, ctx("E", dealer_renchan=4), {"riichi": 1, "dora": 2}, 3, 40, {"ron": 7700},
                 id="juki: no dealer minimum before the 5th renchan"),
    pytest.param(ASI, DEALER_ONE_HAN, ctx("E", dealer_renchan=9), {"riichi": 1, "dora": 2}, 3, 40, {"ron": 7700},
                 id="asi: no dealer 2-han minimum"),
    pytest.param(SANMA, hand("123p456p789s23s99m4s", "4s", tsumo=True, riichi=True, flowers=1), None,
                 {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "flower_dora": 1}, 4, 20,
                 # base 20x64 = 1280: 4-player 1300/2600; no tsumo loss: half of North's 1300 (650, rounded
                 # up to 700) on each payer -> dealer 3300, non-dealer 2000
                 {"dealer": 3300, "non_dealer": 2000}, id="juki sanma: each flower is one dora"),
]


@pytest.mark.parametrize(("ruleset", "the_hand", "context", "yaku", "han", "fu", "points"), CASES)
def test_club_rule(ruleset, the_hand, context, yaku, han, fu, points) -> None:
    result = evaluate(the_hand, ruleset, context)
    assert {y.id: y.han for y in result.yaku} == yaku
    assert (result.han, result.fu, dict(result.points)) == (han, fu, points)


# --- Juki 004 §2: "서입 시 모든 화료를 오야의 화료와 동일한 점수로 취급" (issue 23.2) -----------------
# 234m 999p 234567s + pair 33z (West, seat and round: double wind), riichi, ron on 5s (ryanmen):
# fu 20 + closed ron 10 + closed terminal pon 8 + double-wind pair (Juki 4, A.S.I. 4) = 42 -> 50.
# 1 han 50 fu: base 50 x 2^3 = 400; non-dealer ron 1,600, dealer ron 2,400.
# Tsumo: riichi + menzen tsumo 2 han, fu 20 + 2 + 8 + 4 = 34 -> 40; base 640: dealer tsumo 1,300 all.
WEST_WEST = {"tiles": "234m999p234567s33z", "win": "5s", "seat_wind": "W", "round_wind": "W", "riichi": True}


@pytest.mark.parametrize(
    ("ruleset", "tsumo", "points"),
    [
        pytest.param(JUKI, False, {"ron": 2400}, id="juki_west_round_ron_paid_as_dealer"),
        pytest.param(JUKI, True, {"all": 1300}, id="juki_west_round_tsumo_paid_as_dealer_all"),
        pytest.param(ASI, False, {"ron": 1600}, id="asi_west_round_ron_paid_as_non_dealer"),
        pytest.param(ASI, True, {"dealer": 1300, "non_dealer": 700}, id="asi_west_round_tsumo_paid_as_non_dealer"),
    ],
)
def test_west_round_every_win_paid_as_dealer_without_a_game(ruleset, tsumo, points) -> None:
    from scoring.hand import cli_result

    the_hand = {**WEST_WEST, "tsumo": tsumo}
    assert dict(evaluate(the_hand, ruleset).points) == points
    assert cli_result(the_hand, ruleset)["points"] == points


@pytest.mark.parametrize("rnd", ["E", "S"])
def test_juki_east_and_south_rounds_pay_a_non_dealer_as_non_dealer(rnd) -> None:
    assert dict(evaluate({**WEST_WEST, "round_wind": rnd}, JUKI).points) == {"ron": 1300}


# --- A.S.I. 2e lists no renhou; a win before the first draw is still a win (issue 23.6) --------------
# 234m 567p 345s 678s 55s, ron on 2m (ryanmen) before the winner's first draw, non-dealer:
# A.S.I.: pinfu + tanyao = 2 han, fu 20 + closed ron 10 = 30: base 30 x 2^4 = 480 -> ron 1,920 -> 2,000.
# Juki (인화 역만): renhou is a yakuman, 32,000, and replaces the other yaku.
FIRST_TURN_RON = hand("234m567p345678s55s", "2m", renhou=True)


@pytest.mark.parametrize(
    ("ruleset", "yaku", "points", "noted"),
    [
        pytest.param(ASI, {"pinfu": 1, "tanyao": 1}, {"ron": 2000}, True,
                     id="asi_no_renhou_first_turn_ron_scores_its_other_yaku"),
        pytest.param(JUKI, {"renhou": 13}, {"ron": 32000}, False, id="juki_renhou_is_a_yakuman"),
    ],
)
def test_renhou_flag_under_each_club_ruleset(ruleset, yaku, points, noted) -> None:
    result = evaluate(FIRST_TURN_RON, ruleset)
    assert {y.id: y.han for y in result.yaku} == yaku
    assert dict(result.points) == points
    notes = [n.render("ko") for n in result.notes]
    assert bool(notes) is noted
    if noted:
        assert "인화" in notes[0]


@pytest.mark.parametrize(
    "flags",
    [
        pytest.param({"tsumo": True}, id="asi_renhou_flag_on_a_tsumo_is_still_refused"),
        pytest.param({"seat_wind": "E"}, id="asi_renhou_flag_for_the_dealer_is_still_refused"),
    ],
)
def test_asi_renhou_flag_keeps_its_shape_checks(flags) -> None:
    from scoring.errors import HandError

    with pytest.raises(HandError, match="Renhou is a non-dealer's ron"):
        evaluate({**FIRST_TURN_RON, **flags}, ASI)
