"""Season at scale: 10,000 finished games (``--games``), 300 players, ~10 hand records a game.

Builds the season in a throw-away test database (SQLite in memory unless DATABASE_URL is
set) with bulk inserts; each game carries its cached statistics (``Game.final_stats``) made by
``league.games.game_stats.stats_of_events`` — the function the data migration and the
standings' fallback use, equal to the write path's ``stats_of_replay`` on these han/fu hands
(``--uncached`` leaves them out: the recompute then reads every hand record, as before the
cache). On PostgreSQL the tables are then vacuumed and analysed (``VACUUM ANALYZE``), as
autovacuum keeps a live database's: a season bulk-loaded a moment ago has no statistics. Then prints:

* a full recompute's time (``league.standings.services.standings_refresh``: wall and CPU) and SQL queries for each
  rating method, the peak RSS it adds to the process (``VmHWM`` reset first through
  ``/proc/self/clear_refs``, minus the RSS then) and its tracemalloc peak (a second run: tracing slows it);
* the incremental update (``league.standings.standings_update``, what the recompute task runs
  after a game finishes): the median over ``--finish`` games finished one by one after every
  other (wall and CPU), with its queries — and whether the snapshot it leaves equals a full recompute's — and what
  the last of those games wrote: its INSERT/UPDATE/DELETE statements' bytes (SQL with the values), by table;
* the standings page's server time (wall and CPU) and SQL query count (median of ``--repeat`` requests);
* the same for a player page (one member: about 4 × games ÷ players games, rated by p_rating) and the
  awards, head-to-head and CSV/XLSX exports;
* last, each figure of issue 28 against its target — met or not (never asserted; the targets are for
  50,000 games, 300 players, on PostgreSQL: a smaller season or SQLite only shows the trend):
  incremental update <= 50 ms, full recompute <= 10 s, peak RSS added <= 300 MB,
  player page <= 150 ms; the standings page < 200 ms and <= 10 queries (pages' queries do not grow
  with the games).

    .venv/bin/python bench/season_scale.py [--games 10000] [--players 300] [--methods p_rating] [--finish 9]
    DATABASE_URL=postgres://… .venv/bin/python bench/season_scale.py --games 50000 --methods p_rating --repeat 3

The machine may be shared: the load average is printed beside the figures, and CPU times (this
process's, ``time.process_time``: the database server's work is not in them) beside wall times.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402


def random_events(rng: random.Random) -> list[dict]:
    events = []
    for _position in range(rng.randint(8, 12)):
        kind = rng.choice(("ron", "ron", "tsumo", "draw"))
        riichi = sorted(rng.sample(range(4), rng.choice((0, 0, 1, 2))))
        if kind == "ron":
            loser, winner = rng.sample(range(4), 2)
            event = {"kind": "ron", "loser": loser, "wins": [{"winner": winner, "han": rng.randint(1, 6), "fu": 30}],
                     "riichi": riichi}
        elif kind == "tsumo":
            event = {"kind": "tsumo", "winner": rng.randrange(4), "han": rng.randint(1, 13), "fu": 30,
                     "riichi": riichi}
        else:
            event = {"kind": "draw", "tenpai": sorted(rng.sample(range(4), 2)), "riichi": riichi}
        events.append(event)
    return events


def random_result(rng: random.Random) -> tuple[list[int], list[float], list[int]]:
    raw = [rng.randint(-200, 600) * 100 for _ in range(3)]
    scores = raw + [100_000 - sum(raw)]
    order = sorted(range(4), key=lambda i: (-scores[i], i))
    ranks = [order.index(i) + 1 for i in range(4)]
    uma = {1: 30 + 20, 2: 10, 3: -10, 4: -30}
    points = [round((scores[i] - 30000) / 1000 + uma[ranks[i]], 1) for i in range(4)]
    points[order[0]] = round(points[order[0]] - sum(points), 1)  # keep the game zero-sum
    return scores, points, ranks


def add_games(season, members: list[int], rng: random.Random, count: int, start, *, cached: bool = True) -> list[int]:
    """``count`` finished games (40 minutes apart from ``start``), their seats and hand records, in bulk.

    The random draws come in the order the bench always drew them (every result, then each game's
    seats and hands), so a season of N games is the same season as before the cached statistics."""
    from league.games.game_stats import stats_of_events
    from league.models import Game, GameSeat, HandRecord

    spec = season.ruleset.spec()
    results = [random_result(rng) for _ in range(count)]
    tables = [(rng.sample(members, 4), random_events(rng)) for _ in range(count)]
    games = []
    for g, ((scores, points, ranks), (_seated, events)) in enumerate(zip(results, tables, strict=False)):
        at = start + datetime.timedelta(minutes=40 * g)
        games.append(
            Game(club=season.club, season=season, ruleset=season.ruleset, table_label=f"T{g % 8}", seats=4,
                 status=Game.Status.FINISHED, started_at=at, finished_at=at + datetime.timedelta(minutes=35),
                 final_scores=scores, final_points=points, final_ranks=ranks, ended_by="all_last",
                 final_stats=stats_of_events(events, 4, spec) if cached else None)
        )
    created = Game.objects.bulk_create(games, batch_size=2000)
    game_ids = [g.pk for g in created]
    seats, hands = [], []
    for game_id, (seated, events) in zip(game_ids, tables, strict=False):
        seats.extend(GameSeat(game_id=game_id, seat=seat, member_id=m) for seat, m in enumerate(seated))
        hands.extend(HandRecord(game_id=game_id, position=p, event=e) for p, e in enumerate(events))
    GameSeat.objects.bulk_create(seats, batch_size=5000)
    HandRecord.objects.bulk_create(hands, batch_size=5000)
    return game_ids


def build(n_games: int, n_players: int, seed: int = 7, *, cached: bool = True):
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from club.models import Club, Member, Person
    from league.models import HandRecord, Penalty, Ruleset, Season

    rng = random.Random(seed)
    club = Club.objects.create(name="벤치 클럽", slug="bench", public_standings=False)
    ruleset = Ruleset.objects.create(club=club, key="juki-agit-2026", name="Juki", base="juki-agit-2026", frozen=True)
    season = Season.objects.create(club=club, name="Bench season", ruleset=ruleset, min_games=10)
    user = get_user_model().objects.create(username="bench")
    persons = Person.objects.bulk_create([Person() for _ in range(n_players)])
    Member.objects.bulk_create(
        [Member(club=club, display_name=f"선수{i:03d}", user=user if i == 0 else None, person=persons[i])
         for i in range(n_players)]
    )
    members = list(Member.objects.filter(club=club).values_list("id", flat=True))
    start = timezone.now() - datetime.timedelta(days=365)
    add_games(season, members, rng, n_games, start, cached=cached)
    n_hands = HandRecord.objects.filter(game__season=season).count()
    Penalty.objects.bulk_create(
        [Penalty(season=season, member_id=m, type=Penalty.Kind.SEASON_DEDUCTION, points=5, reason="bench")
         for m in members[:20]]
    )
    return season, user, members, n_hands, rng


def _snapshot_doc(season, *, full: bool = False) -> tuple:
    """The stored rows, ratings document and histories (after a full recompute with ``full``)."""
    from league.models import RatingHistory, StandingsSnapshot
    from league.standings.services import standings_refresh

    if full:
        standings_refresh(season_id=season.pk)
    snapshot = StandingsSnapshot.objects.get(season=season)
    histories = dict(RatingHistory.objects.filter(snapshot=snapshot).values_list("member_id", "steps"))
    return snapshot.rows, snapshot.ratings, histories, snapshot.games_count


def _rss_mb(field: str) -> float:
    """The process's resident set (``VmRSS``) or its high-water mark (``VmHWM``), in MB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def peak_rss(fn) -> tuple[float, float]:
    """The RSS before ``fn`` and the process's peak RSS while it ran (MB): the high-water mark is reset
    first (``/proc/self/clear_refs``), so the season built before does not count, only what ``fn`` adds.
    The memory the build freed is handed back first (``malloc_trim``, glibc): else ``fn`` reuses it unseen."""
    import ctypes
    import gc

    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")
    before = _rss_mb("VmRSS")
    fn()
    return before, _rss_mb("VmHWM")


