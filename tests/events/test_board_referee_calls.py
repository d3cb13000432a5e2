"""The board shows a table's referee call until a referee acknowledges it (issue 27 item 2)."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.urls import reverse

from events.nights import services
from league.referee import calls
from tests.factories import CheckInFactory

pytestmark = pytest.mark.django_db


def test_the_board_shows_the_call_with_its_table_until_acknowledged(client, night, members, admin_user,
                                                                    referee_user):
    CheckInFactory.for_members(night, members[:8])
    rnd = services.round_seat(night=night, number=1, by=admin_user, seed=1)[0]
    table = rnd.tables.order_by("label").last()
    client.force_login(admin_user)
    url = reverse("events:board_live", args=[night.pk])
    etag = client.get(url)["ETag"]
    player = table.game.seat_set.first().member.user
    call, _ = calls.referee_call(game=table.game, reason="chombo", by=player)
    shown = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert shown.status_code == HTTPStatus.OK
    page = shown.content.decode()
    assert f'data-testid="board-call-{table.label}"' in page
    assert "촌보" in page
    calls.referee_call_acknowledge(call=call, by=referee_user)
    after = client.get(url, HTTP_IF_NONE_MATCH=shown["ETag"])
    assert after.status_code == HTTPStatus.OK
    assert 'data-testid="board-referee-calls"' not in after.content.decode()
