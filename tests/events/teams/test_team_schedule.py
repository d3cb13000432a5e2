"""The team league's schedule generator (issue 37 item 2): every team plays its games, at most one a
match day; every pair of teams meets within one of every other pair; every team sits at each wind
equally. The sizes are the issue's (6, 8, 9, 12 and 16 teams), with one table fewer per match day
than would seat every team, so the teams take turns to rest (see docs/team-league.md for why)."""
from __future__ import annotations

import pytest

from events.seating import SeatingError
from events.team_schedule import balance, schedule


@pytest.mark.parametrize(("teams", "tables", "games", "meetings"), [
    # meetings = 6 pairs a table × tables / pairs of teams, rounded down and up
    (6, 1, 12, (7, 8)),     # 18 tables × 6 / 15 pairs = 7.2
    (8, 1, 12, (5, 6)),     # 24 × 6 / 28 = 5.14
    (9, 2, 12, (4, 5)),     # 27 × 6 / 36 = 4.5
    (12, 2, 12, (3, 4)),    # 36 × 6 / 66 = 3.27
    (16, 3, 12, (2, 3)),    # 48 × 6 / 120 = 2.4
    (16, 3, 8, (1, 2)),     # 32 × 6 / 120 = 1.6
])
def test_pairs_meet_within_one_and_winds_are_equal(teams, tables, games, meetings):
    days = schedule(teams, tables_per_day=tables, games_per_team=games, seed=7)
    figures = balance(days, teams)
    assert figures.games == (games,) * teams
    assert (figures.meetings_min, figures.meetings_max) == meetings
    assert figures.winds == ((games // 4,) * 4,) * teams
    for day in days:
        playing = [t for table in day for t in table]
        assert len(playing) == len(set(playing))  # nobody twice on a match day
        assert len(day) <= tables


def test_games_not_a_multiple_of_four_spread_winds_within_one():
    days = schedule(6, tables_per_day=1, games_per_team=6, seed=1)
    figures = balance(days, 6)
    assert figures.games == (6,) * 6
    assert figures.wind_spread == 1
    assert all(sorted(w) == [1, 1, 2, 2] for w in figures.winds)


def test_the_same_seed_gives_the_same_schedule():
    assert schedule(9, tables_per_day=2, games_per_team=8, seed=3) == schedule(9, tables_per_day=2,
                                                                             games_per_team=8, seed=3)


@pytest.mark.parametrize(("teams", "games", "code"), [(3, 4, "too_few"), (9, 6, "impossible"), (8, 0, "invalid")])
def test_a_schedule_that_cannot_be_made_is_refused(teams, games, code):
    with pytest.raises(SeatingError) as refused:
        schedule(teams, tables_per_day=1, games_per_team=games)
    assert refused.value.code == code
