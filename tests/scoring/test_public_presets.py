"""The public presets against their published rules (sources in docs/rulesets.md)."""

import pytest

from scoring.rules import (
    Abort,
    ChomboStyle,
    ClosedKanRob,
    Deposits,
    GameLength,
    Kazoe,
    LeftoverSticks,
    Nagashi,
    Pao,
    Renhou,
    TieRule,
    Yame,
    preset,
)

CASES = [
    # Tenhou (tenhou.net rules; checked against real logs)
    ("tenhou", {"start_points": 25000, "return_points": 30000, "oka": 20000,
                "uma": (20000, 10000, -10000, -20000), "tie_rule": TieRule.SEAT_ORDER,
                "leftover_sticks": LeftoverSticks.TO_FIRST},
     "tenhou: 25,000/30,000, oka 20, uma 10-20, ties by seat, leftover sticks to 1st"),
    ("tenhou", {"west_entry": True, "west_entry_target": 30000, "agari_yame": Yame.AUTO,
                "tenpai_yame": Yame.AUTO, "tobi": True, "tobi_at_zero": False},
     "tenhou: West entry to 30,000, automatic agari-/tenpai-yame, bust below 0"),
    ("tenhou", {"max_ron_winners": 2, "triple_ron_abort": True, "abortive_draws": frozenset(Abort),
                "nagashi": Nagashi.DRAW, "kiriage": False, "kazoe": Kazoe.YAKUMAN,
                "double_yakuman": frozenset(), "red_fives": (1, 1, 1)},
     "tenhou: double ron, triple ron aborts, all abortive draws, no kiriage, no double yakuman"),
    # Tenhou three-player (issue #14: measured on Tenhou sanma logs; docs/rulesets.md)
    ("tenhou-sanma", {"players": 3, "start_points": 35000, "return_points": 40000, "oka": 15000,
                      "uma": (15000, 0, -15000), "west_entry_target": 40000, "yame_min_points": 40000},
     "tenhou-sanma: 35,000/40,000, oka 15, uma 15/0/15, West entry and agari-yame at 40,000"),
    ("tenhou-sanma", {"honba_value": 200, "noten_payment": 2000, "sanma_tsumo_loss": True, "kita": True,
                      "red_fives": (0, 1, 1), "kiriage": False},
     "tenhou-sanma: 200 per honba (100 from each tsumo payer), 2,000 noten, tsumo loss, kita, red 5p 5s"),
    ("tenhou-sanma", {"abortive_draws": frozenset({Abort.NINE_TERMINALS, Abort.FOUR_KANS}),
                      "length": GameLength.HANCHAN},
     "tenhou-sanma: only nine terminals and four kans abort (four winds/riichi need four players)"),
    ("tenhou-sanma-east", {"length": GameLength.EAST, "players": 3, "honba_value": 200, "noten_payment": 2000},
     "tenhou-sanma-east: the East-only twin"),
    # Mahjong Soul ranked rooms (riichi.wiki Majsoul; converted logs' points; docs/rulesets.md)
    ("mahjong-soul", {"start_points": 25000, "return_points": 25000, "oka": 0,
                      "uma": (15000, 5000, -5000, -15000), "length": GameLength.HANCHAN},
     "mahjong-soul: points are (score - 25,000)/1000 + uma 15/5, no oka (51,600 -> +41.6)"),
    ("mahjong-soul", {"kiriage": False, "tobi_at_zero": True, "tie_rule": TieRule.SEAT_ORDER,
                      "leftover_sticks": LeftoverSticks.TO_FIRST, "riichi_min_points": 1000},
     "mahjong-soul: no kiriage (30 fu 4 han pays 7,700), ties by seat, leftover sticks to top"),
    ("mahjong-soul", {"yakuman_cap": 6, "pao": frozenset({Pao.DAISANGEN, Pao.DAISUUSHII, Pao.SUUKANTSU}),
                      "max_ron_winners": 2, "triple_ron_abort": True, "agari_yame": Yame.AUTO,
                      "west_entry_target": 30000},
     "mahjong-soul: 6x yakuman cap, suukantsu pao, triple ron aborts, agari-yame, West to 30,000"),
    ("mahjong-soul-east", {"length": GameLength.EAST, "return_points": 25000, "oka": 0, "kiriage": False},
     "mahjong-soul-east: the East-only room"),
    ("mahjong-soul-sanma", {"players": 3, "start_points": 35000, "return_points": 35000, "oka": 0,
                            "uma": (15000, 0, -15000), "west_entry_target": 40000, "yame_min_points": 40000},
     "mahjong-soul-sanma: 35,000 start measured from 35,000, uma 15/0/15, no oka, 40,000 to end"),
    ("mahjong-soul-sanma", {"honba_value": 200, "noten_payment": 2000, "sanma_tsumo_loss": True, "kita": True,
                            "red_fives": (0, 1, 1), "kiriage": False,
                            "abortive_draws": frozenset({Abort.NINE_TERMINALS, Abort.FOUR_KANS})},
     "mahjong-soul-sanma: 200 per honba, 2,000 noten, tsumo loss, kita, red 5p 5s, two abortive draws"),
    ("mahjong-soul-sanma-east", {"length": GameLength.EAST, "players": 3, "return_points": 35000},
     "mahjong-soul-sanma-east: the East-only three-player room"),
    # M-League (Mリーグ 公式ルール, summaries)
    ("m-league", {"start_points": 25000, "return_points": 30000, "oka": 20000,
                  "uma": (30000, 10000, -10000, -30000), "tie_rule": TieRule.SPLIT,
                  "leftover_sticks": LeftoverSticks.TO_FIRST},
     "m-league: 25,000/30,000, uma 10-30, ties split the uma, sticks to top"),
    ("m-league", {"tobi": False, "west_entry": False, "agari_yame": Yame.NONE, "tenpai_yame": Yame.NONE,
                  "max_ron_winners": 1, "nagashi": Nagashi.NONE},
     "m-league: no tobi, no West, no agari-yame, head bump only"),
    ("m-league", {"kiriage": True, "kazoe": Kazoe.SANBAIMAN, "double_yakuman": frozenset(),
                  "closed_kan_rob": ClosedKanRob.NONE, "red_fives": (1, 1, 1)},
     "m-league: kiriage, no kazoe yakuman, no chankan on an ankan (not even kokushi)"),
    ("m-league", {"chombo_style": ChomboStyle.POINTS, "chombo_season_points": 20.0},
     "m-league: chombo is a 20-point deduction (20,000 equivalent)"),
    # WRC 2025 (World Riichi Championship Rules)
    ("wrc-2025", {"start_points": 30000, "return_points": 30000, "oka": 0,
                  "uma": (15000, 5000, -5000, -15000), "tie_rule": TieRule.SPLIT,
                  "leftover_sticks": LeftoverSticks.LOST},
     "wrc-2025: uma 15/5, no oka, split ties, leftover sticks not awarded"),
    ("wrc-2025", {"max_ron_winners": 1, "triple_ron_abort": False, "abortive_draws": frozenset(),
                  "nagashi": Nagashi.NONE, "tobi": False, "west_entry": False, "agari_yame": Yame.NONE},
     "wrc-2025: head bump only, no abortive draws, no nagashi, no tobi, no agari-yame"),
    ("wrc-2025", {"kiriage": True, "kazoe": Kazoe.SANBAIMAN, "yakuman_stacking": True,
                  "double_yakuman": frozenset(), "renhou": Renhou.MANGAN, "red_fives": (0, 0, 0)},
     "wrc-2025: kiriage, 13 han sanbaiman, distinct yakuman stack, renhou mangan, no red fives"),
    ("wrc-2025", {"chombo_style": ChomboStyle.POINTS},
     "wrc-2025: chombo is a final-score deduction, not a table payment"),
    # EMA RCR (2016 edition; the EMA's notice of its changes)
    ("ema-2025", {"start_points": 30000, "oka": 0, "uma": (15000, 5000, -5000, -15000),
                  "tie_rule": TieRule.SPLIT},
     "ema-2025: 30,000 start, uma 15/5, no oka, split ties"),
    ("ema-2025", {"max_ron_winners": 3, "triple_ron_abort": False, "multi_ron_sticks": Deposits.HEAD_BUMP,
                  "abortive_draws": frozenset(), "nagashi": Nagashi.NONE},
     "ema-2025: double and triple ron, no abortive draws, no nagashi"),
    ("ema-2025", {"kiriage": False, "kazoe": Kazoe.SANBAIMAN, "yakuman_stacking": False, "yakuman_cap": 1,
                  "double_yakuman": frozenset(), "renhou": Renhou.MANGAN, "red_fives": (0, 0, 0)},
     "ema-2025: no kiriage, 13 han sanbaiman, single yakuman at most, renhou mangan, no red fives"),
    ("ema-2025", {"chombo_style": ChomboStyle.POINTS, "chombo_season_points": 20.0,
                  "pao": frozenset({Pao.DAISANGEN, Pao.DAISUUSHII})},
     "ema-2025: chombo 20,000 after uma; pao for daisangen and daisuushii"),
]


@pytest.mark.parametrize(("key", "expected", "_id"), CASES, ids=[c[2] for c in CASES])
def test_public_preset(key, expected, _id):
    rs = preset(key)
    actual = {name: getattr(rs, name) for name in expected}
    assert actual == expected
