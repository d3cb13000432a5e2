"""Rating methods: the worked examples of docs/ratings.md, and invariants."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ratings as R
from tests.depth import examples

# The two games of docs/ratings.md ("Worked example data").
G1 = R.GameResult(1, ("A", "B", "C", "D"), ("62.3", "8.1", "-21.4", "-49.0"), (1, 2, 3, 4), "2025-01-04T18:00")
G2 = R.GameResult(2, ("A", "B", "C", "D"), ("-45.5", "51.2", "4.6", "-10.3"), (4, 1, 2, 3), "2025-01-04T20:00")
G3 = R.GameResult(3, ("A", "B", "C", "E"), ("20.0", "-3.0", "-7.0", "-10.0"), (1, 2, 3, 4), "2025-01-05T18:00")


def ratings_of(result: R.RatingResult) -> dict:
    return {p: str(v) for p, v in result.ratings.items()}


@pytest.mark.parametrize(
    ("method", "params", "games", "expected"),
    [
        pytest.param(
            "total", {}, [G1, G2],
            {"A": "16.8", "B": "59.3", "C": "-16.8", "D": "-59.3"},
            id="total-sums-game-points",
        ),
        pytest.param(
            "total", {"best_n": 1}, [G1, G2],
            {"A": "62.3", "B": "51.2", "C": "4.6", "D": "-10.3"},
            id="total-best-n-keeps-best-games",
        ),
        pytest.param(
            "p_rating", {}, [G1],
            {"A": "1.519", "B": "0.198", "C": "-0.522", "D": "-1.195"},
            id="p-rating-first-game-largest-remainder",
        ),
        pytest.param(
            "p_rating", {}, [G1, G2],
            {"A": "0.372", "B": "1.442", "C": "-0.397", "D": "-1.417"},
            id="p-rating-second-game-with-table-average",
        ),
        pytest.param(
            "tenhou_r", {}, [G1],
            {"A": "1530.000", "B": "1510.000", "C": "1490.000", "D": "1470.000"},
            id="tenhou-r-first-game-rank-bonus",
        ),
        pytest.param(
            "tenhou_r", {}, [G1, G2],
            {"A": "1499.311500", "B": "1539.690500", "C": "1500.229500", "D": "1460.768500"},
            id="tenhou-r-second-game-average-and-games-factor",
        ),
        pytest.param(
            "openskill", {}, [G1],
            {"A": "3.005", "B": "2.014", "C": "0.437", "D": "-3.290"},
            id="openskill-first-game-ordinal",
        ),
        pytest.param(
            "openskill", {}, [G1, G2],
            {"A": "-0.960", "B": "4.898", "C": "2.374", "D": "-2.224"},
            id="openskill-second-game-ordinal",
        ),
    ],
)
def test_worked_examples_of_docs(method, params, games, expected):
    assert ratings_of(R.rate(method, games, params)) == expected


def test_worked_examples_are_written_in_docs():
    """docs/ratings.md shows the very numbers the table above checks."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "ratings.md").read_text().replace("\u2212", "-")
    for number in ["1.519", "0.372", "1.442", "1499.3115", "1539.6905", "3.005", "-0.960", "4.898", "-59.3", "2.077",
                   "-8**"]:
        assert number in text, number


@pytest.mark.parametrize(
    ("games_before", "factor"),
    [
        pytest.param(0, D("1"), id="tenhou-new-player-full-factor"),
        pytest.param(1, D("0.998"), id="tenhou-factor-falls-0.002-a-game"),
        pytest.param(399, D("0.202"), id="tenhou-factor-last-game-under-400"),
        pytest.param(400, D("0.2"), id="tenhou-factor-fixed-from-400-games"),
        pytest.param(1000, D("0.2"), id="tenhou-factor-stays-0.2"),
    ],
)
def test_tenhou_games_factor(games_before, factor):
    assert R.tenhou_games_factor(games_before) == factor


@pytest.mark.parametrize(
    ("rank", "own", "average", "games", "seats", "delta"),
    [
        pytest.param(4, D(2000), D(2000), 500, 4, D("-6"), id="tenhou-veteran-4th-even-table"),
        pytest.param(4, D(2000), D(1600), 500, 4, D("-8"), id="tenhou-veteran-4th-weak-table-costs-more"),
        pytest.param(4, D(2000), D(1875), 500, 4, D("-6.625"), id="tenhou-veteran-4th-mixed-table"),
        pytest.param(2, D(1500), D(1500), 0, 3, D("0"), id="tenhou-sanma-2nd-is-zero"),
        pytest.param(1, D(1500), D(1500), 0, 3, D("30"), id="tenhou-sanma-1st-plus-30"),
    ],
)
def test_tenhou_single_step(rank, own, average, games, seats, delta):
    assert R.tenhou_delta(rank, own, average, games, seats) == delta


def test_game_order_is_finish_time_then_id():
    late_low_id = R.GameResult(1, ("A", "B", "C", "D"), (10, 0, 0, -10), (1, 2, 3, 4), "2025-02-01")
    early = R.GameResult(9, ("A", "B", "C", "D"), (-10, 0, 0, 10), (4, 2, 3, 1), "2025-01-01")
    same_time_high = R.GameResult(7, ("A", "B", "C", "D"), (0, 0, 0, 0), (1, 2, 3, 4), "2025-01-15")
    same_time_low = R.GameResult(3, ("A", "B", "C", "D"), (0, 0, 0, 0), (1, 2, 3, 4), "2025-01-15")
    ordered = R.in_game_order([late_low_id, same_time_high, early, same_time_low])
    assert [g.game_id for g in ordered] == [9, 3, 7, 1]
    history = R.rate("tenhou_r", [late_low_id, early, same_time_high, same_time_low]).history
    assert [s.game_id for s in history[::4]] == [9, 3, 7, 1]


