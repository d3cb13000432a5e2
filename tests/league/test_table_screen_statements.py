"""The table screen's statements, whole requests as a host sends them (issue 41: the tables' CPU is shared with
the database's, a statement ~0.5 ms of both at 64 tables).

Worked by hand. The GET: the signed-in user (with how many clubs the header's switcher counts:
``club.selectors.counted_memberships``), the game (with its seat names, the viewer's membership, its club night's
or tournament's table and its latest referee call: ``league.web.ui.views.load_game(table_screen=True)``), and its
hands with their penalty marks — three, where there were six. The save answered with the next screen
(``answer=screen``, as static/league/table.js asks): the same user and game, the hands the form is checked against,
then the five of the save's transaction (``tests/league/test_save_statements.py``), and nothing after it: the
screen is drawn from the hands as the save left them (``league.games.records.hands_as_saved``) — eight, where there
were twelve (BEGIN and COMMIT not counted). Counted as deployed: sessions ``config.sessions`` with the cache in
front, real transactions.
"""
from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.db import connection
from django.urls import reverse

from league.games import services as game_services
from tests.league.events import TO_SOUTH_4
from tests.league.test_save_statements import THE_FIVE, _kind_and_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("sessions_as_deployed")]

THE_SCREEN = [("SELECT", "auth_user"), ("SELECT", "league_game"), ("SELECT", "league_handrecord")]


def _statements(request) -> tuple[list[tuple[str, str]], object]:
    seen: list[tuple[str, str]] = []

    def count(execute, sql, params, many, context):
        if sql.split(None, 1)[0].upper() not in ("BEGIN", "COMMIT"):  # SQLite's BEGIN IMMEDIATE is sent as one
            seen.append(_kind_and_table(sql))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        response = request()
    return seen, response


@pytest.mark.parametrize("hands", [0, 1, 7], ids=["first-hand", "second-hand", "south-4"])
def test_the_table_get_reads_the_user_the_game_and_its_hands(signed_in_host, game, players, hands):
    for i, event in enumerate(TO_SOUTH_4[:hands]):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    table = reverse("league:game_table", args=[game.pk])
    signed_in_host.get(table)  # session and caches warm, as at a table

    seen, response = _statements(lambda: signed_in_host.get(table))

    assert response.status_code == HTTPStatus.OK
    assert seen == THE_SCREEN


@pytest.mark.parametrize("hands", [0, 1, 6], ids=["first-hand", "second-hand", "south-3"])
def test_the_save_answered_with_the_screen_reads_nothing_after_its_transaction(signed_in_host, game, players, hands):
    for i, event in enumerate(TO_SOUTH_4[:hands]):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    html = signed_in_host.get(reverse("league:game_table", args=[game.pk])).content.decode()
    token = re.search(r'name="entry_token" value="([^"]+)"', html[html.index('id="hand-form"'):]).group(1)
    d = hands % 4
    form = {"position": hands, "kind": "ron", "ron_winner": (d + 1) % 4, "ron_loser": (d + 2) % 4,
            "ron_value": "1-30", "action": "save", "entry_token": token, "answer": "screen"}

    seen, response = _statements(lambda: signed_in_host.post(reverse("league:hand_create", args=[game.pk]), form))

    assert response.status_code == HTTPStatus.OK
    assert f'name="position" value="{hands + 1}"' in response.content.decode()
    assert seen == [*THE_SCREEN, *THE_FIVE]
