"""Converter unit tests: tenhou.net/6 rounds and logs to contract events and records.

Synthetic rounds pin each mapping rule; the real logs (when the shared folder is present)
pin the hand replay used for tenpai.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scoring.errors import ScoringError
from scoring.tenhou6 import (
    accepted_riichi,
    convert_log,
    convert_round,
    derive_ruleset,
    final_concealed,
    is_tenpai,
)
from tests.paths import TENHOU6_LOGS

LOG_DIR = TENHOU6_LOGS

# Four 13-tile hands: seat 0 is tenpai (waits 3p/6p), the others are not.
TENPAI_HAND = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 41, 41]
NOTEN_HAND = [11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 41]


def make_round(
    result: list[Any],
    *,
    kyoku: int = 0,
    honba: int = 0,
    sticks: int = 0,
    scores: tuple[int, ...] = (25000, 25000, 25000, 25000),
    discards: dict[int, list[Any]] | None = None,
    hands: dict[int, list[int]] | None = None,
) -> list[Any]:
    """A minimal log round: each seat draws a 45 (white) and discards what ``discards`` says."""
    raw: list[Any] = [[kyoku, honba, sticks], list(scores), [11], []]
    for p in range(4):
        seat_discards = (discards or {}).get(p, [60])
        raw += [list((hands or {}).get(p, NOTEN_HAND)), [45] * len(seat_discards), seat_discards]
    raw.append(result)
    return raw


def ron(deltas: list[int], winner: int, loser: int, points: str, *yaku: str, pao: int | None = None) -> list[Any]:
    return [deltas, [winner, loser, winner if pao is None else pao, points, *yaku]]


# --------------------------------------------------------------------------- result kinds

RESULT_CASES = [
    pytest.param(
        ["和了", *ron([0, 2000, -2000, 0], 1, 2, "30符2飜2000点", "立直(1飜)", "ドラ(1飜)")],
        {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 2, "fu": 30, "dora": 1}], "riichi": []},
        id="single-ron-han-fu-and-dora",
    ),
    pytest.param(
        ["和了", [-500, 2000, -500, -1000], [1, 1, 1, "30符2飜500-1000点", "門前清自摸和(1飜)", "平和(1飜)"]],
        {"kind": "tsumo", "winner": 1, "han": 2, "fu": 30, "riichi": []},
        id="non-dealer-tsumo",
    ),
    pytest.param(
        ["和了", [3000, -1000, -1000, -1000], [0, 0, 0, "30符2飜1000点∀", "門前清自摸和(1飜)", "赤ドラ(1飜)"]],
        {"kind": "tsumo", "winner": 0, "han": 2, "fu": 30, "dora": 1, "riichi": []},
        id="dealer-tsumo-all",
    ),
    pytest.param(
        ["和了", *ron([0, 8000, -8000, 0], 1, 2, "満貫8000点", "対々和(2飜)", "役牌 白(1飜)", "ドラ(1飜)")],
        {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 4, "fu": 40, "dora": 1}], "riichi": []},
        id="four-han-mangan-gets-least-mangan-fu",
    ),
    pytest.param(
        ["和了", *ron([0, 8000, -8000, 0], 1, 2, "満貫8000点", "混一色(2飜)", "役牌 中(1飜)")],
        {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 3, "fu": 70}], "riichi": []},
        id="three-han-mangan-gets-70-fu",
    ),
    pytest.param(
        ["和了", *ron([0, 12000, -12000, 0], 1, 2, "跳満12000点", "清一色(6飜)")],
        {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 6}], "riichi": []},
        id="haneman-has-no-fu",
    ),
    pytest.param(
        ["和了", [-16000, -8000, -8000, 32000],
         [3, 3, 3, "役満8000-16000点", "立直(1飜)", "清一色(6飜)", "二盃口(3飜)", "ドラ(2飜)", "裏ドラ(1飜)"]],
        {"kind": "tsumo", "winner": 3, "han": 13, "dora": 3, "riichi": []},
        id="kazoe-is-han-13-without-yakuman",
    ),
    pytest.param(
        ["和了", *ron([0, 64000, -64000, 0], 1, 2, "役満64000点", "小四喜(役満)", "字一色(役満)")],
        {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "yakuman": 2}], "riichi": []},
        id="two-yakuman-entries-make-double",
    ),
    pytest.param(
        ["和了", *ron([0, 64000, -64000, 0], 1, 2, "役満64000点", "大四喜(ダブル役満)")],
        {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "yakuman": 2}], "riichi": []},
        id="double-yakuman-entry-counts-two",
    ),
    pytest.param(
        ["和了", *ron([0, 32000, -16000, -16000], 1, 2, "役満32000点", "大三元(役満)", pao=3)],
        {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "yakuman": 1, "pao": 3}], "riichi": []},
        id="pao-from-detail",
    ),
    pytest.param(
        ["和了", *ron([0, 7700, 0, -7700], 1, 3, "30符4飜7700点", "平和(1飜)", "断幺九(1飜)", "ドラ(2飜)"),
         *ron([0, 0, 1000, -1000], 2, 3, "30符1飜1000点", "断幺九(1飜)")],
        {"kind": "ron", "loser": 3,
         "wins": [{"winner": 1, "han": 4, "fu": 30, "dora": 2}, {"winner": 2, "han": 1, "fu": 30}], "riichi": []},
        id="double-ron-is-one-event",
    ),
    pytest.param(
        ["和了", *ron([0, 2600, -2600, 0], 1, 2, "40符2飜2600点", "Riichi(1飜)", "Dora(1飜)", "Ura Dora(0飜)")],
        {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 2, "fu": 40, "dora": 1}], "riichi": []},
        id="english-yaku-names",
    ),
    pytest.param(
        ["流局", [1500, -1500, 1500, -1500]],
        {"kind": "draw", "tenpai": [0, 2], "riichi": []},
        id="draw-tenpai-from-noten-payments",
    ),
    pytest.param(["全員聴牌"], {"kind": "draw", "tenpai": [0, 1, 2, 3], "riichi": []}, id="draw-all-tenpai"),
    pytest.param(["全員不聴"], {"kind": "draw", "tenpai": [], "riichi": []}, id="draw-all-noten"),
    pytest.param(
        ["流し満貫", [-4000, 8000, -2000, -2000]],
        {"kind": "nagashi", "players": [1], "tenpai": [0], "riichi": []},
        id="nagashi-player-from-payments-tenpai-from-hands",
    ),
    pytest.param(["九種九牌"], {"kind": "abort", "reason": "nine_terminals", "riichi": []}, id="abort-nine-terminals"),
    pytest.param(["四風連打"], {"kind": "abort", "reason": "four_winds", "riichi": []}, id="abort-four-winds"),
    pytest.param(["三家和了"], {"kind": "abort", "reason": "triple_ron", "riichi": []}, id="abort-triple-ron"),
    pytest.param(["四槓散了"], {"kind": "abort", "reason": "four_kans", "riichi": []}, id="abort-four-kans"),
]


@pytest.mark.parametrize(("result", "expected"), RESULT_CASES)
def test_result_becomes_contract_event(result: list[Any], expected: dict[str, Any]) -> None:
    raw = make_round(result, hands={0: TENPAI_HAND})
    assert convert_round(raw).event == expected


def test_four_riichi_abort_lists_all_four_sticks() -> None:
    raw = make_round(["四家立直"], discards={p: ["r60"] for p in range(4)})
    assert convert_round(raw).event == {"kind": "abort", "reason": "four_riichi", "riichi": [0, 1, 2, 3]}


# --------------------------------------------------------------------------- riichi acceptance

RON_2000 = ["和了", *ron([0, 2000, -2000, 0], 1, 2, "30符2飜2000点", "断幺九(1飜)", "ドラ(1飜)")]
RON_2000_WITH_STICK = ["和了", *ron([0, 3000, -2000, 0], 1, 2, "30符2飜2000点", "断幺九(1飜)", "ドラ(1飜)")]
TSUMO_1_1 = ["和了", [-500, 3000, -500, -1000], [1, 1, 1, "30符2飜500-1000点", "門前清自摸和(1飜)", "平和(1飜)"]]

RIICHI_CASES = [
    pytest.param({2: ["r60", 60]}, RON_2000,
                 [2], id="declared-earlier-then-ronned-later-is-accepted"),
    pytest.param({2: [60, "r60"]}, RON_2000,
                 [], id="declaration-tile-ronned-is-not-accepted"),
    pytest.param({3: [60, "r60"]}, RON_2000_WITH_STICK,
                 [3], id="declaration-last-but-another-seat-dealt-in-is-accepted"),
    pytest.param({2: [60, "r60"]}, TSUMO_1_1,
                 [2], id="declaration-last-then-tsumo-is-accepted"),
    pytest.param({0: ["r60"], 2: [60, "r60"]}, ["流局", [1500, -1500, 1500, -1500]],
                 [0, 2], id="draw-keeps-every-declaration"),
]


@pytest.mark.parametrize(("discards", "result", "expected"), RIICHI_CASES)
def test_accepted_riichi(discards: dict[int, list[Any]], result: list[Any], expected: list[int]) -> None:
    raw = make_round(result, discards=discards)
    assert accepted_riichi(raw) == expected
    assert convert_round(raw).event["riichi"] == expected


def test_contract_deltas_include_the_riichi_stick_the_log_leaves_out() -> None:
    raw = make_round(["流局", [1500, -1500, 1500, -1500]], discards={0: ["r60"]})
    converted = convert_round(raw)
    assert converted.log_deltas == (1500, -1500, 1500, -1500)
    assert converted.deltas == (500, -1500, 1500, -1500)


# --------------------------------------------------------------------------- refusals

REFUSAL_CASES = [
    pytest.param(["和了", *ron([0, 3000, -3000, 0], 1, 2, "30符2飜3000点", "断幺九(1飜)", "ドラ(1飜)")],
                 "pays 3000", id="points-string-disagrees-with-han-fu"),
    pytest.param(["和了", *ron([0, 2000, -2000, 0], 1, 2, "30符3飜2000点", "断幺九(1飜)", "ドラ(1飜)")],
                 "add up to 2 han", id="yaku-han-disagree-with-string"),
    pytest.param(["和了", [-3200, 0, 3200, 0], [1, 0, 0]], "no points string", id="win-without-points-string"),
    pytest.param(["和了", *ron([0, 2000, -2000, 0], 1, 2, "2000 points", "断幺九(1飜)")],
                 "cannot read the points", id="unreadable-points-string"),
    pytest.param(["流し満貫", [-3000, 9000, -3000, -3000]], "not mangan tsumo", id="nagashi-payments-not-mangan"),
    pytest.param(["途中流局"], "unknown result", id="unknown-result"),
]


@pytest.mark.parametrize(("result", "message"), REFUSAL_CASES)
def test_unreadable_round_raises_naming_the_round(result: list[Any], message: str) -> None:
    with pytest.raises(ScoringError, match=f"Round E1 honba 0.*{message}"):
        convert_round(make_round(result))


# --------------------------------------------------------------------------- ruleset

RULESET_CASES = [
    pytest.param({"rule": {"disp": "鳳南喰赤", "aka53": 1, "aka52": 1, "aka51": 1}}, "tenhou",
                 id="phoenix-hanchan-is-preset"),
    pytest.param({"rule": {"disp": "般東喰赤", "aka": 1}}, {"base": "tenhou", "overrides": {"length": "east"}},
                 id="east-only-from-東"),
    pytest.param({"rule": {"disp": "般南喰", "aka": 0}}, {"base": "tenhou", "overrides": {"red_fives": [0, 0, 0]}},
                 id="no-赤-means-no-red-fives"),
    pytest.param({"rule": {"disp": "般南", "aka": 0}},
                 {"base": "tenhou", "overrides": {"kuitan": False, "red_fives": [0, 0, 0]}},
                 id="no-喰-means-no-kuitan"),
    pytest.param({"rule": {"disp": "鳳南喰赤", "aka51": 1, "aka52": 0, "aka53": 1}},
                 {"base": "tenhou", "overrides": {"red_fives": [1, 0, 1]}}, id="aka-flags-per-suit"),
    pytest.param({"rule": {"disp": "Gold Room South", "aka51": 1, "aka52": 1, "aka53": 1}}, "mahjong-soul",
                 id="mahjong-soul-english-gold-room-south-is-its-ranked-hanchan"),
    pytest.param({"rule": {"disp": "三鳳南喰赤", "aka": 1}}, "tenhou-sanma", id="sanma-from-三"),
    pytest.param({"rule": {"disp": "三般東喰赤", "aka": 1}}, "tenhou-sanma-east", id="sanma-east-from-三-and-東"),
    pytest.param({"rule": {"disp": "四鳳南喰赤", "aka": 1}}, "tenhou", id="四-marks-a-four-player-tenhou-room"),
    pytest.param({"rule": {"disp": "Gold Room South Red Fives", "aka51": 1, "aka52": 1, "aka53": 1},
                  "log": [[[0, 0, 0], [35000, 35000, 35000, 0], [], [], [11], [], [], [11], [], [], [11], [], [],
                           [], [], [], ["全員不聴"]]]},
                 "mahjong-soul-sanma", id="english-mahjong-soul-three-player-from-the-empty-fourth-seat"),
    pytest.param({"rule": {"disp": "三般南喰", "aka": 0}},
                 {"base": "tenhou-sanma", "overrides": {"red_fives": [0, 0, 0]}}, id="sanma-without-red-fives"),
    pytest.param({"rule": {"disp": "玉の間南喰赤", "aka51": 1, "aka52": 1, "aka53": 1}}, "mahjong-soul",
                 id="mahjong-soul-jade-room-south"),
    pytest.param({"rule": {"disp": "金の間東喰赤", "aka51": 1, "aka52": 1, "aka53": 1}}, "mahjong-soul-east",
                 id="mahjong-soul-gold-room-east"),
    pytest.param({"rule": {"disp": "3玉の間南喰赤", "aka51": 0, "aka52": 1, "aka53": 1}}, "mahjong-soul-sanma",
                 id="mahjong-soul-three-player-from-leading-3"),
    pytest.param({"rule": {"disp": "3王座の間東喰赤", "aka51": 0, "aka52": 1, "aka53": 1}}, "mahjong-soul-sanma-east",
                 id="mahjong-soul-three-player-east"),
    pytest.param({"rule": {"disp": "友人戦南喰赤", "aka51": 1, "aka52": 2, "aka53": 1}},
                 {"base": "mahjong-soul", "overrides": {"red_fives": [1, 2, 1]}},
                 id="mahjong-soul-friendly-room-four-reds"),
    pytest.param({"rule": {"disp": "玉の間南喰赤", "aka51": 1, "aka52": 1, "aka53": 1},
                  "sc": [51600, 41.6, 30400, 10.4, 10000, -20.0, 8000, -32.0]}, "mahjong-soul",
                 id="mahjong-soul-points-from-25000-uma-15-5-no-oka"),
    pytest.param({"rule": {"disp": "鳳南喰赤"}, "sc": [34500, 44.5, 22200, 2.2, 22000, -18.0, 21300, -28.7]}, "tenhou",
                 id="decimal-points-keep-preset"),
    pytest.param({"rule": {"disp": "特南喰赤"}, "sc": [21100, -19, 55000, 65, -4900, -55, 28800, 9]},
                 {"base": "tenhou", "overrides": {"rounding": "gosha_rokunyu"}}, id="integer-era-points-imply-gosha"),
    pytest.param({"rule": {"disp": "上東喰赤速"}, "sc": [5200, -35, 17400, -8, 9100, -26, 68300, 69]},
                 {"base": "tenhou", "overrides": {"length": "east", "rounding": "gosha_rokunyu",
                                                  "uma": [10000, 5000, -5000, -10000]}}, id="sc-with-other-uma"),
]


@pytest.mark.parametrize(("log", "expected"), RULESET_CASES)
def test_derive_ruleset(log: dict[str, Any], expected: Any) -> None:
    assert derive_ruleset(log) == expected


def test_points_that_no_reading_explains_raise() -> None:
    with pytest.raises(ScoringError, match="do not follow"):
        derive_ruleset({"rule": {"disp": "鳳南喰赤"}, "sc": [40000, 50, 30000, 0, 20000, -20, 10000, -30]})


# --------------------------------------------------------------------------- whole logs


def two_round_log() -> dict[str, Any]:
    """E1: seat 1 rons seat 2 after seat 0's riichi; E2: exhaustive draw, seat 1 alone tenpai."""
    first = make_round(["和了", *ron([0, 3000, -2000, 0], 1, 2, "30符2飜2000点", "断幺九(1飜)", "ドラ(1飜)")],
                       discards={0: ["r60", 60]})
    second = make_round(["流局", [-1000, 3000, -1000, -1000]], kyoku=1, scores=(24000, 28000, 23000, 25000))
    return {"title": ["", ""], "name": ["A", "B", "C", ""], "rule": {"disp": "般南喰赤", "aka": 1},
            "log": [first, second]}


