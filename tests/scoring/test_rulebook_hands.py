"""Full-hand rulebook cases (scoring.hand.cli_result), worked by hand from the Korean sources.

ASI = seeds/002 (A.S.I. Shirai), Juki = seeds/004 (Juki's Agit 2026), fu table from seeds/003.
Expected values are computed in the comments: base = fu x 2^(han+2); non-dealer ron = base x 4,
dealer ron = base x 6, tsumo = base (x2 from the dealer), each rounded up to 100.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import ScoringError
from scoring.hand import cli_result
from scoring.rules import preset

ASI = "asi-shirai"
JUKI = "juki-agit-2026"
SANMA = "juki-agit-sanma-2026"


def hand(tiles: str, win: str, *, seat: str = "S", rnd: str = "E", **kw: Any) -> dict:
    out: dict[str, Any] = {"tiles": tiles, "win": win, "seat_wind": seat, "round_wind": rnd,
                           "tsumo": False, "dora": [], "ura": []}
    out.update(kw)
    return out


def yaku_ids(result: dict) -> dict[str, int]:
    return {y["id"]: y["han"] for y in result["yaku"]}


# tanyao 1 + pinfu 1 (ron on 67s for 8s) + two red 5p ("5통 2장", ASI 1-n) = 4 han; fu 20+10 = 30.
TWO_RED_5P = "234m406p067p678s88s"

# rinshan tsumo on a closed hand: ankan 8888p (simples 16), 222m concealed triplet (4), 99s pair,
# 567s ryanmen: 20+16+4 = 40 fu without the tsumo 2 fu (ASI 3-a), 42 -> 50 fu with it (Juki 4).
RINSHAN = hand("222m456p56799s", "7s", tsumo=True, rinshan=True, melds=[{"kind": "ankan", "tiles": "8888p"}])

# dealer East in East round, 11z pair: 20 + 10 closed ron + 8 (999m concealed) + 4 (연풍패 머리) = 42 -> 50
DOUBLE_WIND = hand("999m567p345678s11z", "3s", seat="E", riichi=True)

CASES = [
    pytest.param(ASI, hand(TWO_RED_5P, "8s"),
                 {"han": 4, "fu": 30, "points": {"ron": 7700}, "aka_dora": 2},
                 id="asi: two red 5p count 2 aka; 4 han 30 fu = 7,700 (no kiriage)"),
    pytest.param(ASI, hand(TWO_RED_5P, "8s", seat="E"),
                 {"han": 4, "fu": 30, "points": {"ron": 11600}, "aka_dora": 2},
                 id="asi: 4 han 30 fu dealer = 11,600 (no kiriage)"),
    pytest.param(JUKI, hand("234m406p567p678s88s", "8s"),
                 {"han": 3, "fu": 30, "points": {"ron": 3900}, "aka_dora": 1},
                 id="juki: one red 5p = 1 aka; 3 han 30 fu = 3,900"),
    pytest.param(ASI, RINSHAN,
                 # 2 han (menzen tsumo, rinshan) 40 fu: base 640 -> 700 / 1,300
                 {"han": 2, "fu": 40, "points": {"dealer": 1300, "non_dealer": 700}},
                 id="asi: no tsumo fu on rinshan kaihou"),
    pytest.param(JUKI, RINSHAN,
                 # 2 han 50 fu: base 800 -> 800 / 1,600
                 {"han": 2, "fu": 50, "points": {"dealer": 1600, "non_dealer": 800}},
                 id="juki: rinshan kaihou keeps the tsumo 2 fu"),
    pytest.param(ASI, DOUBLE_WIND,
                 # riichi 1 han 50 fu dealer ron: 50 x 8 x 6 = 2,400
                 {"han": 1, "fu": 50, "points": {"ron": 2400}},
                 id="asi: double-wind pair is 4 fu (더블동 4부)"),
    pytest.param(JUKI, DOUBLE_WIND, {"han": 1, "fu": 50, "points": {"ron": 2400}},
                 id="juki: double-wind pair is 4 fu (연풍패 머리 4부)"),
    pytest.param(JUKI, hand("22334455667788p", "5p"),
                 {"yakuman": 1, "points": {"ron": 32000}, "daisharin": 13},
                 id="juki: daisharin (closed) is a local yakuman"),
    pytest.param(JUKI, hand("22334455667788m", "5m"), {"yakuman": 1, "points": {"ron": 32000}},
                 id="juki: daisuurin (closed) is a local yakuman"),
    pytest.param(JUKI, hand("22334455667788s", "5s"), {"yakuman": 1, "points": {"ron": 32000}},
                 id="juki: daichikurin (closed) is a local yakuman"),
    pytest.param(JUKI, hand("23455667788p", "5p", melds=[{"kind": "chi", "tiles": "234p"}]),
                 # open: chinitsu 5 + tanyao 1 = 6 = haneman 12,000, not daisharin (◎ closed only)
                 {"yakuman": 0, "han": 6, "points": {"ron": 12000}},
                 id="juki: an open wheel shape is not the local yakuman"),
    pytest.param(ASI, hand("22334455667788p", "5p"),
                 # no local yakuman in ASI: chinitsu 6 + ryanpeikou 3 + pinfu 1 + tanyao 1 = 11 = sanbaiman 24,000
                 {"yakuman": 0, "han": 11, "points": {"ron": 24000}},
                 id="asi: no daisharin; the wheel is sanbaiman"),
    pytest.param(ASI, hand("23334455666778s", "2s", tsumo=True, riichi=True, dora=["5s"], ura=["2s"]),
                 # riichi, tsumo, tanyao, chinitsu 6 = 9+; dora 6s x3, ura 3s x3 -> 15+ han: kazoe yakuman 8,000/16,000
                 {"yakuman": 1, "limit": "yakuman", "points": {"dealer": 16000, "non_dealer": 8000}},
                 id="asi: 13+ han is a kazoe yakuman (판수역만)"),
    pytest.param(JUKI, hand("23334455666778s", "2s", tsumo=True, riichi=True, dora=["5s"], ura=["2s"]),
                 {"yakuman": 1, "limit": "yakuman", "points": {"dealer": 16000, "non_dealer": 8000}},
                 id="juki: 13+ han is a kazoe yakuman (헤아림 역만)"),
    pytest.param(ASI, hand("22334444666888s", "8s"), {"yakuman": 1, "points": {"ron": 32000}},
                 id="asi: ryuuiisou without hatsu (발 없이 가능)"),
    pytest.param(ASI, hand("111m333p555s777s22z", "2z", tsumo=True),
                 {"yakuman": 2, "points": {"dealer": 32000, "non_dealer": 16000}},
                 id="asi: suuankou tanki is a double yakuman"),
    pytest.param(JUKI, hand("111m333p555s777s22z", "2z", tsumo=True),
                 {"yakuman": 2, "points": {"dealer": 32000, "non_dealer": 16000}},
                 id="juki: suuankou tanki is a double yakuman"),
    pytest.param(ASI, hand("234m567p345678s55s", "2m", tsumo=True),
                 # menzen tsumo + pinfu + tanyao = 3 han 20 fu: base 640 -> 700 / 1,300
                 {"han": 3, "fu": 20, "points": {"dealer": 1300, "non_dealer": 700}},
                 id="asi: tsumo pinfu is 20 fu (쯔모핑후 있음)"),
    pytest.param(JUKI, hand("234m567p345678s55s", "2m", renhou=True),
                 {"yakuman": 1, "points": {"ron": 32000}},
                 id="juki: renhou (인화) is a yakuman"),
    pytest.param(ASI, hand("234m567p345678s55s", "2m", renhou=True),
                 # 2e lists no renhou: the first-turn ron is pinfu + tanyao, 2 han 30 fu = 2,000
                 {"han": 2, "fu": 30, "points": {"ron": 2000}, "renhou": None, "pinfu": 1},
                 id="asi: no renhou in the ASI yaku list, the win scores its other yaku"),
    pytest.param(SANMA, hand("999m567p345678s55s", "3s", riichi=True, flowers=2),
                 # riichi 1 + 2 flowers (digest interp.: 1 dora each) = 3 han; 20+10+8 = 38 -> 40 fu: 5,200
                 {"han": 3, "fu": 40, "points": {"ron": 5200}, "flower_dora": 2},
                 id="juki sanma: flowers count as dora"),
]


@pytest.mark.parametrize(("ruleset", "h", "expected"), CASES)
def test_rulebook_hand(ruleset, h, expected):
    result = cli_result(h, preset(ruleset))
    ids = yaku_ids(result)
    for key, value in expected.items():
        if key in ("han", "fu", "points", "yakuman", "limit"):
            assert result[key] == value, (key, result)
        else:
            assert ids.get(key) == value, (key, result)


REFUSED = [
    pytest.param(JUKI, hand(TWO_RED_5P, "8s"), id="juki: only one red 5p (적도라 5만, 5통, 5삭 1장씩)"),
    pytest.param(ASI, hand("234m567p345678s55s", "2m", melds=[], riichi=True, tsumo=True, chankan=True),
                 id="asi: chankan is a ron, never a tsumo"),
]


@pytest.mark.parametrize(("ruleset", "h"), REFUSED)
def test_rulebook_hand_refused(ruleset, h):
    with pytest.raises(ScoringError):
        cli_result(h, preset(ruleset))
