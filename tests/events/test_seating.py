"""Seating rules (events.seating): pure Python, no database.

The rules, as the club and the seating contract state them: every player present is seated
exactly once a round; tables have 4 players, or 3 only where allowed; without 3-player tables
the remainder sits out, spread fairly; balanced seating repeats no meeting where a plan without
repeats exists and spreads seat winds; it never repeats more than a random seating does.
"""
from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events import seating
from events.seating import Round, SeatingError, plan, repeated_meetings, seat_round, wind_counts, wind_spread


def _check_round(rnd: Round, players: set, *, three_ok: bool) -> None:
    seated = [p for t in rnd.tables for p in t]
    assert sorted(seated + list(rnd.sitting_out)) == sorted(players)
    assert len(set(seated)) == len(seated)
    for t in rnd.tables:
        assert len(t) == 4 or (three_ok and len(t) == 3)


@pytest.mark.parametrize(("players", "rounds"), [(16, 5), (20, 5), (32, 8), (36, 9), (40, 8), (64, 10)],
                         ids=lambda v: str(v))
def test_no_pair_meets_twice_where_a_plan_exists(players, rounds):
    result = plan(players, rounds, seed=7)
    assert repeated_meetings(result.rounds) == 0
    assert wind_spread(result.rounds) <= 1
    for rnd in result.rounds:
        _check_round(rnd, set(range(players)), three_ok=False)


@pytest.mark.parametrize(("players", "rounds"), [(16, 4), (17, 6), (18, 8), (23, 9), (28, 7), (36, 10), (48, 10)])
def test_seat_winds_differ_by_at_most_one_from_four_rounds(players, rounds):
    result = plan(players, rounds, seed=3)
    for player, counts in wind_counts(result.rounds).items():
        assert max(counts) - min(counts) <= 1, (player, counts)


@pytest.mark.parametrize(("players", "tables_of_3"), [(13, 3), (14, 2), (15, 1), (16, 0), (6, 2), (3, 1), (9, 3)])
def test_three_player_tables_as_few_as_it_takes(players, tables_of_3):
    for rnd in plan(players, 3, seed=1, three_player_tables=True).rounds:
        assert Counter(len(t) for t in rnd.tables)[3] == tables_of_3
        assert rnd.sitting_out == []


@pytest.mark.parametrize(("players", "rounds"), [(14, 4), (13, 6), (15, 8), (7, 3)])
def test_without_three_player_tables_the_remainder_sits_out_in_turn(players, rounds):
    result = plan(players, rounds, seed=2)
    outs = Counter(p for rnd in result.rounds for p in rnd.sitting_out)
    counts = [outs.get(p, 0) for p in range(players)]
    assert all(len(rnd.sitting_out) == players % 4 for rnd in result.rounds)
    assert max(counts) - min(counts) <= 1


@pytest.mark.parametrize(("players", "rounds", "three", "why"), [
    (2, 3, False, "fewer than 3 players"),
    (3, 2, False, "3 players without 3-player tables"),
    (5, 2, True, "5 cannot be tables of 4 and 3 with nobody out"),
    (8, 0, False, "no round"),
])
def test_a_plan_that_cannot_be_made_is_refused(players, rounds, three, why):
    with pytest.raises(SeatingError):
        plan(players, rounds, three_player_tables=three)


def test_the_same_seed_gives_the_same_plan():
    assert plan(30, 6, seed=11).to_json() == plan(30, 6, seed=11).to_json()
    assert plan(30, 6, seed=11, method="random").to_json() == plan(30, 6, seed=11, method="random").to_json()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 40), rounds=st.integers(1, 8), three=st.booleans(), seed=st.integers(0, 10_000),
       method=st.sampled_from(["balanced", "random"]))
def test_every_player_is_seated_exactly_once_a_round(players, rounds, three, seed, method):
    try:
        result = plan(players, rounds, seed=seed, three_player_tables=three, method=method)
    except SeatingError:
        assert players < 4 and not three or (three and players == 5)
        return
    assert len(result.rounds) == rounds
    for rnd in result.rounds:
        _check_round(rnd, set(range(players)), three_ok=three)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(8, 36), rounds=st.integers(2, 8), three=st.booleans(), seed=st.integers(0, 10_000))
def test_balanced_repeats_no_more_than_random(players, rounds, three, seed):
    balanced = plan(players, rounds, seed=seed, three_player_tables=three)
    randoms = [plan(players, rounds, seed=seed + k, three_player_tables=three, method="random") for k in range(3)]
    assert repeated_meetings(balanced.rounds) <= min(repeated_meetings(r.rounds) for r in randoms)


# --- one round of a club night ----------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(present=st.sets(st.integers(0, 200), min_size=3, max_size=40), three=st.booleans(),
       seed=st.integers(0, 1000), history=st.lists(st.tuples(st.integers(0, 200), st.integers(0, 200)), max_size=60))
def test_a_club_round_seats_everyone_present_once(present, three, seed, history):
    met = Counter(frozenset(p) for p in history if p[0] != p[1])
    if len(present) < 4 and not three:
        with pytest.raises(SeatingError):
            seat_round(sorted(present), met_tonight=met, three_player_tables=three, seed=seed)
        return
    rnd = seat_round(sorted(present), met_tonight=met, three_player_tables=three, seed=seed)
    _check_round(rnd, set(present), three_ok=three)
    if not three:
        assert len(rnd.sitting_out) == len(present) % 4


def _meetings(rnd: Round) -> Counter:
    return Counter(frozenset(pair) for t in rnd.tables for pair in itertools.combinations(t, 2))


