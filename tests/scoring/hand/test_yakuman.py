"""Every yakuman and double yakuman of both club rulesets.

Non-dealer (South seat, East round) unless noted: a single yakuman ron is 32000, a double 64000;
a non-dealer yakuman tsumo is 8000/16000, a dealer's 16000 all.
"""

from __future__ import annotations

import pytest

from scoring.hand import HandContext, evaluate
from scoring.rules import preset

ASI = preset("asi-shirai")
JUKI = preset("juki-agit-2026")
BOTH = (ASI, JUKI)


def hand(tiles: str, win: str, *, seat: str = "S", melds=(), **flags) -> dict:
    h = {"tiles": tiles, "win": win, "seat_wind": seat, "round_wind": "E", **flags}
    if melds:
        h["melds"] = [{"kind": k, "tiles": t} for k, t in melds]
    return h


RON1, RON2 = {"ron": 32000}, {"ron": 64000}

YAKUMAN = [
    # id, hand, yaku ids, paid multiple, points, pao multiple per (asi, juki)
    ("kokushi", hand("119m19p19s1234567z", "9m"), ["kokushi"], 1, RON1, (0, 0)),
    ("kokushi 13-sided wait is double", hand("119m19p19s1234567z", "1m"), ["kokushi_13"], 2, RON2, (0, 0)),
    ("suuankou (tsumo)", hand("111m333p555s777s99m", "5s", tsumo=True), ["suuankou"], 1,
     {"dealer": 16000, "non_dealer": 8000}, (0, 0)),
    ("suuankou tanki is double", hand("111m333p555s777s99m", "9m"), ["suuankou_tanki"], 2, RON2, (0, 0)),
    ("daisangen (pao)", hand("666777z234m99p", "9p", melds=[("pon", "555z")]), ["daisangen"], 1, RON1, (1, 1)),
    ("shousuushii", hand("111222333z44z234m", "2m"), ["shousuushii"], 1, RON1, (0, 0)),
    ("daisuushii is double (pao)", hand("222333444z99m", "9m", melds=[("pon", "111z")]), ["daisuushii"], 2, RON2,
     (2, 2)),
    ("tsuuiisou", hand("222333z555z77z", "7z", melds=[("pon", "111z")]), ["tsuuiisou"], 1, RON1, (0, 0)),
    ("ryuuiisou without hatsu", hand("22334444666888s", "8s"), ["ryuuiisou"], 1, RON1, (0, 0)),
    ("chinroutou", hand("999m111p999p11s", "1s", melds=[("pon", "111m")]), ["chinroutou"], 1, RON1, (0, 0)),
    ("chuuren poutou", hand("11123455678999m", "2m"), ["chuuren"], 1, RON1, (0, 0)),
    ("junsei chuuren (9-sided wait) is double", hand("11123455678999m", "5m"), ["junsei_chuuren"], 2, RON2, (0, 0)),
    # ASI has suukantsu pao; Juki dropped it in 2024-12.
    ("suukantsu", hand("55z", "5z", melds=[("ankan", "1111m"), ("daiminkan", "2222p"), ("shouminkan", "3333s"),
                                           ("ankan", "4444z")]), ["suukantsu"], 1, RON1, (1, 0)),
    ("tenhou (dealer)", hand("123m456p789s234s99m", "9m", seat="E", tsumo=True, tenhou=True), ["tenhou"], 1,
     {"all": 16000}, (0, 0)),
    ("chiihou", hand("123m456p789s234s99m", "9m", tsumo=True, chiihou=True), ["chiihou"], 1,
     {"dealer": 16000, "non_dealer": 8000}, (0, 0)),
    ("daisangen + tsuuiisou stack", hand("666777111z22z", "2z", melds=[("pon", "555z")]),
     ["daisangen", "tsuuiisou"], 2, RON2, (1, 1)),
]


@pytest.mark.parametrize("ruleset", BOTH, ids=lambda r: r.key)
@pytest.mark.parametrize(("name", "the_hand", "ids", "multiple", "points", "pao"), YAKUMAN,
                         ids=[c[0] for c in YAKUMAN])
def test_yakuman(ruleset, name, the_hand, ids, multiple, points, pao) -> None:
    result = evaluate(the_hand, ruleset)
    assert sorted(y.id for y in result.yaku) == sorted(ids)
    assert all(y.han == 13 * (2 if y.id in ruleset.double_yakuman else 1) for y in result.yaku)
    assert (result.yakuman, result.limit, dict(result.points)) == (multiple, "yakuman", points)
    assert result.pao_yakuman == pao[0 if ruleset is ASI else 1]
    assert result.dora == 0


