"""Two tables finish at once and two standings updates run together (two workers, or the embedded server's
threads): on PostgreSQL, with real connections, the snapshot they leave covers both games, equals a full
recompute, and the cyclic collector (held off by both, core/collector.py) is on again after."""
from __future__ import annotations

import datetime
import gc
import threading

import pytest
from django.db import connection, connections
from django.utils import timezone

from league.models import RatingHistory, StandingsSnapshot
from league.standings import services as standings
from tests.factories import MemberFactory

from .conftest import finished_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks between two connections: PostgreSQL"),
]

DEADLINE = 30  # seconds each update may take before the test fails


def stored(season) -> tuple:
    snapshot = StandingsSnapshot.objects.get(season=season)
    histories = dict(RatingHistory.objects.filter(snapshot=snapshot).values_list("member_id", "steps"))
    return snapshot.games_count, snapshot.rows, snapshot.ratings, histories


def test_two_updates_at_once_leave_both_games_as_a_full_recompute_would(season):
    members = [MemberFactory(club=season.club) for _ in range(8)]
    start = timezone.now() - datetime.timedelta(days=1)
    for g in range(3):
        finished_game(season, members[g:g + 4], ["20.0", "5.0", "-5.0", "-20.0"],
                      at=start + datetime.timedelta(minutes=g))
    standings.standings_refresh(season_id=season.pk)
    now = timezone.now()
    finished_game(season, members[:4], ["40.0", "-5.0", "-15.0", "-20.0"], at=now)
    finished_game(season, members[4:], ["10.0", "5.0", "-5.0", "-10.0"], at=now + datetime.timedelta(seconds=1))

    together = threading.Barrier(2, timeout=DEADLINE)
    errors: list[BaseException] = []

    def update():
        try:
            together.wait()
            standings.standings_update(season_id=season.pk)
        except BaseException as error:  # reported by the test below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=update) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(DEADLINE)
        assert not t.is_alive()
    assert errors == []
    assert gc.isenabled()

    after_both = stored(season)
    assert after_both[0] == 5
    standings.standings_refresh(season_id=season.pk)
    assert after_both == stored(season)