def test_convert_log_builds_contract_record_with_source_metadata() -> None:
    record = convert_log(two_round_log())
    assert record["format"] == "mahjong-club-game/1"
    assert record["ruleset"] == "tenhou"
    assert record["players"] == ["A", "B", "C", "Player 4"]
    assert record["hands"] == [
        {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 2, "fu": 30, "dora": 1}], "riichi": [0]},
        {"kind": "draw", "tenpai": [1], "riichi": []},
    ]
    assert record["x_source"]["kind"] == "tenhou6"


def test_convert_log_refuses_a_mid_game_start() -> None:
    log = two_round_log()
    log["log"] = log["log"][1:]
    with pytest.raises(ScoringError, match="starts at E2 honba 0"):
        convert_log(log)


def test_convert_log_names_the_round_whose_result_does_not_lead_to_the_next() -> None:
    log = two_round_log()
    log["log"][1][1] = [25000, 28000, 22000, 25000]  # as if seat 0's riichi stick was never paid
    with pytest.raises(ScoringError, match=r"Round E1 honba 0: start .* but the next round E2 honba 0"):
        convert_log(log)


def test_convert_log_checks_final_scores_against_sc() -> None:
    log = two_round_log()
    log["sc"] = [24000, -16.0, 28000, 38.0, 23000, -27.0, 25000, 5.0]  # as if the draw paid nothing
    with pytest.raises(ScoringError, match="final scores"):
        convert_log(log)


