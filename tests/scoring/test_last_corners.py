"""Issue 40, "the last corners": one case per item, named after the rule or clause it reads, every
number worked by hand from the rulebooks (../shared/seeds, digests in ../shared/rules)."""

import dataclasses
import json

import pytest

from scoring.__main__ import main
from scoring.errors import ScoringError
from scoring.game import replay
from scoring.rules import PRESETS, Ruleset
from scoring.tenhou6 import convert_log
from tests.scoring.conftest import PASS, make_record, play, ron, tsumo, win
from tests.scoring.test_tenhou6 import make_round, two_round_log
from tests.scoring.test_tenhou6 import ron as log_ron


def _with(key: str, **overrides):
    return {"base": key, "overrides": overrides}


# --- 1. Juki three-player before 2025-12-02: North set aside as dora -------------------------------------
# 004's change log, 2025.12.02: "3인마작 항목의 북도라를 화패사용으로 변경" and "3인마작 항목의 쯔모손실
# 있음을 없음으로 변경". Until then: north dora (kita), no flowers, tsumo loss; from then: 4 flowers
# (§7 "북도라 없음, 화패 4장 사용"), no tsumo loss (§7 "쯔모 손실 없음").
SANMA_VERSIONS = [
    # key, kita, flowers, tsumo loss
    ("juki-agit-sanma-2023-11", True, 0, True),
    ("juki-agit-sanma-2024-12", True, 0, True),
    ("juki-agit-sanma-2025-01", True, 0, True),
    ("juki-agit-sanma-2025-12", False, 4, False),
    ("juki-agit-sanma-2026", False, 4, False),
]


@pytest.mark.parametrize(("key", "kita", "flowers", "tsumo_loss"), [pytest.param(*v, id=v[0]) for v in SANMA_VERSIONS])
def test_juki_change_log_2025_12_02_north_dora_to_flowers_and_tsumo_loss(key, kita, flowers, tsumo_loss):
    rs = PRESETS[key]
    assert (rs.kita, rs.flowers, rs.sanma_tsumo_loss) == (kita, flowers, tsumo_loss)
    assert rs.flower_dora  # §7: a flower is a dora where there are flowers


# Seat 1 (South, non-dealer) tsumos 99m 234p 456p 789s 234s on 2s: menzen tsumo, pinfu and one extra
# dora = 3 han 20 fu: 700 / 1,300 in four-player.
PINFU_TSUMO = {"tiles": "99m234p456p789s234s", "win": "2s"}


@pytest.mark.parametrize(("key", "extra", "scores"), [
    # North dora and tsumo loss: dealer 1,300, seat 2 700 -> +2,000.
    pytest.param("juki-agit-sanma-2025-01", {"kita": 1}, [28700, 32000, 29300],
                 id="juki sanma 2025-01 (before 2025.12.02): a North set aside is a dora, tsumo loss"),
    pytest.param("juki-agit-sanma-2023-11", {"kita": 1}, [28700, 32000, 29300],
                 id="juki sanma 2023-11 (before 2025.12.02): a North set aside is a dora, tsumo loss"),
    # A flower and no tsumo loss: North's 700 split 400 / 400 (each half rounded up to 100):
    # dealer 1,700, seat 2 1,100 -> +2,800.
    pytest.param("juki-agit-sanma-2025-12", {"flowers": 1}, [28300, 32800, 28900],
                 id="juki sanma 2025-12 (from 2025.12.02): a flower is a dora, no tsumo loss"),
])
def test_juki_sanma_north_dora_before_2025_12_02(key, extra, scores):
    game = play(key, [tsumo(1, hand={**PINFU_TSUMO, **extra})])
    assert list(game.state.scores) == scores


@pytest.mark.parametrize(("key", "extra", "message"), [
    pytest.param("juki-agit-sanma-2025-12", {"kita": 1}, "Lee's hand: This ruleset sets no North aside",
                 id="juki sanma from 2025.12.02: no North set aside"),
    pytest.param("juki-agit-sanma-2025-01", {"flowers": 1}, "Lee's hand: This ruleset has no flower tiles",
                 id="juki sanma before 2025.12.02: no flower tiles"),
])
def test_juki_sanma_refuses_the_other_versions_dora(key, extra, message):
    with pytest.raises(ScoringError) as exc:
        play(key, [tsumo(1, hand={**PINFU_TSUMO, **extra})])
    assert exc.value.hand == 0
    assert exc.value.message.startswith(message)


