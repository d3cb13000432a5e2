"""``python -m scoring`` as a subprocess: output, exit codes and error JSON."""

import json
import subprocess
import sys

import pytest

from tests.scoring.conftest import make_record, ron, win


def _run(*args, stdin=None):
    proc = subprocess.run([sys.executable, "-m", "scoring", *args], input=stdin, capture_output=True, text=True)
    return proc.returncode, json.loads(proc.stdout)


def test_game_prints_hands_and_final(tmp_path):
    hands = [ron(win(2, yakuman=1), loser=1)]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(make_record("asi-shirai", hands), ensure_ascii=False), encoding="utf-8")
    code, out = _run("game", str(path))
    assert code == 0
    assert out["hands"] == [{"round": "E1", "honba": 0, "sticks": 0, "deltas": [0, -32000, 32000, 0],
                             "scores": [25000, -7000, 57000, 25000]}]
    # tobi: 57000 +27+20+20 = 67.0; 25000 seat order: -5+10 = 5.0, -5-10 = -15.0; -7000: -37-20 = -57.0
    assert out["final"] == {"scores": [25000, -7000, 57000, 25000], "ranks": [2, 4, 1, 3],
                            "points": [5.0, -57.0, 67.0, -15.0], "ended_by": "tobi"}


@pytest.mark.parametrize(
    ("stdin", "hand", "fragment"),
    [
        (json.dumps(make_record("asi-shirai", [{"kind": "draw"}, ron(win(1, han=1, fu=30), loser=1)])), 1,
         "own discard"),
        ("{not json", None, "not valid JSON"),
        (json.dumps(make_record("juki-agit-2026", [{"kind": "abort", "reason": "four_winds"}])), 0, "abortive"),
    ],
    ids=["invalid record: exit 2 with the bad event's index", "bad JSON: exit 2, hand null",
         "juki: abortive draw refused"],
)
def test_invalid_input_exits_2(stdin, hand, fragment):
    code, out = _run("game", "-", stdin=stdin)
    assert code == 2
    assert set(out) == {"error"}
    assert out["error"]["hand"] == hand
    assert fragment in out["error"]["message"]


def test_korean_names_are_not_escaped(tmp_path):
    record = make_record("asi-shirai", [])
    record["players"] = ["김", "이", "박", "최"]
    proc = subprocess.run([sys.executable, "-m", "scoring", "game", "-"], input=json.dumps(record),
                          capture_output=True, text=True)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["final"] is None


def test_hand_subcommand_is_wired():
    pytest.importorskip("scoring.hand")
    hand = {"tiles": "234m456p789s11z", "melds": [{"kind": "pon", "tiles": "777z"}], "win": "1z",
            "seat_wind": "S", "round_wind": "E"}
    proc = subprocess.run([sys.executable, "-m", "scoring", "hand", "--ruleset", "asi-shirai", "-"],
                          input=json.dumps(hand), capture_output=True, text=True)
    # Chun pon, east pair as round wind: 1 han; 20 + 4 (open honor pon) + 2 (yakuhai pair) + 2 (tanki) -> 30 fu.
    assert proc.returncode == 0, proc.stdout
    out = json.loads(proc.stdout)
    assert (out["han"], out["fu"], out["points"]) == (1, 30, {"ron": 1000})


# Juki 004 §2: in West every win is paid as the dealer's, also for `hand` outside a game (issue 23.2).
@pytest.mark.parametrize(
    ("ruleset", "tsumo", "points"),
    [
        pytest.param("juki-agit-2026", False, {"ron": 2400}, id="juki_west_ron_paid_as_dealer"),
        pytest.param("juki-agit-2026", True, {"all": 1300}, id="juki_west_tsumo_paid_as_dealer"),
        pytest.param("asi-shirai", False, {"ron": 1600}, id="asi_west_ron_paid_as_non_dealer"),
    ],
)
def test_hand_in_the_west_round_is_paid_as_the_ruleset_says(ruleset, tsumo, points):
    hand = {"tiles": "234m999p234567s33z", "win": "5s", "seat_wind": "W", "round_wind": "W", "riichi": True,
            "tsumo": tsumo}
    code, out = _run("hand", "--ruleset", ruleset, "-", stdin=json.dumps(hand))
    assert code == 0
    assert out["points"] == points


def test_hand_flagged_renhou_under_asi_is_scored_with_a_note_on_standard_error():
    hand = {"tiles": "234m567p345678s55s", "win": "2m", "seat_wind": "S", "round_wind": "E", "renhou": True}
    proc = subprocess.run([sys.executable, "-m", "scoring", "hand", "--ruleset", "asi-shirai", "-"],
                          input=json.dumps(hand), capture_output=True, text=True)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["points"] == {"ron": 2000}
    assert "no renhou" in proc.stderr
