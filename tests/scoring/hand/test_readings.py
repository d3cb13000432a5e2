"""The best reading is chosen on our fu, not on the library's.

A hand can have several readings (decompositions, and for each the group the winning tile
completed). The library scores each reading and keeps the best; our fu rules (A.S.I.: no
tsumo fu on rinshan kaihou; the ruleset's double-wind pair; the tsumo fu of an open hand
when there is no open-pinfu fu) are applied to every reading before that choice
(``scoring.hand.readings._reading_fu``; for the library's own search,
``scoring.hand.estimate.ClubFuCalculator``). Each case below has two readings; the test
also checks that both readings were scored under our rule, and that the library's search
scores the same readings the same way.

Payment table: base = fu x 2^(han+2); non-dealer ron 4x, dealer ron 6x, tsumo 1x/2x, up to 100.
"""

from __future__ import annotations

import sys

import pytest

from scoring.errors import HandError
from scoring.hand import HandContext, cli_result, evaluate
from scoring.hand import readings as search
from scoring.hand.evaluate import evaluate_with_library
from scoring.payments import HandValue
from scoring.rules import preset

ASI = preset("asi-shirai")
JUKI = preset("juki-agit-2026")
DOUBLE_WIND_2 = JUKI.derive(double_wind_pair_fu=2)
NO_OPEN_PINFU = JUKI.derive(open_pinfu_fu=False)

engine = sys.modules["scoring.hand.estimate"]


def hand(tiles: str, win: str, *, seat: str = "S", melds=(), **flags) -> dict:
    h = {"tiles": tiles, "win": win, "seat_wind": seat, "round_wind": "E", **flags}
    if melds:
        h["melds"] = [{"kind": k, "tiles": t} for k, t in melds]
    return h


@pytest.fixture
def readings(monkeypatch):
    """The fu of every reading our search scored, as (reason, fu) lists, after our rules."""
    seen: list[list[tuple[str, int]]] = []
    reading_fu = search._reading_fu

    def spy(*args):  # type: ignore[no-untyped-def]
        details, raw = reading_fu(*args)
        seen.append(sorted(details))
        return details, raw

    monkeypatch.setattr(search, "_reading_fu", spy)
    return seen


@pytest.fixture
def library_readings(monkeypatch):
    """The fu of every reading the library scored (evaluate_with_library), after our rules."""
    seen: list[list[tuple[str, int]]] = []
    club_fu = engine.ClubFuCalculator.calculate_fu

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        details, fu = club_fu(*args, **kwargs)
        seen.append(sorted((d["reason"], d["fu"]) for d in details))
        return details, fu

    monkeypatch.setattr(engine.ClubFuCalculator, "calculate_fu", staticmethod(spy))
    return seen


# 111s 567s 777s 66m + daiminkan 3333s, dealer tsumo on 7s by rinshan kaihou. Two readings:
# 7s completes 567s (ryanmen from 56s) or 777s (shanpon with 66m). Both: 20 + closed terminal
# pon 111s 8 + open simple kan 8 + closed pon 777s 4 (tsumo: it stays closed) = 40, + tsumo 2.
RINSHAN = hand("111567777s66m", "7s", seat="E", melds=[("daiminkan", "3333s")], tsumo=True, rinshan=True)


def test_rinshan_two_readings_asi_without_tsumo_fu(readings) -> None:
    result = evaluate(RINSHAN, ASI)
    # 1 han 40 fu dealer tsumo: 40 x 8 = 320 -> 640 -> 700 all
    assert ([y.id for y in result.yaku], result.han, result.fu, dict(result.points)) == (
        ["rinshan"], 1, 40, {"all": 700})
    assert len(readings) == 2
    assert all(("tsumo", 2) not in r for r in readings)


def test_rinshan_two_readings_juki_keeps_tsumo_fu() -> None:
    result = evaluate(RINSHAN, JUKI)
    # 42 -> 50: 50 x 8 = 400 -> 800 all
    assert (result.fu, dict(result.points)) == (50, {"all": 800})


# 123m 345m 456m 555s 11z (East pair), East seat in the East round, tsumo on 4m. Two readings:
# 4m completes 345m (kanchan, 2 fu) or 456m (ryanmen, 0 fu). 20 + closed pon 4 + tsumo 2 + pair.
# Pair at 2 fu: kanchan 30 -> 30, ryanmen 28 -> 30 (a tie, the kanchan reading has more raw fu).
# Pair at 4 fu: kanchan 32 -> 40, ryanmen 30 -> 30.
DOUBLE_WIND = hand("123m345m456m555s11z", "4m", seat="E", tsumo=True)


def test_double_wind_pair_two_readings_at_2_fu(readings) -> None:
    result = evaluate(DOUBLE_WIND, DOUBLE_WIND_2)
    # menzen tsumo 1 han 30 fu, dealer: 30 x 8 = 240 -> 480 -> 500 all
    assert ([y.id for y in result.yaku], result.fu, dict(result.points)) == (["menzen_tsumo"], 30, {"all": 500})
    assert dict(result.fu_breakdown) == {"base": 20, "closed_pon": 4, "kanchan": 2, "double_valued_pair": 2, "tsumo": 2}
    assert len(readings) == 2
    assert all(("double_valued_pair", 2) in r for r in readings)


