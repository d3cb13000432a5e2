"""``make run``'s server keeps every table's connection when a whole night sends at once (issue 28, item 4)."""
from __future__ import annotations

import socket

from django.core.management import get_commands
from django.core.servers.basehttp import WSGIRequestHandler, WSGIServer

from core.management.commands.runserver import ClubNightWSGIServer, Command

TABLES_AT_ONCE = 64


def _connections_accepted_while_busy(server_cls) -> int:
    """Connect ``TABLES_AT_ONCE`` clients to a server that is busy (accepts none yet); how many got in."""
    server = server_cls(("127.0.0.1", 0), WSGIRequestHandler)
    clients, connected = [], 0
    try:
        for _ in range(TABLES_AT_ONCE):
            client = socket.socket()
            client.settimeout(0.2)  # a connection beyond the backlog is not answered (its SYN is dropped)
            clients.append(client)
            try:
                client.connect(server.server_address)
            except OSError:
                break
            connected += 1
    finally:
        for client in clients:
            client.close()
        server.server_close()
    return connected


def test_djangos_own_server_turns_a_big_night_away():
    """What the bench saw (connections reset at 64 tables): the reproduction, so the test below can fail."""
    assert _connections_accepted_while_busy(WSGIServer) < TABLES_AT_ONCE


def test_our_server_keeps_every_table_of_a_big_night():
    assert _connections_accepted_while_busy(ClubNightWSGIServer) == TABLES_AT_ONCE


def test_manage_py_runs_our_server():
    assert get_commands()["runserver"] == "core"
    assert Command.server_cls is ClubNightWSGIServer
