"""Tenhou import of the shared real logs (issue 41): logs a second, in-process and by the command.

The 94 complete real games of ``../shared/data/real-logs/`` (read there, never copied) are grouped by
the ruleset each log needs (``scoring.tenhou6.derive_ruleset``: four- and three-player, East and South,
the rooms' overrides); each group gets a club ruleset and a season of it. Then:

- ``batch``: in this process, one ``ImportBatch`` per season run by ``league.transfer.tenhou6.batch_run``
  (what the worker's task and the command both call), timed from the first log to the last;
- ``cli``: ``manage.py import_tenhou6 --season N --create-members FILE...`` per season in a fresh
  process each (its Django start included: what an organiser types), timed by the wall clock; the
  largest season's process is printed alone too (15 processes' starts weigh on 94 logs).

Each log is imported once per mode (a second club per mode, so the digests never collide). Prints
logs/s against the target (≥ 30), and each log that did not import with its reason.

    .venv/bin/python bench/tenhou_import.py [--settings embedded|production] [--modes batch,cli]
        [--profile 25] [--database-url postgres://postgres@127.0.0.1:5432/tenhou_import]

The PostgreSQL database is dropped and re-created (it must not be a real one); SQLite is a temp file.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET = 30.0  # logs a second
LOGS = Path(os.environ.get("SHARED_DIR", ROOT.parent / "shared")) / "data" / "real-logs"


def configure(args, tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    if args.settings == "production":
        from bench.club_night import _recreate_database
        from deploy.serve import serve_env

        _recreate_database(args.database_url)
        env.update({**serve_env(8000), "DATABASE_URL": args.database_url, "REDIS_URL": args.redis_url,
                    "DJANGO_CACHE_PREFIX": f"tenhou-import-{os.getpid()}"})
        env.pop("CELERY_BROKER_URL", None)
    else:
        env.update({"DJANGO_SETTINGS_MODULE": "config.settings.local", "DJANGO_DEBUG": "0",
                    "DATABASE_URL": f"sqlite:///{tmp / 'tenhou_import.sqlite3'}"})
        for name in ("CELERY_BROKER_URL", "REDIS_URL"):
            env.pop(name, None)
    os.environ.clear()
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)
    return env


def groups() -> dict[str, list[tuple[Path, dict]]]:
    """The logs by the ruleset they need (its JSON, so it can key a dict)."""
    from scoring.tenhou6 import derive_ruleset

    out: dict[str, list[tuple[Path, dict]]] = {}
    for path in sorted(LOGS.glob("*.json")):
        log = json.loads(path.read_text(encoding="utf-8"))
        spec = derive_ruleset(log)
        spec = {"base": spec, "overrides": {}} if isinstance(spec, str) else spec
        out.setdefault(json.dumps(spec, sort_keys=True), []).append((path, log))
    return out


def seasons(label: str, by_spec: dict) -> dict[str, int]:
    """A club with one ruleset and season per needed ruleset; season ids by the ruleset's JSON."""
    from club.models import Club
    from league.models import Ruleset, Season

    club = Club.objects.create(name=f"Import bench {label}", slug=f"import-{label}")
    out = {}
    for i, spec_json in enumerate(by_spec):
        spec = json.loads(spec_json)
        ruleset = Ruleset.objects.create(club=club, key=f"tenhou-{label}-{i}", version=1, name=f"tenhou {i}",
                                         base=spec["base"], overrides=spec["overrides"])
        out[spec_json] = Season.objects.create(club=club, name=f"S{i}", ruleset=ruleset).pk
    return out


def run_batch(by_spec, season_ids, profile: int) -> tuple[float, int, list]:
    from django.db import connection

    from league.models import Season
    from league.transfer.tenhou6 import batch_create, batch_run

    profiler = cProfile.Profile() if profile else None
    failed, done = [], 0
    t0, cpu0 = time.perf_counter(), time.process_time()
    statements = []

    def counted(execute, sql, params, many, context):
        statements.append(1)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        for spec_json, items in by_spec.items():
            season = Season.objects.select_related("club", "ruleset").get(pk=season_ids[spec_json])
            logs = [(path.name, log) for path, log in items]
            batch = batch_create(season=season, logs=logs, create_members=True)
            if profiler:
                profiler.enable()
            batch = batch_run(batch=batch, logs=logs, create_members=True)
            if profiler:
                profiler.disable()
            done += batch.done
            failed += batch.errors
    elapsed = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    print(f"   batch  this process: {cpu:6.2f} s CPU ({cpu / done * 1000:.0f} ms a log), "
          f"{len(statements) / done:.0f} statements a log (the counts are the same on any machine)")
    if profiler:
        stream = io.StringIO()
        pstats.Stats(profiler, stream=stream).sort_stats("cumulative").print_stats(profile)
        print(stream.getvalue())
    return elapsed, done, failed


def run_cli(by_spec, season_ids, env) -> tuple[float, int, list]:
    failed, done = [], 0
    t0 = time.perf_counter()
    largest = max(by_spec, key=lambda k: len(by_spec[k]))
    for spec_json, items in by_spec.items():
        started = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "manage.py", "import_tenhou6", "--season", str(season_ids[spec_json]),
             "--create-members", *[str(p) for p, _log in items]],
            cwd=ROOT, env=env, capture_output=True, text=True)
        done += len(items)
        if spec_json == largest:
            took = time.perf_counter() - started
            print(f"   cli    the largest season alone: {len(items)} logs in {took:6.2f} s: {len(items) / took:5.1f} "
                  f"logs/s (one process: its start included)")
        failed += [line for line in proc.stderr.splitlines() if line.endswith(".json") is False and ".json:" in line]
    return time.perf_counter() - t0, done, failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--settings", choices=("production", "embedded"), default="embedded")
    parser.add_argument("--modes", default="batch,cli")
    parser.add_argument("--profile", type=int, default=0, help="print the batch's N costliest functions")
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/tenhou_import")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/5")
    args = parser.parse_args()
    if not LOGS.is_dir():
        raise SystemExit(f"no shared real logs at {LOGS} (set SHARED_DIR)")
    with tempfile.TemporaryDirectory(prefix="tenhou-import-") as tmp:
        env = configure(args, Path(tmp))
        by_spec = groups()
        total = sum(len(v) for v in by_spec.values())
        print(f"== Tenhou import, {total} logs in {len(by_spec)} rulesets, {args.settings} settings "
              f"(1-min load {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
        for mode in args.modes.split(","):
            ids = seasons(mode, by_spec)
            if mode == "batch":
                elapsed, done, failed = run_batch(by_spec, ids, args.profile)
            else:
                elapsed, done, failed = run_cli(by_spec, ids, env)
            rate = done / elapsed
            verdict = "met" if rate >= TARGET else "not met"
            print(f"   {mode:6} {done} logs in {elapsed:6.2f} s: {rate:5.1f} logs/s, {len(failed)} failed   "
                  f"target ≥ {TARGET:.0f} logs/s: {verdict}")
            for f in failed:
                print(f"      failed: {f}")
        print(f"   (1-min load {os.getloadavg()[0]:.1f} at the end)")


if __name__ == "__main__":
    main()
