"""p_rating's table changes in integers equal the rational (Fraction) definition, digit for digit."""

from __future__ import annotations

from decimal import Decimal as D
from fractions import Fraction
from math import floor

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ratings as R
from tests.depth import examples


def by_fractions(points, before, params: R.PRatingParams) -> list[D]:
    """The definition (docs/ratings.md), as the rating computed it before it was made integer."""
    n = len(points)
    d = Fraction(sum(before, D(0))) / n
    w, a, f = Fraction(params.points_weight), Fraction(params.average_weight), Fraction(params.divisor)
    exact = [(w * Fraction(pt) + a * d - Fraction(p)) / f for pt, p in zip(points, before, strict=False)]
    quantum = Fraction(1, 10**params.decimals)
    units = [x / quantum for x in exact]
    floors = [floor(u) for u in units]
    extra = round(sum(units)) - sum(floors)
    for i in sorted(range(n), key=lambda i: (-(units[i] - floors[i]), i))[:extra]:
        floors[i] += 1
    q = D(1).scaleb(-params.decimals)
    return [(D((x * quantum).numerator) / D((x * quantum).denominator)).quantize(q) for x in floors]


decimals_ = st.decimals(min_value=-200, max_value=200, places=3, allow_nan=False, allow_infinity=False)


@settings(max_examples=examples(100, deep=1000), deadline=None)
@given(
    seats=st.sampled_from([3, 4]),
    points=st.lists(st.decimals(min_value=-150, max_value=150, places=1), min_size=4, max_size=4),
    before=st.lists(decimals_, min_size=4, max_size=4),
    divisor=st.sampled_from(["41", "1", "7", "12.5", "0.000003e6", "3.333333"]),
    weights=st.sampled_from([("1", "1"), ("0.5", "2"), ("1.25", "0"), ("-1", "0.333333")]),
    decimals=st.integers(0, 6),
)
def test_p_rating_changes_in_integers_equal_the_fractions(seats, points, before, divisor, weights, decimals):
    params = R.PRatingParams(divisor=D(divisor), points_weight=D(weights[0]), average_weight=D(weights[1]),
                             decimals=decimals)
    points, before = points[:seats], before[:seats]
    got = R.p_rating_deltas(points, before, params)
    want = by_fractions(points, before, params)
    assert [str(x) for x in got] == [str(x) for x in want]


def test_p_rating_ties_give_the_quantum_to_the_earlier_seat():
    # Four equal remainders of a quarter quantum: the sum (one quantum) goes to seat 0.
    params = R.PRatingParams(divisor=D(4), decimals=0)
    assert R.p_rating_deltas([D(1), D(1), D(1), D(1)], [D(0)] * 4, params) == [D(1), D(0), D(0), D(0)]
