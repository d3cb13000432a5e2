"""Juki's Agit club rulesets: the 2026 text and, step by step back through the change log, its
earlier versions; 4- and 3-player. Sources: ../shared/rules; the quotes are in docs/rulesets.md."""

from __future__ import annotations

from scoring.rules.ruleset import (
    LOCAL_YAKUMAN,
    Abort,
    ChomboStyle,
    ClosedKanRob,
    Deposits,
    Kazoe,
    Nagashi,
    Pao,
    Renhou,
    Ruleset,
    TieRule,
    Yame,
)
from scoring.vocabulary import PenaltyType

JUKI_AGIT_2026 = Ruleset(
    key="juki-agit-2026",
    name="Juki's Agit 2026",
    version="2026-01-23",
    uma=(30000, 10000, -10000, -30000),
    tie_rule=TieRule.SEAT_ORDER,
    agari_yame=Yame.OPTIONAL,
    tenpai_yame=Yame.NONE,
    yame_min_points=30000,
    yame_below_min_goes_west=True,
    west_entry=True,
    west_entry_target=30000,
    sudden_death=True,
    north_entry=False,
    tobi=True,
    tobi_at_zero=False,
    keep_negative_scores=True,
    abortive_draws=frozenset(),
    nagashi=Nagashi.WIN,
    max_ron_winners=3,
    triple_ron_abort=False,
    multi_ron_honba=Deposits.HEAD_BUMP,
    kiriage=False,
    kazoe=Kazoe.YAKUMAN,
    yakuman_stacking=True,
    yakuman_cap=None,
    local_yakuman=LOCAL_YAKUMAN,
    renhou=Renhou.YAKUMAN,
    red_fives=(1, 1, 1),
    rinshan_tsumo_fu=True,
    double_wind_pair_fu=4,
    open_pinfu_fu=True,
    closed_kan_rob=ClosedKanRob.KOKUSHI,
    dealer_min_han_from_renchan=5,
    dealer_min_han=2,
    dealer_min_han_counts_dora=False,
    west_wins_paid_as_dealer=True,
    pao=frozenset({Pao.DAISANGEN, Pao.DAISUUSHII}),
    pao_partial=True,
    penalties=frozenset(
        {
            PenaltyType.EXPULSION,
            PenaltyType.CHOMBO,
            PenaltyType.AGARI_FORBIDDEN,
            PenaltyType.YELLOW_CARD,
            PenaltyType.VERBAL_WARNING,
            PenaltyType.DECLARATION_VOID,
        }
    ),
    chombo_style=ChomboStyle.FIXED_EACH,
    chombo_amount=3000,
    chombo_replay=True,
    chombo_dealer_passes=False,
    deliberate_chombo_amount=None,
    penalty_points_to_chombo=None,
    yellow_cards_to_chombo=2,
)

JUKI_AGIT_SANMA_2026 = JUKI_AGIT_2026.derive(
    key="juki-agit-sanma-2026",
    name="Juki's Agit 2026 (3-player)",
    players=3,
    start_points=30000,
    return_points=30000,
    oka=0,
    uma=(20000, 0, -20000),
    sanma_tsumo_loss=False,
    flowers=4,
    flower_dora=True,
    red_fives=(0, 1, 1),
)

# Juki's Agit, earlier versions. Each step undoes one change-log entry of source 004 (the Korean
# text wins over the digest), newest first; what is not in the log is as in the 2026 text. The
# quotes and the gaps are in docs/rulesets.md ("Juki's Agit versions").
_JUKI_SANMA = dict(
    players=3, start_points=30000, return_points=30000, oka=0, uma=(20000, 0, -20000), red_fives=(0, 1, 1)
)

# 2025-12-02 (2026 preseason) until the 2026-01-23 amendment: "발성불가 규정 추가" — no
# declaration-void category yet.
JUKI_AGIT_2025_12 = JUKI_AGIT_2026.derive(
    key="juki-agit-2025-12",
    name="Juki's Agit 2025-12-02 – 2026-01-22",
    version="2025-12-02",
    penalties=JUKI_AGIT_2026.penalties - {PenaltyType.DECLARATION_VOID},
)