# --- 2. West 4 as all-last: the termination says what ended it --------------------------------------------
# A.S.I. 1f "오라스 친이 톱일 경우, 친의 화료/텐파이로 종료." read at West 4 (1g "북입은 없음") with
# west_last_all_last. Eight all-noten draws into West, three more to West 4 (seat 3 deals, honba 11).
# Win: the dealer rons 1 han 30 fu off seat 0: 1,500 + 11 x 300 = 4,800 -> 29,800, top (below 30,000,
# so no sudden death). Tenpai: only the dealer tenpai, 3,000 in noten payments -> 28,000, top.
@pytest.mark.parametrize(("event", "scores", "ended_by"), [
    pytest.param(ron(win(3, han=1, fu=30), loser=0), [20200, 25000, 25000, 29800], "agari_yame",
                 id="asi 1f at west 4: the top dealer's win ends the game by agari-yame"),
    pytest.param({"kind": "draw", "tenpai": [3]}, [24000, 24000, 24000, 28000], "tenpai_yame",
                 id="asi 1f at west 4: the top dealer's tenpai ends the game by tenpai-yame"),
])
def test_asi_1f_west_4_as_all_last_ends_by_yame(event, scores, ended_by):
    game = play(_with("asi-shirai", west_last_all_last=True), [PASS] * 11 + [event])
    assert game.rows[-1].round == "W4"
    assert list(game.state.scores) == scores
    assert game.state.finished
    assert game.final.ended_by == ended_by


def test_asi_1g_west_4_passing_the_deal_is_still_the_hard_end():
    """No North (1g "북입은 없음"): West 4's non-dealer win passes the deal and ends the game: west_end.
    Seat 0 rons 1 han 30 fu off seat 1 at West 4, honba 11: 1,000 + 3,300 -> 29,300, below 30,000."""
    game = play(_with("asi-shirai", west_last_all_last=True), [PASS] * 11 + [ron(win(0, han=1, fu=30), loser=1)])
    assert list(game.state.scores) == [29300, 20700, 25000, 25000]
    assert game.final.ended_by == "west_end"


# --- 3. A club's own settings in `scoring hand` --------------------------------------------------------------
# `hand --ruleset` takes what a game record's "ruleset" takes ({"base": KEY, "overrides": {...}}) or @FILE.
# Seat South (non-dealer), East round. Points worked by hand (no honba, no sticks).
FLOWER_TSUMO = {"tiles": "99m234p456p789s234s", "win": "2s", "tsumo": True, "seat_wind": "S", "round_wind": "E"}
FIRST_TURN_RON = {"tiles": "234m567p345678s55s", "win": "2m", "seat_wind": "S", "round_wind": "E", "renhou": True}
WEST_PAIR_RON = {"tiles": "111m456p789s234s33z", "win": "2s", "seat_wind": "W", "round_wind": "W", "riichi": True}
MANZU_RON = {"tiles": "234m567m345678s55s", "win": "2m", "seat_wind": "S", "round_wind": "E"}


def _cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, json.loads(out), err