def test_final_check_gives_leftover_sticks_to_first() -> None:
    log = two_round_log()
    log["log"][1] = make_round(["流局", [-1000, 3000, -1000, -1000]], kyoku=1,
                               scores=(24000, 28000, 23000, 25000), discards={1: ["r60"]})
    # After the draw 23000/30000/22000/24000 with seat 1's stick still on the table.
    log["sc"] = [23000, -17.0, 31000, 41.0, 22000, -28.0, 24000, 4.0]
    assert convert_log(log)["hands"][1] == {"kind": "draw", "tenpai": [1], "riichi": [1]}


def test_convert_log_refuses_red_fives_the_rule_does_not_have() -> None:
    log = two_round_log()
    log["rule"] = {"disp": "般南喰"}
    log["log"][0][4] = [52] + NOTEN_HAND[1:]
    with pytest.raises(ScoringError, match="red five 52"):
        convert_log(log)


# --------------------------------------------------------------------------- hands from the real logs


def _real_logs() -> list[Path]:
    return sorted(LOG_DIR.glob("*.json")) if LOG_DIR.is_dir() else []


def _draw_rounds_with_payments() -> list[Any]:
    cases = []
    for path in _real_logs():
        for i, raw in enumerate(json.loads(path.read_text())["log"]):
            if raw[-1][0] == "流局" and len(raw[-1]) > 1 and any(raw[-1][1]):
                cases.append(pytest.param(raw, id=f"{path.stem}-{i}"))
    return cases


