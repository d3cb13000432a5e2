"""Large exports at 10,000 games: the hands CSV, the games CSV and the season export (issue 22, item 7).

Builds the season as ``bench/season_scale.py`` does (bulk inserts into a throw-away test database:
SQLite in memory unless DATABASE_URL is set), then requests each export through Django as a
member (the CSVs) and a club admin (the export), reading the streamed body chunk by chunk, and
prints for each:

* time to first byte (the view returned and its first chunk is made),
* total time (every byte read),
* peak memory while it ran (tracemalloc, a second request: tracing slows it) and the size.

A season above ``LEAGUE_EXPORT_SYNC_MAX_GAMES`` games (1,000 unless the environment says otherwise)
is not streamed: the request answers 409 and the bench says so. Then each file is asked for as the
season's files page does (``league.transfer.exports.export_request``: the Celery task, eager here, so
the worker's own work is timed in this process) and the time to the ready file is printed, with its
size, its peak memory (a second build, traced) and — where the request streamed it — whether its
bytes equal the streamed answer's (the season file: but its ``exported_at``). To compare both at 10,000
games: ``LEAGUE_EXPORT_SYNC_MAX_GAMES=100000``.

Targets (printed, never asserted): total < 30 s (the gunicorn worker timeout) on PostgreSQL,
first byte < 1 s, and memory flat: it does not grow with the number of games (``--games 2500``
against ``--games 10000``: the peak stays about the same).

    .venv/bin/python bench/exports.py [--games 10000] [--players 300] [--no-memory]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.season_scale import build  # sets up Django, as a script

from django.db import connection  # after bench.season_scale's django.setup()  # isort: skip


def read(client, url: str) -> tuple[float, float, float, int, int, bytes]:
    """(first byte s, total s, CPU s of this process, bytes, HTTP status, body), reading a streamed body as a
    client would. On a shared machine the CPU time says what the wall time would be on an idle one."""
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    response = client.get(url)
    first = None
    pieces = []
    if getattr(response, "streaming", False):
        for chunk in response.streaming_content:
            if first is None:
                first = time.perf_counter() - t0
            pieces.append(chunk)
    else:
        pieces.append(response.content)
    body = b"".join(pieces)
    total = time.perf_counter() - t0
    return (first if first is not None else total), total, time.process_time() - cpu0, len(body), \
        response.status_code, body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--no-memory", action="store_true", help="skip the traced runs (peak memory)")
    args = parser.parse_args()

    from django.conf import settings
    from django.test import Client
    from django.test.utils import setup_test_environment

    from club.models import ClubRole, Member

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        t0 = time.perf_counter()
        season, user, _members, n_hands, _rng = build(args.games, args.players)
        member = Member.objects.get(club=season.club, user=user)
        ClubRole.objects.create(club=season.club, member=member, role=ClubRole.Role.ADMIN)
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(f"built {args.games:,} games, {args.players} players, {n_hands:,} hand records "
              f"in {time.perf_counter() - t0:.1f} s ({connection.vendor}); "
              f"streamed by a request up to LEAGUE_EXPORT_SYNC_MAX_GAMES = {settings.LEAGUE_EXPORT_SYNC_MAX_GAMES:,}")
        import league.transfer.csv  # the views import them on first use: not timed here
        import league.transfer.season_file  # noqa: F401

        client = Client()
        client.force_login(user)
        urls = {
            "hands CSV": f"/api/seasons/{season.pk}/csv/hands/",
            "games CSV": f"/api/seasons/{season.pk}/csv/games/",
            "season export": f"/api/seasons/{season.pk}/export/?format=json",
        }
        streamed: dict[str, bytes] = {}
        for label, url in urls.items():
            first, total, cpu, size, status, body = read(client, url)
            if status == 409:  # too many games for one request: the files page has the worker build it (below)
                print(f"{label:14} request: HTTP 409, {json.loads(body)['code']} (over "
                      f"{settings.LEAGUE_EXPORT_SYNC_MAX_GAMES:,} games: the worker builds it, below)")
                continue
            if status != 200:
                raise SystemExit(f"{label}: HTTP {status}: {body[:300]!r}")
            streamed[label] = body
            peak = ""
            if not args.no_memory:
                tracemalloc.start()
                read(client, url)
                peak = f"  peak {tracemalloc.get_traced_memory()[1] / 2**20:6.1f} MB"
                tracemalloc.stop()
            verdict = "ok" if total < 30 else "OVER"
            print(f"{label:14} request: first byte {first * 1000:8.0f} ms  total {total:6.2f} s "
                  f"({verdict}, CPU {cpu:5.1f} s)"
                  f"  {size / 2**20:6.1f} MB  HTTP {status}{peak}   (target < 30 s, first byte < 1 s, flat memory)")
        ready_files(season, user, streamed, memory=not args.no_memory)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def ready_files(season, user, streamed: dict[str, bytes], *, memory: bool) -> None:
    """Each file built by the worker's task (eager here: its work is this process's), timed from the request
    to the ready file; its bytes compared with the request's streamed answer where the season was streamed."""
    import shutil
    import tempfile

    from django.conf import settings

    from league.models import SeasonExport
    from league.transfer.exports import export_request

    media = tempfile.mkdtemp(prefix="bench-exports-")
    settings.MEDIA_ROOT = media
    try:
        kinds = {"hands CSV": "hands", "games CSV": "games", "season export": "season"}
        for label, kind in kinds.items():
            cpu0, t0 = time.process_time(), time.perf_counter()
            export = export_request(season=season, kind=kind, by=user)  # autocommit: queued and run (eager) at once
            export.refresh_from_db()
            total, cpu = time.perf_counter() - t0, time.process_time() - cpu0
            if export.status != SeasonExport.Status.READY:
                raise SystemExit(f"{label}: the worker's build ended {export.status}: {export.error}")
            with export.file.open("rb") as f:
                built = f.read()
            if label not in streamed:
                same = "not streamed (409): nothing to compare"
            elif kind == "season":
                a, b = json.loads(built), json.loads(streamed[label])
                a.pop("exported_at")
                b.pop("exported_at")
                same = "same document as streamed" if a == b else "DIFFERENT from streamed"
            else:
                same = "same bytes as streamed" if built == streamed[label] else "DIFFERENT from streamed"
            peak = ""
            if memory:
                tracemalloc.start()
                again = export_request(season=season, kind=kind, by=user)
                peak = f"  peak {tracemalloc.get_traced_memory()[1] / 2**20:6.1f} MB"
                tracemalloc.stop()
                again.refresh_from_db()
                if again.status != SeasonExport.Status.READY:
                    raise SystemExit(f"{label}: the traced build ended {again.status}: {again.error}")
            print(f"{label:14} worker's build {total:6.2f} s (CPU {cpu:5.1f} s)  {export.size / 2**20:6.1f} MB"
                  f"{peak}  {export.done:,}/{export.total:,} games, {same}   (no request waits for it)  "
                  f"load {os.getloadavg()[0]:.1f}")
    finally:
        shutil.rmtree(media, ignore_errors=True)


if __name__ == "__main__":
    main()
