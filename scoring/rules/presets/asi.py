"""The A.S.I. Shirai club ruleset (provisional), from ../shared/rules (the Korean source's digest)."""

from __future__ import annotations

from scoring.rules.ruleset import (
    Abort,
    ChomboStyle,
    ClosedKanRob,
    Deposits,
    Nagashi,
    Pao,
    Ruleset,
    Yame,
)
from scoring.vocabulary import PenaltyType

ASI_SHIRAI = Ruleset(
    key="asi-shirai",
    name="A.S.I. Shirai (provisional)",
    version="provisional",
    uma=(20000, 10000, -10000, -20000),
    agari_yame=Yame.AUTO,
    tenpai_yame=Yame.AUTO,
    yame_min_points=30000,
    yame_below_min_goes_west=True,
    west_entry=True,
    west_entry_target=30000,
    sudden_death=True,
    north_entry=False,
    tobi=True,
    tobi_at_zero=False,
    keep_negative_scores=True,
    abortive_draws=frozenset(Abort),
    nagashi=Nagashi.DRAW,
    nagashi_dealer_keeps=False,
    max_ron_winners=2,
    triple_ron_abort=True,
    multi_ron_honba=Deposits.HEAD_BUMP,
    kiriage=False,
    yakuman_stacking=True,
    red_fives=(1, 2, 1),
    rinshan_tsumo_fu=False,
    double_wind_pair_fu=4,
    open_pinfu_fu=True,
    closed_kan_rob=ClosedKanRob.NONE,
    pao=frozenset({Pao.DAISANGEN, Pao.DAISUUSHII, Pao.SUUKANTSU, Pao.DAIMINKAN_RINSHAN}),
    pao_partial=False,
    daiminkan_rinshan_pao_ron_value=True,
    penalties=frozenset(
        {
            PenaltyType.PENALTY_POINT,
            PenaltyType.AGARI_FORBIDDEN,
            PenaltyType.CHOMBO,
            PenaltyType.DELIBERATE_CHOMBO,
        }
    ),
    chombo_style=ChomboStyle.MANGAN,
    chombo_replay=True,
    chombo_dealer_passes=True,
    deliberate_chombo_amount=30000,
    penalty_point_value=1000,
    penalty_points_to_chombo=3,
    yellow_cards_to_chombo=None,
)