@pytest.mark.parametrize(("ruleset", "hand", "points"), [
    # §7 "북도라 없음, 화패 4장 사용": a flower is a dora (3 han 20 fu: 700 / 1,300, North's 700 split 400 / 400).
    pytest.param("juki-agit-sanma-2026", {**FLOWER_TSUMO, "flowers": 1}, {"dealer": 1700, "non_dealer": 1100},
                 id="juki sanma flower dora: the preset"),
    # A club that reads a flower as a replacement draw only: 2 han 20 fu, 400 / 700, North's 400 split 200 / 200.
    pytest.param({"base": "juki-agit-sanma-2026", "overrides": {"flower_dora": False}},
                 {**FLOWER_TSUMO, "flowers": 1}, {"dealer": 900, "non_dealer": 600},
                 id="juki sanma flower dora off: a club's override"),
    # North set aside (the older text's 북도라) on the 2026 rules: as a flower, 3 han 20 fu.
    pytest.param({"base": "juki-agit-sanma-2026", "overrides": {"kita": True, "flowers": 0}},
                 {**FLOWER_TSUMO, "kita": 1}, {"dealer": 1700, "non_dealer": 1100},
                 id="juki sanma kita: a club's override"),
    # Pinfu on a flower's replacement ("영상개화로 화료 시 쯔모 2부 있음"): the preset, pinfu tsumo 20 fu —
    # menzen tsumo, pinfu, rinshan, flower = 4 han 20 fu, 1,300 / 2,600, North's 1,300 split 700 / 700.
    pytest.param("juki-agit-sanma-2026", {**FLOWER_TSUMO, "flowers": 1, "rinshan": True},
                 {"dealer": 3300, "non_dealer": 2000}, id="juki sanma pinfu on a flower replacement: the preset"),
    # A club that keeps the tsumo fu: no pinfu, 3 han 30 fu, 1,000 / 2,000, North's 1,000 split 500 / 500.
    pytest.param({"base": "juki-agit-sanma-2026", "overrides": {"flower_rinshan_pinfu": False}},
                 {**FLOWER_TSUMO, "flowers": 1, "rinshan": True}, {"dealer": 2500, "non_dealer": 1500},
                 id="juki sanma pinfu on a flower replacement off: a club's override"),
    # A.S.I. 3a "(더블동, 더블남일 경우 4부)": West seat in the West round, riichi ron on 2s with 111m closed
    # (8 fu) and a West pair: 30 + 8 + 4 = 42 -> 50 fu, 1,600; a club that reads 2 fu: 40 -> 40 fu, 1,300.
    pytest.param("asi-shirai", WEST_PAIR_RON, {"ron": 1600}, id="asi double-west pair 4 fu: the preset"),
    pytest.param({"base": "asi-shirai", "overrides": {"double_wind_pair_in_west": False}}, WEST_PAIR_RON,
                 {"ron": 1300}, id="asi double-west pair 2 fu: a club's override"),
    # A.S.I. 2e has no renhou; a club that counts it as a yakuman: 32,000 (replaces tanyao pinfu).
    pytest.param({"base": "asi-shirai", "overrides": {"renhou": "yakuman"}}, FIRST_TURN_RON, {"ron": 32000},
                 id="asi renhou yakuman: a club's override"),
    # Sanma tile set without 2p-8p: 234m 567m is a hand again (tanyao pinfu 2 han 30 fu: 2,000).
    pytest.param({"base": "juki-agit-sanma-2026", "overrides": {"sanma_tiles": "no_2p_8p"}}, MANZU_RON,
                 {"ron": 2000}, id="juki sanma tile set no 2p-8p: a club's override"),
])
def test_scoring_hand_takes_a_clubs_overrides(capsys, tmp_path, ruleset, hand, points):
    hand_file = tmp_path / "hand.json"
    hand_file.write_text(json.dumps(hand), encoding="utf-8")
    arg = ruleset if isinstance(ruleset, str) else json.dumps(ruleset)
    code, out, _ = _cli(capsys, "hand", "--ruleset", arg, str(hand_file))
    assert (code, out["points"]) == (0, points)
    # The same ruleset from a file (@FILE), as a ruleset file a club keeps.
    rules_file = tmp_path / "rules.json"
    rules_file.write_text(json.dumps(ruleset), encoding="utf-8")
    code, out, _ = _cli(capsys, "hand", "--ruleset", f"@{rules_file}", str(hand_file))
    assert (code, out["points"]) == (0, points)


def test_scoring_hand_refuses_the_kita_a_ruleset_does_not_have(capsys, tmp_path):
    hand_file = tmp_path / "hand.json"
    hand_file.write_text(json.dumps({**FLOWER_TSUMO, "kita": 1}), encoding="utf-8")
    code, out, _ = _cli(capsys, "hand", "--ruleset", "juki-agit-sanma-2026", str(hand_file))
    assert code == 2
    assert out["error"]["message"].startswith("This ruleset sets no North aside")


@pytest.mark.parametrize("command", ["game", "hand"])
def test_cli_help_documents_overrides_and_lists_every_option(capsys, command):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = capsys.readouterr().out
    assert '"overrides"' in text
    for f in dataclasses.fields(Ruleset):
        if f.name not in ("key", "name", "version"):
            assert f"  {f.name} (" in text, f.name