DAISHARIN = hand("22334455667788p", "2p")


@pytest.mark.parametrize(
    ("ruleset", "the_hand", "ids", "points"),
    [
        pytest.param(JUKI, DAISHARIN, ["daisharin"], RON1, id="juki: daisharin (closed)"),
        pytest.param(JUKI, hand("22334455667788m", "2m"), ["daisuurin"], RON1, id="juki: daisuurin (closed)"),
        pytest.param(JUKI, hand("22334455667788s", "2s"), ["daichikurin"], RON1, id="juki: daichikurin (closed)"),
        # open: 234p 567p called, 234p 567p 88p in hand: tanyao 1 + open chinitsu 5 = haneman 12000
        pytest.param(JUKI, hand("23456788p", "2p", melds=[("chi", "234p"), ("chi", "567p")]),
                     ["tanyao", "chinitsu"], {"ron": 12000}, id="juki: no daisharin on an open hand"),
        # ASI has no daisharin: pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 11 han sanbaiman 24000
        pytest.param(ASI, DAISHARIN, ["pinfu", "tanyao", "ryanpeikou", "chinitsu"], {"ron": 24000},
                     id="asi: no daisharin, scored as its yaku"),
        pytest.param(JUKI, hand("123m456p789s234s99m", "9m", renhou=True), ["renhou"], RON1,
                     id="juki: renhou is a yakuman"),
        # ryuuiisou_requires_hatsu: chinitsu 6 + iipeikou 1 + tanyao 1 = 8 han baiman 16000
        pytest.param(JUKI.derive(ryuuiisou_requires_hatsu=True), hand("22334444666888s", "8s"),
                     ["chinitsu", "iipeikou", "tanyao"], {"ron": 16000}, id="custom: ryuuiisou needs hatsu"),
        pytest.param(preset("m-league"), hand("666777111z22z", "2z", melds=[("pon", "555z")]),
                     ["daisangen", "tsuuiisou"], RON1, id="m-league: yakuman do not stack"),
    ],
)
def test_local_yakuman(ruleset, the_hand, ids, points) -> None:
    result = evaluate(the_hand, ruleset)
    assert sorted(y.id for y in result.yaku) == sorted(ids)
    assert dict(result.points) == points


# riichi + pinfu + tanyao, the dealer's ron: 3 han 30 fu = 5800 unless paarenchan.
DEALER_HAND = hand("234m456p678s345s88p", "2m", seat="E", riichi=True)


@pytest.mark.parametrize(
    ("ruleset", "renchan", "ids", "points"),
    [
        # 7 renchan kept before: this is the dealer's 8th consecutive deal, and a win.
        pytest.param(JUKI, 7, ["paarenchan"], {"ron": 48000}, id="juki: paarenchan on the 8th consecutive dealer win"),
        pytest.param(JUKI, 6, ["riichi", "pinfu", "tanyao"], {"ron": 5800}, id="juki: no paarenchan on the 7th"),
        pytest.param(ASI, 7, ["riichi", "pinfu", "tanyao"], {"ron": 5800}, id="asi: no paarenchan"),
    ],
)
def test_paarenchan(ruleset, renchan, ids, points) -> None:
    context = HandContext("E", "E", is_dealer=True, tsumo=False, dealer_renchan=renchan)
    result = evaluate(DEALER_HAND, ruleset, context)
    assert sorted(y.id for y in result.yaku) == sorted(ids)
    assert dict(result.points) == points


@pytest.mark.parametrize(
    ("renchan", "wins_in_row", "ids", "points"),
    [
        pytest.param(7, 7, ["paarenchan"], {"ron": 48000}, id="juki: the 8th dealer win in a row is paarenchan"),
        pytest.param(7, 0, ["riichi", "pinfu", "tanyao"], {"ron": 5800},
                     id="juki: deals kept by tenpai do not count toward paarenchan"),
        pytest.param(9, 6, ["riichi", "pinfu", "tanyao"], {"ron": 5800}, id="juki: the 7th win in a row is not"),
    ],
)
def test_paarenchan_counts_wins_not_deals_in_a_game(renchan, wins_in_row, ids, points) -> None:
    context = HandContext(
        "E", "E", is_dealer=True, tsumo=False, dealer_renchan=renchan, dealer_wins_in_row=wins_in_row
    )
    result = evaluate(DEALER_HAND, JUKI, context)
    assert sorted(y.id for y in result.yaku) == sorted(ids)
    assert dict(result.points) == points
