"""Public rulesets: Tenhou, Mahjong Soul, M-League, WRC, EMA (documented, with what we were
unsure of, in docs/rulesets.md)."""

from __future__ import annotations

from scoring.rules.ruleset import (
    STANDARD_DOUBLE_YAKUMAN,
    Abort,
    ChomboStyle,
    ClosedKanRob,
    Deposits,
    GameLength,
    Kazoe,
    LeftoverSticks,
    Nagashi,
    Pao,
    PaoHonba,
    Renhou,
    Ruleset,
    TieRule,
    Yame,
)
from scoring.vocabulary import PenaltyType

TENHOU = Ruleset(
    key="tenhou",
    name="Tenhou (kuitan, aka-ari, hanchan)",
    version="2022",
    uma=(20000, 10000, -10000, -20000),
    agari_yame=Yame.AUTO,
    tenpai_yame=Yame.AUTO,
    yame_min_points=30000,
    west_entry=True,
    west_entry_target=30000,
    sudden_death=True,
    north_entry=False,
    tobi=True,
    tobi_at_zero=False,
    abortive_draws=frozenset(Abort),
    nagashi=Nagashi.DRAW,
    nagashi_dealer_keeps=False,
    max_ron_winners=2,
    triple_ron_abort=True,
    multi_ron_honba=Deposits.HEAD_BUMP,
    kiriage=False,
    yakuman_stacking=True,
    # Tenhou pays suuankou tanki, kokushi 13-sided, junsei chuuren and daisuushii as single
    # yakuman (a suuankou tanki ron in the shared logs pays 32,000); only distinct yakuman stack.
    double_yakuman=frozenset(),
    red_fives=(1, 1, 1),
    rinshan_tsumo_fu=True,
    closed_kan_rob=ClosedKanRob.KOKUSHI,
    pao=frozenset({Pao.DAISANGEN, Pao.DAISUUSHII}),
    # A pao ron off a third player: the liable player pays the honba with their half (a 2010 鳳南喰
    # game, East 2 honba 1, daisangen ron with pao: [+32300, -16000, -16300, 0], liable seat 2).
    pao_ron_honba=PaoHonba.LIABLE,
    penalties=frozenset({PenaltyType.CHOMBO}),
)

# Tenhou three-player (sanma). The converter checks these against a log's own numbers; sources in
# docs/rulesets.md: 35,000 start, 40,000 return (oka 15,000), tsumo loss, 200 per honba (100 from each
# payer on a tsumo), 2,000 noten in all, kita, red 5p and 5s, no chi (not a scoring matter).
TENHOU_SANMA = TENHOU.derive(
    key="tenhou-sanma",
    name="Tenhou 3-player (kuitan, aka-ari, hanchan)",
    version="2022",
    players=3,
    start_points=35000,
    return_points=40000,
    oka=15000,
    uma=(15000, 0, -15000),
    west_entry_target=40000,
    yame_min_points=40000,
    honba_value=200,
    noten_payment=2000,
    sanma_tsumo_loss=True,
    kita=True,
    red_fives=(0, 1, 1),
    # Four winds and four riichi need four players; three rons on one discard cannot happen.
    abortive_draws=frozenset({Abort.NINE_TERMINALS, Abort.FOUR_KANS}),
)

TENHOU_SANMA_EAST = TENHOU_SANMA.derive(
    key="tenhou-sanma-east",
    name="Tenhou 3-player (kuitan, aka-ari, East only)",
    length=GameLength.EAST,
)

# Mahjong Soul ranked rooms (段位戦; casual rooms play the same rules). Final points are
# (score - start) / 1000 + uma with no oka, e.g. 51,600 -> +41.6 in a 4-player game; kiriage is off
# (30 fu 4 han pays 7,700). Sources and what is unconfirmed: docs/rulesets.md.
MAHJONG_SOUL = TENHOU.derive(
    key="mahjong-soul",
    name="Mahjong Soul (ranked, hanchan)",
    version="2025",
    return_points=25000,
    oka=0,
    uma=(15000, 5000, -5000, -15000),
    max_ron_winners=2,
    triple_ron_abort=True,
    multi_ron_honba=Deposits.EACH,
    pao=["daisangen", "daisuushii", "suukantsu"],
    # Not Tenhou's: who pays a pao ron's honba on Mahjong Soul is unconfirmed (today's reading kept).
    pao_ron_honba=PaoHonba.DISCARDER,
    double_yakuman=sorted(STANDARD_DOUBLE_YAKUMAN),
    yakuman_cap=6,
    kiriage=False,
    # The ranked-rules page says a player left with exactly 0 is bust; a wiki says not (kept).
    tobi_at_zero=True,
)

MAHJONG_SOUL_EAST = MAHJONG_SOUL.derive(
    key="mahjong-soul-east",
    name="Mahjong Soul (ranked, East only)",
    length=GameLength.EAST,
)

MAHJONG_SOUL_SANMA = MAHJONG_SOUL.derive(
    key="mahjong-soul-sanma",
    name="Mahjong Soul 3-player (ranked, hanchan)",
    players=3,
    start_points=35000,
    return_points=35000,
    oka=0,
    uma=(15000, 0, -15000),
    west_entry_target=40000,
    yame_min_points=40000,
    honba_value=200,
    noten_payment=2000,
    sanma_tsumo_loss=True,
    kita=True,
    red_fives=(0, 1, 1),
    abortive_draws=frozenset({Abort.NINE_TERMINALS, Abort.FOUR_KANS}),
)

