"""Two admins press "seat round 1" at the same moment, on real PostgreSQL connections: one round."""
from __future__ import annotations

import threading

import pytest

from events.models import CheckIn, NightRound
from events.nights import services
from league.models import Game
from tests.factories import CheckInFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def together(calls):
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def worker(i, call):
        from django.db import connection

        try:
            barrier.wait(timeout=10)
            results[i] = call()
        except Exception as exc:  # the outcome is what we assert on
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


@pytest.mark.parametrize("attempt", range(3))
def test_a_round_seated_twice_at_once_gives_one_round(night, members, admin_user, referee_user, attempt):
    CheckInFactory.for_members(night, members[:14])
    results = together([lambda: services.round_seat(night=night, number=1, by=admin_user),
                        lambda: services.round_seat(night=night, number=1, by=referee_user)])
    assert all(isinstance(r, tuple) for r in results), results
    assert sorted(created for _, created in results) == [False, True]
    assert results[0][0].pk == results[1][0].pk
    assert NightRound.objects.count() == 1
    assert Game.objects.count() == 4


def test_checking_in_twice_at_once_checks_in_once(night, members):
    member = members[0]
    results = together([lambda: services.check_in(night=night, member=member, by=member.user)] * 2)
    assert sorted(created for _, created in results) == [False, True]
    assert CheckIn.objects.filter(night=night, member=member).count() == 1
