"""Juki §8 "Sanma tile set": which suit's 2 to 8 the three-player set lacks is the club's choice
(``Ruleset.sanma_tiles``). The removed suit keeps its 1 and 9, which indicate each other as dora, and a
hand or an indicator holding one of its 2 to 8 is refused."""

from __future__ import annotations

import pytest

from scoring.errors import HandError
from scoring.hand import cli_result
from scoring.rule_docs import option_texts, value_text
from scoring.rules import PRESETS, OptionGroup, SanmaTiles, preset

SANMA = preset("juki-agit-sanma-2026")
JUKI = preset("juki-agit-2026")
OTHER_SUITS = {"m": ("p", "s"), "p": ("m", "s"), "s": ("m", "p")}
SETS = [pytest.param(SanmaTiles.NO_2M_8M, "m", id="2m-8m removed"),
        pytest.param(SanmaTiles.NO_2P_8P, "p", id="2p-8p removed"),
        pytest.param(SanmaTiles.NO_2S_8S, "s", id="2s-8s removed")]


def _hand(removed: str, terminal: str, indicator: str) -> dict:
    """A closed tsumo (menzen tsumo only) with a triplet of the removed suit's ``terminal``, no red fives."""
    a, b = OTHER_SUITS[removed]
    return {"tiles": f"{terminal * 3}{removed}234{a}567{a}345{b}11{b}", "win": f"3{b}", "seat_wind": "S",
            "round_wind": "E", "tsumo": True, "dora": [indicator]}


def _dora(result: dict) -> int:
    return sum(y["han"] for y in result["yaku"] if y["id"] == "dora")


@pytest.mark.parametrize(("tiles", "removed"), SETS)
@pytest.mark.parametrize(("terminal", "indicator"), [pytest.param("9", "1", id="1 indicates 9"),
                                                     pytest.param("1", "9", id="9 indicates 1")])
def test_sanma_tile_set_the_removed_suits_one_and_nine_indicate_each_other(tiles, removed, terminal, indicator):
    rules = SANMA.derive(sanma_tiles=tiles)
    out = cli_result(_hand(removed, terminal, f"{indicator}{removed}"), rules)
    assert _dora(out) == 3


BY_SUIT = {"m": SanmaTiles.NO_2M_8M, "p": SanmaTiles.NO_2P_8P, "s": SanmaTiles.NO_2S_8S}


@pytest.mark.parametrize(("nines", "removed"), [
    pytest.param(n, r, id=f"9{n} under {r} removed") for n in "mps" for r in "mps" if n != r])
def test_sanma_tile_set_a_kept_suits_one_indicates_its_two(nines, removed):
    """Only the removed suit wraps 1 to 9: under another set, 1 indicates 2 as in 4-player."""
    third = ({"m", "p", "s"} - {nines, removed}).pop()
    hand = {"tiles": f"999{nines}234{third}567{third}345{third}11{removed}", "win": f"3{third}",
            "seat_wind": "S", "round_wind": "E", "tsumo": True, "dora": [f"1{nines}"]}
    assert _dora(cli_result(hand, SANMA.derive(sanma_tiles=BY_SUIT[removed]))) == 0
    assert _dora(cli_result(hand, SANMA.derive(sanma_tiles=BY_SUIT[nines]))) == 3


@pytest.mark.parametrize(("tiles", "removed"), SETS)
@pytest.mark.parametrize("rank", [2, 5, 8])
def test_sanma_tile_set_refuses_the_removed_tiles(tiles, removed, rank):
    rules = SANMA.derive(sanma_tiles=tiles)
    a, b = OTHER_SUITS[removed]
    hand = {"tiles": f"{rank}{rank}{rank}{removed}234{a}567{a}345{b}11{b}", "win": f"3{b}", "seat_wind": "S",
            "round_wind": "E", "tsumo": True}
    with pytest.raises(HandError, match=f"no 2{removed}-8{removed}") as refused:
        cli_result(hand, rules)
    assert f"{rank}{removed}" in str(refused.value)
    assert "2" + removed + "-8" + removed + "이 없습니다" in refused.value.localized("ko")


@pytest.mark.parametrize(("tiles", "removed"), SETS)
def test_sanma_tile_set_refuses_a_removed_dora_indicator(tiles, removed):
    rules = SANMA.derive(sanma_tiles=tiles)
    hand = _hand(removed, "9", f"5{removed}")
    with pytest.raises(HandError, match=f"5{removed}"):
        cli_result(hand, rules)


def test_sanma_tile_set_is_unused_in_four_player():
    hand = {"tiles": "234m456p678s345s88p", "win": "2m", "seat_wind": "S", "round_wind": "E", "riichi": True,
            "dora": ["1p"]}
    for tiles in SanmaTiles:
        assert cli_result(hand, JUKI.derive(sanma_tiles=tiles)) == cli_result(hand, JUKI)


def test_sanma_tile_set_every_preset_keeps_the_usual_set():
    assert {rules.sanma_tiles for rules in PRESETS.values()} == {SanmaTiles.NO_2M_8M}


@pytest.mark.parametrize(("value", "korean"), [
    pytest.param("no_2m_8m", "2만~8만을 뺌", id="2m-8m"),
    pytest.param("no_2p_8p", "2통~8통을 뺌", id="2p-8p"),
    pytest.param("no_2s_8s", "2삭~8삭을 뺌", id="2s-8s"),
])
def test_sanma_tile_set_is_a_club_reading_with_korean_words(value, korean):
    text = option_texts("ko")["sanma_tiles"]
    assert text.group is OptionGroup.READINGS
    assert text.label == "3인 패 구성"
    assert value_text("sanma_tiles", value, "ko").startswith(korean)
    rules = SANMA.derive(sanma_tiles=value)
    assert type(rules).from_dict(rules.to_dict()).sanma_tiles is SanmaTiles(value)


def test_sanma_tile_set_refuses_an_unknown_set():
    with pytest.raises(Exception, match="sanma_tiles"):
        SANMA.derive(sanma_tiles="no_honors")
