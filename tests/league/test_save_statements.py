"""A hand's save holds its transaction for at most six statements (issue 41, item 2).

The save's transaction is what serialises the tables: on SQLite (the embedded default) it holds the whole
database's write lock, on PostgreSQL the game's row. Statement counts are not timings, so they are tests:
every statement the save runs while ``connection.in_atomic_block`` is counted, on the table screen's POST as
a host sends it (with the form's entry token), at the first hand, the second and South 3.

Worked by hand, the five: the game read again under its lock, its hands (with their penalty marks: the list the
table screen answering the save is drawn from), the hand, its audit entry, and the
entry token claimed together with the hand it made (``core.once.claim_made``: one ``INSERT … ON CONFLICT DO
NOTHING``, no savepoint, no UPDATE after). Before: eight (the token's SAVEPOINT, INSERT, RELEASE and UPDATE).
"""
from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.db import connection
from django.urls import reverse

from league.games import services as game_services
from league.models import HandRecord
from tests.league.events import TO_SOUTH_4

# real transactions (BEGIN/COMMIT, not savepoints), sessions as deployed (tests/league/conftest.py)
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("sessions_as_deployed")]

SAVE_STATEMENTS_IN_TRANSACTION = 6
THE_FIVE = [
    ("SELECT", "league_game"),
    ("SELECT", "league_handrecord"),
    ("INSERT", "league_handrecord"),
    ("INSERT", "league_auditentry"),
    ("INSERT", "league_idempotencykey"),
]


def _kind_and_table(sql: str) -> tuple[str, str]:
    """The statement's verb and its own table (not a subquery's: the hands' read asks for their penalty marks)."""
    verb = sql.split(None, 1)[0].upper()
    outer = sql
    while (bare := re.sub(r"\([^()]*\)", "", outer)) != outer:  # every parenthesis taken out, the inner first
        outer = bare
    # a statement of scalar subqueries alone (the events' ids of a game) is named by its first
    table = re.search(r'(?:FROM|INTO|UPDATE)\s+"?(\w+)"?', outer) or re.search(r'FROM\s+"?(\w+)"?', sql)
    return verb, table.group(1) if table else ""


def _statements_in_transaction(request) -> tuple[list[tuple[str, str]], object]:
    inside: list[tuple[str, str]] = []

    def count(execute, sql, params, many, context):
        if connection.in_atomic_block:
            inside.append(_kind_and_table(sql))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        response = request()
    return inside, response


def _hand_form(position: int, token: str) -> dict:
    d = position % 4
    return {"position": position, "kind": "ron", "ron_winner": (d + 1) % 4, "ron_loser": (d + 2) % 4,
            "ron_value": "1-30", "action": "save", "entry_token": token}


@pytest.mark.parametrize("hands", [0, 1, 6], ids=["first-hand", "second-hand", "south-3"])
def test_a_hand_is_saved_in_five_statements_inside_its_transaction(signed_in_host, game, players, hands):
    for i, event in enumerate(TO_SOUTH_4[:hands]):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    create = reverse("league:hand_create", args=[game.pk])
    signed_in_host.get(reverse("league:game_table", args=[game.pk]))  # session and caches warm, as at a table

    inside, response = _statements_in_transaction(lambda: signed_in_host.post(create, _hand_form(hands, f"t{hands}")))

    assert response.status_code == HTTPStatus.FOUND
    assert inside == THE_FIVE
    assert len(inside) <= SAVE_STATEMENTS_IN_TRANSACTION
    assert HandRecord.objects.filter(game=game).count() == hands + 1


def test_the_same_form_sent_again_stores_nothing_and_says_it_was_saved(signed_in_host, game, players):
    create = reverse("league:hand_create", args=[game.pk])
    signed_in_host.get(reverse("league:game_table", args=[game.pk]))
    assert signed_in_host.post(create, _hand_form(0, "double-tap")).status_code == HTTPStatus.FOUND

    again = signed_in_host.post(create, _hand_form(0, "double-tap"), follow=True)

    assert HandRecord.objects.filter(game=game).count() == 1
    assert [m.tags for m in again.context["messages"]][-1] == "info"  # "already saved", not a refusal


def test_a_form_sent_again_after_its_hand_was_undone_stores_nothing(signed_in_host, game, players):
    """The token was claimed with the hand; the hand was undone on another phone; Back + resubmit must not store it
    a second time (the claim comes after the write, so the write is taken back with the transaction)."""
    create = reverse("league:hand_create", args=[game.pk])
    signed_in_host.get(reverse("league:game_table", args=[game.pk]))
    assert signed_in_host.post(create, _hand_form(0, "back-button")).status_code == HTTPStatus.FOUND
    game_services.hand_undo_last(game=game, by=players[0].user, position=0)

    again = signed_in_host.post(create, _hand_form(0, "back-button"), follow=True)

    assert HandRecord.objects.filter(game=game).count() == 0
    assert [m.tags for m in again.context["messages"]][-1] == "warning"  # "another phone undid that hand"


def test_the_game_ending_hand_adds_only_the_games_result_and_its_announcement(signed_in_host, game, players, settings):
    """South 4's mangan ends the game: the five, the game's result columns, and what its end announces inside the
    transaction (the standings' mark, whether the game is a team league's fixture or a tournament's table — one
    statement for both, ``events.tables.game_event_id`` — notify's channels that chose the event, and where the
    club has an active channel the seats' Telegram links read with the seats in one query). Before: 19 (the
    token's four, and a Telegram lookup per seat); then 15 (the club's language read and the game worded for
    channels that had not chosen it, the seats read apart); then 11; then 10. The standings' update itself is after
    the response (deferred here, and run after the count)."""
    from core.queueing import later

    settings.EAGER_TASKS_AFTER_RESPONSE = True
    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 3600
    for i, event in enumerate(TO_SOUTH_4):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    create = reverse("league:hand_create", args=[game.pk])
    signed_in_host.get(reverse("league:game_table", args=[game.pk]))
    mangan = {**_hand_form(7, "the-last-hand"), "ron_winner": 0, "ron_loser": 1, "ron_value": "5"}

    inside, response = _statements_in_transaction(lambda: signed_in_host.post(create, mangan))
    later.run_due(everything=True)  # the standings' update, after the count

    assert response.status_code == HTTPStatus.FOUND
    assert inside == [
        *THE_FIVE[:4],
        ("UPDATE", "league_game"),
        ("UPDATE", "league_season"),
        ("SELECT", "events_fixture"),  # with the club night's and the tournament's tables: one statement
        ("SELECT", "notify_channel"),  # none active: nobody seated has a Telegram linked, none asked
        THE_FIVE[4],
    ]
