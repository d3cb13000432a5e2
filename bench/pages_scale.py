"""Pages that grow with the club (issue 29): the game list at 10,000 games, the game-start form, its member
picker and the members admin page at 3,300 members; optionally the static build, ``make serve``'s start
and a web worker's first task enqueue.

Builds the club in a throw-away test database (SQLite in memory unless DATABASE_URL is set) with bulk
inserts: ``--members`` members (every third with a login), ``--games`` games over a year with four
seats each (the last few in progress), an open club night with 16 members checked in. Then prints each
page's server time (median of ``--repeat`` requests through Django's test client, in-process, the query
log off; with the process's CPU time, which other processes on a loaded machine disturb less), its SQL
queries (counted on one more request) and its size, with its target.

    .venv/bin/python bench/pages_scale.py [--games 10000] [--members 3300] [--repeat 7]
        [--static]                 collectstatic twice (cold cache, then warm): CPU seconds of each
        [--serve DATABASE_URL]     ``python -m deploy.serve`` on a free port, timed until /healthz/ answers
        [--broker REDIS_URL]       a fresh process's first task enqueue, without and with the worker's warm-up

Targets (printed, never asserted): every page <= 150 ms at 10,000 games and 3,300 members; collectstatic
after the first build and ``make serve``'s start < 30 s; a worker's first enqueue as fast as its later ones.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

from tests.ports import free_port  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402

TARGET_MS = 150


def build(n_games: int, n_members: int, seed: int = 29):
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from club.models import Club, ClubRole, Member, Person
    from events.models import CheckIn, ClubNight
    from league.models import Game, GameSeat, Ruleset, Season

    rng = random.Random(seed)
    User = get_user_model()
    club = Club.objects.create(name="벤치 클럽", slug="bench", public_standings=False)
    ruleset = Ruleset.objects.create(club=club, key="juki-agit-2026", name="Juki", base="juki-agit-2026", frozen=True)
    seasons = [Season.objects.create(club=club, name=f"{2025 + i} 시즌", ruleset=ruleset) for i in range(2)]
    users = User.objects.bulk_create([User(username=f"member{i}") for i in range(0, n_members, 3)])
    logins = {i * 3: u.pk for i, u in enumerate(users)}
    persons = Person.objects.bulk_create([Person() for _ in range(n_members)])
    Member.objects.bulk_create([Member(club=club, display_name=f"{'김이박최정강조윤장임'[i % 10]}선수{i}",
                                       user_id=logins.get(i), person=persons[i]) for i in range(n_members)])
    members = list(Member.objects.filter(club=club).order_by("pk").values_list("pk", flat=True))
    admin = Member.objects.get(pk=members[0])
    ClubRole.objects.create(club=club, member=admin, role=ClubRole.Role.ADMIN)
    start = timezone.now() - datetime.timedelta(days=365)
    games = []
    for g in range(n_games):
        at = start + datetime.timedelta(minutes=50 * g)
        playing = g >= n_games - 4
        points = [40.0, 5.0, -15.0, -30.0]
        games.append(Game(club=club, season=seasons[g * 2 // n_games], ruleset=ruleset, table_label=f"{g % 8 + 1}번",
                          status=Game.Status.IN_PROGRESS if playing else Game.Status.FINISHED, started_at=at,
                          finished_at=None if playing else at + datetime.timedelta(minutes=45),
                          final_points=None if playing else points))
    game_ids = [g.pk for g in Game.objects.bulk_create(games, batch_size=2000)]
    seats = []
    for game_id in game_ids:
        seats.extend(GameSeat(game_id=game_id, seat=s, member_id=m) for s, m in enumerate(rng.sample(members, 4)))
    GameSeat.objects.bulk_create(seats, batch_size=5000)
    night = ClubNight.objects.create(club=club, season=seasons[-1])
    CheckIn.objects.bulk_create([CheckIn(night=night, member_id=m) for m in rng.sample(members, 16)])
    return club, seasons, admin, members


def timed(client, url: str, repeat: int, headers: dict | None = None):
    client.get(url, **(headers or {}))  # warm (templates, session)
    count = []

    def counted(execute, sql, params, many, context):
        count.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        response = client.get(url, **(headers or {}))
    times, cpu = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        client.get(url, **(headers or {}))
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return statistics.median(times), statistics.median(cpu), len(count), response


def pages(args) -> None:
    from django.test import Client
    from django.urls import reverse

    # No setup_test_environment(): its instrumented template rendering is not what a server runs.
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        t0 = time.perf_counter()
        club, seasons, admin, members = build(args.games, args.members)
        print(f"built {args.games:,} games, {args.members:,} members in {time.perf_counter() - t0:.1f} s "
              f"({connection.vendor}); load average {os.getloadavg()[0]:.1f}")
        client = Client()
        client.force_login(admin.user)
        games = reverse("league:game_list", args=[club.slug])
        start = reverse("league:game_start", args=[club.slug])
        picker = reverse("league:game_start_members", args=[club.slug])
        admin_page = reverse("club:members", args=[club.slug])
        someone = members[len(members) // 2]
        seated = "&".join(f"seat_{i}={m}" for i, m in enumerate(members[100:104]))
        rows = [
            ("game list, first page", games, None),
            ("game list, season + status, page 40", f"{games}?season={seasons[0].pk}&status=finished&page=40", None),
            ("game list, one member's games", f"{games}?member={someone}", None),
            ("game list, by part of a name", f"{games}?player=선수12", None),
            ("game-start form", start, None),
            ("game-start form, a table's next game", f"{start}?season={seasons[-1].pk}&{seated}", None),
            ("member picker search (htmx)", f"{picker}?seat_1_q=선수12&seat_1=", {"HTTP_HX_REQUEST": "true"}),
            ("members admin page", admin_page, None),
            ("members admin page, searched", f"{admin_page}?q=선수32", None),
        ]
        print(f"{'page (median of --repeat)':40} {'ms':>8} {'CPU ms':>8} {'queries':>8} {'bytes':>10}   target")
        for label, url, headers in rows:
            seconds, cpu, queries, response = timed(client, url, args.repeat, headers)
            assert response.status_code == 200, (label, response.status_code)
            ms = seconds * 1000
            verdict = "met" if ms <= TARGET_MS else "NOT met"
            print(f"{label:40} {ms:8.1f} {cpu * 1000:8.1f} {queries:8d} {len(response.content):10,}"
                  f"   <= {TARGET_MS} ms: {verdict}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _production_env(**extra: str) -> dict[str, str]:
    return {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.production", "DJANGO_SECRET_KEY": "bench",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost", **extra}


def _cpu_of(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - t0, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def static_build() -> None:
    cmd = [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"]
    with tempfile.TemporaryDirectory() as tmp:
        cache = str(Path(tmp) / "cache")
        for label, root in (("collectstatic, first build (cache empty)", "a"),
                            ("collectstatic, next start (same root)", "a"),
                            ("collectstatic, a fresh root (cache warm)", "b")):
            env = _production_env(DJANGO_STATIC_ROOT=str(Path(tmp) / root), DJANGO_STATIC_COMPRESS_CACHE=cache)
            wall, cpu = _cpu_of(cmd, env)
            target = "" if "first" in label else f"   < 30 s: {'met' if wall < 30 else 'NOT met'}"
            print(f"{label:42} {wall:7.1f} s wall {cpu:7.1f} s CPU{target}")



def _children(pid: int) -> set[int]:
    """Every live descendant of ``pid`` (Linux ``/proc``): deploy.serve starts gunicorn, the worker and beat
    each in a session of its own, so a signal to deploy.serve's group does not reach them."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in parents.get(todo.pop(), ()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Served:
    """``python -m deploy.serve`` in its own session, and every process group it started (seen in /proc while
    it runs): :meth:`stop` ends them all, and says whether any is left."""

    def __init__(self, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "deploy.serve"], cwd=ROOT, env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self.groups: set[int] = {self.proc.pid}

    def look(self) -> None:
        """Remember the process groups of whatever deploy.serve has started by now (gunicorn, worker, beat)."""
        for pid in _children(self.proc.pid):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                self.groups.add(os.getpgid(pid))

    def stop(self) -> list[int]:
        """Ctrl-C to deploy.serve (it stops its stack), then SIGTERM and SIGKILL to any group of it still there.
        Returns the groups still alive after all that (none, or the bench says so)."""
        self.look()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGINT)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        for sig in (signal.SIGTERM, signal.SIGKILL):
            alive = [g for g in sorted(self.groups) if _group_alive(g)]
            for group in alive:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(group, sig)
            deadline = time.monotonic() + 15
            while alive and time.monotonic() < deadline:
                alive = [g for g in alive if _group_alive(g)]
                time.sleep(0.2)
        return [g for g in sorted(self.groups) if _group_alive(g)]


