"""What a standings update leaves for Python's collector (issue 41: the incremental update at 50,000 games).

The snapshot an update or a recompute returns is freed by reference counting once its caller drops it (it
held its season, and the season held it back: a cycle of 7,600 objects a finished game, left for the cyclic
collector's pauses); the update runs with the collector held off (core/collector.py); and the rows whose
places moved are renumbered with their ids and places written into the SQL, only the rewritten rows' JSON
sent as parameters (psycopg splits a statement at each placeholder in Python)."""
from __future__ import annotations

import datetime
import gc
import weakref

import pytest
from django.db import connection
from django.utils import timezone

from league.models import StandingsSnapshot
from league.standings import services as standings
from league.standings.stats import StandingsState
from tests.factories import MemberFactory

from .conftest import finished_game

pytestmark = pytest.mark.django_db

POINTS = ["20.0", "5.0", "-5.0", "-20.0"]


def a_season_of_three_games(season):
    members = [MemberFactory(club=season.club) for _ in range(8)]
    start = timezone.now() - datetime.timedelta(days=1)
    for g in range(3):
        finished_game(season, members[g:g + 4], POINTS, at=start + datetime.timedelta(minutes=g))
    return members


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    (gc.enable if was else gc.disable)()


@pytest.mark.parametrize("write", ["refresh", "update"])
def test_the_snapshot_returned_is_freed_when_dropped_without_the_cyclic_collector(season, write, collector_on,
                                                                                 django_assert_num_queries):
    members = a_season_of_three_games(season)
    standings.standings_refresh(season_id=season.pk)
    if write == "update":  # a game finished after the others: added to the stored snapshot
        finished_game(season, members[4:8], POINTS, at=timezone.now())
    gc.disable()  # only reference counting from here
    snapshot = (standings.standings_add_games if write == "update" else standings.standings_refresh)(
        season_id=season.pk)
    assert snapshot is not None
    with django_assert_num_queries(0):
        assert snapshot.season.pk == season.pk  # held, as before
    gone = weakref.ref(snapshot)
    del snapshot
    assert gone() is None


@pytest.fixture
def collector_seen_while_adding(monkeypatch) -> list[bool]:
    """Whether the collector was on as each game was added to the table."""
    seen: list[bool] = []
    real_add = StandingsState.add_game

    def add_game(self, game, *args):
        seen.append(gc.isenabled())
        return real_add(self, game, *args)

    monkeypatch.setattr(StandingsState, "add_game", add_game)
    return seen


def test_the_recompute_folds_with_the_collector_held_off_and_switches_it_on_after(season, collector_on,
                                                                                  collector_seen_while_adding):
    """It rescanned the growing tallies (~a third of a recompute at 50,000 games)."""
    a_season_of_three_games(season)
    snapshot = standings.standings_refresh(season_id=season.pk)
    assert snapshot.games_count == 3
    assert collector_seen_while_adding == [False, False, False]
    assert gc.isenabled()


def test_the_update_adds_its_games_with_the_collector_held_off(season, collector_on, collector_seen_while_adding):
    members = a_season_of_three_games(season)
    standings.standings_refresh(season_id=season.pk)
    finished_game(season, members[4:8], POINTS, at=timezone.now())
    collector_seen_while_adding.clear()
    assert standings.standings_add_games(season_id=season.pk) is not None
    assert collector_seen_while_adding == [False]
    assert gc.isenabled()


def test_places_that_moved_are_sent_as_numbers_in_the_sql_only_the_rewritten_rows_json_as_parameters(season):
    members = a_season_of_three_games(season)
    standings.standings_refresh(season_id=season.pk)
    # four who played before: their rows rewritten, the others' places moved
    finished_game(season, members[2:6], ["60.0", "-10.0", "-20.0", "-30.0"], at=timezone.now())
    sent = []

    def spy(execute, sql, params, many, context):
        if sql.startswith('UPDATE "league_standingrow"'):
            sent.append((sql, list(params or ())))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        snapshot = standings.standings_add_games(season_id=season.pk)
    assert snapshot is not None
    assert snapshot.games_count == 4
    [(sql, params)] = sent
    assert len(params) == 3 * 4  # row, tally, rating state of the four players
    assert sql.count("%s") == 3 * 4
    assert snapshot.rows[0]["member_id"] == members[2].pk
    updated = StandingsSnapshot.objects.get(season=season).rows
    standings.standings_refresh(season_id=season.pk)
    assert StandingsSnapshot.objects.get(season=season).rows == updated  # the same rows as a recompute's