def test_a_club_round_avoids_opponents_met_tonight():
    players = list(range(16))
    first = seat_round(players, seed=1)
    met = _meetings(first)
    second = seat_round(players, met_tonight=met, seed=2)
    assert not set(_meetings(second)) & set(met)


def test_a_club_round_prefers_pairs_rarely_met_this_season():
    # 0..3 met each other often this season; 4..7 never did: the round splits 0..3 up.
    season = Counter({frozenset(p): 10 for p in itertools.combinations(range(4), 2)})
    rnd = seat_round(list(range(8)), season_meetings=season, seed=5)
    for t in rnd.tables:
        assert len(set(t) & {0, 1, 2, 3}) == 2


@pytest.mark.parametrize(("present", "three", "why"), [
    ([1, 2], True, "two present"),
    ([1, 2, 3], False, "three present and no 3-player ruleset"),
])
def test_seating_with_too_few_present_is_refused(present, three, why):
    with pytest.raises(SeatingError) as info:
        seat_round(present, three_player_tables=three)
    assert info.value.code == "too_few"


def test_who_sat_out_least_sits_out():
    rnd = seat_round(list(range(10)), sat_out={0: 1, 1: 1, 2: 0, 3: 1, 4: 1, 5: 1, 6: 0, 7: 1, 8: 1, 9: 1}, seed=4)
    assert sorted(rnd.sitting_out) == [2, 6]


def test_five_present_with_three_player_tables_allowed_seat_four_and_one_sits_out():
    rnd = seat_round([1, 2, 3, 4, 5], three_player_tables=True, seed=1)
    assert [len(t) for t in rnd.tables] == [4]
    assert len(rnd.sitting_out) == 1


def test_team_mates_are_never_seated_together():
    teams = {p: p % 4 for p in range(16)}  # four teams of four
    rnd = seat_round(list(range(16)), teams=teams, seed=9)
    for t in rnd.tables:
        assert len({teams[p] for p in t}) == len(t)


def test_team_mates_who_must_share_a_table_are_refused():
    with pytest.raises(SeatingError) as info:
        seat_round(list(range(8)), teams={p: p // 4 for p in range(8)})  # two teams of four
    assert info.value.code == "teams"


def test_winds_go_to_the_seat_had_least_tonight():
    winds = {1: [1, 0, 0, 0], 2: [0, 1, 0, 0], 3: [0, 0, 1, 0], 4: [0, 0, 0, 1]}
    rnd = seat_round([1, 2, 3, 4], winds=winds, seed=3)
    table = rnd.tables[0]
    assert all(winds[p][seat] == 0 for seat, p in enumerate(table))


def test_the_seating_module_imports_no_django():
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(seating))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert not any(name.split(".")[0] == "django" for name in names)


# --- swiss and predefined (tournaments) ---------------------------------------------------------
def test_swiss_seats_the_strongest_together():
    rnd = seating.swiss_round(list(range(16)), seed=1)
    assert [sorted(t) for t in rnd.tables] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]


def test_swiss_avoids_a_repeat_at_the_cost_of_strength():
    met = Counter({frozenset(p): 1 for p in itertools.combinations(range(4), 2)})  # the top four met already
    rnd = seating.swiss_round(list(range(16)), met=met, seed=1)
    assert not set(_meetings(rnd)) & set(met)
    assert max(sum(1 for p in t if p < 4) for t in rnd.tables) == 1


def test_swiss_byes_go_to_the_lowest_ranked_who_sat_out_least():
    rnd = seating.swiss_round(list(range(10)), sat_out={9: 1, 8: 1}, seed=2)
    assert sorted(rnd.sitting_out) == [6, 7]


@settings(max_examples=30, deadline=None)
@given(n=st.integers(4, 30), three=st.booleans(), seed=st.integers(0, 99))
def test_swiss_seats_everyone_once(n, three, seed):
    if three and n == 5:
        return
    rnd = seating.swiss_round(list(range(n)), three_player_tables=three, seed=seed)
    _check_round(rnd, set(range(n)), three_ok=three)


def test_a_predefined_csv_seating_is_read_and_checked():
    text = "round,table,east,south,west,north\n1,1,a,b,c,d\n1,2,e,f,g,h\n2,1,a,e,c,g\n2,2,b,f,d,h\n"
    rounds = seating.parse_rounds_csv(text, players=list("abcdefgh"))
    assert rounds[1].tables == [["a", "e", "c", "g"], ["b", "f", "d", "h"]]
    seating.check_rounds(rounds, list("abcdefgh"))


@pytest.mark.parametrize(("text", "problem"), [
    ("1,1,a,b,c,d\n1,2,e,f,g,a\n", "a is seated 2 times"),
    ("1,1,a,b,c,d\n1,2,e,f,g,x\n", "x is not a player"),
    ("1,1,a,b,c\n1,2,e,f,g,h\n", "table 1: 3 players"),
    ("1,1,a,b,c,d\n", "4 sit out"),
], ids=["twice", "unknown", "three-without-sanma", "a-table-left-out"])
def test_a_predefined_seating_that_cannot_be_used_says_why(text, problem):
    with pytest.raises(SeatingError) as info:
        seating.check_rounds(seating.parse_rounds_csv(text, players=list("abcdefgh")), list("abcdefgh"))
    assert problem in info.value.message


@pytest.mark.parametrize("text", ["1,1,a,b\n", "1,x,a,b,c,d\n", "2,1,a,b,c,d\n", "1,1,a,b,c,d\n1,1,e,f,g,h\n"],
                         ids=["short-row", "table-not-a-number", "round-gap", "table-twice"])
def test_a_malformed_csv_is_refused(text):
    with pytest.raises(SeatingError):
        seating.parse_rounds_csv(text)