def test_total_min_games_qualification():
    result = R.rate("total", [G1, G2, G3], {"min_games": 2})
    assert result.qualified("A")
    assert result.qualified("D")
    assert not result.qualified("E")
    assert result.games == {"A": 3, "B": 3, "C": 3, "D": 2, "E": 1}


@pytest.mark.parametrize(
    ("method", "data"),
    [
        pytest.param("p_rating", {"divisor": 0}, id="p-rating-divisor-must-be-positive"),
        pytest.param("p_rating", {"F": 41}, id="unknown-parameter-refused"),
        pytest.param("total", {"best_n": 0}, id="best-n-at-least-one"),
        pytest.param("tenhou_r", {"rank_bonus_4": [30, 10, -10]}, id="tenhou-needs-four-bonuses"),
        pytest.param("elo", {}, id="unknown-method-refused"),
    ],
)
def test_bad_params_refused(method, data):
    with pytest.raises(R.RatingParamsError):
        R.params_from_dict(method, data)


def test_params_are_editable_data_round_trip():
    params = R.params_from_dict("P_RATING", {"divisor": "30", "initial": 10})
    assert params == R.PRatingParams(divisor=D(30), initial=D(10))
    assert R.params_from_dict("p_rating", R.params_to_dict(params)) == params
    # A club's own divisor changes the result.
    assert R.rate("p_rating", [G1], {"divisor": 30}).ratings["A"] == D("2.077")


# ----------------------------------------------------------------- invariants

points_tenths = st.integers(min_value=-1500, max_value=1500)


seat_counts = st.sampled_from([3, 4])


@st.composite
def zero_sum_table(draw, seats=seat_counts):
    n = draw(seats)
    tenths = draw(st.lists(points_tenths, min_size=n - 1, max_size=n - 1))
    tenths.append(-sum(tenths))
    before = draw(st.lists(st.integers(-100_000, 100_000), min_size=n, max_size=n))
    return [D(t).scaleb(-1) for t in tenths], [D(b).scaleb(-3) for b in before]


@settings(max_examples=examples(100, deep=1000))
@given(zero_sum_table(), st.sampled_from([1, 7, 41, 100]), st.integers(0, 4))
def test_p_rating_changes_at_a_table_sum_to_zero_when_points_do(table, divisor, decimals):
    points, before = table
    params = R.PRatingParams(divisor=D(divisor), decimals=decimals)
    before = [b.quantize(D(1).scaleb(-decimals)) for b in before]
    deltas = R.p_rating_deltas(points, before, params)
    assert sum(deltas) == 0
    # each change is the exact formula's within one unit of the last decimal
    average = sum(before) / len(before)
    for pt, b, d in zip(points, before, deltas, strict=False):
        exact = (pt + average - b) / D(divisor)
        assert abs(d - exact) < D(1).scaleb(-decimals)


@settings(max_examples=examples(100, deep=1000))
@given(zero_sum_table(seats=st.just(4)), st.integers(1, 100))
def test_p_rating_table_change_is_points_sum_over_f_when_not_zero_sum(table, offset):
    points, before = table
    points = [points[0] + offset, *points[1:]]  # e.g. a penalty paid to nobody
    before = [b.quantize(D("0.001")) for b in before]
    deltas = R.p_rating_deltas(points, before)
    assert sum(deltas) == (D(offset) / 41).quantize(D("0.001"))


@st.composite
def season(draw):
    players = list(range(6))
    games = []
    for gid in range(draw(st.integers(1, 12))):
        seated = draw(st.permutations(players))[:4]
        tenths = draw(st.lists(points_tenths, min_size=3, max_size=3))
        tenths.append(-sum(tenths))
        order = sorted(range(4), key=lambda i: (-tenths[i], i))
        ranks = [order.index(i) + 1 for i in range(4)]
        games.append(R.GameResult(gid, tuple(seated), [D(t).scaleb(-1) for t in tenths], ranks,
                                  draw(st.integers(0, 5))))
    return games


@settings(max_examples=60, deadline=None)
@given(season())
def test_season_totals_and_p_rating_conserve_over_a_season(games):
    total = R.rate("total", games)
    assert sum(total.ratings.values()) == 0
    assert sum(R.rate("p_rating", games).ratings.values()) == 0


@settings(max_examples=60, deadline=None)
@given(season())
def test_history_replays_to_final_ratings_and_is_order_independent(games):
    for method in R.METHODS:
        result = R.rate(method, games)
        again = R.rate(method, list(reversed(games)))
        assert result.ratings == again.ratings
        last = {}
        for step in result.history:
            assert last.get(step.player, step.before) == step.before
            last[step.player] = step.after
        assert last == dict(result.ratings)
        assert sum(result.games.values()) == 4 * len(games)


@settings(max_examples=60, deadline=None)
@given(season(), st.integers(1, 5))
def test_best_n_total_is_sum_of_n_best_games(games, n):
    result = R.rate("total", games, {"best_n": n})
    for player in result.ratings:
        mine = sorted((pt for g in games for p, pt in zip(g.players, g.points, strict=False) if p == player),
                      reverse=True)
        assert result.ratings[player] == sum(mine[:n], D(0))