# --- 6. The CLI's refusals follow --lang -----------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "lang", "message"), [
    pytest.param(["hand", "--ruleset", "juki-agit-sanma-2026"], "ko",
                 "이 룰에는 북 뽑기(키타)가 없습니다(키타는 3인 마작에서 룰이 정한 경우에만 있습니다).",
                 id="hand refusal in Korean"),
    pytest.param(["hand", "--ruleset", "juki-agit-sanma-2026"], "en",
                 "This ruleset sets no North aside (kita is three-player only, where the ruleset has it).",
                 id="hand refusal in English"),
    pytest.param(["hand", "--ruleset", '{"base": "asi-shirai", "overrides": {"kitaa": true}}'], "ko",
                 "알 수 없는 룰 옵션: kitaa.", id="an unknown option in Korean"),
])
def test_cli_refusals_follow_lang(capsys, tmp_path, argv, lang, message):
    hand_file = tmp_path / "hand.json"
    hand_file.write_text(json.dumps({**FLOWER_TSUMO, "kita": 1}), encoding="utf-8")
    for args in ([*argv, "--lang", lang, str(hand_file)], ["--lang", lang, *argv, str(hand_file)]):
        code, out, _ = _cli(capsys, *args)
        assert code == 2
        assert out["error"]["message"] == message


def test_cli_game_refusal_and_hand_note_follow_lang(capsys, tmp_path):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(make_record("juki-agit-2026", [{"kind": "abort", "reason": "four_winds"}])),
                      encoding="utf-8")
    code, out, _ = _cli(capsys, "game", "--lang", "ko", str(record))
    assert code == 2
    assert out["error"]["hand"] == 0
    assert "도중유국" in out["error"]["message"]
    hand_file = tmp_path / "hand.json"
    hand_file.write_text(json.dumps(FIRST_TURN_RON), encoding="utf-8")
    code, out, err = _cli(capsys, "hand", "--lang", "ko", "--ruleset", "asi-shirai", str(hand_file))
    assert code == 0
    assert out["points"] == {"ron": 2000}
    assert err == "note: 이 룰에는 인화가 없습니다(역이 아님): 첫 쯔모 전의 론은 다른 역으로 계산했습니다.\n"


# --- 5. The Tenhou-log converter: logs that play past agari-yame, and no West round --------------------------
def _tenhou_log(disp: str, rounds: list, sc: list) -> dict:
    return {"title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": disp, "aka": 1}, "log": rounds, "sc": sc}


def _plays_past_agari_yame_log() -> dict:
    """East-only. E1: seat 3 rons seat 0, mangan 8,000 -> [17000, 25000, 25000, 33000]. E2 honba 0, E3
    honba 1: all noten. E4 honba 2: the dealer (seat 3, top, over 30,000) rons seat 0, 2 han 30 fu 2,900 +
    600 -> [13500, 25000, 25000, 36500]; Tenhou's agari-yame would end the game, but the log deals E4 again
    (honba 3): all noten, the deal passes, the game ends. Points (uma 20/10, oka 20, from 30,000):
    seat 3 +6.5 + 20 + 20 = 46.5; seat 1 −5 + 10 = 5.0; seat 2 −5 − 10 = −15.0; seat 0 −16.5 − 20 = −36.5."""
    after_e1 = (17000, 25000, 25000, 33000)
    return _tenhou_log("般東喰赤", [
        make_round(["和了", *log_ron([-8000, 0, 0, 8000], 3, 0, "満貫8000点", "断幺九(1飜)", "ドラ(3飜)")]),
        make_round(["全員不聴"], kyoku=1, honba=0, scores=after_e1),
        make_round(["全員不聴"], kyoku=2, honba=1, scores=after_e1),
        make_round(["和了", *log_ron([-3500, 0, 0, 3500], 3, 0, "30符2飜2900点", "断幺九(1飜)", "ドラ(1飜)")],
                   kyoku=3, honba=2, scores=after_e1),
        make_round(["全員不聴"], kyoku=3, honba=3, scores=(13500, 25000, 25000, 36500)),
    ], [13500, -36.5, 25000, 5.0, 25000, -15.0, 36500, 46.5])


