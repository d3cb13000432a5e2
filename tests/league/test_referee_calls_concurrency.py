"""Two phones at one table call a referee at the same moment, on real PostgreSQL connections: one call."""
from __future__ import annotations

import pytest

from core.models import AuditEntry
from league.models import RefereeCall
from league.referee import calls
from tests.events.test_concurrency import together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("attempt", range(3))
def test_two_phones_calling_at_once_make_one_call(game, players, attempt):
    results = together([lambda: calls.referee_call(game=game, reason="chombo", by=players[0].user),
                        lambda: calls.referee_call(game=game, reason="other", by=players[1].user)])
    assert all(isinstance(r, tuple) for r in results), results
    assert sorted(created for _, created in results) == [False, True]
    assert results[0][0].pk == results[1][0].pk
    assert RefereeCall.objects.count() == 1
    assert AuditEntry.objects.filter(object_type="referee_call").count() == 1