MAHJONG_SOUL_SANMA_EAST = MAHJONG_SOUL_SANMA.derive(
    key="mahjong-soul-sanma-east",
    name="Mahjong Soul 3-player (ranked, East only)",
    length=GameLength.EAST,
)

M_LEAGUE = Ruleset(
    key="m-league",
    name="M-League",
    version="2024",
    uma=(30000, 10000, -10000, -30000),
    tie_rule=TieRule.SPLIT,
    agari_yame=Yame.NONE,
    tenpai_yame=Yame.NONE,
    west_entry=False,
    tobi=False,
    # No tobi, and a player below 1,000 (even negative) may still declare riichi.
    riichi_min_points=None,
    # No abortive draws: nine terminals, four winds, four riichi and four kans all play on.
    abortive_draws=frozenset(),
    nagashi=Nagashi.NONE,
    max_ron_winners=1,
    triple_ron_abort=False,
    kiriage=True,
    kazoe=Kazoe.SANBAIMAN,
    # One source says distinct yakuman do stack (daisangen + tsuuiisou = double) while single hands
    # (suuankou tanki, kokushi 13-sided...) are never double; kept unstacked (pinned by
    # tests/scoring/hand/test_yakuman.py and test_settle_win.py) until confirmed.
    yakuman_stacking=False,
    yakuman_cap=1,
    double_yakuman=frozenset(),
    red_fives=(1, 1, 1),
    closed_kan_rob=ClosedKanRob.NONE,
    pao=frozenset({Pao.DAISANGEN, Pao.DAISUUSHII}),
    penalties=frozenset({PenaltyType.CHOMBO}),
    chombo_style=ChomboStyle.POINTS,
    chombo_season_points=20.0,
)

WRC_2025 = Ruleset(
    key="wrc-2025",
    name="World Riichi Championship 2025",
    version="2025",
    start_points=30000,
    return_points=30000,
    oka=0,
    uma=(15000, 5000, -5000, -15000),
    tie_rule=TieRule.SPLIT,
    # Riichi sticks left at the end are not given to anyone (the EMA lists "riichi bets at game end
    # go to the winner" as one of its differences from the WRC rules).
    leftover_sticks=LeftoverSticks.LOST,
    agari_yame=Yame.NONE,
    tenpai_yame=Yame.NONE,
    west_entry=False,
    tobi=False,
    riichi_min_points=1000,
    abortive_draws=frozenset(),
    nagashi=Nagashi.NONE,
    # Head bump: only the claimant nearest the discarder wins (WRC rules 5.7.6).
    max_ron_winners=1,
    triple_ron_abort=False,
    multi_ron_honba=Deposits.HEAD_BUMP,
    kiriage=True,
    kazoe=Kazoe.SANBAIMAN,
    # Since the 2022 revision distinct yakuman in one hand add up; no hand is a double yakuman by
    # itself; 13+ han without a yakuman stays sanbaiman.
    yakuman_stacking=True,
    double_yakuman=frozenset(),
    renhou=Renhou.MANGAN,
    red_fives=(0, 0, 0),
    pao=frozenset({Pao.DAISANGEN, Pao.DAISUUSHII}),
    penalties=frozenset({PenaltyType.CHOMBO}),
    chombo_style=ChomboStyle.POINTS,
    # The 2022 revision raised the chombo to 30 points.
    chombo_season_points=30.0,
)

EMA_2025 = Ruleset(
    key="ema-2025",
    name="EMA Riichi Competition Rules 2025",
    version="2025",
    start_points=30000,
    return_points=30000,
    oka=0,
    uma=(15000, 5000, -5000, -15000),
    tie_rule=TieRule.SPLIT,
    # The EMA's 2016 notice: riichi bets left at game end go to the winner (first place).
    leftover_sticks=LeftoverSticks.TO_FIRST,
    agari_yame=Yame.NONE,
    tenpai_yame=Yame.NONE,
    west_entry=False,
    tobi=False,
    riichi_min_points=1000,
    abortive_draws=frozenset(),
    nagashi=Nagashi.NONE,
    # Double and triple ron are allowed, each winner paid separately; riichi sticks to the winner
    # nearest the discarder; each winning hand gets the counters (unconfirmed, see docs).
    max_ron_winners=3,
    triple_ron_abort=False,
    multi_ron_honba=Deposits.EACH,
    kiriage=False,
    kazoe=Kazoe.SANBAIMAN,
    # RCR 2016: the highest score is a single yakuman (daisuushii is no longer double).
    yakuman_stacking=False,
    yakuman_cap=1,
    double_yakuman=frozenset(),
    renhou=Renhou.MANGAN,
    red_fives=(0, 0, 0),
    pao=frozenset({Pao.DAISANGEN, Pao.DAISUUSHII}),
    penalties=frozenset({PenaltyType.CHOMBO}),
    chombo_style=ChomboStyle.POINTS,
    chombo_season_points=20.0,
)