def _no_west_log() -> dict:
    """Hanchan (a friendly room): eight all-noten draws, E1 to S4 (honba 0 to 7); everyone ends on 25,000,
    nobody on 30,000, and the log ends: no West round. Points by seat order (ties): seat 0 −5 + 20 + 20 =
    35.0; seat 1 −5 + 10 = 5.0; seat 2 −5 − 10 = −15.0; seat 3 −5 − 20 = −25.0."""
    return _tenhou_log("般南喰赤", [make_round(["全員不聴"], kyoku=k, honba=k) for k in range(8)],
                       [25000, 35.0, 25000, 5.0, 25000, -15.0, 25000, -25.0])


@pytest.mark.parametrize(("log", "overrides", "scores", "points", "ended_by"), [
    pytest.param(_plays_past_agari_yame_log(), {"length": "east", "agari_yame": "none"},
                 [13500, 25000, 25000, 36500], [-36.5, 5.0, -15.0, 46.5], "all_last",
                 id="tenhou agari-yame: a log whose top dealer plays on after an all-last win has none"),
    pytest.param(_no_west_log(), {"west_entry": False}, [25000] * 4, [35.0, 5.0, -15.0, -25.0], "all_last",
                 id="tenhou west entry: a log that ends after South 4 with nobody on 30,000 has no West round"),
])
def test_tenhou_converter_infers_the_end_from_the_log(log, overrides, scores, points, ended_by):
    record = convert_log(log)
    assert record["ruleset"] == {"base": "tenhou", "overrides": overrides}
    final = replay(record).final
    assert final is not None
    assert (list(final.scores), list(final.points), final.ended_by) == (scores, points, ended_by)


def test_tenhou_converter_refusal_names_the_round_and_what_could_not_be_inferred():
    """E2 is a nine-terminals abort; Juki's Agit (since 2024-12-01) has no abortive draws, so the record the
    log becomes under --ruleset juki-agit-2026 cannot be replayed: the refusal names E2 honba 0."""
    log = two_round_log()
    log["log"][1] = make_round(["九種九牌"], kyoku=1, scores=(24000, 28000, 23000, 25000))
    with pytest.raises(ScoringError) as exc:
        convert_log(log, "juki-agit-2026")
    assert exc.value.message.startswith("Round E2 honba 0: ")
    assert "no abortive draws" in exc.value.message
    assert "juki-agit-2026" in exc.value.message
    assert "E2국 0본장" in exc.value.localized("ko")


# --- 4. Readings a club would want ------------------------------------------------------------------------------
# A.S.I. 2e "천화(멘), 지화(멘)" lists no renhou. A first-turn ron entered with the renhou flag: scored on its
# other yaku with a note (tanyao pinfu 2 han 30 fu: 2,000), or the entry turned back.
@pytest.mark.parametrize(("entry", "points"), [
    pytest.param("score_without", {"ron": 2000}, id="asi 2e no renhou: the win scores its other yaku (with a note)"),
    pytest.param("turn_back", None, id="asi 2e no renhou: the entry is turned back"),
])
def test_asi_2e_no_renhou_entry(capsys, tmp_path, entry, points):
    hand_file = tmp_path / "hand.json"
    hand_file.write_text(json.dumps(FIRST_TURN_RON), encoding="utf-8")
    spec = json.dumps({"base": "asi-shirai", "overrides": {"no_renhou_entry": entry}})
    code, out, err = _cli(capsys, "hand", "--ruleset", spec, str(hand_file))
    if points is None:
        assert code == 2
        assert out["error"]["message"].startswith("This ruleset has no renhou: the entry is turned back")
    else:
        assert (code, out["points"]) == (0, points)
        assert "no renhou" in err


def test_asi_2e_no_renhou_entry_turned_back_in_a_game():
    rules = _with("asi-shirai", no_renhou_entry="turn_back")
    with pytest.raises(ScoringError) as exc:
        play(rules, [ron(win(1, hand=FIRST_TURN_RON), loser=2)])
    assert exc.value.hand == 0


