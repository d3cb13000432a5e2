"""``make run``'s server on a big night (issue 28, item 4): every table's connection is kept, and a few
requests run at a time."""
from __future__ import annotations

import gc
import io
import socket
import threading
import time

from django.core.management import get_commands
from django.core.servers.basehttp import WSGIRequestHandler, WSGIServer

from core.management.commands.runserver import ACTIVE_REQUESTS, ClubNightWSGIServer, Command, in_turn

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


def test_at_most_a_few_requests_run_at_once_and_each_gets_its_body():
    """The others wait for a turn (the save holding SQLite's write lock gets the interpreter back sooner)."""
    running, most, bodies, lock = [0], [0], [], threading.Lock()

    def app(environ, start_response):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        bodies.append(environ["wsgi.input"].read(int(environ["CONTENT_LENGTH"])))
        time.sleep(0.02)
        with lock:
            running[0] -= 1
        return [b"ok"]

    limited = in_turn(app, at_once=ACTIVE_REQUESTS)
    requests = [{"CONTENT_LENGTH": "9", "wsgi.input": io.BytesIO(f"hand={n:04d}".encode())} for n in range(16)]
    threads = [threading.Thread(target=limited, args=(environ, lambda *a: None)) for environ in requests]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] == ACTIVE_REQUESTS  # not 16 (Django's server), not 1 (no overlap at all)
    assert sorted(bodies) == [f"hand={n:04d}".encode() for n in range(16)]


def test_the_command_serves_the_application_in_turns():
    handler = Command().get_handler(use_static_handler=False, insecure_serving=False)
    assert handler.__name__ == "app_in_turn"


def test_the_loaded_application_is_frozen_for_the_garbage_collector():
    """As gunicorn's pre_fork does (config/gunicorn.conf.py): a full collection no longer walks the loaded app."""
    gc.unfreeze()
    try:
        assert gc.get_freeze_count() == 0
        Command().get_handler(use_static_handler=False, insecure_serving=False)
        assert gc.get_freeze_count() > 10_000  # Django and the app's modules, classes and functions
    finally:
        gc.unfreeze()


def test_the_application_runs_on_threads_of_its_own_that_serve_one_request_after_another():
    """Each keeps its database connection between requests (a thread a connection opened SQLite for every request):
    the same ``ACTIVE_REQUESTS`` threads serve a whole night, none of them a connection's."""
    ran_on, lock = [], threading.Lock()

    def app(environ, start_response):
        with lock:
            ran_on.append(threading.current_thread())
        time.sleep(0.005)
        return [b"ok"]

    limited = in_turn(app, at_once=ACTIVE_REQUESTS)
    callers = []
    for _night in range(3):
        threads = [threading.Thread(target=limited, args=({}, lambda *a: None)) for _ in range(12)]
        callers += threads
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert len(ran_on) == 36
    assert len(set(ran_on)) == ACTIVE_REQUESTS
    assert not set(ran_on) & set(callers)
    assert all(thread.is_alive() for thread in set(ran_on))


def test_an_error_of_the_application_is_raised_in_the_connections_thread():
    def app(environ, start_response):
        raise ValueError("a bug")

    limited = in_turn(app, at_once=2)
    caught = []

    def call():
        try:
            limited({}, lambda *a: None)
        except ValueError as exc:
            caught.append(str(exc))

    thread = threading.Thread(target=call)
    thread.start()
    thread.join(timeout=10)
    assert caught == ["a bug"]


def test_the_connections_thread_closes_its_own_database_connections_once_the_response_is_closed(monkeypatch):
    """What runs at the response's close (after-response work, a streamed export) runs on the connection's thread,
    which ends with its request: what it opened is closed then, not left to the garbage collector."""
    from django.db import connections

    closed_on, closes = [], []
    monkeypatch.setattr(connections, "close_all", lambda: closed_on.append(threading.current_thread()))

    class Response(list):
        def close(self):
            closes.append(threading.current_thread())

    limited = in_turn(lambda environ, start_response: Response([b"ok"]), at_once=2)
    result = limited({}, lambda *a: None)
    assert closes == []
    assert closed_on == []
    result.close()
    assert closes == [threading.current_thread()]
    assert closed_on == [threading.current_thread()]


def test_the_embedded_settings_keep_a_connection_between_requests():
    """``make run``'s settings (read in a process of their own: importing them here would change the suite's)."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.local", "DATABASE_URL": "sqlite:///:memory:"}
    env.pop("DB_CONN_MAX_AGE", None)
    out = subprocess.run([sys.executable, "-c", "import django; django.setup(); from django.conf import settings; "
                          "print(settings.DATABASES['default']['CONN_MAX_AGE'])"],
                         env=env, capture_output=True, text=True, timeout=120, check=True)
    assert int(out.stdout.strip().splitlines()[-1]) >= 60
