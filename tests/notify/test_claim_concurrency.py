"""Two workers deliver the same outbox row at the same moment, on real PostgreSQL connections
(``select_for_update(skip_locked=True)`` + the conditional claim): one request, one message."""
from __future__ import annotations

import pytest
from django.db import transaction

from notify import delivery, messages, services
from notify.models import Outbox
from tests.events.test_concurrency import together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("attempt", range(3))
def test_two_workers_at_once_send_one_message(game, discord, fake, attempt):
    game.final_ranks, game.final_scores = [1, 2, 3, 4], [40000, 30000, 20000, 10000]
    game.final_points = [50, 10, -20, -40]
    with transaction.atomic():  # queued on commit: run eagerly here, so take the queueing out of the way
        [row] = services.outbox_write(club_id=game.club_id, message=messages.game_ended(game))
        transaction.get_connection().run_on_commit = []
    results = together([lambda: delivery.deliver(row.pk).result] * 2)
    assert sorted(results) == [delivery.Result.SENT, delivery.Result.SKIPPED]
    assert len(fake.requests) == 1
    assert Outbox.objects.get(pk=row.pk).status == Outbox.Status.SENT
