"""``runserver`` (``make run``, the embedded default) made for a club night's tables.

Two things Django's development server does not do, measured with ``bench/club_night.py``:

* **Room for every table's connection.** It listens with a backlog of 10: when a whole night's phones
  send at once, the connections beyond those are reset ("Connection reset by peer": 3–7 of 1,024 hands
  at 64 tables), a hand the host must send again. Here the backlog is 256 (the kernel's ``somaxconn``
  still caps it).
* **A few requests worked on at a time.** It starts a thread per connection, and every thread runs
  Python under one interpreter lock. A hand's save holds SQLite's write lock (one writer for the
  whole file) and gives up the interpreter at each statement; with sixteen tables' screens running
  beside it, it waits for the interpreter again each time, so the lock is held many times longer than
  its few milliseconds of work and every other table's save queues behind it (16 tables that never
  pause: save p95 ~800 ms). Here ``ACTIVE_REQUESTS`` threads run the application, one request each at
  a time; the others wait their turn in order, their small bodies already read, so a slow phone does
  not hold a turn (the same 16 tables: save p95 ~370–420 ms, the screens about as fast, more hands an
  hour).
* **A database connection kept by each of those threads** (``CONN_MAX_AGE`` in config/settings/local.py):
  a thread a connection opened SQLite for every request and closed it after (~1.1 ms of CPU each: the
  file, WAL's pragmas, Django's ~40 SQL functions registered again), about a tenth of a hand's CPU.
  The connection's own thread (it sends the answer and runs what waits for the response's close)
  closes whatever connection it opened itself once the response is closed.

* **The loaded application frozen for the garbage collector** (``gc.freeze``, as gunicorn's ``pre_fork`` does in
  ``config/gunicorn.conf.py``): a full collection no longer walks the ~180,000 objects of Django and the app on
  a table's request (one took ~95 ms, about a millisecond and a half of every hand's CPU over a game;
  ``bench/hand_cpu.py`` plays its hands in a process frozen the same way).

Static files are served as by ``django.contrib.staticfiles``' own ``runserver``, which this extends.
"""
from __future__ import annotations

import contextlib
import gc
import io
import queue
import threading
from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.staticfiles.management.commands.runserver import Command as StaticfilesRunserver
from django.core.servers.basehttp import WSGIServer
from django.db import connections

CLUB_NIGHT_BACKLOG = 256
"""Connections that may wait to be accepted: every table of the biggest night (64) several times over."""

ACTIVE_REQUESTS = 4
"""Requests running the application at once (2 and 8 measured too: 2 alike, 8 as slow as no limit)."""

BODY_READ_FIRST = 64 * 1024
"""A request body up to this size is read before the request waits for its turn (a form, a hand)."""

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class ClubNightWSGIServer(WSGIServer):
    request_queue_size = CLUB_NIGHT_BACKLOG


def in_turn(app: WSGIApp, *, at_once: int = ACTIVE_REQUESTS) -> WSGIApp:
    """``app`` run by ``at_once`` threads of its own, a request each at a time, in the order they came; a small body
    is read before the wait. The response is sent by the connection's thread after the turn ends (a slow reader
    does not hold one either). The threads live as long as the server, so each keeps its database connection."""
    jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
    started = threading.Lock()
    threads: list[threading.Thread] = []

    def run_jobs() -> None:
        while True:
            jobs.get()()

    def start_threads() -> None:
        with started:
            while len(threads) < at_once:
                thread = threading.Thread(target=run_jobs, name=f"app-turn-{len(threads)}", daemon=True)
                thread.start()
                threads.append(thread)

    def app_in_turn(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if 0 < length <= BODY_READ_FIRST:
            environ["wsgi.input"] = io.BytesIO(environ["wsgi.input"].read(length))
        if len(threads) < at_once:
            start_threads()
        done = threading.Event()
        outcome: dict[str, Any] = {}

        def job() -> None:
            try:
                outcome["result"] = app(environ, start_response)
            except BaseException as exc:  # raised again in the connection's thread, where the server answers it
                outcome["error"] = exc
            finally:
                done.set()

        jobs.put(job)
        done.wait()
        if "error" in outcome:
            raise outcome.pop("error")
        return _closing_own_connections(outcome["result"])

    return app_in_turn


def _closing_own_connections(result: Iterable[bytes]) -> Iterable[bytes]:
    """``result``, and once the server has closed it (the response sent, what waited for its close run), the
    connection's thread's own database connections closed: the thread ends with its request."""
    close = getattr(result, "close", None)

    def closed() -> None:
        try:
            if close is not None:
                close()
        finally:
            connections.close_all()

    with contextlib.suppress(AttributeError):  # a plain list: nothing of Django's, no connection opened after it
        result.close = closed  # type: ignore[attr-defined]
    return result


class Command(StaticfilesRunserver):
    server_cls = ClubNightWSGIServer

    def get_handler(self, *args: Any, **options: Any) -> WSGIApp:
        handler = in_turn(super().get_handler(*args, **options))
        freeze_loaded_app()
        return handler


def freeze_loaded_app() -> None:
    """Move everything loaded so far out of the garbage collector's reach (it is never freed while the server runs,
    so scanning it again and again finds nothing)."""
    gc.collect()
    gc.freeze()
