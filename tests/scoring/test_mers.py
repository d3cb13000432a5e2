"""The MERS-style tournament ranking (``scoring.mers``), rule by rule; every figure worked by hand."""
from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from scoring.mers import MersError, MersResult, age_factor, base_rank, mers_ranking, tournament_weight

D = Decimal
ON = datetime.date(2026, 12, 4)


@pytest.mark.parametrize(("players", "place", "expected"), [
    (16, 1, D(1000)),    # the winner: 1000 × 15/15
    (16, 16, D(0)),      # the last: 1000 × 0/15
    (16, 3, D(867)),     # 1000 × 13/15 = 866.67, listed whole (half up)
    (60, 32, D(475)),    # 1000 × 28/59 = 474.58
    (4, 2, D(667)),      # 1000 × 2/3 = 666.67
    (8, 5, D(429)),      # 1000 × 3/7 = 428.57
    (1, 1, D(1000)),     # a tournament of one
], ids=["winner", "last", "third_of_16", "32nd_of_60", "second_of_4", "fifth_of_8", "alone"])
def test_base_rank_is_1000_times_players_behind_over_n_minus_1(players, place, expected):
    assert base_rank(players=players, place=place) == expected


@pytest.mark.parametrize(("players", "place"), [(16, 0), (16, 17), (0, 1)])
def test_a_place_outside_the_field_is_refused(players, place):
    with pytest.raises(MersError):
        base_rank(players=players, place=place)


@pytest.mark.parametrize(("days", "players", "countries", "qualification", "expected"), [
    (1, 20, 1, False, D("1")),       # one day, a small local field
    (2, 20, 1, False, D("2")),       # two days
    (3, 20, 1, False, D("3")),       # three days
    (4, 20, 1, False, D("3")),       # more than three days count as three
    (1, 40, 1, False, D("1")),       # 40 players: nothing added
    (1, 41, 1, False, D("1.5")),     # 41-80 players: +0.5
    (1, 80, 1, False, D("1.5")),
    (1, 81, 1, False, D("2")),       # more than 80: +1
    (1, 20, 5, False, D("1")),       # 5 countries: nothing added
    (1, 20, 6, False, D("1.5")),     # 6-9 countries: +0.5
    (1, 20, 9, False, D("1.5")),
    (1, 20, 10, False, D("2")),      # 10 or more: +1
    (3, 81, 10, True, D("6")),       # 3 + 1 + 1 + 1: a championship one qualified for
    (2, 41, 6, False, D("3")),       # 2 + 0.5 + 0.5
])
def test_tournament_weight_adds_days_players_countries_and_qualification(days, players, countries, qualification,
                                                                       expected):
    assert tournament_weight(days=days, players=players, countries=countries, qualification=qualification) == expected


@pytest.mark.parametrize(("ended_on", "expected"), [
    (datetime.date(2026, 12, 4), D("1")),    # today
    (datetime.date(2025, 12, 4), D("1")),    # exactly one year: still full
    (datetime.date(2025, 12, 3), D("0.5")),  # a day over a year: half
    (datetime.date(2024, 12, 4), D("0.5")),  # exactly two years: still half
    (datetime.date(2024, 12, 3), D("0")),    # over two years: no longer counts
    (datetime.date(2026, 12, 5), D("0")),    # not over yet
])
def test_results_count_in_full_for_a_year_and_half_for_the_second(ended_on, expected):
    assert age_factor(ended_on=ended_on, on=ON) == expected


def _r(rank, weight="1", ended_on=datetime.date(2026, 6, 1), tid=None) -> MersResult:
    return MersResult(tid, D(rank), D(weight), ended_on)


def test_one_result_is_not_listed():
    ranking = mers_ranking([_r(1000)], on=ON)
    assert ranking.value is None
    assert ranking.counted == 1


def test_two_results_are_listed_padded_to_five_with_zeros():
    """1000 and 500 at weight 1, padded with three zeros at weight 1:
    A = (1000 + 500 + 0 + 0 + 0) / 5 = 300; B = (1000 + 500 + 0 + 0) / 4 = 375; ½ × 300 + ½ × 375 = 337.50."""
    ranking = mers_ranking([_r(500), _r(1000)], on=ON)
    assert (ranking.value, ranking.part_a, ranking.part_b, ranking.counted) == (D("337.50"), D("300.00"),
                                                                               D("375.00"), 2)


def test_part_a_takes_the_best_five_and_80_percent_of_the_rest_rounded_up():
    """Ten results 1000, 900, …, 100 at weight 1: part A counts ceil(5 + 0.8 × 5) = 9, the 100 is left out:
    A = 5400 / 9 = 600; B = (1000 + 900 + 800 + 700) / 4 = 850; ½ × 600 + ½ × 850 = 725.00."""
    ranking = mers_ranking([_r(r) for r in range(100, 1001, 100)], on=ON)
    assert (ranking.value, ranking.part_a, ranking.part_b) == (D("725.00"), D("600.00"), D("850.00"))


def test_seven_results_all_count_in_part_a():
    """1000 … 400: ceil(5 + 0.8 × 2) = ceil(6.6) = 7, all seven: A = 4900 / 7 = 700; B = 3400 / 4 = 850;
    the ranking 775.00."""
    ranking = mers_ranking([_r(r) for r in (400, 500, 600, 700, 800, 900, 1000)], on=ON)
    assert (ranking.value, ranking.part_a, ranking.part_b) == (D("775.00"), D("700.00"), D("850.00"))


def test_weights_and_age_weigh_the_averages():
    """1000 at weight 2 (this year) and 600 at weight 2 but 18 months old (counts 1); padded with three zeros:
    A = (1000×2 + 600×1) / (2 + 1 + 1 + 1 + 1) = 2600 / 6 = 433.33;
    B = (1000×2 + 600×1 + 0 + 0) / (2 + 1 + 1 + 1) = 2600 / 5 = 520;
    ½ × 433.333… + ½ × 520 = 476.666… → 476.67."""
    ranking = mers_ranking([_r(1000, "2"), _r(600, "2", ended_on=datetime.date(2025, 6, 4))], on=ON)
    assert (ranking.value, ranking.part_a, ranking.part_b) == (D("476.67"), D("433.33"), D("520.00"))


def test_a_result_over_two_years_old_is_left_out():
    """1000 from three years ago no longer counts: 800 and 600 remain, padded:
    A = 1400 / 5 = 280; B = 1400 / 4 = 350; the ranking 315.00."""
    ranking = mers_ranking([_r(1000, ended_on=datetime.date(2023, 12, 1)), _r(800), _r(600)], on=ON)
    assert (ranking.value, ranking.counted) == (D("315.00"), 2)


def test_part_b_takes_the_best_four_by_base_rank_not_by_weight():
    """Best first by base rank: 1000 (w1) ×3, 501 (w6), 500 (w1) — part B is the first four:
    (3000 + 501×6) / 9 = 6006 / 9 = 667.33; part A all five: (3000 + 3006 + 500) / 10 = 650.6;
    ½ × 650.6 + ½ × 667.333… = 658.966… → 658.97."""
    ranking = mers_ranking([_r(1000), _r(1000), _r(1000), _r(501, "6"), _r(500)], on=ON)
    assert (ranking.value, ranking.part_a, ranking.part_b) == (D("658.97"), D("650.60"), D("667.33"))
