"""Every way a game ends that is not a hand: the ``end`` event (time, referee) and the ``result`` event.

Rulebook: an ``end`` ends the game between hands at the scores it stands at; leftover riichi sticks go
as the ruleset says at a game end; ranks and points as at any end. A ``result`` is the record's only
event: the table's counted scores plus one stick's value per stick left add up to the start points.
Nothing may follow either of them.
"""

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.game import replay
from scoring.record import End, EndReason, Result, parse_record
from scoring.termination import Termination
from tests.scoring.conftest import make_record

NOTEN_DRAW_SEAT2_RIICHI = {"kind": "draw", "tenpai": [2], "riichi": [2]}
"""Seat 2 riichi and alone tenpai: 25000 + 3000 - 1000 = 27000, the others 24000, one stick on the table."""


def _run(record):
    proc = subprocess.run([sys.executable, "-m", "scoring", "game", "-"], input=json.dumps(record),
                          capture_output=True, text=True)
    return proc.returncode, json.loads(proc.stdout)


@pytest.mark.parametrize(
    ("ruleset", "hands", "scores", "ranks", "points", "ended_by"),
    [
        # 28000 (27000 + the leftover stick to 1st): -2 + 30 + 20 = 48; 24000 by seat order: -6+10, -6-10, -6-30.
        ("juki-agit-2026", [NOTEN_DRAW_SEAT2_RIICHI, {"kind": "end", "reason": "time"}],
         [24000, 24000, 28000, 24000], [2, 3, 1, 4], [4.0, -16.0, 48.0, -36.0], "time"),
        # ASI: uma 20/10/-10/-20, oka 20 to 1st: -2 + 20 + 20 = 38; -6+10, -6-10, -6-20.
        ("asi-shirai", [NOTEN_DRAW_SEAT2_RIICHI, {"kind": "end", "reason": "time"}],
         [24000, 24000, 28000, 24000], [2, 3, 1, 4], [4.0, -16.0, 38.0, -26.0], "time"),
        # A referee ends a game before any hand: 25000 each, seat order: -5+30+20, -5+10, -5-10, -5-30.
        ("juki-agit-2026", [{"kind": "end", "reason": "referee", "note": "테이블 사정으로 중단"}],
         [25000, 25000, 25000, 25000], [1, 2, 3, 4], [45.0, 5.0, -15.0, -35.0], "referee"),
        ("asi-shirai", [NOTEN_DRAW_SEAT2_RIICHI, {"kind": "end", "reason": "referee", "note": "지각"}],
         [24000, 24000, 28000, 24000], [2, 3, 1, 4], [4.0, -16.0, 38.0, -26.0], "referee"),
        # Juki sanma: 30000 start and return, uma 20/0/-20, no oka.
        ("juki-agit-sanma-2026", [{"kind": "end", "reason": "referee", "note": "x"}],
         [30000, 30000, 30000], [1, 2, 3], [20.0, 0.0, -20.0], "referee"),
        # result: 40000 + the stick = 41000: 11 + 30 + 20 = 61; 0 + 10; -10 - 10; -21 - 30.
        ("juki-agit-2026", [{"kind": "result", "scores": [40000, 30000, 20000, 9000], "sticks": 1}],
         [41000, 30000, 20000, 9000], [1, 2, 3, 4], [61.0, 10.0, -20.0, -51.0], "result"),
        ("asi-shirai", [{"kind": "result", "scores": [9000, 20000, 30000, 40000], "sticks": 1}],
         [9000, 20000, 30000, 41000], [4, 3, 2, 1], [-41.0, -20.0, 10.0, 51.0], "result"),
        # Ties in a result: seat order (closer to the first dealer ranks higher).
        ("juki-agit-2026", [{"kind": "result", "scores": [20000, 30000, 30000, 20000]}],
         [20000, 30000, 30000, 20000], [3, 1, 2, 4], [-20.0, 50.0, 10.0, -40.0], "result"),
        ("juki-agit-sanma-2026", [{"kind": "result", "scores": [45000, 30000, 14000], "sticks": 1}],
         [46000, 30000, 14000], [1, 2, 3], [36.0, 0.0, -36.0], "result"),
        # WRC: leftover sticks are lost; tied places share their uma.
        ("wrc-2025", [{"kind": "result", "scores": [30000, 30000, 30000, 29000], "sticks": 1}],
         [30000, 30000, 30000, 29000], [1, 1, 1, 4], [5.0, 5.0, 5.0, -16.0], "result"),
    ],
    ids=[
        "juki: time end, leftover stick to 1st, uma 30/10 oka 20",
        "asi: time end, leftover stick to 1st, uma 20/10 oka 20",
        "juki: referee end before any hand, seat order",
        "asi: referee end at the current scores",
        "juki sanma: referee end, uma 20/0/-20",
        "juki: result with a stick left, the stick to 1st",
        "asi: result, ranks from the scores",
        "juki: result ties ranked by seat order",
        "juki sanma: result with a stick left",
        "wrc: result, leftover stick lost, ties share uma",
    ],
)
def test_a_game_ends_by_end_or_result(ruleset, hands, scores, ranks, points, ended_by):
    code, out = _run(make_record(ruleset, hands))
    assert code == 0, out
    assert out["final"] == {"scores": scores, "ranks": ranks, "points": points, "ended_by": ended_by}
    assert sum(out["final"]["points"]) == pytest.approx(0) or ruleset == "wrc-2025"


def test_an_end_writes_no_hand_row_and_a_result_none():
    out = replay(make_record("juki-agit-2026", [NOTEN_DRAW_SEAT2_RIICHI, {"kind": "end", "reason": "time"}]))
    assert [r.round for r in out.rows] == ["E1"]
    assert out.state.finished
    assert out.state.ended_by is Termination.TIME
    assert out.final.ended_by is Termination.TIME
    assert replay(make_record("asi-shirai", [{"kind": "result", "scores": [25000] * 4}])).rows == []


