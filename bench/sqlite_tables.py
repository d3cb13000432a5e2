"""Tables saving at once on the default setup (SQLite in a file, ``manage.py runserver``).

Starts a server on a fresh temporary database with ``--tables`` games, then every table posts
its hands one after the other through ``POST /api/hands/``, all tables at the same moment
(``--rounds`` times, on new games each round). Prints the saves, the errors (anything but 201)
by status, and the latency p50/p95/max of a save. The target: 0 errors at 16 tables.

    .venv/bin/python bench/sqlite_tables.py [--tables 16] [--hands 6] [--rounds 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.league import sqlite_tables
from tests.ports import free_port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--hands", type=int, default=len(sqlite_tables.HANDS))
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    results: list[tuple[int, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        plans = [sqlite_tables.prepare(db, tables=args.tables) if i == 0 else None for i in range(1)]
        port = free_port()
        server = sqlite_tables.serve(db, port)
        try:
            for r in range(args.rounds):
                plan = plans[0] if r == 0 else _more_games(db, args.tables, r)
                results += sqlite_tables.fire(port, plan, hands=args.hands)
        finally:
            server.terminate()
            server.wait(timeout=10)
    codes = Counter(code for code, _ in results)
    times = sorted(t for _, t in results)
    errors = sum(n for code, n in codes.items() if code != 201)
    q = statistics.quantiles(times, n=20) if len(times) > 1 else times * 19
    print(f"tables={args.tables} hands/table={args.hands} rounds={args.rounds} saves={len(results)}")
    print(f"errors={errors} by status: {dict(sorted(codes.items()))}")
    print(f"save latency p50={statistics.median(times) * 1000:.0f} ms p95={q[18] * 1000:.0f} ms "
          f"max={times[-1] * 1000:.0f} ms")


def _more_games(db: Path, tables: int, round_: int) -> list[dict]:
    """New games for the same tables (a new round of the night) in the running server's database."""
    import json
    import subprocess

    code = sqlite_tables.SETUP.replace('slug="busy"', f'slug="busy{round_}"').replace(
        'f"t{t}s{s}"', f'f"r{round_}t{{t}}s{{s}}"')
    done = subprocess.run([sys.executable, str(sqlite_tables.REPO / "manage.py"), "shell", "-c",
                           code.replace("sys.argv[1]", str(tables))], env=sqlite_tables._env(db), check=True,
                          cwd=sqlite_tables.REPO, capture_output=True, text=True)
    return json.loads(next(ln for ln in done.stdout.splitlines() if ln.startswith("PLAN"))[4:])


if __name__ == "__main__":
    main()
