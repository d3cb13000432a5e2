"""A real Celery worker process on Redis runs ``season_recompute`` against the test database."""
from __future__ import annotations

import pytest
from celery import Celery

from league.models import Game, StandingsSnapshot
from tests.league.events import ALL_LAST_FINISH
from tests.workers import wait_for_worker

pytestmark = [pytest.mark.celery_worker, pytest.mark.waits, pytest.mark.postgres,
              pytest.mark.django_db(transaction=True)]


def test_worker_recomputes_the_season_standings(game, players, broker_url, worker):
    from league.games import services as game_services

    for i, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    # The in-process (eager) recompute ran on commit; remove its result so only the worker can restore it.
    StandingsSnapshot.objects.filter(season=game.season).delete()

    Celery(broker=broker_url, set_as_current=False).send_task("league.season_recompute", args=[game.season_id])

    snapshot = wait_for_worker(worker, lambda: StandingsSnapshot.objects.filter(season=game.season).first(),
                               what="recompute the standings")
    assert snapshot.games_count == 1
    member_ids = {row["member_id"] for row in snapshot.rows}
    assert member_ids == {p.pk for p in players}
