"""Issue 9, items 13 and 14 on PostgreSQL: what SQLite lets through (NUL bytes, lone surrogates,
a -18:43 offset) is a DataError there, and the row-lock races need real connections."""
from __future__ import annotations

import threading
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.db import connection

from tests.league.test_robustness import (  # noqa: F401 - the same tests, collected again on PostgreSQL
    test_item13_bad_api_filters_are_a_400 as test_item13_bad_api_filters_are_a_400_on_postgresql,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_runs_on_postgresql():
    assert connection.vendor == "postgresql"


def all_at_once(n, work):
    """``work(i)`` in ``n`` threads (own connections), released together; results or exceptions."""
    barrier = threading.Barrier(n)
    results: list = [None] * n

    def run(i):
        from django.db import connection as thread_connection

        try:
            barrier.wait(timeout=10)
            results[i] = work(i)
        except Exception as exc:  # the outcome is what we assert on
            results[i] = exc
        finally:
            thread_connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


@pytest.mark.parametrize("attempt", range(3), ids=lambda n: f"attempt-{n}")
def test_item14_ten_simultaneous_cancels_of_a_deduction_write_one_audit_entry(season, players, referee, attempt):
    from core.models import AuditEntry
    from league.models import Penalty
    from league.referee import services as referee_services

    penalty = referee_services.penalty_give(member=players[0], type="season_deduction", reason="지각", season=season,
                                    points=Decimal("3"), by=referee.user)
    results = all_at_once(10, lambda i: referee_services.penalty_cancel(penalty=penalty, by=referee.user,
                          reason=f"취소 {i}"))
    assert all(isinstance(r, Penalty) for r in results), results
    cancels = AuditEntry.objects.filter(object_type="penalty", object_id=str(penalty.pk),
                                        action=AuditEntry.Action.CANCEL)
    assert cancels.count() == 1
    penalty.refresh_from_db()
    assert penalty.cancelled_at is not None
    assert penalty.cancel_reason == cancels.get().reason


def test_item13_a_nul_in_an_event_note_never_reaches_postgresql(game, players):
    from league.models import HandRecord
    from tests.league.test_robustness import api_as, post_json

    event = {"kind": "tsumo", "winner": 0, "han": 1, "fu": 30, "note": "a\x00b"}
    r = post_json(api_as(players[0].user), "/api/hands/", {"game": game.pk, "position": 0, "event": event})
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert not HandRecord.objects.exists()