@pytest.mark.parametrize(
    ("ruleset", "hands", "index", "english", "korean"),
    [
        ("juki-agit-2026", [{"kind": "end", "reason": "time"}, {"kind": "draw"}], 1,
         "already over (time)", "이미 끝났습니다(시간 종료)"),
        ("asi-shirai", [{"kind": "end", "reason": "referee"}, {"kind": "end", "reason": "time"}], 1,
         "already over (referee)", "심판 종료"),
        ("juki-agit-2026", [{"kind": "result", "scores": [25000] * 4}, {"kind": "draw"}], 1,
         "already over (scores entered)", "점수 입력"),
        ("juki-agit-sanma-2026", [{"kind": "result", "scores": [30000] * 3}, {"kind": "stop"}], 1,
         "already over", "이미 끝났습니다"),
        ("juki-agit-2026", [{"kind": "draw"}, {"kind": "result", "scores": [25000] * 4}], 1,
         "only event", "유일한"),
        ("asi-shirai", [{"kind": "result", "scores": [30000, 30000, 20000, 20000], "sticks": 1}], 0,
         "add up to 101,000 (with 1 riichi stick(s) on the table), but the table started with 100,000: 1,000 too many",
         "101,000점"),
        ("juki-agit-sanma-2026", [{"kind": "result", "scores": [30000, 30000, 30000, 0]}], 0,
         "all 3 seats", "3명 모두"),
        ("juki-agit-2026", [{"kind": "result", "scores": [25000] * 4, "sticks": -1}], 0,
         "at least 0", "0"),
        ("juki-agit-2026", [{"kind": "end", "reason": "lunch"}], 0, "Unknown reason 'lunch'", "'lunch'"),
        ("juki-agit-2026", [{"kind": "end"}], 0, "Unknown reason None", "종료 사유"),
    ],
    ids=[
        "nothing follows a time end",
        "nothing follows a referee end, not even another end",
        "nothing follows a result",
        "juki sanma: no stop after a result",
        "a result is the record's only event",
        "asi: a result's scores and sticks add up to the start points",
        "juki sanma: a result names every seat's score",
        "a result's sticks are a whole number from 0",
        "an end's reason is time or referee",
        "an end needs a reason",
    ],
)
def test_refused(ruleset, hands, index, english, korean):
    code, out = _run(make_record(ruleset, hands))
    assert code == 2
    assert out["error"]["hand"] == index
    assert english in out["error"]["message"]
    from scoring.errors import ScoringError
    with pytest.raises(ScoringError) as exc:
        replay(make_record(ruleset, hands))
    assert korean in exc.value.localized("ko")


def test_end_and_result_write_back_as_they_were_read():
    hands = [{"kind": "end", "reason": "referee", "note": "심판 판단"}]
    record = parse_record(make_record("juki-agit-2026", hands))
    assert record.events == (End(reason=EndReason.REFEREE, note="심판 판단"),)
    assert record.to_dict()["hands"] == [{"kind": "end", "reason": "referee", "note": "심판 판단"}]
    result = parse_record(make_record("asi-shirai", [{"kind": "result", "scores": [40000, 30000, 20000, 9000],
                                                      "sticks": 1}]))
    assert result.events == (Result(scores=(40000, 30000, 20000, 9000), sticks=1),)
    assert parse_record(result.to_dict()) == result


def test_the_schema_knows_end_and_result():
    from pathlib import Path
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).parents[2] / "scoring/schema/game-record.schema.json").read_text())
    jsonschema.validate(make_record("juki-agit-2026", [{"kind": "end", "reason": "time"}]), schema)
    jsonschema.validate(make_record("juki-agit-2026", [{"kind": "result", "scores": [25000] * 4, "sticks": 0}]),
                        schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(make_record("juki-agit-2026", [{"kind": "end", "reason": "lunch"}]), schema)


@given(st.lists(st.integers(min_value=-200, max_value=800), min_size=3, max_size=3), st.integers(0, 5),
       st.sampled_from(["juki-agit-2026", "asi-shirai"]))
def test_a_valid_result_always_ends_with_the_start_total_and_zero_sum_points(hundreds, sticks, ruleset):
    first3 = [h * 100 for h in hundreds]
    last = 100000 - sum(first3) - sticks * 1000
    out = replay(make_record(ruleset, [{"kind": "result", "scores": [*first3, last], "sticks": sticks}]))
    assert sum(out.final.scores) == 100000
    assert sorted(out.final.ranks) == [1, 2, 3, 4]
    assert sum(out.final.points) == pytest.approx(0, abs=0.02)


@pytest.mark.parametrize(("ruleset", "penalty"), [
    ("juki-agit-2026", {"kind": "penalty", "player": 1, "type": "yellow_card"}),
    ("asi-shirai", {"kind": "penalty", "player": 1, "type": "penalty_point"}),
], ids=["juki: a yellow card in the hand in play", "asi: a penalty point in the hand in play"])
def test_a_penalty_is_not_a_hand_the_game_ends_with_it_kept(ruleset, penalty):
    """Issue 42 item 4: time is up while the hand in play holds only a penalty: the game ends, penalty kept."""
    before = replay(make_record(ruleset, [{"kind": "draw"}, penalty]))
    ended = replay(make_record(ruleset, [{"kind": "draw"}, penalty, {"kind": "end", "reason": "time"}]))
    assert ended.final is not None
    assert ended.state.scores == before.state.scores  # the penalty stays where it put the points