def test_double_wind_pair_two_readings_at_4_fu() -> None:
    result = evaluate(DOUBLE_WIND, JUKI)
    # 1 han 40 fu: 40 x 8 = 320 -> 640 -> 700 all
    assert (result.fu, dict(result.points)) == (40, {"all": 700})


# Open: chi 678s, then 234m 456m 678p 55s; 4m completes 234m or 456m, both ryanmen: no fu at all.
OPEN_NO_FU = hand("234456m678p55s", "4m", melds=[("chi", "678s")])
# Open: chi 678s, then 345m 456m 678p 55s; 4m completes 345m (kanchan, 2 fu) or 456m (ryanmen).
OPEN_TWO_WAITS = hand("345456m678p55s", "4m", melds=[("chi", "678s")])


def test_no_open_pinfu_fu_two_readings_ron_takes_the_kanchan() -> None:
    # kanchan reading 22 -> 30, ryanmen reading 20 (the library's own option, no change of ours):
    # open tanyao 1 han 30 fu, 30 x 8 x 4 = 960 -> 1000
    result = evaluate(OPEN_TWO_WAITS, NO_OPEN_PINFU)
    assert ([y.id for y in result.yaku], result.fu, dict(result.points)) == (["tanyao"], 30, {"ron": 1000})
    assert dict(result.fu_breakdown) == {"base": 20, "kanchan": 2}


def test_no_open_pinfu_fu_open_tsumo_keeps_its_tsumo_fu(readings) -> None:
    # Both readings: 20 + tsumo 2 = 22 -> 30 (the library would leave them at 20).
    # Non-dealer 1 han 30 fu tsumo: base 240 -> 300 / 500.
    result = evaluate({**OPEN_NO_FU, "tsumo": True}, NO_OPEN_PINFU)
    assert (result.han, result.fu, dict(result.points)) == (1, 30, {"dealer": 500, "non_dealer": 300})
    assert readings == [[("base", 20), ("tsumo", 2)]] * 2


def test_open_pinfu_fu_on() -> None:
    # The library's open-pinfu 2 fu: 22 -> 30.
    result = evaluate(OPEN_NO_FU, JUKI)
    assert (result.fu, dict(result.points)) == (30, {"ron": 1000})


def test_no_open_pinfu_fu_makes_a_1_han_20_fu_ron() -> None:
    # Open tanyao, no fu: 1 han 20 fu (payments.check_han_fu refuses it for han/fu entry).
    # base 20 x 8 = 160: non-dealer ron 640 -> 700, dealer ron 960 -> 1000.
    result = evaluate(OPEN_NO_FU, NO_OPEN_PINFU)
    assert (result.han, result.fu, result.limit, dict(result.points)) == (1, 20, None, {"ron": 700})
    assert result.value == HandValue(han=1, fu=20, yakuman=0, base=160, limit=None)
    dealer = HandContext(seat_wind="E", round_wind="E", is_dealer=True, tsumo=False)
    assert dict(evaluate(OPEN_NO_FU, NO_OPEN_PINFU, dealer).points) == {"ron": 1000}
    assert cli_result(OPEN_NO_FU, NO_OPEN_PINFU) == {
        "yaku": [{"id": "tanyao", "han": 1}], "han": 1, "fu": 20, "yakuman": 0, "limit": None,
        "points": {"ron": 700},
    }
    # With dora it is an ordinary 2 han 20 fu: 20 x 16 x 4 = 1280 -> 1300.
    assert dict(evaluate({**OPEN_NO_FU, "dora": ["7p"]}, NO_OPEN_PINFU).points) == {"ron": 1300}


def test_results_do_not_depend_on_call_order() -> None:
    """The library's yaku objects are shared between calls (see _SHARED_YAKU): nothing may leak."""
    juki_wheels = hand("2233445566778p8p", "8p", riichi=True)
    cases = [
        (RINSHAN, ASI), (DOUBLE_WIND, DOUBLE_WIND_2), (OPEN_NO_FU, NO_OPEN_PINFU),
        (hand("234m456p678s345s88p", "2m", riichi=True, dora=["1m", "3p"], ura=["7s", "4s"]), JUKI),
        (hand("23m1m406p406p789s55s", "1m"), ASI),
        (hand("22334444666888s", "8s"), JUKI),
        (hand("22334444666888s", "8s"), JUKI.derive(ryuuiisou_requires_hatsu=True)),
        ({**juki_wheels, "tiles": "22334455667788p"}, JUKI),
        (hand("119m19p19s1234567z", "1m"), JUKI),
    ]

    def run(order):  # type: ignore[no-untyped-def]
        out = {}
        for i in order:
            h, rs = cases[i]
            try:
                out[i] = cli_result(h, rs)
            except HandError as exc:
                out[i] = exc.message
        return out

    forward = run(range(len(cases)))
    assert run(reversed(range(len(cases)))) == forward
    assert run([i for i in range(len(cases)) for _ in range(2)]) == forward


@pytest.mark.parametrize("case", ["rinshan", "double_wind", "open_tsumo"])
def test_the_library_scores_the_same_readings_the_same_way(case: str, readings, library_readings) -> None:
    h, ruleset = {
        "rinshan": (RINSHAN, ASI), "double_wind": (DOUBLE_WIND, DOUBLE_WIND_2),
        "open_tsumo": ({**OPEN_NO_FU, "tsumo": True}, NO_OPEN_PINFU),
    }[case]
    assert evaluate(h, ruleset) == evaluate_with_library(h, ruleset)
    assert len(readings) == 2
    assert readings == library_readings
