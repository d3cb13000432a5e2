"""Issue #14: Tenhou three-player games and Mahjong Soul rooms replay exactly.

The two logs in tests/scoring/online_logs.py were written from the rules (their numbers
worked out by hand); converted and replayed they must give the logs' own deltas for every
round, the logs' final scores and points, and every win must score the log's han, fu and
points when rebuilt as a full hand.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from scoring.errors import HandError, ScoringError
from scoring.game import replay
from scoring.hand import cli_result, evaluate
from scoring.record import parse_event
from scoring.rules import preset, resolve
from scoring.settle import SettlementContext, settle
from scoring.tenhou6 import RoundStart, convert_log, convert_round, convert_rounds, derive_ruleset
from scoring.tenhou6.hands import win_hands
from tests.paths import REPO
from tests.scoring.online_logs import (
    MAHJONG_SOUL_ROWS,
    TENHOU_SANMA_ROWS,
    mahjong_soul_east_game,
    mahjong_soul_sanma_silver_room,
    tenhou_sanma_hanchan,
)

GAMES: list[tuple[str, Callable[[], dict[str, Any]], str, list]] = [
    ("tenhou-sanma-hanchan", tenhou_sanma_hanchan, "tenhou-sanma", TENHOU_SANMA_ROWS),
    ("mahjong-soul-gold-east", mahjong_soul_east_game, "mahjong-soul-east", MAHJONG_SOUL_ROWS),
]
IDS = [g[0] for g in GAMES]


def _seats(log: dict[str, Any]) -> int:
    return len(resolve(derive_ruleset(log)).uma)


# --------------------------------------------------------------------------- the logs themselves


@pytest.mark.parametrize(("name", "make", "key", "rows"), GAMES, ids=IDS)
def test_the_hand_written_logs_use_each_tile_at_most_four_times(name, make, key, rows) -> None:
    log = make()
    sanma = _seats(log) == 3
    for raw in log["log"]:
        counts: Counter[int] = Counter()
        for tile in [*raw[2], *raw[3]]:
            counts[tile] += 1
        for p in range(4):
            counts.update(raw[4 + 3 * p])
            counts.update(t for t in raw[5 + 3 * p] if isinstance(t, int))
        assert max(counts.values()) <= 4, raw[0]
        if sanma:
            assert not [t for t in counts if 12 <= t <= 18], raw[0]


@pytest.mark.parametrize(("name", "make", "key", "rows"), GAMES, ids=IDS)
def test_each_round_starts_where_the_last_one_left_off(name, make, key, rows) -> None:
    log = make()
    n = _seats(log)
    for raw, row in zip(log["log"], rows, strict=False):
        assert raw[1][:n] == [s - d for s, d in zip(row[4], row[3], strict=False)], raw[0]


# --------------------------------------------------------------------------- converted and replayed


@pytest.mark.parametrize(("name", "make", "key", "rows"), GAMES, ids=IDS)
def test_the_log_picks_its_rooms_preset(name, make, key, rows) -> None:
    assert convert_log(make())["ruleset"] == key


@pytest.mark.parametrize(("name", "make", "key", "rows"), GAMES, ids=IDS)
def test_every_round_replays_to_the_logs_deltas(name, make, key, rows) -> None:
    log = make()
    record = convert_log(log)
    _, rounds = convert_rounds(log)
    game = replay(record)
    got = [(r.round, r.honba, r.sticks, list(r.deltas), list(r.scores)) for r in game.rows]
    assert got == [(a, b, c, list(d), list(e)) for a, b, c, d, e in rows]
    # The log's own deltas, less the riichi sticks placed in the round, are the row's.
    assert [list(r.deltas) for r in game.rows] == [list(c.deltas) for c in rounds]


@pytest.mark.parametrize(("name", "make", "key", "rows"), GAMES, ids=IDS)
def test_the_game_ends_at_the_logs_final_scores_and_points(name, make, key, rows) -> None:
    log = make()
    final = replay(convert_log(log)).final
    n = _seats(log)
    assert final is not None
    assert final.ended_by == "all_last"
    assert list(final.scores) == log["sc"][0 : 2 * n : 2]
    assert [float(p) for p in final.points] == [float(p) for p in log["sc"][1 : 2 * n : 2]]


@pytest.mark.parametrize(("name", "make", "key", "rows"), GAMES, ids=IDS)
def test_every_win_rebuilt_as_a_hand_scores_the_logs_han_fu_and_points(name, make, key, rows) -> None:
    log = make()
    rules = resolve(convert_log(log)["ruleset"])
    wins = win_hands(log)
    assert len(wins) == sum(len(raw[-1][2::2]) for raw in log["log"] if raw[-1][0] == "和了")
    for index, win in wins:
        result = evaluate(win.hand, rules)
        got = ({y.id: y.han for y in result.yaku}, result.han, dict(result.points))
        assert got == (win.yaku, win.han, win.points), index
        if win.fu is not None:
            assert result.fu == win.fu, index


def test_the_sanma_kita_win_carries_its_kita_into_the_hand() -> None:
    (index, win), *_ = win_hands(tenhou_sanma_hanchan())
    assert (index, win.hand["kita"], win.yaku["kita"]) == (0, 1, 1)


# --------------------------------------------------------------------------- what used to go wrong

SANMA_DEALER_CASES = [
    pytest.param(0, 0, id="E1: seat 0 deals"),
    pytest.param(2, 2, id="E3: seat 2 deals"),
    pytest.param(4, 0, id="S1 is kyoku 4: seat 0 deals again, not seat 1"),
    pytest.param(6, 2, id="S3 is kyoku 6: seat 2"),
]


@pytest.mark.parametrize(("kyoku", "dealer"), SANMA_DEALER_CASES)
def test_tenhou_numbers_sanma_rounds_four_times_wind_plus_dealer(kyoku: int, dealer: int) -> None:
    start = RoundStart(kyoku=kyoku, honba=0, sticks=0, scores=(35000, 35000, 35000))
    assert start.dealer(3) == dealer


def _settle(key: str, raw: list[Any]) -> tuple[int, ...]:
    rules = preset(key)
    converted = convert_round(raw, rules)
    start = converted.start
    table = SettlementContext(ruleset=rules, dealer=start.dealer(3), round_wind=start.round[0], honba=start.honba,
                  sticks=1000 * start.sticks, scores=start.scores)
    return settle(table, parse_event(converted.event, players=3)).deltas


SANMA_PAYMENT_CASES = [
    # (round index in the sanma log, what the log paid)
    pytest.param(7, (-2100, -4100, 6200), id="mangan tsumo at 1 honba: 4,100 / 2,100 (100 per payer per honba)"),
    pytest.param(3, (3400, -1200, -2200), id="30 fu 3 han tsumo at 2 honba: 1,000+200 / 2,000+200, tsumo loss"),
    pytest.param(2, (-4100, 0, 5100), id="ron at 1 honba pays 200 more, plus the stick"),
    pytest.param(1, (-1000, -1000, 1000), id="one tenpai: 2,000 noten in all (the riichi stick paid)"),
    pytest.param(6, (1000, 1000, -2000), id="two tenpai: the noten seat pays 2,000"),
]


@pytest.mark.parametrize(("index", "deltas"), SANMA_PAYMENT_CASES)
def test_tenhou_sanma_payments(index: int, deltas: tuple[int, ...]) -> None:
    assert _settle("tenhou-sanma", tenhou_sanma_hanchan()["log"][index]) == deltas


def test_mahjong_soul_pays_30_fu_4_han_as_7700_not_a_rounded_up_mangan() -> None:
    raw = mahjong_soul_east_game()["log"][0]
    assert convert_round(raw, preset("mahjong-soul")).event["wins"] == [{"winner": 1, "han": 4, "fu": 30, "dora": 1}]
    with pytest.raises(ScoringError, match="pays 7700"):
        convert_round(raw, preset("mahjong-soul").derive(kiriage=True))


def test_a_tenhou_sanma_log_under_mahjong_soul_rules_misses_its_final_points() -> None:
    # Mahjong Soul measures from the 35,000 start without oka; Tenhou from 40,000 with oka 15.
    with pytest.raises(ScoringError, match="do not follow"):
        convert_log(tenhou_sanma_hanchan(), ruleset="mahjong-soul-sanma")


def test_a_ruleset_for_the_wrong_number_of_players_is_refused() -> None:
    with pytest.raises(ScoringError, match="is for 4 players, but the log is a 3-player game"):
        convert_log(tenhou_sanma_hanchan(), ruleset="tenhou")


# --------------------------------------------------------------------------- command line


def _cli(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scoring", *args], input=stdin, capture_output=True,
                          text=True, cwd=REPO, check=False)


def test_cli_from_tenhou6_picks_the_preset_and_stays_quiet_for_a_known_room() -> None:
    out = _cli("from-tenhou6", "-", stdin=json.dumps(mahjong_soul_east_game(), ensure_ascii=False))
    assert out.returncode == 0, out.stdout
    assert json.loads(out.stdout)["ruleset"] == "mahjong-soul-east"
    assert out.stderr == ""


def test_cli_from_tenhou6_unknown_rule_falls_back_to_tenhou_and_says_so_on_stderr() -> None:
    log = mahjong_soul_east_game()
    log["rule"] = {"disp": "Club night East", "aka51": 1, "aka52": 1, "aka53": 1}
    log.pop("sc")
    out = _cli("from-tenhou6", "-", stdin=json.dumps(log, ensure_ascii=False))
    assert out.returncode == 0, out.stdout
    record = json.loads(out.stdout)
    assert record["ruleset"] == {"base": "tenhou", "overrides": {"length": "east"}}
    assert "names no Tenhou or Mahjong Soul room" in out.stderr
    assert "tenhou" in out.stderr


def test_cli_from_tenhou6_ruleset_option_overrides_the_rooms_preset() -> None:
    log = mahjong_soul_east_game()
    log["rule"] = {"disp": "Club night East", "aka51": 1, "aka52": 1, "aka53": 1}
    out = _cli("from-tenhou6", "--ruleset", "mahjong-soul", "-", stdin=json.dumps(log, ensure_ascii=False))
    assert out.returncode == 0, out.stdout + out.stderr
    assert json.loads(out.stdout)["ruleset"] == {"base": "mahjong-soul", "overrides": {"length": "east"}}
    assert out.stderr == ""


def test_cli_from_tenhou6_unknown_ruleset_key_is_an_error() -> None:
    out = _cli("from-tenhou6", "--ruleset", "no-such", "-", stdin=json.dumps(tenhou_sanma_hanchan()))
    assert out.returncode == 2
    assert "error" in json.loads(out.stdout)


# --------------------------------------------------------------------------- full hands: kita, sanma dora

SANMA_HAND = {"tiles": "111p234p567s99s111z", "win": "9s", "seat_wind": "S", "round_wind": "E", "tsumo": True}

KITA_CASES = [
    pytest.param({}, {"menzen_tsumo": 1, "round_wind": 1}, {"dealer": 1300, "non_dealer": 700},
                 id="no kita: tsumo + East, 40 fu"),
    pytest.param({"kita": 2}, {"menzen_tsumo": 1, "round_wind": 1, "kita": 2}, {"dealer": 4000, "non_dealer": 2000},
                 id="each North set aside is one dora: 4 han 40 fu, mangan"),
    pytest.param({"kita": 2, "dora": ["3z"]}, {"menzen_tsumo": 1, "round_wind": 1, "dora": 2, "kita": 2},
                 {"dealer": 6000, "non_dealer": 3000}, id="North is dora (West indicator): each kita counts again"),
    pytest.param({"kita": 1, "riichi": True, "dora": ["5z"], "ura": ["3z"]},
                 {"menzen_tsumo": 1, "riichi": 1, "round_wind": 1, "ura_dora": 1, "kita": 1},
                 {"dealer": 4000, "non_dealer": 2000}, id="and again for an ura indicator, with riichi"),
    pytest.param({"dora": ["1p"]}, {"menzen_tsumo": 1, "round_wind": 1, "dora": 1},
                 {"dealer": 2600, "non_dealer": 1300}, id="pin and sou dora as usual (1p indicates 2p)"),
]


@pytest.mark.parametrize(("extra", "yaku", "points"), KITA_CASES)
def test_sanma_hand_with_kita(extra: dict[str, Any], yaku: dict[str, int], points: dict[str, int]) -> None:
    result = cli_result({**SANMA_HAND, **extra}, preset("tenhou-sanma"))
    assert {y["id"]: y["han"] for y in result["yaku"]} == yaku
    assert result["points"] == points


SANMA_DORA_CASES = [
    pytest.param("1m", 3, id="1m indicates 9m (no 2m-8m)"),
    pytest.param("9m", 0, id="9m indicates 1m"),
]


@pytest.mark.parametrize(("indicator", "dora"), SANMA_DORA_CASES)
def test_sanma_dora_order(indicator: str, dora: int) -> None:
    hand = {"tiles": "999m234p567p345s77s", "win": "7s", "seat_wind": "S", "round_wind": "E", "tsumo": True,
            "dora": [indicator]}
    result = evaluate(hand, preset("tenhou-sanma"))
    assert result.dora == dora


KITA_REFUSALS = [
    pytest.param("tenhou", {"kita": 1}, "sets no North aside", id="four-player rulesets have no kita"),
    pytest.param("tenhou-sanma", {"kita": 5}, "from 0 to 4", id="at most four Norths"),
    pytest.param("tenhou-sanma", {"kita": True}, "whole number", id="a count, not a flag"),
    pytest.param("tenhou-sanma", {"kita": 2, "tiles": "111p234p567s99s444z"}, "only four",
                 id="Norths in hand and set aside are five"),
]


@pytest.mark.parametrize(("key", "extra", "message"), KITA_REFUSALS)
def test_kita_refusals(key: str, extra: dict[str, Any], message: str) -> None:
    hand = {**SANMA_HAND, "tiles": "111p234p567s99s111z", **extra}
    if key == "tenhou":
        hand["tiles"] = "111m234p567s99s111z"
    with pytest.raises(HandError, match=message):
        evaluate(hand, preset(key))


# --------------------------------------------------------------------------- room length from the log (issue 23.5)


def test_mahjong_soul_sanma_room_without_length_that_ends_in_east_is_east_only() -> None:
    log = mahjong_soul_sanma_silver_room()
    record = convert_log(log)
    # 三銀の間: Mahjong Soul always has kuitan and its three-player red 5p/5s; 銀 is not Tenhou's room
    # mark for no open tanyao, and a missing 赤 says nothing in a Mahjong Soul room name.
    assert record["ruleset"] == "mahjong-soul-sanma-east"
    final = replay(record).final
    assert final is not None
    assert final.ended_by == "all_last"
    assert list(final.scores) == [35000, 43000, 27000]
    assert [float(p) for p in final.points] == [0.0, 23.0, -23.0]


def test_mahjong_soul_room_without_length_that_ends_in_east_is_east_only() -> None:
    log = mahjong_soul_east_game()
    log["rule"] = {"disp": "金の間喰赤", "aka51": 1, "aka52": 1, "aka53": 1}
    record = convert_log(log)
    assert record["ruleset"] == "mahjong-soul-east"
    assert replay(record).final is not None


def test_a_room_without_length_whose_game_goes_south_stays_hanchan() -> None:
    log = tenhou_sanma_hanchan()
    log["rule"] = {"disp": "三鳳喰赤"}
    assert resolve(derive_ruleset(log)).length.value == "hanchan"


def test_a_room_without_length_whose_game_ends_in_east_by_tobi_stays_hanchan() -> None:
    log = mahjong_soul_sanma_silver_room()
    log["log"] = log["log"][:1]
    # E1: the dealer rons seat 2 for a yakuman, 48,000: seat 2 ends at -13,000 (tobi).
    log["log"][0][-1] = ["和了", [48000, 0, -48000, 0], [0, 2, 0, "役満48000点", "字一色(役満)"]]
    log["sc"] = [83000, 63.0, 35000, 0.0, -13000, -63.0]
    assert derive_ruleset(log) == "mahjong-soul-sanma"


def test_cli_from_tenhou6_says_on_stderr_that_the_length_came_from_the_log() -> None:
    out = _cli("from-tenhou6", "-", stdin=json.dumps(mahjong_soul_sanma_silver_room(), ensure_ascii=False))
    assert out.returncode == 0, out.stdout
    assert json.loads(out.stdout)["ruleset"] == "mahjong-soul-sanma-east"
    assert "East-only" in out.stderr
    assert "nobody below zero" in out.stderr
