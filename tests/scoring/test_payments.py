"""The payment table: han/fu to amounts, limits, kiriage, kazoe, yakuman, sanma tsumo."""

import pytest

from scoring.chombo import chombo_mangan_deltas
from scoring.errors import ScoringError
from scoring.payments import (
    Limit,
    hand_value,
    is_kazoe,
    limit_by_han,
    ron_amount,
    tsumo_amounts,
    win_deltas,
)
from scoring.rules import preset

ASI = preset("asi-shirai")
JUKI = preset("juki-agit-2026")
SANMA = preset("juki-agit-sanma-2026")
MLEAGUE = preset("m-league")
WRC = preset("wrc-2025")


@pytest.mark.parametrize(
    ("ruleset", "han", "fu", "dealer", "ron", "tsumo"),
    [
        (ASI, 1, 30, False, 1000, (500, 300)),
        (ASI, 1, 30, True, 1500, (500, 500)),
        (ASI, 2, 20, False, 1300, (700, 400)),
        (ASI, 2, 25, False, 1600, (800, 400)),
        (ASI, 3, 30, False, 3900, (2000, 1000)),
        (ASI, 3, 30, True, 5800, (2000, 2000)),
        (JUKI, 4, 30, False, 7700, (3900, 2000)),
        (JUKI, 4, 30, True, 11600, (3900, 3900)),
        (JUKI, 3, 60, False, 7700, (3900, 2000)),
        (MLEAGUE, 4, 30, False, 8000, (4000, 2000)),
        (MLEAGUE, 3, 60, True, 12000, (4000, 4000)),
        (ASI, 4, 40, False, 8000, (4000, 2000)),
        (ASI, 5, None, False, 8000, (4000, 2000)),
        (ASI, 6, None, False, 12000, (6000, 3000)),
        (ASI, 8, None, True, 24000, (8000, 8000)),
        (ASI, 11, None, False, 24000, (12000, 6000)),
        (JUKI, 13, None, False, 32000, (16000, 8000)),
        (WRC, 13, None, False, 24000, (12000, 6000)),
        (ASI, 1, 110, False, 3600, (1800, 900)),
    ],
    ids=[
        "1 han 30 fu non-dealer 1000 / 300-500",
        "1 han 30 fu dealer 1500 / 500 all",
        "2 han 20 fu (pinfu tsumo) 400-700",
        "chiitoitsu 2 han 25 fu 1600",
        "3 han 30 fu 3900",
        "3 han 30 fu dealer 5800",
        "juki: no kiriage, 4 han 30 fu is 7700",
        "juki: no kiriage, dealer 4 han 30 fu is 11600",
        "juki: no kiriage, 3 han 60 fu is 7700",
        "m-league: kiriage, 4 han 30 fu is mangan",
        "m-league: kiriage, dealer 3 han 60 fu is 12000",
        "4 han 40 fu is mangan",
        "5 han mangan",
        "6 han haneman",
        "8 han dealer baiman",
        "11 han sanbaiman",
        "juki: kazoe yakuman at 13 han",
        "wrc: 13 han stays sanbaiman",
        "1 han 110 fu",
    ],
)
def test_payment_table(ruleset, han, fu, dealer, ron, tsumo):
    value = hand_value(han, fu, ruleset)
    assert ron_amount(value, dealer=dealer) == ron
    amounts = tsumo_amounts(value, dealer=dealer)
    assert (amounts.dealer, amounts.non_dealer) == tsumo


@pytest.mark.parametrize(
    ("ruleset", "multiple", "paid"),
    [(ASI, 1, 1), (ASI, 2, 2), (JUKI, 5, 5), (MLEAGUE, 2, 1), (preset("mahjong-soul"), 7, 6)],
    ids=[
        "single yakuman",
        "asi: yakuman stack (double)",
        "juki: yakuman stacking unlimited since 2025-12",
        "m-league: yakuman capped at single",
        "mahjong-soul: yakuman capped at 6x",
    ],
)
def test_yakuman_multiples(ruleset, multiple, paid):
    value = hand_value(0, None, ruleset, yakuman=multiple)
    assert value.yakuman == paid
    assert value.limit is Limit.YAKUMAN
    assert ron_amount(value, dealer=False) == 32000 * paid


@pytest.mark.parametrize(
    ("han", "fu"),
    [(0, 30), (1, 20), (1, 25), (2, 15), (3, 35), (3, 120), (4, None), (1.5, 30), (True, 30)],
    ids=[
        "0 han is no win",
        "1 han 20 fu is impossible",
        "1 han 25 fu is impossible (chiitoitsu is 2 han)",
        "15 fu does not exist",
        "fu rounds up to tens",
        "more than 110 fu is impossible",
        "4 han needs fu",
        "han must be whole",
        "han is not a boolean",
    ],
)
def test_impossible_han_fu(han, fu):
    with pytest.raises(ScoringError):
        hand_value(han, fu, ASI)