@pytest.mark.skipif(not LOG_DIR.is_dir(), reason=f"shared Tenhou logs not found at {LOG_DIR}")
@pytest.mark.parametrize("raw", _draw_rounds_with_payments())
def test_hand_replay_agrees_with_noten_payments(raw: list[Any]) -> None:
    paid = [p for p in range(4) if raw[-1][1][p] > 0]
    assert [p for p in range(4) if is_tenpai(final_concealed(raw, p))] == paid


def test_hand_replay_handles_calls_and_kans() -> None:
    # Seat 0 pons 4s (one called from the left), then adds the fourth as a kakan.
    raw = make_round(["全員不聴"], hands={0: [34, 34, 11, 12, 13, 21, 22, 23, 31, 31, 41, 42, 43]})
    raw[5], raw[6] = ["p343434", 34, 44], [41, "k34343434", 42]
    assert sorted(final_concealed(raw, 0)) == [11, 12, 13, 21, 22, 23, 31, 31, 43, 44]


def test_convert_does_not_mutate_the_log() -> None:
    log = two_round_log()
    before = copy.deepcopy(log)
    convert_log(log)
    assert log == before


# --------------------------------------------------------------------------- older logs: no tenpai-yame


def _all_last_tenpai_log(*, dealer_on_top: bool) -> dict[str, Any]:
    """East-only: at E4 the dealer (seat 3) is alone tenpai, and the log deals E4 again."""
    scores = (20000, 20000, 20000, 40000) if dealer_on_top else (40000, 20000, 20000, 20000)
    after = tuple(s - 1000 if p != 3 else s + 3000 for p, s in enumerate(scores))
    draw = make_round(["流局", [-1000, -1000, -1000, 3000]], kyoku=3, scores=scores)
    again = make_round(["全員不聴"], kyoku=3, honba=1, scores=after)
    return {"rule": {"disp": "般東喰赤", "aka": 1}, "log": [draw, again]}


