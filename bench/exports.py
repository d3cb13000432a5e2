"""Large exports at 10,000 games: the hands CSV, the games CSV and the season export (issue 22, item 7).

Builds the season as ``bench/season_scale.py`` does (bulk inserts into a throw-away test database:
SQLite in memory unless DATABASE_URL is set), then requests each export through Django as a
member (the CSVs) and a club admin (the export), reading the streamed body chunk by chunk, and
prints for each:

* time to first byte (the view returned and its first chunk is made),
* total time (every byte read),
* peak memory while it ran (tracemalloc, a second request: tracing slows it) and the size.

Then each file is asked for as the season's files page does for a season above
``LEAGUE_EXPORT_SYNC_MAX_GAMES`` (``league.transfer.exports.export_request``: the Celery task, eager
here, so the worker's own work is timed in this process) and the time to the ready file is printed,
with its size and whether its bytes equal the streamed answer's (the season file: but its
``exported_at``).

Targets (printed, never asserted): total < 30 s (the gunicorn worker timeout) on PostgreSQL,
first byte < 1 s, and memory flat: it does not grow with the number of games (``--games 2500``
against ``--games 10000``: the peak stays about the same).

    .venv/bin/python bench/exports.py [--games 10000] [--players 300] [--no-memory]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.season_scale import build  # sets up Django, as a script

from django.db import connection  # after bench.season_scale's django.setup()  # isort: skip


def read(client, url: str) -> tuple[float, float, float, int, int]:
    """(first byte s, total s, CPU s of this process, bytes, HTTP status), reading a streamed body as a
    client would. On a shared machine the CPU time says what the wall time would be on an idle one."""
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    response = client.get(url)
    first = None
    size = 0
    if getattr(response, "streaming", False):
        for chunk in response.streaming_content:
            if first is None:
                first = time.perf_counter() - t0
            size += len(chunk)
    else:
        size = len(response.content)
    total = time.perf_counter() - t0
    return (first if first is not None else total), total, time.process_time() - cpu0, size, response.status_code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--no-memory", action="store_true", help="skip the traced run (peak memory)")
    args = parser.parse_args()

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
              f"in {time.perf_counter() - t0:.1f} s ({connection.vendor})")
        import league.transfer.csv  # the views import them on first use: not timed here
        import league.transfer.season_file  # noqa: F401

        client = Client()
        client.force_login(user)
        urls = {
            "hands CSV": f"/api/seasons/{season.pk}/csv/hands/",
            "games CSV": f"/api/seasons/{season.pk}/csv/games/",
            "season export": f"/api/seasons/{season.pk}/export/?format=json",
        }
        for label, url in urls.items():
            first, total, cpu, size, status = read(client, url)
            peak = ""
            if not args.no_memory:
                tracemalloc.start()
                read(client, url)
                peak = f"  peak {tracemalloc.get_traced_memory()[1] / 2**20:6.1f} MB"
                tracemalloc.stop()
            verdict = "ok" if total < 30 else "OVER"
            print(f"{label:14} first byte {first * 1000:8.0f} ms  total {total:6.2f} s ({verdict}, CPU {cpu:5.1f} s)  "
                  f"{size / 2**20:6.1f} MB  HTTP {status}{peak}   (target < 30 s, first byte < 1 s, flat memory)")
        bodies = {label: b"".join(client.get(url).streaming_content) for label, url in urls.items()}
        ready_files(season, user, bodies)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def ready_files(season, user, streamed: dict[str, bytes]) -> None:
    """Each file built by the task (as for a large season), timed from the request to the ready file."""
    import json
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
            with export.file.open("rb") as f:
                built = f.read()
            same = built == streamed[label]
            if kind == "season":
                a, b = json.loads(built), json.loads(streamed[label])
                same = (a.pop("exported_at"), b.pop("exported_at")) and a == b
            ok = export.status == SeasonExport.Status.READY
            print(f"{label:14} ready file via the task {total:6.2f} s (CPU {cpu:5.1f} s)  "
                  f"{export.size / 2**20:6.1f} MB  "
                  f"{'ready' if ok else export.status}, {export.done:,}/{export.total:,} games, "
                  f"{'same bytes as streamed' if same else 'DIFFERENT from streamed'}   (no request waits for it)")
    finally:
        shutil.rmtree(media, ignore_errors=True)


if __name__ == "__main__":
    main()
