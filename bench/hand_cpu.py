"""The server's CPU for one hand at a table (issue 28, item 3): table GET + htmx preview + save.

In one process, through Django's whole request path (middleware, sessions, templates, the database),
with the settings a club runs: ``--settings production`` (PostgreSQL + Redis cache and sessions,
DEBUG off, as gunicorn serves it) or ``--settings embedded`` (``make run``'s SQLite, tasks in-process,
DEBUG off). One host plays ``--hands`` hands (8 make a hanchan; the 8th ends the game, so its save
queues the standings as a real night does), the requests of ``bench/club_night.py``: the table screen's GET at
a game's start, then a preview and a save a hand, the save answered with the next screen.

Prints per request kind: the process's CPU time (median and p95 over the hands, ms), Python function
calls (counted with cProfile on a second game: the same on any machine, whatever else runs), the
queries and the response size; then the CPU of a hand: the medians, each times how often a hand makes
that request (the GET: once a game), and the mean over
whole games (every request's CPU ÷ hands: the all-last screens with their needs panel and the save that
ends a game included), the latter against the target (≤ 15 ms, issue 41); and the Python calls a hand over
the profiled game (every request of it ÷ its hands: a figure that does not depend on the machine).
In-process, so without gunicorn's own share (``bench/club_night.py`` prints that per hand: the web
server's processes' CPU over a night). ``--top N`` prints each kind's N most expensive functions (own
time), to see where the time goes.

    .venv/bin/python bench/hand_cpu.py [--settings production|embedded] [--hands 16] [--top 25]
        [--database-url postgres://postgres@127.0.0.1:5432/hand_cpu] [--redis-url redis://127.0.0.1:6379/5]

The PostgreSQL database is dropped and re-created (it must not be a real one); SQLite is a temp file.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

TARGET_MS_PER_HAND = 15.0  # issue 41 (issue 28 asked ≤ 25 ms)
FORM = "application/x-www-form-urlencoded"  # what a browser posts (the test client's default is multipart)
KINDS = ("get", "preview", "save")


def configure(args, tmp: Path) -> None:
    if args.settings == "production":
        from bench.club_night import _recreate_database
        from deploy.serve import serve_env

        _recreate_database(args.database_url)
        os.environ.update({**serve_env(8000), "DATABASE_URL": args.database_url, "REDIS_URL": args.redis_url,
                           "DJANGO_CACHE_PREFIX": f"hand-cpu-{os.getpid()}",
                           "DJANGO_ALLOWED_HOSTS": "127.0.0.1,testserver"})
        os.environ.pop("CELERY_BROKER_URL", None)
    else:
        os.environ.update({"DJANGO_SETTINGS_MODULE": "config.settings.local", "DJANGO_DEBUG": "0",
                           "DATABASE_URL": f"sqlite:///{tmp / 'hand_cpu.sqlite3'}"})
        for name in ("CELERY_BROKER_URL", "REDIS_URL"):
            os.environ.pop(name, None)
    import django

    django.setup()
    from django.core.management import call_command

    if args.settings == "production":  # the hashed, compressed files gunicorn serves (kept in staticfiles/)
        call_command("collectstatic", "--noinput", verbosity=0)
    call_command("migrate", "--noinput", verbosity=0)
    # The application loaded, then frozen for the garbage collector, as both servers start a worker: gunicorn's
    # pre_fork (config/gunicorn.conf.py) and the embedded runserver (core/management/commands/runserver.py).
    from django.core.wsgi import get_wsgi_application

    from core.management.commands.runserver import freeze_loaded_app

    get_wsgi_application()
    freeze_loaded_app()


SHOW_QUERIES = False  # --queries: keep each kind's statements (its first timed request's) to print
WRITES: list[float] = []  # wall ms of each outermost transaction (the save's write lock on SQLite)


def time_write_transactions() -> None:
    """Time every outermost ``transaction.atomic`` block: on the embedded SQLite a write transaction
    holds the database's write lock from its BEGIN to its COMMIT, so every other table's save waits
    that long (issue 28, item 4: short write transactions)."""
    from django.db import connection, transaction

    enter, leave = transaction.Atomic.__enter__, transaction.Atomic.__exit__
    started: list[float | None] = []

    def timed_enter(self):
        outermost = not connection.in_atomic_block
        enter(self)
        started.append(time.perf_counter() if outermost else None)

    def timed_exit(self, *exc):
        t0 = started.pop()
        try:
            return leave(self, *exc)
        finally:
            if t0 is not None:
                WRITES.append((time.perf_counter() - t0) * 1000)

    transaction.Atomic.__enter__, transaction.Atomic.__exit__ = timed_enter, timed_exit


def play(client, game: int, hands: int, profile: bool, out: dict) -> None:
    """``hands`` hands of ``game`` as a host plays them; each request's CPU, calls, queries, bytes."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bench.club_night import HANDS_PER_GAME, event_for

    def timed(kind: str, call):
        profiler = cProfile.Profile(time.process_time) if profile else None  # CPU, not waiting
        writes = len(WRITES)
        with CaptureQueriesContext(connection) as queries:
            t0 = time.process_time()
            if profiler:
                profiler.enable()
            response = call()
            if profiler:
                profiler.disable()
            cpu = (time.process_time() - t0) * 1000
        row = out[kind]
        if profiler:
            stats = pstats.Stats(profiler)
            row["calls"].append(stats.total_calls)
            row["profiles"].append(profiler)
        else:
            row["cpu"].append(cpu)
            row["writes"].extend(WRITES[writes:])
            row["queries"].append(len(queries))
            if SHOW_QUERIES and not row["sql"]:
                row["sql"] = [q["sql"] for q in queries.captured_queries]
            row["bytes"].append(len(response.content))
        return response

    # Every game here plays the same hands by the same players, so a replay (or a needs search) remembered from the game
    # before would serve this one; at a real night no two tables' records are alike. Forget them.
    from league.games.needs import _NEEDS
    from league.games.selectors import _REPLAYS

    _REPLAYS.forget()
    _NEEDS.forget()
    response = None  # the table screen in hand: the save's answer, or (at the game's start) its GET
    for _ in range(hands):
        if response is None:
            response = timed("get", lambda: client.get(f"/games/{game}/table/"))
            assert response.status_code == 200, response.status_code
        m = re.search(rb'name="position" value="(\d+)"', response.content)
        if m is None:  # the final table (the game-ending save's answer): the game is over
            return
        position = int(m.group(1))
        if position >= HANDS_PER_GAME:
            return
        form = {"position": str(position), **event_for(position)}
        token = re.search(rb'name="entry_token" value="([^"]+)"',  # the hand form's own one-time token
                          response.content[response.content.index(b'id="hand-form"'):])
        if token:
            form["entry_token"] = token.group(1).decode()
        r = timed("preview", lambda form=form: client.post(f"/games/{game}/hands/preview/", urlencode(form),
                                                           content_type=FORM, HTTP_HX_REQUEST="true",
                                                           HTTP_HX_TARGET="preview"))
        assert r.status_code == 200, r.status_code
        # answered with the next table screen (the game's end: its final table), as static/league/table.js asks
        r = timed("save", lambda form=form: client.post(f"/games/{game}/hands/",
                                                        urlencode({**form, "action": "save", "answer": "screen"}),
                                                        content_type=FORM))
        assert r.status_code == 200, (r.status_code, r.content[:500])
        response = r


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--settings", choices=("production", "embedded"), default="production")
    parser.add_argument("--hands", type=int, default=16, help="hands timed (8 make a hanchan; one game each 8)")
    parser.add_argument("--top", type=int, default=0, help="print each kind's N most expensive functions")
    parser.add_argument("--queries", action="store_true", help="print each kind's statements (one request's)")
    parser.add_argument("--sort", default="tottime", help="--top order: tottime (own) or cumulative")
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/hand_cpu")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/5")
    args = parser.parse_args()
    global SHOW_QUERIES
    SHOW_QUERIES = args.queries

    with tempfile.TemporaryDirectory(prefix="hand-cpu-") as tmp:
        configure(args, Path(tmp))
        time_write_transactions()
        from django.test import Client

        from bench.club_night import HANDS_PER_GAME, setup_data
        from club.models import Member

        games_needed = -(-args.hands // HANDS_PER_GAME) + 2  # a warm-up game and a profiled one
        data = setup_data(1, games_needed)
        host = Member.objects.get(user__username=data["tables"][0]["username"]).user
        client = Client(HTTP_HOST="127.0.0.1", HTTP_ACCEPT_LANGUAGE="ko")
        client.force_login(host)
        games = data["tables"][0]["games"]
        out = {kind: {"cpu": [], "calls": [], "queries": [], "bytes": [], "profiles": [], "writes": [],
                      "sql": []} for kind in KINDS}
        play(client, games[0], HANDS_PER_GAME, False, {k: {**v, "cpu": [], "queries": [], "bytes": [], "writes": []}
                                                     for k, v in out.items()})  # warm-up: imports, caches
        left, g = args.hands, 1
        while left > 0:
            play(client, games[g], min(left, HANDS_PER_GAME), False, out)
            left -= HANDS_PER_GAME
            g += 1
        play(client, games[g], HANDS_PER_GAME, True, out)

    load = os.getloadavg()[0]
    print(f"== one hand's server CPU, {args.settings} settings, {args.hands} hands "
          f"(1-min load {load:.1f} on {os.cpu_count()} CPUs)")
    total = 0.0
    hands_timed = len(out["save"]["cpu"])
    for kind in KINDS:
        row = out[kind]
        p50 = statistics.median(row["cpu"])
        p95 = statistics.quantiles(row["cpu"], n=20, method="inclusive")[-1] if len(row["cpu"]) > 1 else p50
        total += p50 * len(row["cpu"]) / hands_timed  # the GET: once a game, at its start
        print(f"   {kind:8} CPU p50 {p50:6.1f} ms  p95 {p95:6.1f} ms   calls {statistics.median(row['calls']):8.0f}"
              f"   queries {statistics.median(row['queries']):4.0f}   {statistics.median(row['bytes']) / 1024:6.1f} KB")
    writes = out["save"]["writes"]
    if writes:
        p95 = statistics.quantiles(writes, n=20, method="inclusive")[-1]
        per_save = len(writes) / len(out["save"]["cpu"])
        print(f"   the save's write transaction (BEGIN to COMMIT, wall, this process alone): p50 "
              f"{statistics.median(writes):.1f} ms, p95 {p95:.1f} ms, {per_save:.1f} a save")
    mean = sum(sum(out[kind]["cpu"]) for kind in KINDS) / hands_timed
    verdict = "met" if mean <= TARGET_MS_PER_HAND else "not met"
    print(f"   hand     CPU {total:6.1f} ms (the medians, each as often as a hand makes it); {mean:.1f} ms a hand "
          f"over whole games (every request, the all-last screens and the game's end included)   target ≤ "
          f"{TARGET_MS_PER_HAND:.0f} ms: {verdict}")
    # The same whole-game figure in Python calls: the same on any machine, whatever else runs (a before/after
    # on a busy or slower machine than the target's).
    profiled_hands = len(out["save"]["calls"])
    calls = {kind: sum(out[kind]["calls"]) / profiled_hands for kind in KINDS}
    print(f"   hand     calls a hand over the profiled game: {sum(calls.values()):,.0f} (" +
          ", ".join(f"{kind} {calls[kind]:,.0f}" for kind in KINDS) + ")")
    if args.queries:
        for kind in KINDS:
            print(f"\n--- {kind}: its {len(out[kind]['sql'])} statements (one request)")
            for sql in out[kind]["sql"]:
                print(f"   {sql[:300]}")
    if args.top:
        for kind in KINDS:
            stream = io.StringIO()
            stats = pstats.Stats(*out[kind]["profiles"], stream=stream)
            stats.sort_stats(args.sort).print_stats(args.top)
            print(f"\n--- {kind}: top {args.top} by {args.sort} time over {len(out[kind]['profiles'])} requests")
            print("\n".join(stream.getvalue().splitlines()[6:]))


if __name__ == "__main__":
    main()