def test_a_log_that_plays_on_after_the_top_dealers_all_last_tenpai_has_no_tenpai_yame() -> None:
    # Tenhou made tenpai-yame automatic only in 2010: an older log deals all-last again.
    assert derive_ruleset(_all_last_tenpai_log(dealer_on_top=True)) == {
        "base": "tenhou", "overrides": {"length": "east", "tenpai_yame": "none"},
    }


def test_a_dealer_not_on_top_plays_on_under_todays_rules_too() -> None:
    expected = {"base": "tenhou", "overrides": {"length": "east"}}
    assert derive_ruleset(_all_last_tenpai_log(dealer_on_top=False)) == expected


# --------------------------------------------------------------------------- yakuman the ruleset pays double

DOUBLE_YAKUMAN_CASES = [
    pytest.param("mahjong-soul", ["四暗刻単騎(役満)"], "役満64000点", 2,
                 id="mahjong-soul-logs-write-a-double-as-役満: the ruleset pays it double"),
    pytest.param("tenhou", ["四暗刻単騎(役満)"], "役満32000点", 1, id="tenhou-pays-suuankou-tanki-single"),
    pytest.param("tenhou", ["大四喜(ダブル役満)"], "役満64000点", 2, id="tenhou-marks-a-double-ダブル"),
    pytest.param("mahjong-soul", ["国士無双十三面待ち(役満)"], "役満64000点", 2, id="mahjong-soul-13-sided-kokushi"),
]


