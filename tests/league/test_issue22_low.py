"""Issue 22, the low-severity faults (items 9-15): each test is named after the item it reproduces."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from league.models import HandRecord

pytestmark = pytest.mark.django_db

NUL = "\x00"


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


# --- item 12: a NUL or deep JSON answers 400, not 500 ------------------------------------------
@pytest.mark.parametrize(
    "token",
    [pytest.param(f"hand.{NUL}abc", id="nul-in-the-token"), pytest.param(f"hand.abc{NUL}", id="nul-at-the-end")],
)
def test_item12_a_nul_in_the_entry_token_is_a_400_and_nothing_is_stored(game, players, token):
    host = _client(players[0].user)
    form = {"position": 0, "kind": "ron", "ron_winner": 1, "ron_loser": 2, "ron_value": "3-30", "action": "save",
            "entry_token": token}
    r = host.post(reverse("league:hand_create", args=[game.pk]), form)
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert "NUL" in r.content.decode() and "저장할 수 없는" in r.content.decode()
    assert not HandRecord.objects.filter(game=game).exists()


def test_item12_a_nul_in_a_tournament_tables_reason_is_a_400_and_nothing_changes(club, ruleset):
    from events.tournaments import services
    from tests.events.test_tournaments import enter_all, make
    from tests.factories import ClubRoleFactory, MemberFactory, UserFactory

    admin = MemberFactory(club=club, user=UserFactory())
    ClubRoleFactory(club=club, member=admin, role="admin")
    members = [MemberFactory(club=club, user=UserFactory()) for _ in range(4)]
    tournament = make(club, ruleset, admin.user, rounds=1)
    enter_all(tournament, members, admin.user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin.user)
    table = rnd.tables.get()
    r = _client(admin.user).post(reverse("events:tournament_table_action", args=[table.pk]),
                                 {"minutes": 5, "reason": f"late{NUL}"})
    assert r.status_code == HTTPStatus.BAD_REQUEST
    table.refresh_from_db()
    assert table.extra_minutes == 0


@pytest.mark.parametrize(
    "body",
    [pytest.param("[" * 100_000 + "]" * 100_000, id="nested-100000-deep"),
     pytest.param('{"username": "a\\u0000b", "password": "x"}', id="nul-in-the-username")],
)
def test_item12_bad_json_to_the_token_endpoint_is_a_400(db, body):
    r = APIClient().generic("POST", "/api/auth/token/", body, content_type="application/json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert r.json()["detail"]
