"""The ``snaprows_member_rows`` migration (issue 28 item 1): each snapshot's rows and state move into one
``StandingRow`` per member (with the member's tally and rating state) and the header, and back."""
from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from league.models import Game, Season, StandingsSnapshot
from league.standings import services as standings
from tests.factories import MemberFactory, SeasonFactory

from .conftest import finished_game, random_season

BEFORE = [("league", "0013_merge_notify_stats")]
AFTER = [("league", "0014_snaprows_member_rows")]


def _migrate(target=None):
    """Migrate to ``target`` (None: every app's latest, as the other tests expect the database)."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    target = target or executor.loader.graph.leaf_nodes()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.fixture
def back_to_latest():
    yield
    _migrate()


@pytest.mark.django_db(transaction=True)
def test_the_rows_move_into_member_rows_and_back_and_the_next_game_is_added(back_to_latest):
    season = SeasonFactory()
    Season.objects.filter(pk=season.pk).update(rating_method="p_rating", min_games=2)
    members = random_season(season, players=6, games=8)
    snapshot = standings.standings_refresh(season_id=season.pk)
    rows, state = StandingsSnapshot.objects.get(pk=snapshot.pk).rows, snapshot.state

    old = _migrate(BEFORE)  # rows and state put back together in the snapshot
    stored = old.get_model("league", "StandingsSnapshot").objects.get(pk=snapshot.pk)
    assert stored.rows == rows
    assert {t["member_id"]: t for t in stored.state["tallies"]} == {t["member_id"]: t for t in state["tallies"]}
    assert sorted(stored.state["rating"]["players"]) == sorted(state["rating"]["players"])

    _migrate(AFTER)  # and apart again, as the forward migration moves an existing season's
    _migrate()
    moved = StandingsSnapshot.objects.get(pk=snapshot.pk)
    assert moved.rows == rows
    assert {t["member_id"]: t for t in moved.state["tallies"]} == {t["member_id"]: t for t in state["tallies"]}
    assert sorted(moved.state["rating"]["players"]) == sorted(state["rating"]["players"])

    # the next finished game is added to the moved rows (no full recompute) and equals one
    last = Game.objects.filter(season=season).order_by("-finished_at").first().finished_at
    finished_game(season, [*members[:3], MemberFactory(club=season.club)], ["20.0", "5.0", "-5.0", "-20.0"],
                  at=last + datetime.timedelta(hours=1))
    assert standings.standings_add_games(season_id=season.pk) is not None
    added = StandingsSnapshot.objects.get(pk=snapshot.pk).rows
    assert added == standings.standings_refresh(season_id=season.pk).rows