# Rounding to whole points: the dealer rons seat 1 for 1,500 (1 han 30 fu) at East 1, then a referee ends the
# game: [26500, 23500, 25000, 25000]. A.S.I. uma 20/10, oka 20,000 to first, from 30,000; half up:
# 27, 24, 25, 25. Each on its own: seat 0 27 − 30 + 20 + 20 = 37; seat 2 25 − 30 + 10 = 5; seat 3 −5 − 10 =
# −15; seat 1 24 − 30 − 20 = −26 (the sum is +1). Zero-sum: first takes −(5 − 15 − 26) = 36.
@pytest.mark.parametrize(("zero_sum", "points"), [
    pytest.param(True, [36, -26, 5, -15], id="rounding zero-sum: first place takes the remainder (today)"),
    pytest.param(False, [37, -26, 5, -15], id="rounding each score on its own, first place included"),
])
def test_rounding_each_score_on_its_own(zero_sum, points):
    rules = _with("asi-shirai", rounding="round_half_up", rounding_zero_sum=zero_sum)
    game = play(rules, [ron(win(0, han=1, fu=30), loser=1), {"kind": "end", "reason": "referee"}])
    assert list(game.final.scores) == [26500, 23500, 25000, 25000]
    assert list(game.final.points) == points


# Kept fixed (docs/rules-audit.md, "Issue 40: kept fixed"): honba +1 after an abortive draw, also when the
# deal passes (Juki 2023-11 lists the four abortive draws without a word on honba; A.S.I. 4 "모두 친이 넘어가지
# 않음"); a club that passes the deal: E2 honba 1.
@pytest.mark.parametrize(("keeps", "where"), [
    pytest.param(True, ("E1", 1), id="juki 2023-11 abortive draw: the dealer keeps, honba +1"),
    pytest.param(False, ("E2", 1), id="juki 2023-11 abortive draw with the deal passing: honba +1 all the same"),
])
def test_abortive_draw_honba(keeps, where):
    game = play(_with("juki-agit-2023-11", abort_dealer_keeps=keeps), [{"kind": "abort", "reason": "nine_terminals"}])
    assert (game.state.round, game.state.honba) == where


# Kept fixed: Juki three-player nagashi ("유국만관 화료로 인정", "누적 점봉은 본장 1회 당 300점", "쯔모 손실
# 없음") collects honba as a tsumo does. E1 all noten (honba 1, seat 1 deals); seat 2's nagashi: mangan
# 2,000 / 4,000 + North's 2,000 split 1,000 / 1,000 = 5,000 from the dealer, 3,000 from seat 0, and 150 each
# for the honba: [−3150, −5150, +8300]; the dealer is noten, the deal passes, honba 0.
def test_juki_sanma_nagashi_collects_honba_as_a_tsumo():
    game = play("juki-agit-sanma-2026", [PASS, {"kind": "nagashi", "players": [2], "tenpai": []}])
    assert list(game.rows[-1].deltas) == [-3150, -5150, 8300]
    assert (game.state.round, game.state.honba) == ("E3", 0)


def test_tenhou_converter_final_points_refusal_names_the_round_and_what_could_not_be_inferred():
    """E1 ron, E2 draw (two_round_log), then final points no uma or rounding can give."""
    log = two_round_log()
    log["sc"] = [23000, 90.0, 29000, 0.0, 22000, 0.0, 26000, 0.0]
    with pytest.raises(ScoringError) as exc:
        convert_log(log)
    assert exc.value.message.startswith("At the end (E2 honba 0): the final points")
    assert exc.value.message.endswith("the uma and rounding could not be inferred from them.")


def test_cli_lang_speaks_each_language_of_the_catalogue(capsys, tmp_path):
    hand_file = tmp_path / "hand.json"
    hand_file.write_text(json.dumps({**FLOWER_TSUMO, "kita": 1}), encoding="utf-8")
    code, out, err = _cli(capsys, "hand", "--lang", "ja", "--ruleset", "juki-agit-sanma-2026", str(hand_file))
    assert code == 2
    assert out["error"]["message"].startswith("このルールには北抜きがありません")
    assert err == ""
    code, out, _ = _cli(capsys, "hand", "--lang", "ko-KR", "--ruleset", "juki-agit-sanma-2026", str(hand_file))
    assert out["error"]["message"].startswith("이 룰에는 북 뽑기")
