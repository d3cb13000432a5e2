"""Juki's Agit rule versions (seeds/004_b97108f047c9af1f.txt, change log), worked by hand.

Each case replays a small record under one version; the numbers were worked from the
rulebook, not by running the engine. Scores are per seat [0, 1, 2, 3]; seat 0 deals East 1.
Versions (docs/rulesets.md, "Juki's Agit versions"):

- juki-agit-2023-11  2023-11-29 … 2024-11-30  (2024 season)
- juki-agit-2024-12  2024-12-01 … 2024-12-31  (2025 preseason)
- juki-agit-2025-01  2025-01-01 … 2025-12-01  (2025 season)
- juki-agit-2025-12  2025-12-02 … 2026-01-22  (2026 preseason)
- juki-agit-2026     2026-01-23 …             (2025-12-02 text + 2026-01-23 amendment)

Standard values (non-dealer / dealer): 1h30 ron 1000 / 1500; mangan 8000 / 12000, tsumo
2000-4000; yakuman ron 32000 / 48000.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import ScoringError
from scoring.game import replay
from scoring.rules import PRESETS, PenaltyType, Ruleset
from tests.scoring.rulebook import draw, record, ron, rows_of, tsumo, w

V2023 = "juki-agit-2023-11"
V2024 = "juki-agit-2024-12"
V2025 = "juki-agit-2025-01"
V2025_12 = "juki-agit-2025-12"
V2026 = "juki-agit-2026"
SANMA = {v: v.replace("juki-agit-", "juki-agit-sanma-") for v in (V2023, V2024, V2025, V2025_12, V2026)}
ALL_4P = (V2023, V2024, V2025, V2025_12, V2026)


def yellow(p: int) -> dict:
    return {"kind": "penalty", "player": p, "type": "yellow_card"}


def abort(reason: str, riichi: tuple[int, ...] = ()) -> dict:
    return {"kind": "abort", "reason": reason, "riichi": list(riichi)}


def nagashi(players: tuple[int, ...], tenpai: tuple[int, ...] = (), riichi: tuple[int, ...] = ()) -> dict:
    return {"kind": "nagashi", "players": list(players), "tenpai": list(tenpai), "riichi": list(riichi)}


def hand(winner: int, **h: Any) -> dict:
    return {"winner": winner, "hand": h}


# East 1 .. South 4 with everyone below 30000 at the end: [23000,26000,24000,27000] -> West 1.
# Only 1h30 rons: the same under every version.
TO_WEST = [
    # 25000 each
    ron(w(1, 1, 30), loser=0), ron(w(2, 1, 30), loser=1), ron(w(3, 1, 30), loser=2), ron(w(0, 1, 30), loser=3),
    ron(w(1, 1, 30), loser=0),  # S1 -> [24000,26000,25000,25000]
    ron(w(2, 1, 30), loser=1),  # S2 -> [24000,25000,26000,25000]
    ron(w(3, 2, 30), loser=2),  # S3 2h30 2000 -> [24000,25000,24000,27000]
    ron(w(1, 1, 30), loser=0),  # S4 -> [23000,26000,24000,27000]
]

# Closed ittsu, 999p concealed triplet, East pair, won by ron on 4m (56m ryanmen) by the East
# 1 dealer: fu = 20 base + 10 closed ron + 8 (concealed terminal triplet) + double-wind pair.
ITTSU_EAST_PAIR = {"tiles": "123456789m999p11z", "win": "4m"}

# Honroutou (2) + chiitoitsu (2) = 4 han 25 fu; seat 1 (South) wins by ron on 2z.
HONROUTOU_CHIITOI = {"tiles": "1199m1199p11s1122z", "win": "2z"}

# Daisuushii (double) + tsuuiisou + suuankou tanki (double) = 5 yakuman, ron on the 5z pair.
FIVE_YAKUMAN = {"tiles": "11122233344455z", "win": "5z"}

# (ruleset, hands, the last rows: (round, honba, sticks in points at the start, scores after))
CASES = [
    # --- 2023-11-29: "촌보 벌점을 만관에서 3000A로 변경" ------------------------------------------
    pytest.param(
        V2023, [{"kind": "chombo", "offender": 1}, ron(w(3, 1, 30), loser=2)],
        # p1 pays 3000 to each: [28000,16000,28000,28000]; the hand is replayed at East 1 (no
        # honba); then p3 rons p2 for 1000 -> [28000,16000,27000,29000].
        [("E1", 0, 0, [28000, 16000, 28000, 28000]), ("E1", 0, 0, [28000, 16000, 27000, 29000])],
        id="juki 2023-11: chombo is 3,000 to each, the hand is replayed",
    ),
    # --- 2023-11-29: "역만중첩의 최대치를 최대 3배역만으로 제한" -------------------------------------
    pytest.param(
        V2023, [ron(w(1, yakuman=5), loser=0)],
        # 5 yakuman capped at 3: non-dealer ron 3 x 32000 = 96000 -> p0 25000-96000 = -71000 (tobi)
        [("E1", 0, 0, [-71000, 121000, 25000, 25000])],
        id="juki 2023-11: yakuman capped at x3",
    ),
    pytest.param(
        V2025, [ron(hand(1, **FIVE_YAKUMAN), loser=0)],
        # daisuushii 2 + tsuuiisou 1 + suuankou tanki 2 = 5, capped at 3 -> 96000
        [("E1", 0, 0, [-71000, 121000, 25000, 25000])],
        id="juki 2025-01: a full hand of 5 yakuman is paid x3",
    ),
    # --- 2025-12-02: "역만중첩의 최대치를 최대 3배에서 무제한으로 변경" ---------------------------------
    pytest.param(
        V2025_12, [ron(hand(1, **FIVE_YAKUMAN), loser=0)],
        # 5 x 32000 = 160000 -> p0 25000-160000 = -135000
        [("E1", 0, 0, [-135000, 185000, 25000, 25000])],
        id="juki 2025-12: yakuman stacking unlimited",
    ),
    # --- 2023-11-29: "반칙 4번째 항목의 처리 규정을 1000점 공탁에서 옐로카드로" + until 2025-12-02
    # "옐로카드 누적에 따른 벌칙을 촌보에서 …" ------------------------------------------------------
    pytest.param(
        V2023, [yellow(1), yellow(1), ron(w(3, 1, 30), loser=2)],
        # 2nd card = a chombo: p1 pays 3000 each and the hand ends and is replayed (East 1 again);
        # then p3 rons p2 for 1000.
        [("E1", 0, 0, [28000, 16000, 28000, 28000]), ("E1", 0, 0, [28000, 16000, 27000, 29000])],
        id="juki 2023-11: two yellow cards are a chombo, the hand is replayed",
    ),
    pytest.param(
        V2025, [yellow(2), yellow(2), draw(tenpai=(0,))],
        # 2nd card = chombo: p2 pays 3000 each -> [28000,28000,16000,28000], East 1 replayed;
        # then a draw, dealer alone tenpai: +3000 / -1000 each -> [31000,27000,15000,27000], E1-1h.
        [("E1", 0, 0, [28000, 28000, 16000, 28000]), ("E1", 0, 0, [31000, 27000, 15000, 27000])],
        id="juki 2025-01: two yellow cards are still a chombo with replay",
    ),
    pytest.param(
        V2025_12, [yellow(1), yellow(1), ron(w(3, 1, 30), loser=2)],
        # 2nd card: the chombo payment only (3000 each), play goes on; the ron ends the same hand:
        # one East 1 row [28000,16000,27000,29000].
        [("E1", 0, 0, [28000, 16000, 27000, 29000])],
        id="juki 2025-12: two yellow cards pay the chombo penalty without replay",
    ),
    # --- 2024-12-01: "도중유국 삭제 (사풍연타, 사깡유국, 사가리치, 구종구패)" (before: allowed) ----------
    pytest.param(
        V2023, [abort("four_riichi", riichi=(0, 1, 2, 3)), ron(w(1, 1, 30), loser=2)],
        # four riichi: 1000 each on the table [24000 x4], the dealer keeps, honba 1; then p1 rons
        # p2: 1000 + 300 honba + 4000 sticks -> p1 29300, p2 22700.
        [("E1", 0, 0, [24000, 24000, 24000, 24000]), ("E1", 1, 4000, [24000, 29300, 22700, 24000])],
        id="juki 2023-11: four riichi is an abortive draw, sticks stay, honba +1",
    ),
    pytest.param(
        V2023, [abort("nine_terminals"), abort("four_winds"), abort("four_kans")],
        [("E1", 0, 0, [25000] * 4), ("E1", 1, 0, [25000] * 4), ("E1", 2, 0, [25000] * 4)],
        id="juki 2023-11: nine terminals, four winds and four kans are abortive draws",
    ),
    # --- 2024-12-01: "스깡쯔 책임지불 삭제" (before: suukantsu pao) ----------------------------------
    pytest.param(
        V2023, [tsumo(1, yakuman=1, pao=0, pao_for="suukantsu")],
        # the liable p0 pays the whole 32000 of the tsumo -> -7000 (tobi)
        [("E1", 0, 0, [-7000, 57000, 25000, 25000])],
        id="juki 2023-11: suukantsu pao",
    ),
    # --- 2024-12-01: "유국만관 처리를 축의에서 화료로 변경" ------------------------------------------
    pytest.param(
        V2023, [nagashi((2,), tenpai=(0,), riichi=(0,)), ron(w(1, 1, 30), loser=3)],
        # a side bonus: the hand is an exhaustive draw. p0 riichi (-1000) and alone tenpai
        # (+3000, others -1000) -> [27000,24000,24000,24000], stick stays, dealer keeps, honba 1;
        # then p1 rons p3: 1000 + 300 + 1000 stick -> [27000,26300,24000,22700].
        [("E1", 0, 0, [27000, 24000, 24000, 24000]), ("E1", 1, 1000, [27000, 26300, 24000, 22700])],
        id="juki 2023-11: nagashi is a bonus outside the score, the hand is a draw",
    ),
    pytest.param(
        V2024, [nagashi((2,), tenpai=(0,), riichi=(0,))],
        # a win: p2 collects a mangan tsumo (dealer 4000, others 2000) and p0's stick, no noten
        # payments -> [20000,23000,34000,23000]; the dealer was tenpai and keeps the deal.
        [("E1", 0, 0, [20000, 23000, 34000, 23000])],
        id="juki 2024-12: nagashi is a win",
    ),
    # --- 2024-12-01: "연풍패 머리 2부에서 4부로 변경" -----------------------------------------------
    pytest.param(
        V2023, [ron(hand(0, **ITTSU_EAST_PAIR), loser=1)],
        # 20+10+8+2 = 40 fu, ittsu 2 han: dealer 40 x 2^4 x 6 = 3840 -> 3900
        [("E1", 0, 0, [28900, 21100, 25000, 25000])],
        id="juki 2023-11: double-wind pair is 2 fu",
    ),
    pytest.param(
        V2024, [ron(hand(0, **ITTSU_EAST_PAIR), loser=1)],
        # 20+10+8+4 = 42 -> 50 fu: dealer 50 x 2^4 x 6 = 4800
        [("E1", 0, 0, [29800, 20200, 25000, 25000])],
        id="juki 2024-12: double-wind pair is 4 fu",
    ),
    # --- 2024-12-01: "서입시 자의 화료를 친 점수로 인정하는 규정 추가" -------------------------------
    pytest.param(
        V2023, [*TO_WEST, ron(w(1, 5), loser=2)],
        # West 1 (p0 deals): p1's mangan ron is a non-dealer 8000 -> [23000,34000,16000,27000],
        # p1 passes 30000: sudden death.
        [("W1", 0, 0, [23000, 34000, 16000, 27000])],
        id="juki 2023-11: West wins are paid as non-dealer wins",
    ),
    pytest.param(
        V2024, [*TO_WEST, ron(w(1, 5), loser=2)],
        # paid as a dealer win: 12000 -> [23000,38000,12000,27000]
        [("W1", 0, 0, [23000, 38000, 12000, 27000])],
        id="juki 2024-12: West wins are paid as dealer wins",
    ),
    # --- 2024-12-01 "혼노두+치또이를 만관으로 계산 규정 추가", 2025-01-01 "… 규정 삭제" --------------
    pytest.param(
        V2024, [ron(hand(1, **HONROUTOU_CHIITOI), loser=2)],
        # 4 han 25 fu counted as a mangan: 8000
        [("E1", 0, 0, [25000, 33000, 17000, 25000])],
        id="juki 2024-12: honroutou + chiitoitsu is a mangan",
    ),
    pytest.param(
        V2025, [ron(hand(1, **HONROUTOU_CHIITOI), loser=2)],
        # 25 x 2^6 x 4 = 6400
        [("E1", 0, 0, [25000, 31400, 18600, 25000])],
        id="juki 2025-01: honroutou + chiitoitsu is 4 han 25 fu again",
    ),
    pytest.param(
        V2023, [ron(hand(1, **HONROUTOU_CHIITOI), loser=2)],
        [("E1", 0, 0, [25000, 31400, 18600, 25000])],
        id="juki 2023-11: honroutou + chiitoitsu is 4 han 25 fu (rule not yet added)",
    ),
    # --- sanma, 2025-12-02: "3인마작 항목의 쯔모손실 있음을 없음으로 변경" ---------------------------
    pytest.param(
        SANMA[V2025], [tsumo(1, 5)],
        # tsumo loss: dealer 4000, p2 2000 -> [26000,36000,28000]
        [("E1", 0, 0, [26000, 36000, 28000])],
        id="juki sanma 2025-01: tsumo loss",
    ),
    pytest.param(
        SANMA[V2025_12], [tsumo(1, 5)],
        # no tsumo loss: North's 2000 split 1000/1000 -> dealer 5000, p2 3000 -> [25000,38000,27000]
        [("E1", 0, 0, [25000, 38000, 27000])],
        id="juki sanma 2025-12: no tsumo loss",
    ),
]


@pytest.mark.parametrize(("ruleset", "hands", "rows"), CASES)
def test_juki_version_replays(ruleset, hands, rows):
    got = rows_of(replay(record(hands, ruleset)))
    assert got[-len(rows):] == rows


# (ruleset, hands, final scores, ranks, points, ended_by)
FINALS = [
    pytest.param(
        V2023, [ron(w(1, yakuman=1), loser=0)],
        # p0 -7000 (tobi). Ranks p1, p2, p3 (tie by seat order), p0. Uma 10-20:
        # p1 27 + 20 + oka 20 = 67; p2 -5 + 10 = 5; p3 -5 - 10 = -15; p0 -37 - 20 = -57
        [-7000, 57000, 25000, 25000], [4, 1, 2, 3], [-57.0, 67.0, 5.0, -15.0], "tobi",
        id="juki 2023-11: uma 10-20",
    ),
    pytest.param(
        V2024, [ron(w(1, yakuman=1), loser=0)],
        # uma 10-30: p1 27 + 30 + 20 = 77; p2 5; p3 -15; p0 -37 - 30 = -67
        [-7000, 57000, 25000, 25000], [4, 1, 2, 3], [-67.0, 77.0, 5.0, -15.0], "tobi",
        id="juki 2024-12: uma 10-30",
    ),
]


@pytest.mark.parametrize(("ruleset", "hands", "scores", "ranks", "points", "ended_by"), FINALS)
def test_juki_version_finals(ruleset, hands, scores, ranks, points, ended_by):
    final = replay(record(hands, ruleset)).final
    assert final is not None
    assert list(final.scores) == scores
    assert list(final.ranks) == ranks
    assert list(final.points) == pytest.approx(points, abs=1e-9)
    assert final.ended_by == ended_by


REFUSED = [
    pytest.param(V2024, [abort("nine_terminals")], id="juki 2024-12: no abortive draws"),
    pytest.param(V2024, [abort("four_riichi", riichi=(0, 1, 2, 3))], id="juki 2024-12: no four-riichi abort"),
    pytest.param(V2024, [tsumo(1, yakuman=1, pao=0, pao_for="suukantsu")], id="juki 2024-12: no suukantsu pao"),
    *[pytest.param(v, [{"kind": "penalty", "player": 1, "type": "penalty_point"}, draw()],
                   id=f"juki {v[10:]}: no 1,000-point deposit penalty (yellow card since 2023-11)")
      for v in ALL_4P],
    pytest.param(SANMA[V2025], [tsumo(1, hand={"tiles": "123m456p789s234s55p", "win": "5p", "flowers": 1})],
                 id="juki sanma 2025-01: north dora, no flower tiles"),
    pytest.param(SANMA[V2023], [abort("four_winds")], id="juki sanma 2023-11: no four-winds abort with three players"),
]


@pytest.mark.parametrize(("ruleset", "hands"), REFUSED)
def test_juki_version_refuses(ruleset, hands):
    with pytest.raises(ScoringError) as exc:
        replay(record(hands, ruleset))
    assert exc.value.hand == 0


# What each change-log entry changes: (older, newer, the options that differ besides key/name/version).
STEPS = [
    pytest.param(V2023, V2024, {"uma", "abortive_draws", "pao", "nagashi", "honroutou_chiitoitsu_mangan",
                                "west_wins_paid_as_dealer", "double_wind_pair_fu"}, id="juki 2024-12-01 entry"),
    pytest.param(V2024, V2025, {"honroutou_chiitoitsu_mangan"}, id="juki 2025-01-01 entry"),
    pytest.param(V2025, V2025_12, {"yakuman_cap", "yellow_cards_chombo_replay"}, id="juki 2025-12-02 entry"),
    pytest.param(V2025_12, V2026, {"penalties"}, id="juki 2026-01-23 entry"),
    pytest.param(SANMA[V2023], SANMA[V2024], {"pao", "nagashi", "honroutou_chiitoitsu_mangan",
                                              "abortive_draws", "west_wins_paid_as_dealer", "double_wind_pair_fu"},
                 id="juki sanma 2024-12-01 entry"),
    pytest.param(SANMA[V2024], SANMA[V2025], {"honroutou_chiitoitsu_mangan"}, id="juki sanma 2025-01-01 entry"),
    pytest.param(SANMA[V2025], SANMA[V2025_12], {"yakuman_cap", "yellow_cards_chombo_replay", "sanma_tsumo_loss",
                                                 "flowers", "kita"}, id="juki sanma 2025-12-02 entry"),
    pytest.param(SANMA[V2025_12], SANMA[V2026], {"penalties"}, id="juki sanma 2026-01-23 entry"),
]


@pytest.mark.parametrize(("older", "newer", "changed"), STEPS)
def test_each_version_changes_only_its_log_entry(older, newer, changed):
    diff = PRESETS[older].diff(PRESETS[newer])
    assert set(diff) - {"key", "name", "version"} == changed


# 2026-01-23 "발성불가 규정 추가": the declaration-void category (a row-only penalty the league
# checks against the ruleset's list) exists from that amendment on.
@pytest.mark.parametrize(("key", "has_it"), [(V2023, False), (V2024, False), (V2025, False), (V2025_12, False),
                                         (V2026, True), (SANMA[V2025_12], False), (SANMA[V2026], True)])
def test_declaration_void_from_2026_01_23(key, has_it):
    assert (PenaltyType.DECLARATION_VOID in PRESETS[key].penalties) is has_it
    assert PenaltyType.YELLOW_CARD in PRESETS[key].penalties  # 2023-11-29: "1000점 공탁에서 옐로카드로"


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_presets_round_trip_through_json(key):
    r = PRESETS[key]
    assert Ruleset.from_dict(r.to_dict()) == r


@pytest.mark.parametrize(("key", "version"), [(V2023, "2023-11-29"), (V2024, "2024-12-01"), (V2025, "2025-01-01"),
                                          (V2025_12, "2025-12-02"), (V2026, "2026-01-23")])
def test_version_is_the_start_date(key, version):
    assert PRESETS[key].version == version
    assert PRESETS[SANMA[key]].version == version
