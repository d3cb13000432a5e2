"""Every rating method is a fold: one game at a time from a state read back from JSON equals the batch."""

from __future__ import annotations

import json
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ratings as R

PLAYERS = [1, 2, 3, 4, 5, 6, 7]

PARAMS = [
    pytest.param(R.TOTAL, {}, id="total"),
    pytest.param(R.TOTAL, {"best_n": 2, "min_games": 1}, id="total-best-n"),
    pytest.param(R.P_RATING, {}, id="p_rating"),
    pytest.param(R.P_RATING, {"divisor": "7", "initial": "1.5", "decimals": 2}, id="p_rating-params"),
    pytest.param(R.TENHOU_R, {}, id="tenhou_r"),
    pytest.param(R.TENHOU_R, {"games_cap": 2, "scale": "0.5"}, id="tenhou_r-capped"),
    pytest.param(R.OPENSKILL, {}, id="openskill"),
]


@st.composite
def seasons(draw):
    """Games in game order: 3 or 4 of the players, zero-sum points in tenths, ranks by points."""
    games = []
    for game_id in range(1, draw(st.integers(1, 12)) + 1):
        seats = draw(st.sampled_from([3, 4]))
        players = draw(st.permutations(PLAYERS))[:seats]
        tenths = draw(st.lists(st.integers(-900, 900), min_size=seats - 1, max_size=seats - 1))
        tenths.append(-sum(tenths))
        order = sorted(range(seats), key=lambda i: (-tenths[i], i))
        ranks = [order.index(i) + 1 for i in range(seats)]
        games.append(R.GameResult(game_id, tuple(players), tuple(D(t) / 10 for t in tenths), tuple(ranks), game_id))
    return games


def through_json(fold: R.RatingFold) -> dict:
    return json.loads(json.dumps(fold.state()))


@pytest.mark.parametrize(("method", "params"), PARAMS)
@settings(max_examples=40, deadline=None)
@given(games=seasons())
def test_folding_one_game_at_a_time_from_a_stored_state_equals_the_batch(method, params, games):
    batch = R.rate(method, games, params)
    state = through_json(R.fold(method, params))
    history = []
    for game in games:
        fold = R.fold_from_state(method, params, state)
        history.extend(fold.apply(game))
        state = through_json(fold)
    folded = R.fold_from_state(method, params, state).result(history)
    assert folded == batch
    assert {p: str(v) for p, v in folded.ratings.items()} == {p: str(v) for p, v in batch.ratings.items()}
    assert [(s.game_id, s.player, str(s.before), str(s.after)) for s in folded.history] == [
        (s.game_id, s.player, str(s.before), str(s.after)) for s in batch.history]


@pytest.mark.parametrize(("method", "params"), PARAMS)
def test_a_state_keeps_int_player_ids_ints(method, params):
    fold = R.fold(method, params)
    fold.apply(R.GameResult(1, (1, 2, 3, 4), ("10", "5", "-5", "-10"), (1, 2, 3, 4)))
    assert set(R.fold_from_state(method, params, through_json(fold)).games) == {1, 2, 3, 4}


def test_a_state_of_another_method_is_refused():
    state = R.fold(R.P_RATING).state()
    with pytest.raises(ValueError, match="rating state is not a"):
        R.fold_from_state(R.TENHOU_R, None, state)
