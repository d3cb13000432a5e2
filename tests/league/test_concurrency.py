"""Two table devices submit hand 1 at the same moment, on real PostgreSQL connections.

The game row is locked (``select_for_update``) while a hand is recorded, so exactly one
event is stored; the other request sees it: the same event returns the stored record,
a different one is a conflict.
"""
from __future__ import annotations

import threading

import pytest
from django.db import connection

from core.models import AuditEntry
from league.games import services as game_services
from league.games.errors import HandConflict
from league.models import HandRecord
from tests.league.events import ron, tsumo

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def submit_together(game, submissions):
    """Run ``hand_record`` for each (event, user) in its own thread and connection, released at once."""
    barrier = threading.Barrier(len(submissions))
    results: list = [None] * len(submissions)

    def worker(i, event, user):
        from django.db import connection as thread_connection

        try:
            barrier.wait(timeout=10)
            results[i] = game_services.hand_record(game=game, position=0, event=event, by=user)
        except Exception as exc:  # the outcome is what we assert on
            results[i] = exc
        finally:
            thread_connection.close()

    threads = [threading.Thread(target=worker, args=(i, e, u)) for i, (e, u) in enumerate(submissions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return results


def test_runs_on_postgresql():
    assert connection.vendor == "postgresql"


@pytest.mark.parametrize("round_", range(3), ids=lambda n: f"attempt-{n}")
def test_different_events_at_once_store_one_and_conflict_the_other(game, players, round_):
    results = submit_together(game, [(ron(1, loser=2), players[0].user), (tsumo(3), players[3].user)])

    stored = [r for r in results if isinstance(r, HandRecord)]
    conflicts = [r for r in results if isinstance(r, HandConflict)]
    assert (len(stored), len(conflicts)) == (1, 1), results
    assert conflicts[0].existing.pk == stored[0].pk
    assert list(HandRecord.objects.filter(game=game).values_list("event", flat=True)) == [stored[0].event]
    assert AuditEntry.objects.filter(object_type="hand").count() == 1


def test_the_same_event_at_once_is_stored_once(game, players):
    results = submit_together(game, [(ron(1, loser=2), players[0].user), (ron(1, loser=2), players[1].user)])

    assert all(isinstance(r, HandRecord) for r in results), results
    assert results[0].pk == results[1].pk
    assert HandRecord.objects.filter(game=game).count() == 1
