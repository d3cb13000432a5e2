"""What each player needs to come first in the next hand (``scoring.needs``, contract needs.md).

Every expected figure below was worked out by hand from the rulebooks (standard payment table;
non-dealer / dealer ron: 1h30 1000/1500, 1h40 1300, 1h50 1600/2400, 1h70 2300, 2h25 1600/2400,
2h70 4500, 2h110 7100, 3h60 and 4h30 7700 (no kiriage), mangan 8000/12000, haneman 12000/18000,
yakuman 32000/48000; tsumo 1h30 300/500, 1h40 400/700, 1h50 400/800 (dealer 800 all),
mangan 2000/4000, haneman 3000/6000, yakuman 8000/16000). Scores are per seat [0, 1, 2, 3];
seat 0 deals East 1; ties go by seat order in both club rulebooks.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.errors import ScoringError
from scoring.final import ranks
from scoring.game import Game, replay
from scoring.needs import FU_VALUES, needs
from scoring.record import parse_event
from scoring.rules import resolve
from tests.scoring.rulebook import draw, record, ron, tsumo, w
from tests.scoring.test_properties import _event
from tests.scoring.test_rulebook_juki import SEVEN_DEALER_WINS, TO_S4_P3_TOP, TO_WEST

JUKI = "juki-agit-2026"
ASI = "asi-shirai"


def _need(result: dict, seat: int, off: int | None) -> Any:
    to_first = result["players"][seat]["to_first"]
    return to_first["tsumo"] if off is None else to_first["ron"][str(off)]


# (ruleset, hands, seat, off (None = tsumo), expected {"points", "hand"} or None)
CASES = [
    pytest.param(
        JUKI, TO_S4_P3_TOP, 2, 3, {"points": 4500, "hand": {"han": 2, "fu": 70}},
        # S4 [20000,23000,24000,33000]: p2 ties the dealer p3 at 28500 and ranks above by seat order
        id="juki: seat-order tie: the earlier seat is first on equal scores",
    ),
    pytest.param(
        JUKI, TO_S4_P3_TOP, 2, 0, {"points": 12000, "hand": {"han": 6}},
        # off p0 the leader keeps 33000: p2 needs 9000 -> mangan 8000 is short, haneman
        id="juki: off a player other than the leader the whole gap is needed (haneman)",
    ),
    pytest.param(
        JUKI, TO_S4_P3_TOP, 0, None, {"points": 12000, "hand": {"han": 6}},
        # p0 tsumo: mangan 20000+8000 = 28000 < dealer 29000; haneman 32000 > 27000
        id="juki: tsumo, the dealer pays the bigger share",
    ),
    pytest.param(
        JUKI, TO_S4_P3_TOP, 3, 2, {"points": 1500, "hand": {"han": 1, "fu": 30}},
        id="juki: a player already first gets the cheapest win that keeps them first",
    ),
    pytest.param(
        ASI, [draw(tenpai=(0, 1), riichi=(1,))], 3, None, {"points": 2800, "hand": {"han": 1, "fu": 40}},
        # E1 honba 1, 1 stick: [26500,24500,23500,23500]. 1h30 tsumo: p3 23500+1100+300+1000 = 25900,
        # the dealer 26500-500-100 = 25900: tied, the dealer sits earlier. 1h40 400/700: 26300 > 25700
        id="asi: honba and the stick on the table go to the winner (and a tie is lost by seat order)",
    ),
    pytest.param(
        ASI, [draw(tenpai=(0, 1), riichi=(1,))], 2, 0, {"points": 2300, "hand": {"han": 1, "fu": 30}},
        # 1000 + 300 + 1000: p2 25800, dealer 25200
        id="asi: ron with honba and a stick",
    ),
    pytest.param(
        JUKI, TO_WEST, 2, 3, {"points": 2400, "hand": {"han": 1, "fu": 50}},
        # W1 [23000,26000,24000,27000]: paid as dealer, p2 must pass p1's 26000 strictly: >2000 -> 2400 (1h50)
        id="juki: West wins are paid as dealer wins",
    ),
    pytest.param(
        {"base": JUKI, "overrides": {"west_wins_paid_as_dealer": False}}, TO_WEST, 2, 3,
        {"points": 2300, "hand": {"han": 1, "fu": 70}},
        id="juki override: West paid as non-dealer, the same need is 1h70 2300",
    ),
    pytest.param(
        ASI, TO_WEST, 2, 3, {"points": 2300, "hand": {"han": 1, "fu": 70}},
        # the same West 1 under A.S.I.: wins in the West are paid as usual (non-dealer 1h70 2300)
        id="asi: West wins are paid as usual",
    ),
    pytest.param(
        JUKI, TO_WEST, 2, None, {"points": 2400, "hand": {"han": 1, "fu": 50}},
        # paid as dealer: 1h40 700 all -> 26100 vs p1 25300 but p3 26300; 1h50 800 all -> 26400 > 26200
        id="juki: a West tsumo collects the dealer amount from everyone",
    ),
    pytest.param(
        JUKI, SEVEN_DEALER_WINS[:4], 0, 2, {"points": 2700, "hand": {"han": 1, "fu": 30}},
        # renchan 4, honba 4: 1h30 dealer 1500 + 1200
        id="juki: before the 5th renchan the dealer may win with 1 han",
    ),
    pytest.param(
        JUKI, SEVEN_DEALER_WINS[:5], 0, 2, {"points": 3900, "hand": {"han": 2, "fu": 25}},
        # renchan 5, honba 5: 1 han is refused; 2h25 dealer 2400 + 1500
        id="juki: the dealer's 5th renchan needs 2 han",
    ),
    pytest.param(
        JUKI, SEVEN_DEALER_WINS[:5], 1, 0, {"points": 13500, "hand": {"han": 6}},
        # p1 ron off the dealer: mangan 8000+1500 -> 27800 vs 33000; haneman 12000+1500 -> 31800 vs 29000
        id="juki: the others may need a limit off the dealer at a long renchan",
    ),
    pytest.param(
        JUKI, SEVEN_DEALER_WINS, 0, 2, {"points": 50100, "hand": {"yakuman": 1}},
        # the 8th consecutive dealer win is paarenchan whatever the hand: 48000 + 2100
        id="juki: paarenchan makes the dealer's cheapest win a yakuman",
    ),
    pytest.param(
        {"base": ASI, "overrides": {"dealer_min_han_from_renchan": 0, "dealer_min_han": 2}}, [], 0, 1,
        {"points": 2400, "hand": {"han": 2, "fu": 25}},
        id="dealer's han minimum (override on every deal): 2h25 dealer ron 2400",
    ),
    pytest.param(
        ASI, [], 0, 1, {"points": 1500, "hand": {"han": 1, "fu": 30}},
        id="asi: no dealer minimum, 1h30 dealer ron at East 1",
    ),
    pytest.param(
        ASI, [ron(w(1, 6), loser=2), ron(w(0, 2, 40), loser=3)], 3, 1, {"points": 7700, "hand": {"han": 3, "fu": 60}},
        # E3 [27600,37000,13000,22400]: p3 must pass p1 strictly: 2x > 14600 -> 2h110 7100 short, 3h60 7700
        id="asi: no kiriage, 3h60 pays 7700",
    ),
    pytest.param(
        {"base": ASI, "overrides": {"kiriage": True}}, [ron(w(1, 6), loser=2), ron(w(0, 2, 40), loser=3)], 3, 1,
        {"points": 8000, "hand": {"han": 5}},
        id="kiriage: 3h60 and 4h30 are a mangan, written by its han",
    ),
    pytest.param(
        JUKI, [tsumo(0, yakuman=1)], 1, 2, {"points": 64300, "hand": {"yakuman": 2}},
        # [73000,9000,9000,9000], honba 1: a yakuman off p2 gives 41300 (short of 73000); Juki pays a double
        # yakuman (suuankou tanki...): 64000 + 300 -> 73300 > 73000 (issue 42 item 11: "nobody can" was wrong)
        id="juki: a double yakuman where a single is short",
    ),
    pytest.param(
        {"base": JUKI, "overrides": {"yakuman_stacking": False, "double_yakuman": []}}, [tsumo(0, yakuman=1)],
        1, 2, None,
        # the same table under a ruleset with no double and no stacking: a single yakuman is the most, 41300
        id="no double yakuman: a player who cannot come first even with a yakuman gets null",
    ),
    pytest.param(
        {"base": ASI, "overrides": {"yakuman_cap": 1}}, [tsumo(0, yakuman=1)], 1, None, None,
        # yakuman tsumo 8000/16000 + 100 each: 41300 vs the dealer 56900
        id="asi capped at one yakuman: no tsumo makes the player first -> null",
    ),
    pytest.param(
        ASI, [tsumo(0, yakuman=1)], 1, None, {"points": 64300, "hand": {"yakuman": 2}},
        # A.S.I. stacks yakuman: a double tsumo 16000/32000 + 100 each -> 73300 vs the dealer 73000 - 32100
        id="asi: a double yakuman tsumo does it",
    ),
    pytest.param(
        ASI, [tsumo(0, yakuman=1)], 1, 0, {"points": 32300, "hand": {"yakuman": 1}},
        # off the leader: 9000+32300 = 41300 > 73000-32300 = 40700
        id="asi: only a yakuman off the leader does it",
    ),
    pytest.param(
        JUKI, [{"kind": "penalty", "player": 2, "type": "agari_forbidden"}], 2, None, None,
        id="juki: an agari-forbidden player cannot win this hand -> null",
    ),
]


@pytest.mark.parametrize(("ruleset", "hands", "seat", "off", "expected"), CASES)
def test_needs_rulebook(ruleset, hands, seat, off, expected):
    result = needs(record(hands, ruleset)).to_json()
    need = _need(result, seat, off)
    # the exact cheapest (its ``usual`` has its own table below)
    assert (need and {k: v for k, v in need.items() if k != "usual"}) == expected


def test_needs_output_shape():
    result = needs(record(TO_S4_P3_TOP, JUKI)).to_json()
    assert {k: result[k] for k in ("round", "honba", "sticks", "scores")} == {
        "round": "S4", "honba": 0, "sticks": 0, "scores": [20000, 23000, 24000, 33000]}
    assert [p["seat"] for p in result["players"]] == [0, 1, 2, 3]
    assert [p["rank"] for p in result["players"]] == [4, 3, 2, 1]
    assert set(result["players"][1]["to_first"]["ron"]) == {"0", "2", "3"}


def test_needs_sanma_has_two_ron_entries():
    result = needs(record([], "juki-agit-sanma-2026")).to_json()
    assert len(result["players"]) == 3
    assert set(result["players"][0]["to_first"]["ron"]) == {"1", "2"}


def test_finished_game_has_no_needs():
    with pytest.raises(ScoringError) as exc:
        needs(record([ron(w(2, yakuman=1), loser=1)], ASI))  # tobi
    assert exc.value.hand is None
    assert "over" in exc.value.message
    assert "끝났습니다" in exc.value.localized("ko")


def _run(*args: str, stdin: str) -> tuple[int, dict]:
    proc = subprocess.run([sys.executable, "-m", "scoring", *args], input=stdin, capture_output=True, text=True)
    return proc.returncode, json.loads(proc.stdout)


def test_cli_needs_prints_the_contract_json():
    code, out = _run("needs", "-", stdin=json.dumps(record(TO_S4_P3_TOP, JUKI)))
    assert code == 0
    assert out["round"] == "S4"
    assert out["players"][2]["to_first"]["ron"]["3"] == {
        "points": 4500, "hand": {"han": 2, "fu": 70}, "usual": {"han": 3, "fu": 40, "points": 5200}}
    assert out["players"][2]["to_win_game"]["ron"]["3"]["points"] == 6400


@pytest.mark.parametrize(
    ("hands", "hand"),
    [([ron(w(2, yakuman=1), loser=1)], None), ([ron(w(1, 1, 30), loser=1)], 0)],
    ids=["a finished game: exit 2, hand null", "an invalid record: exit 2 with the bad event's index"],
)
def test_cli_needs_refuses(hands, hand):
    code, out = _run("needs", "-", stdin=json.dumps(record(hands, ASI)))
    assert code == 2
    assert set(out) == {"error"}
    assert out["error"]["hand"] == hand


# --- the property: sufficient and minimal ------------------------------------------------------
def _all_wins() -> list[dict]:
    """Every value a record can carry, limits by any of their han/fu, independent of scoring.needs."""
    out: list[dict] = [{"han": h, "fu": f} for h in range(1, 5) for f in FU_VALUES]
    out += [{"han": h} for h in range(5, 13)]
    out.append({"yakuman": 1})
    return out


def _outcome(rec: dict, event: dict, seat: int, before: tuple[int, ...]) -> tuple[int, bool] | None:
    """(the seat's score rise, first after the hand?) from replaying the record plus ``event``, or None if refused."""
    try:
        result = replay({**rec, "hands": [*rec["hands"], event]})
    except ScoringError:
        return None
    after = result.rows[-1].scores
    first = ranks(resolve(rec["ruleset"]), after)[seat] == 1
    if result.final is not None:
        assert (result.final.ranks[seat] == 1) == first
    return after[seat] - before[seat], first


def _win_event(value: dict, seat: int, off: int | None) -> dict:
    if off is None:
        return {"kind": "tsumo", "winner": seat, **value}
    return {"kind": "ron", "loser": off, "wins": [{"winner": seat, **value}]}


@pytest.mark.parametrize("ruleset", [JUKI, ASI, "m-league", "juki-agit-sanma-2026"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_needs_are_sufficient_and_minimal(ruleset, data):
    rs = resolve(ruleset)
    game = Game(rs)
    events: list[dict] = []
    for i in range(data.draw(st.integers(0, 14))):
        event = _event(data, game)
        if event["kind"] == "stop":
            continue
        game.apply(parse_event(event, players=rs.players, index=i), i)
        if game.finished:
            events = []
            break
        events.append(event)
    rec = record(events, ruleset)
    base = replay(rec)
    if base.final is not None:
        return
    result = needs(rec)
    before = base.state.scores
    seat = data.draw(st.integers(0, rs.players - 1))
    off = data.draw(st.sampled_from([None, *[q for q in range(rs.players) if q != seat]]))
    player = result.players[seat]
    need = player.tsumo if off is None else player.ron[off]
    if need is not None:
        got = _outcome(rec, _win_event(need.hand.to_json(), seat, off), seat, before)
        assert got is not None, "the answer must be a valid win"
        rise, first = got
        assert first, "the answer must put the player first"
        assert rise == need.points
    for value in _all_wins():
        got = _outcome(rec, _win_event(value, seat, off), seat, before)
        if got is None or not got[1]:
            continue
        assert need is not None, f"{value} puts seat {seat} first but needs said null"
        assert got[0] >= need.points, f"{value} is cheaper ({got[0]}) than the answer {need.to_json()}"


@pytest.mark.parametrize("ruleset", [JUKI, "juki-agit-sanma-2026", "tenhou-sanma"])
def test_a_tsumos_payments_are_what_the_table_pays(ruleset):
    # East 1, no honba, no sticks: the winner's rise is exactly what the other players pay.
    result = needs(record([], ruleset))
    players = resolve(ruleset).players
    for seat, player in enumerate(result.players):
        need = player.tsumo
        assert need is not None
        if len(need.payments) == 1:  # the dealer's "N all"
            paid = need.payments[0] * (players - 1)
        else:  # a non-dealer's (non-dealer, dealer)
            paid = need.payments[0] * (players - 2) + need.payments[1]
        assert paid == need.points, (seat, need.payments, need.points)


# --- to_win_game: the cheapest win after which the game ENDS with the player first -------------
def _win_need(result: dict, seat: int, off: int | None) -> Any:
    player = result["players"][seat]
    ways = player.get("to_win_game", player["to_first"])  # left out where it equals to_first
    return ways["tsumo"] if off is None else ways["ron"][str(off)]


# TO_WEST[:-1]: all-last S4, dealer p3: [24000, 25000, 24000, 27000]; both club rulesets: West entry
# and agari-yame at 30,000 (Juki: the dealer may stop; A.S.I.: it ends by itself).
S4_SHORT = TO_WEST[:-1]
# TO_WEST[:-2]: S3, dealer p2: [24000, 25000, 26000, 25000].
S3 = TO_WEST[:-2]

# (ruleset, hands, seat, off (None = tsumo), to_first, to_win_game)
WIN_GAME_CASES = [
    *[pytest.param(
        rs, S4_SHORT, 1, 3,
        {"points": 1000, "hand": {"han": 1, "fu": 30}},
        # 1h30 off the dealer: 26000 = 26000, p1 first by seat order, but nobody has 30,000 -> West.
        # To end it p1 needs 30,000: 5,000 -> 2h80 5200 (2 han before 3h40's 3 han), usual 3h40 5200
        {"points": 5200, "hand": {"han": 2, "fu": 80}, "usual": {"han": 3, "fu": 40, "points": 5200}},
        id=f"{name}: all-last, a win that leaves them first short of the West target sends the game West",
    ) for rs, name in ((JUKI, "juki"), (ASI, "asi"))],
    pytest.param(
        JUKI, S4_SHORT, 3, 0,
        {"points": 1500, "hand": {"han": 1, "fu": 30}},
        # the dealer at 28,500 is first but below 30,000: South ends and play goes West. 30,000 needs
        # 3,000: dealer ron 1h60 2900 short, 1h70 3400 (usual 2h40 3900); then the dealer may stop
        {"points": 3400, "hand": {"han": 1, "fu": 70}, "usual": {"han": 2, "fu": 40, "points": 3900}},
        id="juki: the all-last dealer's win ends the game only at 30,000 (agari-yame, the dealer's stop)",
    ),
    pytest.param(
        ASI, S4_SHORT, 3, None,
        {"points": 1500, "hand": {"han": 1, "fu": 30}},
        # dealer tsumo: 500 all 28500 -> West; 1000 all (1h60 or 2h30) 30000 -> agari-yame ends it
        {"points": 3000, "hand": {"han": 1, "fu": 60}, "usual": {"han": 2, "fu": 30, "points": 3000}},
        id="asi: the all-last dealer's tsumo ends the game (agari-yame) at 30,000",
    ),
    pytest.param(
        JUKI, TO_WEST, 2, 3,
        {"points": 2400, "hand": {"han": 1, "fu": 50}, "usual": {"han": 2, "fu": 25, "points": 2400}},
        # W1 [23000,26000,24000,27000], paid as dealer: 30,000 (sudden death) needs 6,000 -> 2h70 6800
        {"points": 6800, "hand": {"han": 2, "fu": 70}, "usual": {"han": 3, "fu": 40, "points": 7700}},
        id="juki: in the West the game ends when someone reaches 30,000 (sudden death)",
    ),
    *[pytest.param(
        rs, S3, 0, 1,
        {"points": 2000, "hand": {"han": 1, "fu": 60}, "usual": {"han": 2, "fu": 30, "points": 2000}},
        # before all-last only a bust ends the game: a yakuman off p1 (25000 - 32000 < 0)
        {"points": 32000, "hand": {"yakuman": 1}},
        id=f"{name}: before all-last only a bust ends the game",
    ) for rs, name in ((JUKI, "juki"), (ASI, "asi"))],
    pytest.param(
        JUKI, S3, 0, None,
        {"points": 1500, "hand": {"han": 1, "fu": 40}},
        # a yakuman tsumo 8000/16000 busts nobody at S3; Juki's double yakuman 16000/32000 busts the dealer
        # (seat 2: 26000 - 32000 < 0) and ends the game with p0 first at 88000
        {"points": 64000, "hand": {"yakuman": 2}},
        id="juki: only a double yakuman tsumo ends the game with them first (a bust)",
    ),
]


@pytest.mark.parametrize(("ruleset", "hands", "seat", "off", "to_first", "to_win_game"), WIN_GAME_CASES)
def test_to_win_game_rulebook(ruleset, hands, seat, off, to_first, to_win_game):
    result = needs(record(hands, ruleset)).to_json()
    assert _need(result, seat, off) == to_first
    assert _win_need(result, seat, off) == to_win_game


@pytest.mark.parametrize("ruleset", [JUKI, ASI])
def test_to_win_game_is_left_out_where_it_equals_to_first(ruleset):
    # S4 [20000,23000,24000,33000]: any win of the dealer p3 keeps them first above 30,000 and ends
    # the game (A.S.I.) or lets them stop (Juki); p2's 2h70 off p3 ties at 28,500 and goes West.
    players = needs(record(TO_S4_P3_TOP, ruleset)).to_json()["players"]
    assert "to_win_game" not in players[3]
    assert players[2]["to_win_game"]["ron"]["3"]["points"] == 6400


@pytest.mark.parametrize(("ruleset", "hands"), [
    pytest.param(JUKI, TO_S4_P3_TOP, id="juki: all-last"),
    pytest.param(ASI, TO_S4_P3_TOP, id="asi: all-last"),
    pytest.param(JUKI, TO_S4_P3_TOP[:-1], id="juki: South 3"),
    pytest.param(JUKI, TO_WEST, id="juki: the West"),
    pytest.param("juki-agit-sanma-2026", [], id="juki sanma: East 1"),
])
def test_to_first_alone_is_the_same_to_first_without_playing_the_game_on(ruleset, hands, monkeypatch):
    # The table screen before all-last shows only who comes first: asked so, the answer is the same
    # to_first, no to_win_game, and no try is played on to see whether the game ends.
    full = needs(record(hands, ruleset))
    played_on = []
    monkeypatch.setattr("scoring.needs._ends_first", lambda *a: played_on.append(a) or False)
    alone = needs(record(hands, ruleset), to_win_game=False)
    assert played_on == []
    assert [p.to_first for p in alone.players] == [p.to_first for p in full.players]
    assert all(p.to_win_game is None and not p.win_differs for p in alone.players)
    assert all("to_win_game" not in p for p in alone.to_json()["players"])


# --- usual: the cheapest hand of at most 40 fu, or a limit, where the exact one is unusual ------
USUAL_CASES = [
    pytest.param(
        JUKI, TO_S4_P3_TOP, 0, 3,
        {"points": 7100, "hand": {"han": 2, "fu": 110}, "usual": {"han": 4, "fu": 30, "points": 7700}},
        # [20000,..,33000]: off the leader p0 needs > 6,500: 2h110 7100; a host thinks of 4h30 7700
        id="juki: 2 han 110 fu comes with the usual 4 han 30 fu",
    ),
    pytest.param(
        ASI, S3, 0, 1,
        {"points": 2000, "hand": {"han": 1, "fu": 60}, "usual": {"han": 2, "fu": 30, "points": 2000}},
        # 1h60 and 2h30 both pay 2000: the contract's order picks fewer han; usual says 2h30
        id="asi: 1 han 60 fu comes with 2 han 30 fu that pays the same",
    ),
    pytest.param(
        ASI, S4_SHORT, 1, 3, {"points": 1000, "hand": {"han": 1, "fu": 30}},
        id="asi: a hand of at most 40 fu has no usual",
    ),
    pytest.param(
        JUKI, TO_S4_P3_TOP, 0, 1, {"points": 16000, "hand": {"han": 8}},
        id="juki: a limit hand has no usual",
    ),
]


@pytest.mark.parametrize(("ruleset", "hands", "seat", "off", "expected"), USUAL_CASES)
def test_usual_rulebook(ruleset, hands, seat, off, expected):
    assert _need(needs(record(hands, ruleset)).to_json(), seat, off) == expected


def _game_won(rec: dict, event: dict, seat: int) -> tuple[int, bool] | None:
    """(the seat's score rise, the game over with the seat first (or the seat the dealer who may stop)?)."""
    before = replay(rec).state.scores
    try:
        result = replay({**rec, "hands": [*rec["hands"], event]})
    except ScoringError:
        return None
    rise = result.state.scores[seat] - before[seat]
    if result.final is not None:
        return rise, result.final.ranks[seat] == 1
    return rise, result.state.awaiting_stop and result.state.dealer == seat


@pytest.mark.parametrize("ruleset", [JUKI, ASI])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_to_win_game_is_sufficient_and_minimal(ruleset, data):
    # From South 3 on, where a game ends by more than a bust: random hands after S4_SHORT's first six.
    rs = resolve(ruleset)
    game = Game(rs)
    events: list[dict] = []
    for i, event in enumerate(S4_SHORT[:5]):
        game.apply(parse_event(event, players=rs.players, index=i), i)
        events.append(event)
    for i in range(len(events), len(events) + data.draw(st.integers(0, 6))):
        event = _event(data, game)
        if event["kind"] == "stop":
            continue
        game.apply(parse_event(event, players=rs.players, index=i), i)
        if game.finished:
            events = []
            break
        events.append(event)
    rec = record(events, ruleset)
    if replay(rec).final is not None:
        return
    result = needs(rec)
    seat = data.draw(st.integers(0, rs.players - 1))
    off = data.draw(st.sampled_from([None, *[q for q in range(rs.players) if q != seat]]))
    ways = result.players[seat].to_win_game
    need = ways.tsumo if off is None else ways.ron[off]
    if need is not None:
        got = _game_won(rec, _win_event(need.hand.to_json(), seat, off), seat)
        assert got == (need.points, True), "the answer must end the game with the player first"
        if need.usual is not None:
            assert need.usual.hand.fu is None or need.usual.hand.fu <= 40
            usual = _game_won(rec, _win_event(need.usual.hand.to_json(), seat, off), seat)
            assert usual == (need.usual.points, True)
    for value in _all_wins():
        got = _game_won(rec, _win_event(value, seat, off), seat)
        if got is None or not got[1]:
            continue
        assert need is not None, f"{value} ends the game with seat {seat} first but to_win_game said null"
        assert got[0] >= need.points, f"{value} is cheaper ({got[0]}) than the answer {need.to_json()}"
        if need.usual is not None and ("fu" not in value or value["fu"] <= 40):
            assert got[0] >= need.usual.points, f"{value} is a cheaper usual hand than {need.usual.to_json()}"