@pytest.mark.parametrize(("key", "yaku", "points", "multiple"), DOUBLE_YAKUMAN_CASES)
def test_yakuman_multiple_follows_the_ruleset(key: str, yaku: list[str], points: str, multiple: int) -> None:
    amount = int(points.removeprefix("役満").removesuffix("点"))
    raw = make_round(["和了", *ron([0, amount, -amount, 0], 1, 2, points, *yaku)])
    assert convert_round(raw, key).event["wins"] == [{"winner": 1, "yakuman": multiple}]


def test_a_tournament_lobby_log_starting_at_30000_measures_points_from_its_start() -> None:
    log = {"rule": {"disp": "大会戦南喰赤", "aka51": 1, "aka52": 1, "aka53": 1},
           "log": [make_round(["全員不聴"], scores=(30000, 30000, 30000, 30000))],
           "sc": [50000, 35.0, 30000, 5.0, 25000, -10.0, 15000, -30.0]}
    assert derive_ruleset(log) == {"base": "mahjong-soul", "overrides": {"start_points": 30000, "return_points": 30000}}


# A call string is read tile by tile (two digits each after the letter is taken out): "c353436"
# is 5s 4s 6s and "p151515" three plain 5m, not red fives "53"/"51" found across tile borders.
@pytest.mark.parametrize(
    ("seat", "call"),
    [
        pytest.param(1, "c353436", id="chi_353436_holds_plain_5s_not_red_53"),
        pytest.param(1, "p151515", id="pon_151515_holds_plain_5m_not_red_51"),
        pytest.param(1, "25m252525", id="daiminkan_25m252525_holds_plain_5p_not_red_52"),
    ],
)
def test_no_red_five_log_reads_calls_tile_by_tile(seat: int, call: str) -> None:
    log = two_round_log()
    log["rule"] = {"disp": "般南喰"}
    log["log"][0][5 + 3 * seat] = [call, *log["log"][0][5 + 3 * seat]]
    assert convert_log(log)["ruleset"] == {"base": "tenhou", "overrides": {"red_fives": [0, 0, 0]}}


def test_no_red_five_log_still_refuses_a_red_five_inside_a_call() -> None:
    log = two_round_log()
    log["rule"] = {"disp": "般南喰"}
    log["log"][0][8] = ["p155115", *log["log"][0][8]]
    with pytest.raises(ScoringError, match="red five 51"):
        convert_log(log)
