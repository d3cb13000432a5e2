"""The tournament report's files at a large tournament (issue 35, item 1): build time and size.

Builds a finished tournament (``--entrants`` 200, ``--rounds`` 4) in a throw-away test database (SQLite in
memory unless DATABASE_URL is set), then draws the report's PDF and PNG as the worker does
(``events.tournaments.report_store.report_build``) and prints, for each, the wall and CPU time of the
build and the file's size; then the time a request takes to serve the built file. Targets (printed, never
asserted): a request < 1 s of CPU (it never draws); the build runs in the worker.

    .venv/bin/python bench/tournament_report.py [--entrants 200] [--rounds 4]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    setup_test_environment()
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    from events.tournaments import report_store
    from tests.events.big_tournament import big_tournament

    t0 = time.perf_counter()
    tournament, admin = big_tournament(args.entrants, args.rounds)
    print(f"tournament: {args.entrants} entrants, {args.rounds} rounds, built in {time.perf_counter() - t0:.1f} s "
          f"({connection.vendor})")
    for kind in report_store.KINDS:
        wall, cpu = time.perf_counter(), time.process_time()
        path = report_store.report_build(tournament_id=tournament.pk, kind=kind, lang="ko")
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"{kind}: build {wall:.2f} s wall, {cpu:.2f} s CPU; {path.stat().st_size / 1e6:.2f} MB")
        client = Client()
        client.force_login(admin)
        url = reverse(f"events:tournament_report_{kind}", args=[tournament.pk])
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"{kind}: a request for the built file {response.status_code}, {wall * 1000:.0f} ms wall, "
              f"{cpu * 1000:.0f} ms CPU, {len(response.content) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