def timed(fn, repeat: int):
    """``fn``'s median wall and CPU time (s) over ``repeat`` runs, its most queries and its last result."""
    times, cpu, queries, result = [], [], [], None
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as ctx:
            c0, t0 = time.process_time(), time.perf_counter()
            result = fn()
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        queries.append(len(ctx))
    return statistics.median(times), max(queries), result, statistics.median(cpu)


TARGETS = {  # issue 28, at 50,000 games, 300 players, on PostgreSQL
    "incremental update": (0.050, "<= 50 ms"),
    "full recompute": (10.0, "<= 10 s"),
    "peak RSS added": (300.0, "<= 300 MB"),
    "player page": (0.150, "<= 150 ms"),
    "standings page": (0.200, "< 200 ms, <= 10 queries"),
}


def verdict(name: str, value: float, *, queries: int | None = None) -> str:
    limit, _text = TARGETS[name]
    met = value <= limit and (name != "standings page" or (value < limit and (queries or 0) <= 10))
    return "met" if met else "NOT met"


WRITES = ("INSERT", "UPDATE", "DELETE")


def written(fn) -> tuple[int, int, int, dict[str, int]]:
    """``fn``'s queries, and what it sends to write: the statements' count and bytes (their SQL with
    the values, as the database gets them) and the bytes by table — the size a finished game rewrites."""
    import re

    with CaptureQueriesContext(connection) as ctx:
        fn()
    statements = [q["sql"] for q in ctx.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)]
    by_table: dict[str, int] = {}
    for sql in statements:
        table = re.search(r'(?:INTO|UPDATE|FROM)\s+"?(\w+)"?', sql)
        key = table.group(1) if table else "?"
        by_table[key] = by_table.get(key, 0) + len(sql.encode())
    return len(ctx), len(statements), sum(by_table.values()), by_table


