"""``scoring.needs.needs`` gives exactly what the plain linear scan gives (issue 28: fewer settlements).

The reference below is the algorithm ``needs()`` had before it searched: for each winner and each
way to win, settle every candidate hand from the cheapest up until the goal holds, then the hands
that pay as little. It lives here, in the test only, as the yardstick: every field of every answer
(the contract JSON, and the payments, scores and value the panel reads) must be equal on real
games, on the rulebook's own positions and on random games of both club rulesets and 3-player.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.errors import ScoringError
from scoring.final import ranks
from scoring.game import Game, replay
from scoring.needs import (
    USUAL_MAX_FU,
    Needs,
    PlayerNeeds,
    Ways,
    _around,
    _ends_first,
    _first_hit,
    _gallop,
    _try,
    candidates,
    needs,
    next_hand,
)
from scoring.record import parse_event
from scoring.rules import resolve
from scoring.tenhou6 import convert_log
from tests.depth import examples
from tests.paths import TENHOU6_LOGS
from tests.scoring.rulebook import record
from tests.scoring.test_needs import CASES, USUAL_CASES, WIN_GAME_CASES
from tests.scoring.test_properties import _event

JUKI = "juki-agit-2026"
ASI = "asi-shirai"
JUKI_SANMA = "juki-agit-sanma-2026"


# --- the reference: the linear scan, as scoring/needs.py had it (its settlement and its game-end
# check, unchanged, are scoring/needs.py's own: only the search is under test) -----------------
def _linear_cheapest(table, winner, loser, hands, goal):
    biggest = _try(table, hands[-1], winner, loser)
    if biggest is None or not goal(biggest, winner, loser):
        return None
    best = None
    for hand in hands:
        need = _try(table, hand, winner, loser)
        if need is None:
            continue
        if best is not None and need.points > best.points:
            break
        if not goal(need, winner, loser):
            continue
        if best is None or need.sort_key() < best.sort_key():
            best = need
    return best


def _linear_cheapest_usual(table, winner, loser, hands, goal):
    best = _linear_cheapest(table, winner, loser, hands, goal)
    if best is None or not best.unusual:
        return best
    usual = [h for h in hands if h.fu is None or h.fu <= USUAL_MAX_FU]
    return replace(best, usual=_linear_cheapest(table, winner, loser, usual, goal))


def _linear_first(table):
    return lambda need, winner, loser: ranks(table.ruleset, need.scores)[winner] == 1


def _linear_won(game: Game):
    first = _linear_first(game.table())

    def goal(need, winner, loser):
        return first(need, winner, loser) and _ends_first(game, need, winner, loser)
    return goal


def linear_needs(rec: dict) -> Needs:
    game = next_hand(rec)
    table = game.table()
    state = game.state()
    rs = game.rs
    hands = candidates(rs)
    now = ranks(rs, table.scores)

    def ways(p, goal):
        return Ways(ron={q: _linear_cheapest_usual(table, p, q, hands, goal) for q in range(rs.players) if q != p},
                    tsumo=_linear_cheapest_usual(table, p, None, hands, goal))
    players = []
    for p in range(rs.players):
        to_first = ways(p, _linear_first(table))
        players.append(PlayerNeeds(seat=p, rank=now[p], ron=to_first.ron, tsumo=to_first.tsumo,
                                   to_win_game=ways(p, _linear_won(game))))
    return Needs(round=state.round, honba=state.honba, sticks=state.sticks, scores=state.scores,
                 dealer=state.dealer, paid_as_dealer=table.paid_as_dealer, players=tuple(players))


# --- the comparison ----------------------------------------------------------------------------
def _assert_same(rec: dict) -> None:
    got, want = needs(rec), linear_needs(rec)
    assert got.to_json() == want.to_json()
    # every field, not only the contract's: the panel also reads payments, value, scores and usual
    assert got == want


def _playable(rec: dict) -> bool:
    try:
        return replay(rec).final is None
    except ScoringError:
        return False


def _rulebook_records() -> list[pytest.param]:
    out, seen = [], set()
    for case in (*CASES, *WIN_GAME_CASES, *USUAL_CASES):
        ruleset, hands = case.values[0], case.values[1]
        rec = record(hands, ruleset)
        key = repr(rec)
        if key not in seen and _playable(rec):
            seen.add(key)
            out.append(pytest.param(rec, id=case.id))
    return out


@pytest.mark.parametrize("rec", _rulebook_records())
def test_the_rulebook_positions_give_what_the_linear_scan_gives(rec):
    _assert_same(rec)


def _real_games() -> list[dict]:
    games = []
    for path in sorted(TENHOU6_LOGS.glob("*.json")) if TENHOU6_LOGS.is_dir() else []:
        try:
            rec = convert_log(json.loads(path.read_text(encoding="utf-8")))
            if replay(rec).final is not None:
                games.append(rec)
        except ScoringError:
            continue
    return games


@pytest.mark.skipif(not TENHOU6_LOGS.is_dir(), reason=f"shared Tenhou logs not found at {TENHOU6_LOGS}")
@pytest.mark.parametrize("ruleset", [None, JUKI, ASI], ids=["the log's own ruleset", "juki", "asi"])
def test_real_games_before_every_hand_give_what_the_linear_scan_gives(ruleset):
    games = _real_games()
    assert games, "no full games among the shared logs"
    positions = 0
    for game in games:
        for cut in range(1, len(game["hands"])):
            rec = {**game, "hands": game["hands"][:cut]}
            if ruleset is not None:
                rec["ruleset"] = ruleset
            if _playable(rec):
                _assert_same(rec)
                positions += 1
    assert positions > 20


def _random_record(data: Any, ruleset: Any, lead_in: int) -> dict | None:
    """``lead_in`` small non-dealer wins (the deal passes: towards all-last), then random hands."""
    game = Game(resolve(ruleset))
    rs = game.rs
    events: list[dict] = []
    for i in range(lead_in):
        state = game.state()
        winner = data.draw(st.sampled_from([p for p in range(rs.players) if p != state.dealer]))
        loser = data.draw(st.sampled_from([p for p in range(rs.players) if p != winner]))
        han, fu = data.draw(st.sampled_from([(1, 30), (1, 40), (2, 30), (3, 30), (4, 30), (5, None)]))
        win = {"winner": winner, "han": han, **({"fu": fu} if fu else {})}
        event = {"kind": "ron", "loser": loser, "wins": [win], "riichi": []}
        try:
            game.apply(parse_event(event, players=rs.players, index=i), i)
        except ScoringError:
            return None
        if game.finished:
            return None
        events.append(event)
    for i in range(len(events), len(events) + data.draw(st.integers(0, 3))):
        event = _event(data, game)
        if event["kind"] == "stop":
            continue
        game.apply(parse_event(event, players=rs.players, index=i), i)
        if game.finished:
            return None
        events.append(event)
    return record(events, ruleset)


@pytest.mark.parametrize("ruleset", [
    JUKI, ASI, JUKI_SANMA, "tenhou-sanma", "m-league",
    # many refused hands (a 2-han minimum on every deal) and limits from 4 han 30 fu (kiriage)
    {"base": ASI, "overrides": {"dealer_min_han_from_renchan": 0, "dealer_min_han": 2, "kiriage": True}},
], ids=[JUKI, ASI, JUKI_SANMA, "tenhou-sanma", "m-league", "asi with a dealer minimum and kiriage"])
@settings(max_examples=examples(40, deep=400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_near_all_last_give_what_the_linear_scan_gives(ruleset, data):
    players = resolve(ruleset).players
    # a hanchan's all-last comes after 2 x players - 1 passed deals: from a little before it into the West
    lead_in = data.draw(st.integers(2 * players - 3, 2 * players + 1))
    rec = _random_record(data, ruleset, lead_in)
    assume(rec is not None and _playable(rec))  # a bust ends some of them
    _assert_same(rec)


# --- the searches themselves, on every short row of refused hands, misses and hits --------------
def _rows(n: int) -> list[tuple[bool | None, ...]]:
    """Every row of n hands where no accepted hand after a hit misses (None: refused)."""
    rows: list[tuple[bool | None, ...]] = [()]
    for _ in range(n):
        rows = [(*row, v) for row in rows for v in (None, False, True) if not (v is False and True in row)]
    return rows


def _linear_first_hit(row: tuple[bool | None, ...], lo: int) -> int | None:
    return next((i for i in range(lo, len(row)) if row[i]), None)


@pytest.mark.parametrize("n", range(1, 9))
def test_halving_and_galloping_find_the_first_hit_a_scan_finds(n):
    for row in _rows(n):
        asked: list[int] = []

        def hit(i: int, row=row, asked=asked) -> bool | None:
            asked.append(i)
            return row[i]
        for lo in range(n):
            if row[-1] is not None and not any(row[:lo]):  # the last hand accepted; no hit before lo
                assert _gallop(hit, lo, n - 1) == _linear_first_hit(row, lo), (row, lo)
            if row[-1]:
                assert _first_hit(hit, lo, n - 1) == _linear_first_hit(row, lo), (row, lo)
        assert all(0 <= i < n for i in asked)


@pytest.mark.parametrize("n", range(1, 9))
def test_a_search_from_any_seed_finds_the_first_hit_a_scan_finds(n):
    # A winner's next way to first is searched from where the last way's answer lay (``_around``): wherever
    # that seed is, the answer is the scan's. (The biggest hand refused means every hand is: the yakuman is
    # accepted wherever a smaller hand is.)
    for row in _rows(n):
        if row[-1] is None and any(v is not None for v in row):
            continue
        for lo in range(n):
            if any(row[:lo]):  # no hit before lo: those hands are known misses
                continue
            for seed in range(lo, n):
                asked: list[int] = []

                def hit(i: int, row=row, asked=asked) -> bool | None:
                    asked.append(i)
                    return row[i]
                assert _around(hit, lo, seed, n - 1) == _linear_first_hit(row, lo), (row, lo, seed)
                assert all(lo <= i < n for i in asked), (row, lo, seed, asked)