def serve_start(database_url: str, redis_url: str) -> None:
    """``python -m deploy.serve`` (what ``make serve`` runs) until its /healthz/ answers, twice; each time
    everything it started is stopped after (and on any error or signal), and the bench checks none is left."""
    for label in ("make serve, first start", "make serve, next start"):
        port = free_port()
        env = {**os.environ, "SERVE_PORT": str(port), "DATABASE_URL": database_url, "REDIS_URL": redis_url,
               "WEB_CONCURRENCY": "2", "CELERY_CONCURRENCY": "1"}
        t0 = time.perf_counter()
        served = Served(env)
        seconds = None
        try:
            while time.perf_counter() - t0 < 600 and served.proc.poll() is None:
                served.look()
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz/", timeout=2) as r:
                        if r.status == 200:
                            seconds = time.perf_counter() - t0
                            break
                except OSError:
                    time.sleep(0.2)
        finally:
            left = served.stop()
            stopped = (f"stopped {len(served.groups)} process groups (deploy.serve, gunicorn, worker, beat): "
                       + (f"STILL RUNNING: {left}" if left else "none left"))
        shown = f"{seconds:7.1f} s" if seconds is not None else "did not start"
        verdict = "" if "first" in label else f"   < 30 s: {'met' if seconds and seconds < 30 else 'NOT met'}"
        print(f"{label:42} {shown} until /healthz/ answers{verdict}; {stopped}")
        if left:
            raise SystemExit(f"processes left running: groups {left}")


