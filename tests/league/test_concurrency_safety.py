"""Issue 9, item 2 and 6 as races: 20 requests at the same moment, on real PostgreSQL connections.

Undos and deletes check the hand the host saw under the game's row lock; creates with the
same idempotency key (a form's entry token, an API ``Idempotency-Key``) write once.
"""
from __future__ import annotations

import threading

import pytest
from django.db import connection

from core.models import AuditEntry, IdempotencyKey
from core.once import AlreadyDone, Once
from league.games import services as game_services
from league.games.errors import HandRefused
from league.models import Game, HandRecord, Penalty
from league.referee import services as referee_services
from tests.league.events import TO_SOUTH_4

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

N = 20


def at_once(call, n: int = N) -> list:
    """``call(i)`` in ``n`` threads (each its own connection), released together: results or exceptions."""
    barrier = threading.Barrier(n)
    results: list = [None] * n

    def worker(i):
        from django.db import connection as thread_connection

        try:
            barrier.wait(timeout=20)
            results[i] = call(i)
        except Exception as exc:  # the outcome is what we assert on
            results[i] = exc
        finally:
            thread_connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def _hands(game, events, by):
    for i, e in enumerate(events):
        game_services.hand_record(game=game, position=i, event=e, by=by)


def test_runs_on_postgresql():
    assert connection.vendor == "postgresql"


def test_twenty_undos_of_the_last_hand_at_once_remove_one(game, players):
    _hands(game, TO_SOUTH_4, players[0].user)
    results = at_once(lambda i: game_services.hand_undo_last(game=game, by=players[i % 4].user, position=6))
    removed = [r for r in results if isinstance(r, dict)]
    refused = [r for r in results if isinstance(r, HandRefused) and r.code == "position"]
    assert (len(removed), len(refused)) == (1, N - 1), results
    assert list(HandRecord.objects.filter(game=game).values_list("position", flat=True)) == list(range(6))
    assert AuditEntry.objects.filter(object_type="hand", action="delete").count() == 1


def test_twenty_deletes_of_hand_one_at_once_delete_one(game, players):
    _hands(game, TO_SOUTH_4, players[0].user)
    seen = HandRecord.objects.get(game=game, position=0)
    second = HandRecord.objects.get(game=game, position=1)
    results = at_once(lambda i: game_services.hand_delete(hand=HandRecord(pk=seen.pk, game=game), by=players[0].user,
                                                     reason="entered twice", position=0))
    refused = [r for r in results if isinstance(r, HandRefused)]
    assert (results.count(None), len(refused)) == (1, N - 1), results
    assert {r.code for r in refused} == {"gone"}
    hands = list(HandRecord.objects.filter(game=game).order_by("position"))
    assert len(hands) == 6
    assert hands[0].pk == second.pk
    assert [h.position for h in hands] == list(range(6))


def test_twenty_identical_penalties_at_once_log_one(game, players, referee):
    once = Once.api(referee.user, "card-1", {"member": players[1].pk, "type": "yellow_card"})
    results = at_once(lambda i: referee_services.penalty_give(member=players[1], type="yellow_card", reason="exposed",
                                                      game=game, by=referee.user, once=once))
    made = [r for r in results if isinstance(r, Penalty)]
    done = [r for r in results if isinstance(r, AlreadyDone)]
    assert (len(made), len(done)) == (1, N - 1), results
    assert all(d.result.pk == made[0].pk for d in done)
    assert Penalty.objects.count() == 1
    assert HandRecord.objects.filter(game=game).count() == 1


def test_twenty_identical_season_deductions_at_once_log_one(season, players, referee):
    once = Once.form(referee.user, "deduction.abc")
    results = at_once(lambda i: referee_services.penalty_give(member=players[1], type="season_deduction", points=2,
                                                      reason="late", season=season, by=referee.user, once=once))
    assert sum(isinstance(r, Penalty) for r in results) == 1, results
    assert Penalty.objects.count() == 1


def test_twenty_identical_game_starts_at_once_start_one(season, players, host):
    once = Once.form(host.user, "start.xyz")
    results = at_once(lambda i: game_services.game_start(season=season, members=players, table_label="A", by=host.user,
                                                    once=once))
    started = [r for r in results if isinstance(r, Game)]
    assert (len(started), sum(isinstance(r, AlreadyDone) for r in results)) == (1, N - 1), results
    assert Game.objects.count() == 1
    assert IdempotencyKey.objects.count() == 1


def test_twenty_identical_api_hand_posts_at_once_answer_201_once(game, players):
    from rest_framework.test import APIClient

    def post(i):
        client = APIClient()
        client.force_authenticate(players[0].user)
        return client.post("/api/hands/", {"game": game.pk, "position": 0, "event": TO_SOUTH_4[0]}, format="json")

    codes = sorted(r.status_code for r in at_once(post))
    assert codes == [200] * (N - 1) + [201]
    assert HandRecord.objects.filter(game=game).count() == 1


def test_twenty_posts_without_position_with_one_key_store_one_hand(game, players):
    from rest_framework.test import APIClient

    def post(i):
        client = APIClient()
        client.force_authenticate(players[0].user)
        return client.post("/api/hands/", {"game": game.pk, "event": TO_SOUTH_4[0]}, format="json",
                           HTTP_IDEMPOTENCY_KEY="retry-me")

    codes = sorted(r.status_code for r in at_once(post))
    assert codes == [200] * (N - 1) + [201]
    assert HandRecord.objects.filter(game=game).count() == 1
