"""Tournament rounds (events.seating.tournament_round): pure Python, no database.

The rules: every player is seated once a round, at tables of 4 (3 in a 3-player event, or a
leftover three where allowed); byes go to those who sat out least and are spread fairly over the
rounds; team-mates never share a table when the tables allow it (and a clear refusal when they do
not); a swiss round puts the leaders together and avoids repeats; a predefined seating must keep
team-mates apart.
"""
from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events import seating
from events.seating import Round, SeatingError, repeated_meetings, tournament_round


def _meetings(rounds: list[Round]) -> Counter:
    met: Counter = Counter()
    for r in rounds:
        for t in r.tables:
            met.update(frozenset(p) for p in itertools.combinations(t, 2))
    return met


def _met_arg(met: Counter) -> dict:
    return {tuple(k): v for k, v in met.items()}


def _play(n: int, rounds: int, method: str, *, seed: int, table_size: int = 4, three: bool = False,
          teams: dict | None = None) -> list[Round]:
    """Seat ``rounds`` rounds in a row, feeding meetings, byes and standings back (standings: by id)."""
    done: list[Round] = []
    sat: Counter = Counter()
    ranking = list(range(n))
    for r in range(rounds):
        rnd = tournament_round(ranking, method=method, met=_met_arg(_meetings(done)), sat_out=sat, teams=teams,
                               table_size=table_size, three_player_tables=three, seed=seed + r)
        sat.update(rnd.sitting_out)
        done.append(rnd)
        ranking = ranking[1:] + ranking[:1] if method == "swiss" else ranking
    return done


def _check(rnd: Round, n: int, sizes: set[int]) -> None:
    seated = [p for t in rnd.tables for p in t]
    assert sorted(seated + list(rnd.sitting_out)) == list(range(n))
    assert all(len(t) in sizes for t in rnd.tables)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 40), rounds=st.integers(1, 6), method=st.sampled_from(["random", "balanced", "swiss"]),
       seed=st.integers(0, 10_000))
def test_every_player_once_a_round_and_byes_spread_fairly(n, rounds, method, seed):
    done = _play(n, rounds, method, seed=seed)
    out: Counter = Counter()
    for rnd in done:
        _check(rnd, n, {4})
        assert len(rnd.sitting_out) == n % 4
        out.update(rnd.sitting_out)
    counts = [out.get(p, 0) for p in range(n)]
    assert max(counts) - min(counts) <= 1


@settings(max_examples=30, deadline=None)
@given(n=st.integers(6, 40).filter(lambda n: n not in (5,)), method=st.sampled_from(["random", "balanced", "swiss"]),
       seed=st.integers(0, 10_000))
def test_leftover_threes_play_instead_of_sitting_out(n, method, seed):
    rnd = tournament_round(list(range(n)), method=method, three_player_tables=True, seed=seed)
    _check(rnd, n, {3, 4})
    assert rnd.sitting_out == []
    assert sum(len(t) == 3 for t in rnd.tables) == (-n) % 4


@settings(max_examples=30, deadline=None)
@given(n=st.integers(3, 30), method=st.sampled_from(["random", "balanced", "swiss"]), seed=st.integers(0, 10_000))
def test_a_three_player_event_seats_tables_of_three(n, method, seed):
    rnd = tournament_round(list(range(n)), method=method, table_size=3, seed=seed)
    _check(rnd, n, {3})
    assert len(rnd.sitting_out) == n % 3


@settings(max_examples=40, deadline=None)
@given(tables=st.integers(2, 10), team_size=st.integers(2, 4), method=st.sampled_from(["random", "balanced", "swiss"]),
       seed=st.integers(0, 10_000), rounds=st.integers(1, 4))
def test_team_mates_never_share_a_table(tables, team_size, method, seed, rounds):
    """Teams of ``team_size`` <= the number of tables: every round keeps each team's players apart."""
    n = tables * 4
    team_size = min(team_size, tables)
    teams = {p: p // team_size for p in range(n)}
    for rnd in _play(n, rounds, method, seed=seed, teams=teams):
        _check(rnd, n, {4})
        for t in rnd.tables:
            assert len({teams[p] for p in t}) == len(t)


def test_a_team_bigger_than_the_tables_is_refused():
    with pytest.raises(SeatingError) as exc:
        tournament_round(list(range(8)), teams={p: "A" if p < 3 else p for p in range(8)})
    assert exc.value.code == "teams"
    assert "A" in exc.value.message


@settings(max_examples=30, deadline=None)
@given(tables=st.integers(2, 8), seed=st.integers(0, 10_000))
def test_a_first_swiss_round_seats_the_standings_in_blocks(tables, seed):
    n = tables * 4
    rnd = tournament_round(list(range(n)), method="swiss", seed=seed)
    assert [sorted(t) for t in rnd.tables] == [list(range(i, i + 4)) for i in range(0, n, 4)]


@settings(max_examples=30, deadline=None)
@given(tables=st.integers(4, 10), seed=st.integers(0, 10_000))
def test_a_second_swiss_round_repeats_no_meeting(tables, seed):
    """With at least 4 tables a second round without a repeat exists; swiss finds one and the table-1
    leaders play together."""
    n = tables * 4
    first = tournament_round(list(range(n)), method="swiss", seed=seed)
    ranking = [t[i] for i in range(4) for t in sorted(first.tables, key=min)]  # the winners of every table first
    second = tournament_round(ranking, method="swiss", met=_met_arg(_meetings([first])), seed=seed)
    assert repeated_meetings([first.tables, second.tables]) == 0
    assert set(second.tables[0]) == set(ranking[:4])


def test_swiss_byes_go_to_the_lowest_ranked_who_sat_out_least():
    rnd = tournament_round(list(range(10)), method="swiss", sat_out={9: 1})
    assert sorted(rnd.sitting_out) == [7, 8]


@pytest.mark.parametrize("method", ["random", "balanced", "swiss"])
def test_the_same_seed_gives_the_same_round(method):
    a = tournament_round(list(range(22)), method=method, seed=3)
    b = tournament_round(list(range(22)), method=method, seed=3)
    assert a == b


def test_unknown_method_and_table_size_are_refused():
    with pytest.raises(SeatingError):
        tournament_round(list(range(8)), method="strongest")
    with pytest.raises(SeatingError):
        tournament_round(list(range(8)), table_size=5)


def test_a_predefined_seating_with_team_mates_together_is_refused():
    rounds = seating.parse_rounds_csv("round,table,east,south,west,north\n1,1,a,b,c,d\n")
    with pytest.raises(SeatingError) as exc:
        seating.check_teams_rounds(rounds, {"a": "T1", "c": "T1"})
    assert exc.value.code == "teams"
    assert "a and c" in exc.value.message
