"""Issue 22, item 8: PostgreSQL restarting answers the friendly 503 "잠시 후 다시" (and ``Retry-After``), never a 500.

The database really goes away here: the test's connection points at a port where nothing listens
(a restart refusing connections), or its server process is ended with ``pg_terminate_backend``
in the middle of a request (a restart ending the open connections) — on the test's own database.
"""
from __future__ import annotations

import socket
from http import HTTPStatus

import psycopg
import pytest
from django.core.signals import request_started
from django.db import InterfaceError, OperationalError, connection
from django.test import Client
from rest_framework.test import APIClient

from config.middleware import Unavailable, unavailable

ANONYMOUS_PAGE, MEMBER_PAGE, API = "/", "/accounts/password_change/", "/api/games/"


@pytest.mark.parametrize(("exc", "why"), [
    (OperationalError("database is locked"), Unavailable.BUSY),
    (OperationalError("deadlock detected"), Unavailable.BUSY),
    (OperationalError('connection failed: connection to server at "127.0.0.1", port 5433 failed: '
                      "Connection refused"), Unavailable.AWAY),
    (OperationalError("terminating connection due to administrator command"), Unavailable.AWAY),
    (OperationalError("server closed the connection unexpectedly"), Unavailable.AWAY),
    (OperationalError("the database system is starting up"), Unavailable.AWAY),
    (InterfaceError("connection already closed"), Unavailable.AWAY),
    (OperationalError("no such table: league_game"), None),
    (RuntimeError("connection refused"), None),
], ids=["sqlite-locked", "deadlock", "restart-refuses-connections", "restart-ends-connections",
        "connection-lost", "starting-up", "connection-closed", "a-missing-table-is-a-bug", "not-the-database"])
def test_what_counts_as_the_database_being_away(exc, why):
    assert unavailable(exc) is why


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nothing listens there


def _assert_try_again(response, *, api: bool) -> None:
    assert response.status_code == HTTPStatus.SERVICE_UNAVAILABLE, response.content[:500]
    assert int(response["Retry-After"]) > 0
    assert "no-store" in response["Cache-Control"]
    if api:
        assert response.json()["retry"] is True
    else:
        html = response.content.decode()
        assert "다시 해 보세요" in html
        assert "Traceback" not in html


@pytest.fixture
def member_clients(players):
    web = Client(raise_request_exception=False)
    web.force_login(players[0].user)
    api = APIClient(raise_request_exception=False)
    api.force_login(players[0].user)
    return {"anonymous": Client(raise_request_exception=False), "member": web, "api": api}


@pytest.fixture
def database_refuses_connections():
    """PostgreSQL restarting: every new connection is refused until it is back."""
    connection.close()
    saved = dict(connection.settings_dict)
    connection.settings_dict["HOST"], connection.settings_dict["PORT"] = "127.0.0.1", _closed_port()
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)


@pytest.fixture
def backend_terminated_at_each_request():
    """PostgreSQL restarting during a request: the request's connection is ended by the server."""
    s = connection.settings_dict
    dsn = dict(host=s["HOST"] or "127.0.0.1", port=s["PORT"] or 5432, user=s["USER"], password=s["PASSWORD"] or None,
               dbname=s["NAME"], autocommit=True)
    ended: list[int] = []

    def terminate(**kwargs):
        connection.ensure_connection()
        pid = connection.connection.info.backend_pid
        with psycopg.connect(**dsn) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", [pid])
        ended.append(pid)

    request_started.connect(terminate, dispatch_uid="terminate-backend")
    try:
        yield ended
    finally:
        request_started.disconnect(dispatch_uid="terminate-backend")
        connection.close()




@pytest.mark.parametrize(("who", "path"), [("anonymous", ANONYMOUS_PAGE), ("member", MEMBER_PAGE), ("api", API)],
                         ids=["a-page", "a-page-with-a-session", "the-api"])
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_database_refusing_connections_answers_503_try_again(member_clients, who, path,
                                                               database_refuses_connections):
    _assert_try_again(member_clients[who].get(path), api=who == "api")


@pytest.mark.parametrize(("who", "path"), [("anonymous", ANONYMOUS_PAGE), ("member", MEMBER_PAGE), ("api", API)],
                         ids=["a-page", "a-page-with-a-session", "the-api"])
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_connection_ended_by_the_server_answers_503_try_again(member_clients, who, path,
                                                                backend_terminated_at_each_request):
    _assert_try_again(member_clients[who].get(path), api=who == "api")
    assert backend_terminated_at_each_request, "the request's connection was not ended"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_pages_answer_again_when_the_database_is_back(member_clients):
    for who, path in (("anonymous", ANONYMOUS_PAGE), ("member", MEMBER_PAGE), ("api", API)):
        assert member_clients[who].get(path).status_code == HTTPStatus.OK, (who, path)