@pytest.mark.parametrize(
    ("winner", "dealer", "paid_as_dealer", "expected"),
    [
        (1, 0, False, [-2000, 4000, -1000, -1000]),
        (0, 0, False, [6000, -2000, -2000, -2000]),
        (1, 0, True, [-2000, 6000, -2000, -2000]),
    ],
    ids=[
        "non-dealer tsumo 3 han 30 fu: 1000/2000",
        "dealer tsumo 3 han 30 fu: 2000 all",
        "juki west: a non-dealer tsumo is paid as a dealer tsumo",
    ],
)
def test_tsumo_deltas(winner, dealer, paid_as_dealer, expected):
    value = hand_value(3, 30, JUKI)
    assert win_deltas(value, winner=winner, dealer=dealer, loser=None, ruleset=JUKI,
                      paid_as_dealer=paid_as_dealer) == expected


@pytest.mark.parametrize(
    ("han", "fu", "winner", "dealer", "expected"),
    [
        (5, None, 1, 0, [-5000, 8000, -3000]),
        (5, None, 0, 0, [12000, -6000, -6000]),
        (1, 30, 1, 0, [-700, 1200, -500]),
        (1, 30, 0, 0, [1600, -800, -800]),
    ],
    ids=[
        "juki sanma: no tsumo loss, non-dealer mangan tsumo collects 8000",
        "juki sanma: no tsumo loss, dealer mangan tsumo collects 12000",
        "juki sanma: no tsumo loss, North's 300 split in halves rounded up: dealer 500+200, non-dealer 300+200",
        "juki sanma: no tsumo loss, a dealer tsumo stays 'all': 500 + half of North's 500 rounded up = 800 all",
    ],
)
def test_sanma_tsumo_without_loss(han, fu, winner, dealer, expected):
    value = hand_value(han, fu, SANMA)
    deltas = win_deltas(value, winner=winner, dealer=dealer, loser=None, ruleset=SANMA)
    assert sum(deltas) == 0
    assert deltas == expected


@pytest.mark.parametrize(
    ("offender", "dealer", "expected"),
    [(0, 0, [-12000, 4000, 4000, 4000]), (2, 0, [4000, 2000, -8000, 2000])],
    ids=["asi: dealer chombo pays 4000 all", "asi: non-dealer chombo pays 2000/4000"],
)
def test_chombo_mangan(offender, dealer, expected):
    assert chombo_mangan_deltas(offender=offender, dealer=dealer, players=4) == expected


@pytest.mark.parametrize(
    ("open_pinfu_fu", "accepted"),
    [(True, False), (False, True)],
    ids=["open pinfu-shape ron is 30 fu: 1 han 20 fu is impossible",
         "without the open-pinfu 2 fu, an open 1 han 20 fu ron exists"],
)
def test_one_han_twenty_fu_follows_the_open_pinfu_rule(open_pinfu_fu, accepted):
    ruleset = preset("tenhou").derive(open_pinfu_fu=open_pinfu_fu)
    if accepted:
        assert hand_value(1, 20, ruleset).base == 20 * 2 ** 3
    else:
        with pytest.raises(ScoringError, match="1 han 20 fu"):
            hand_value(1, 20, ruleset)


@pytest.mark.parametrize(
    ("ruleset", "han", "yaku", "yakuman_entered", "kazoe"),
    [
        pytest.param(ASI, 13, (), False, True, id="thirteen-han-entered-is-a-kazoe-yakuman"),
        pytest.param(ASI, 12, (), False, False, id="twelve-han-is-sanbaiman-not-kazoe"),
        pytest.param(MLEAGUE, 13, (), False, False, id="kazoe-sanbaiman-ruleset-has-no-kazoe-yakuman"),
        pytest.param(ASI, 13, (("riichi", 1), ("chinitsu", 6), ("dora", 6)), False, True,
                     id="a-full-hand-counted-to-thirteen-is-kazoe"),
        pytest.param(ASI, 13, (("daisangen", 13),), False, False, id="a-full-hand-with-a-yakuman-is-not-kazoe"),
    ],
)
def test_kazoe_is_a_yakuman_reached_by_counting_han(ruleset, han, yaku, yakuman_entered, kazoe):
    value = hand_value(han, None, ruleset)
    assert is_kazoe(value, yaku, yakuman_entered=yakuman_entered, han_entered=None if yaku else han) is kazoe


def test_a_yakuman_entered_as_a_multiple_is_not_kazoe():
    value = hand_value(0, None, ASI, yakuman=1)
    assert is_kazoe(value, (), yakuman_entered=True, han_entered=None) is False


@pytest.mark.parametrize(
    ("han", "limit"),
    [
        pytest.param(4, None, id="below-5-han-the-fu-decide"),
        pytest.param(5, Limit.MANGAN, id="5-han-mangan"),
        pytest.param(7, Limit.HANEMAN, id="6-7-han-haneman"),
        pytest.param(10, Limit.BAIMAN, id="8-10-han-baiman"),
        pytest.param(12, Limit.SANBAIMAN, id="11-12-han-sanbaiman"),
    ],
)
def test_the_limit_a_hand_reaches_by_its_han(han, limit):
    assert limit_by_han(han) is limit