def print_summary(summary: list[tuple[str, str, str, str]], args, *, n_games: int) -> None:
    """Each of issue 28's figures against its target (the targets are for 50,000 games on PostgreSQL)."""
    where = f"{n_games:,} games, {args.players} players, {connection.vendor}"
    print(f"\nissue 28's targets (for 50,000 games, 300 players, PostgreSQL; this run: {where}; "
          f"load {os.getloadavg()[0]:.1f})")
    width = max(len(name) for name, *_rest in summary)
    for name, measured, target, met in summary:
        print(f"  {name:{width}}  {measured:42}  target {target:24}  {met}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--methods", default="total,p_rating,tenhou_r,openskill",
                        help="rating methods to time a full recompute for (at 50,000 games: p_rating alone)")
    parser.add_argument("--finish", type=int, default=9, help="games finished one by one for the incremental update")
    parser.add_argument("--uncached", action="store_true", help="games without cached statistics (as before them)")
    parser.add_argument("--no-memory", action="store_true", help="skip the traced run (peak memory)")
    parser.add_argument("--recompute-only", action="store_true",
                        help="only the full recompute (time, peak RSS, tracemalloc): no incremental update, no pages")
    args = parser.parse_args()

    from django.test import Client
    from django.urls import reverse

    from league.models import Game, Season
    from league.standings.services import standings_refresh, standings_update

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        t0 = time.perf_counter()
        season, user, members, n_hands, rng = build(args.games, args.players, cached=not args.uncached)
        member_id = members[0]
        if connection.vendor == "postgresql":  # as autovacuum would have: statistics and the visibility map
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE")
        print(f"built {args.games:,} games, {args.players} players, {n_hands:,} hand records "
              f"in {time.perf_counter() - t0:.1f} s ({connection.vendor}{', uncached' if args.uncached else ''})")

        summary: list[tuple[str, str, str, str]] = []  # figure, measured, target, verdict

        for method in args.methods.split(","):
            Season.objects.filter(pk=season.pk).update(rating_method=method)
            # the process's peak RSS while it recomputes (the first method's run is the process's first
            # recompute: later ones reuse the memory it took, so their rise shows only what is new)
            result: dict = {}
            base, high = peak_rss(lambda out=result: out.update(t=timed(lambda: standings_refresh(season_id=season.pk),
                                                                        1)))
            seconds, queries, _, cpu = result["t"]
            peak = f"  RSS {base:.0f} -> peak {high:.0f} MB (+{high - base:.0f})"
            if not args.no_memory:
                tracemalloc.start()
                standings_refresh(season_id=season.pk)
                peak += f"  tracemalloc peak {tracemalloc.get_traced_memory()[1] / 2**20:6.0f} MB (tracemalloc)"
                tracemalloc.stop()
            print(f"full recompute [{method:9}]  {seconds * 1000:8.0f} ms ({cpu * 1000:.0f} ms CPU)"
                  f"  {queries:3d} queries{peak}  load {os.getloadavg()[0]:.1f}")
            summary.append((f"full recompute [{method}]", f"{seconds:.2f} s ({cpu:.2f} s CPU)",
                            TARGETS["full recompute"][1], verdict("full recompute", seconds)))
            summary.append((f"peak RSS added [{method}]", f"+{high - base:.0f} MB",
                            TARGETS["peak RSS added"][1], verdict("peak RSS added", high - base)))
            if args.recompute_only:
                continue
            times, cpu_times, most = [], [], 0
            for i in range(args.finish + 1):
                last = (Game.objects.filter(season=season).order_by("-finished_at")
                        .values_list("finished_at", flat=True)[0])
                add_games(season, members, rng, 1, last + datetime.timedelta(minutes=5), cached=not args.uncached)
                if i == args.finish:  # one more game, for the query count: the query log is not timed (it
                    # copies each statement)
                    most, count, size, by_table = written(lambda: standings_update(season_id=season.pk))
                    continue
                c0, t0 = time.process_time(), time.perf_counter()
                standings_update(season_id=season.pk)
                times.append(time.perf_counter() - t0)
                cpu_times.append(time.process_time() - c0)
            same = _snapshot_doc(season) == _snapshot_doc(season, full=True)
            update, update_cpu = statistics.median(times), statistics.median(cpu_times)
            print(f"incremental    [{method:9}]  {update * 1000:8.1f} ms ({update_cpu * 1000:.1f} ms CPU)"
                  f"  {most:3d} queries   median of {args.finish} games finished last;"
                  f" equals a full recompute: {'yes' if same else 'NO'}"
                  f"  load {os.getloadavg()[0]:.1f}")
            summary.append((f"incremental update [{method}]",
                            f"{update * 1000:.1f} ms ({update_cpu * 1000:.1f} ms CPU)",
                            TARGETS["incremental update"][1],
                            verdict("incremental update", update) + ("" if same else "; NOT equal to a recompute")))
            tables = ", ".join(f"{t} {n / 1024:.1f}" for t, n in sorted(by_table.items(), key=lambda kv: -kv[1]))
            print(f"written/game   [{method:9}]  {size / 1024:8.1f} KB  {count:3d} statements   ({tables} KB)")
        if args.recompute_only:
            print_summary(summary, args, n_games=args.games)
            return
        Season.objects.filter(pk=season.pk).update(rating_method="p_rating")
        standings_refresh(season_id=season.pk)

        client = Client()
        client.force_login(user)
        pages = {
            "standings page": reverse("standings:season", args=[season.pk]),
            "standings sorted": reverse("standings:season", args=[season.pk]) + "?r-sort=-win_rate",
            "player page": reverse("standings:player", args=[season.pk, member_id]),
            "awards page": reverse("standings:awards", args=[season.pk]),
            "head-to-head": reverse("standings:h2h", args=[season.pk, member_id, members[1]]),
            "CSV export": reverse("standings:export", args=[season.pk, "csv"]),
            "XLSX export": reverse("standings:export", args=[season.pk, "xlsx"]),
        }
        client.get(pages["standings page"])  # warm template caches
        for label, url in pages.items():
            seconds, queries, response, cpu = timed(lambda url=url: client.get(url), args.repeat)
            note = {"awards page": "   (stored with the standings: read only)"}.get(label, "")
            print(f"{label:17} {seconds * 1000:8.1f} ms ({cpu * 1000:.1f} ms CPU)  {queries:3d} queries  "
                  f"HTTP {response.status_code}  {len(response.content):,} bytes{note}")
            if label in TARGETS:
                summary.append((label, f"{seconds * 1000:.1f} ms ({cpu * 1000:.1f} ms CPU), {queries} queries",
                                TARGETS[label][1], verdict(label, seconds, queries=queries)))
        print_summary(summary, args, n_games=args.games)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