FIRST_ENQUEUE = """
import time, django
django.setup()
from config.celery_app import app
warm = {warm}
t0 = time.perf_counter()
if warm:
    from config.broker import prepare_app, warm_broker
    prepare_app(app); warm_broker(app)
warmed = time.perf_counter() - t0
from config.tasks import requeue_stale
times = []
for _ in range(3):
    t0 = time.perf_counter()
    requeue_stale.apply_async(countdown=3600, expires=3600)
    times.append((time.perf_counter() - t0) * 1000)
print(f"{{warmed * 1000:.0f}} " + " ".join(f"{{t:.1f}}" for t in times))
"""


def first_enqueue(redis_url: str, runs: int = 3) -> None:
    env = _production_env(REDIS_URL=redis_url)
    for warm in (False, True):
        rows = []
        for _ in range(runs):
            out = subprocess.run([sys.executable, "-c", FIRST_ENQUEUE.format(warm=warm)], cwd=ROOT, env=env,
                                 capture_output=True, text=True, check=True)
            rows.append([float(x) for x in out.stdout.split()[-4:]])
        firsts = sorted(r[1] for r in rows)
        later = sorted(x for r in rows for x in r[2:])
        label = "first enqueue, worker warmed at start" if warm else "first enqueue, cold worker (before)"
        extra = f"; warm-up at fork {statistics.median(r[0] for r in rows):.0f} ms" if warm else ""
        print(f"{label:42} {statistics.median(firsts):7.1f} ms (of {runs} processes: "
              f"{firsts[0]:.1f}–{firsts[-1]:.1f}); later enqueues {statistics.median(later):.1f} ms{extra}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--members", type=int, default=3_300)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--no-pages", action="store_true", help="skip the pages (only the options below)")
    parser.add_argument("--static", action="store_true", help="time collectstatic: first build, then warm")
    parser.add_argument("--serve", metavar="DATABASE_URL", help="time `make serve`'s start on this PostgreSQL database")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/12", help="Redis for --serve and --broker")
    parser.add_argument("--broker", action="store_true", help="time a web worker's first task enqueue (on --redis)")
    args = parser.parse_args()

    def _stopped(signum, frame):  # killed (timeout, kill): unwind, so what the bench started is stopped too
        raise SystemExit(f"stopped by signal {signum}")

    signal.signal(signal.SIGTERM, _stopped)
    signal.signal(signal.SIGHUP, _stopped)
    if not args.no_pages:
        pages(args)
    if args.static:
        static_build()
    if args.serve:
        serve_start(args.serve, args.redis)
    if args.broker:
        first_enqueue(args.redis)


if __name__ == "__main__":
    main()
