"""Invariants over random valid games for every preset (hypothesis).

The strategy builds only events that are valid in the current state, by drawing
choices and applying them one at a time to a live :class:`scoring.game.Game`.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.game import Game
from scoring.record import parse_event
from scoring.rules import PRESETS, Abort, LeftoverSticks, Nagashi, PenaltyType

VALUES = [(1, 30), (1, 40), (2, 30), (2, 40), (3, 30), (3, 60), (4, 30), (5, None), (6, None), (8, None), (13, None)]
RANDOM_EVENTS = 40
PLAY_OUT = 20  # all-noten draws always pass the deal: at most 4 rounds x 4 hands more


def _value(data, state, winner, tsumo):
    if data.draw(st.integers(0, 30)) == 0:
        return {"yakuman": data.draw(st.integers(1, 2))}
    han, fu = data.draw(st.sampled_from(VALUES))
    if state.dealer_min_han and winner == state.dealer and han < state.dealer_min_han:
        han, fu = 2, 30
    out = {"han": han, "dora": 0}
    if fu is not None:
        out["fu"] = fu
    return out


def _event(data, game: Game) -> dict:
    state = game.state()
    rs = game.rs
    n = rs.players
    can_win = [p for p in range(n) if not state.agari_forbidden[p]]
    riichi = [p for p in range(n) if state.riichi_allowed[p] and data.draw(st.integers(0, 4)) == 0]
    kinds = ["ron", "tsumo", "draw", "draw", "chombo"]
    if rs.nagashi is not Nagashi.NONE:
        kinds.append("nagashi")
    aborts = sorted(a.value for a in rs.abortive_draws if a is not Abort.FOUR_RIICHI)
    if aborts:
        kinds.append("abort")
    penalties = sorted(p.value for p in rs.penalties if p in (
        PenaltyType.PENALTY_POINT, PenaltyType.YELLOW_CARD, PenaltyType.AGARI_FORBIDDEN, PenaltyType.VERBAL_WARNING))
    if penalties:
        kinds.append("penalty")
    if state.awaiting_stop:
        kinds.append("stop")
    kind = data.draw(st.sampled_from(kinds))
    if kind == "ron" and len(can_win) >= 2:
        loser = data.draw(st.sampled_from(range(n)))
        candidates = [p for p in can_win if p != loser]
        most = min(rs.max_ron_winners, 2 if rs.triple_ron_abort else 3, len(candidates))
        if not candidates:
            return {"kind": "draw", "tenpai": []}
        winners = data.draw(st.lists(st.sampled_from(candidates), min_size=1, max_size=most, unique=True))
        wins = [{"winner": w, **_value(data, state, w, False)} for w in winners]
        return {"kind": "ron", "loser": loser, "wins": wins, "riichi": riichi}
    if kind == "tsumo" and can_win:
        w = data.draw(st.sampled_from(can_win))
        return {"kind": "tsumo", "winner": w, **_value(data, state, w, True), "riichi": riichi}
    if kind == "nagashi" and can_win:
        made = data.draw(st.lists(st.sampled_from(can_win), min_size=1, max_size=2, unique=True))
        # A riichi player must be tenpai at any draw (noten riichi is a chombo).
        return {"kind": "nagashi", "players": made, "tenpai": [p for p in riichi if p in can_win], "riichi": riichi}
    if kind == "abort":
        return {"kind": "abort", "reason": data.draw(st.sampled_from(aborts)), "riichi": riichi}
    if kind == "chombo":
        return {"kind": "chombo", "offender": data.draw(st.sampled_from(range(n)))}
    if kind == "penalty":
        return {"kind": "penalty", "player": data.draw(st.sampled_from(range(n))),
                "type": data.draw(st.sampled_from(penalties))}
    if kind == "stop":
        return {"kind": "stop"}
    tenpai = data.draw(st.lists(st.sampled_from(can_win), unique=True)) if can_win else []
    tenpai = sorted(set(tenpai) | {p for p in riichi if p in can_win})
    return {"kind": "draw", "tenpai": tenpai, "riichi": riichi}


def _check_row_invariants(game: Game, start_rows: int) -> None:
    for row in game.rows[start_rows:]:
        assert sum(row.deltas) + 1000 * (row.sticks_after - row.sticks) == 0, row
        assert all(isinstance(x, int) for x in row.deltas + row.scores)


@pytest.mark.parametrize("key", sorted(PRESETS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_conserve_points_and_end(key, data):
    rs = PRESETS[key]
    game = Game(rs)
    total = rs.start_points * rs.players
    for i in range(RANDOM_EVENTS):
        if game.finished:
            break
        event = _event(data, game)
        before = len(game.rows)
        game.apply(parse_event(event, players=rs.players, index=i), i)
        _check_row_invariants(game, before)
        assert sum(game.scores) + game.sticks == total
    for i in range(RANDOM_EVENTS, RANDOM_EVENTS + PLAY_OUT):
        if game.finished:
            break
        game.apply(parse_event({"kind": "draw", "tenpai": []}, players=rs.players), i)
    assert game.finished, "an all-noten run must end the game"
    final = game.final
    assert sorted(final.ranks) == list(range(1, rs.players + 1)) or rs.tie_rule.value == "split"
    zero_sum = (
        rs.leftover_sticks is LeftoverSticks.TO_FIRST
        and rs.oka == rs.players * (rs.return_points - rs.start_points)
        and not any(final.deductions)
        and (rs.keep_negative_scores or min(final.scores) >= 0)
    )
    if zero_sum:
        assert sum(final.points) == pytest.approx(0, abs=0.05)
        assert sum(final.scores) == total