# 2025-01-01 (2025 season) – 2025-12-01: "역만중첩의 최대치를 최대 3배에서 무제한으로 변경" and
# "옐로카드 누적에 따른 벌칙을 촌보에서 촌보의 벌점으로 수정 (더이상 국을 재시작하지 않고 …)" undone.
JUKI_AGIT_2025_01 = JUKI_AGIT_2025_12.derive(
    key="juki-agit-2025-01",
    name="Juki's Agit 2025-01-01 – 2025-12-01",
    version="2025-01-01",
    yakuman_cap=3,
    yellow_cards_chombo_replay=True,
)

# 2024-12-01 (2025 preseason) – 2024-12-31: "혼노두+치또이를 만관으로 계산 규정" (removed 2025-01-01).
JUKI_AGIT_2024_12 = JUKI_AGIT_2025_01.derive(
    key="juki-agit-2024-12",
    name="Juki's Agit 2024-12-01 – 2024-12-31",
    version="2024-12-01",
    honroutou_chiitoitsu_mangan=True,
)

# 2023-11-29 (2024 season) – 2024-11-30: the 2024-12-01 entry undone (uma 10-20, the four abortive
# draws, suukantsu pao, nagashi as 축의, no West-as-dealer, double-wind pair 2 fu).
JUKI_AGIT_2023_11 = JUKI_AGIT_2024_12.derive(
    key="juki-agit-2023-11",
    name="Juki's Agit 2023-11-29 – 2024-11-30",
    version="2023-11-29",
    honroutou_chiitoitsu_mangan=False,
    uma=(20000, 10000, -10000, -20000),
    abortive_draws=frozenset({Abort.FOUR_WINDS, Abort.FOUR_KANS, Abort.FOUR_RIICHI, Abort.NINE_TERMINALS}),
    pao=JUKI_AGIT_2024_12.pao | {Pao.SUUKANTSU},
    nagashi=Nagashi.BONUS,
    west_wins_paid_as_dealer=False,
    double_wind_pair_fu=2,
)

# Three-player versions: the 4-player version with the sanma section. The 2025-12-02 entry changed two
# lines of it: "3인마작 항목의 북도라를 화패사용으로 변경" (before: a North set aside as dora, kita; no
# flowers) and "3인마작 항목의 쯔모손실 있음을 없음으로 변경" (before: tsumo loss).
_JUKI_SANMA_NORTH_DORA = dict(sanma_tsumo_loss=True, flowers=0, kita=True)
JUKI_AGIT_SANMA_2025_12 = JUKI_AGIT_2025_12.derive(
    key="juki-agit-sanma-2025-12",
    name="Juki's Agit 2025-12-02 – 2026-01-22 (3-player)",
    **_JUKI_SANMA,
    sanma_tsumo_loss=False,
    flowers=4,
    kita=False,
)
JUKI_AGIT_SANMA_2025_01 = JUKI_AGIT_2025_01.derive(
    key="juki-agit-sanma-2025-01",
    name="Juki's Agit 2025-01-01 – 2025-12-01 (3-player)",
    **_JUKI_SANMA,
    **_JUKI_SANMA_NORTH_DORA,
)
JUKI_AGIT_SANMA_2024_12 = JUKI_AGIT_2024_12.derive(
    key="juki-agit-sanma-2024-12",
    name="Juki's Agit 2024-12-01 – 2024-12-31 (3-player)",
    **_JUKI_SANMA,
    **_JUKI_SANMA_NORTH_DORA,
)
JUKI_AGIT_SANMA_2023_11 = JUKI_AGIT_2023_11.derive(
    key="juki-agit-sanma-2023-11",
    name="Juki's Agit 2023-11-29 – 2024-11-30 (3-player)",
    **_JUKI_SANMA,
    # Four winds and four riichi cannot happen with three players (interp.: the other two stay).
    abortive_draws=frozenset({Abort.FOUR_KANS, Abort.NINE_TERMINALS}),
    **_JUKI_SANMA_NORTH_DORA,
)
