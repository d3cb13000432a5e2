"""The table screens' request budget: queries do not grow with the hands of a game (issue #11, item 3).

Query counts are not timings, so they can be tests: a table GET at most 8 queries, a saved hand at
most 12, whether the game is at its first hand or its last, and the permissions are looked up once.
Counted as deployed: sessions ``config.sessions`` (cached_db that survives a cache outage;
config/settings/production.py) and real transactions (no test-wrapping transaction turning
BEGIN/COMMIT into counted savepoints).
"""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.urls import reverse

from league.games import services as game_services
from tests.league.events import TO_SOUTH_4

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("sessions_as_deployed")]

GET_BUDGET = 8
SAVE_BUDGET = 12


def _played(game, players, hands: int):
    for i, event in enumerate(TO_SOUTH_4[:hands]):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)


def _next_hand(position: int) -> dict:
    d = position % 4
    return {"position": position, "kind": "ron", "ron_winner": (d + 1) % 4, "ron_loser": (d + 2) % 4,
            "ron_value": "1-30", "action": "save"}


@pytest.mark.parametrize("hands", [0, 1, 7], ids=["first-hand", "second-hand", "south-4"])
def test_table_screen_within_budget_at_any_hand(signed_in_host, game, players, hands, django_assert_max_num_queries):
    _played(game, players, hands)
    signed_in_host.get(reverse("league:game_table", args=[game.pk]))  # session and caches warm, as at a table
    with django_assert_max_num_queries(GET_BUDGET):
        response = signed_in_host.get(reverse("league:game_table", args=[game.pk]))
    assert response.status_code == HTTPStatus.OK


@pytest.mark.parametrize("hands", [0, 1, 6], ids=["first-hand", "second-hand", "south-3"])
def test_saving_a_hand_within_budget_at_any_hand(signed_in_host, game, players, hands, django_assert_max_num_queries):
    _played(game, players, hands)
    signed_in_host.get(reverse("league:game_table", args=[game.pk]))
    with django_assert_max_num_queries(SAVE_BUDGET):
        response = signed_in_host.post(reverse("league:hand_create", args=[game.pk]), _next_hand(hands))
    assert response.status_code == HTTPStatus.FOUND
    assert game.hands.count() == hands + 1


def test_permissions_are_looked_up_once_per_request(signed_in_host, game, players, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    signed_in_host.get(reverse("league:game_table", args=[game.pk]))
    with CaptureQueriesContext(connection) as queries:
        signed_in_host.get(reverse("league:game_table", args=[game.pk]))
    membership = [q["sql"] for q in queries if 'FROM "club_member" m LEFT JOIN "club_clubrole"' in q["sql"]]
    assert len(membership) == 1, membership
    assert not [q["sql"] for q in queries if 'FROM "club_clubrole"' in q["sql"]]


def test_a_record_is_replayed_once_across_the_get_the_preview_and_the_save(signed_in_host, game, players,
                                                                            monkeypatch):
    """The GET, the preview and the save of a hand replay each record once (remembered by content).

    Counted at the engine (``scoring.game.replay``), from an empty memo as in a fresh worker:
    the table after three hands replays nothing (the three-hand record was replayed when its third
    hand was saved); the preview of the fourth hand replays the new four-hand record once; the save
    of that same hand, and the table after it, replay nothing (it is the record the preview replayed).
    """
    import scoring.game
    from league.games import selectors

    selectors._REPLAYS.forget()
    calls: list[int] = []
    real = scoring.game.replay
    monkeypatch.setattr(scoring.game, "replay", lambda record: calls.append(len(record["hands"])) or real(record))
    table, create = reverse("league:game_table", args=[game.pk]), reverse("league:hand_create", args=[game.pk])
    _played(game, players, 3)
    assert calls == [1, 2, 3]  # each saved hand replays its record once
    requests = [
        ("the table after three hands", lambda: signed_in_host.get(table), HTTPStatus.OK, []),
        ("the preview of the fourth", lambda: signed_in_host.post(create, {**_next_hand(3), "action": "preview"}),
         HTTPStatus.OK, [4]),
        ("the save of the fourth", lambda: signed_in_host.post(create, _next_hand(3)), HTTPStatus.FOUND, []),
        ("the table after four hands", lambda: signed_in_host.get(table), HTTPStatus.OK, []),
    ]
    for step, request, status, replayed in requests:
        calls.clear()
        assert request().status_code == status, step
        assert calls == replayed, step
    assert game.hands.count() == 4
