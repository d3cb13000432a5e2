"""Season at scale: 10,000 finished games (``--games``), 300 players, ~10 hand records a game.

Builds the season in a throw-away test database (SQLite in memory unless DATABASE_URL is
set) with bulk inserts. Every game is played hand by hand on the engine until its ruleset ends it
(``random_game``: a draw the engine refuses, such as a noten riichi at a draw, is drawn again), and
its record replayed: the stored result is the replay's, and the cached statistics
(``Game.final_stats``) are the write path's ``league.games.game_stats.stats_of_replay`` of it
(``--uncached`` leaves them out: the recompute then reads every hand record, as before the cache).
The bench asserts that every game replays, prints the count, and replays ``--check`` games read back
from the database. On PostgreSQL the tables are then vacuumed and analysed (``VACUUM ANALYZE``), as
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

HAN_WEIGHTS = ((1, 20), (2, 25), (3, 20), (4, 14), (5, 8), (6, 5), (7, 3), (8, 2), (11, 1), (13, 1))
HANS, HAN_ODDS = zip(*HAN_WEIGHTS, strict=True)
FUS = (30, 30, 30, 40, 40, 50, 60)


def random_hand(rng: random.Random, state) -> dict:
    """One hand a table could enter at ``state`` (the engine's ``GameState``): riichi only by players who
    may declare it, every riichi player tenpai at a draw, an open win never by a riichi player. The engine
    may still refuse it (a dealer's minimum han, …): :func:`random_game` draws again then."""
    riichi = sorted(p for p in range(4) if state.riichi_allowed[p] and rng.random() < 0.18)
    kind = rng.choices(("ron", "tsumo", "draw"), (45, 28, 27))[0]

    def win(winner: int) -> dict:
        entered = {"winner": winner, "han": rng.choices(HANS, HAN_ODDS)[0], "fu": rng.choice(FUS)}
        if winner not in riichi and rng.random() < 0.45:
            entered["open"] = True
        return entered

    if kind == "ron":
        loser, winner = rng.sample(range(4), 2)
        return {"kind": "ron", "loser": loser, "wins": [win(winner)], "riichi": riichi}
    if kind == "tsumo":
        return {"kind": "tsumo", **win(rng.randrange(4)), "riichi": riichi}
    tenpai = sorted(set(riichi) | {p for p in range(4) if rng.random() < 0.4})
    return {"kind": "draw", "tenpai": tenpai, "riichi": riichi}


def random_game(rng: random.Random, ruleset) -> tuple[list[dict], int]:
    """A whole game played hand by hand on the engine (``scoring.game.Game``) until the ruleset ends it:
    its events (each one the engine took at that point of the game) and how many draws it refused.
    A season of such games is a season that replays, as the table screen's games do."""
    from scoring.errors import ScoringError
    from scoring.game import Game as Table
    from scoring.record import parse_event

    table, events, refused = Table(ruleset), [], 0
    while not table.finished:
        state = table.state()
        event = {"kind": "stop"} if state.awaiting_stop and rng.random() < 0.7 else random_hand(rng, state)
        try:
            table.apply(parse_event(event, players=4), len(events))
        except ScoringError:
            refused += 1
            if refused > 10_000:
                raise
            continue
        events.append(event)
    return events, refused


REPLAYED = {"games": 0, "refused draws": 0}
"""Every game :func:`add_games` made replayed (asserted there); the counts for the build's line."""


def add_games(season, members: list[int], rng: random.Random, count: int, start, *, cached: bool = True) -> list[int]:
    """``count`` finished games (40 minutes apart from ``start``), their seats and hand records, in bulk.

    Each game is played on the engine (:func:`random_game`), then its record is replayed as the
    standings would (``scoring.game.replay``): the final scores, points and places stored are the
    replay's, and the cached statistics (``final_stats``) are made from that replay. A record that
    does not replay stops the bench (AssertionError): every figure is of games that replay."""
    from league.games.game_stats import stats_of_replay
    from league.models import Game, GameSeat, HandRecord
    from scoring.game import replay
    from scoring.record import FORMAT

    spec = season.ruleset.spec()
    ruleset = season.ruleset.to_scoring()
    games, tables = [], []
    for g in range(count):
        seated = rng.sample(members, 4)
        events, refused = random_game(rng, ruleset)
        rep = replay({"format": FORMAT, "ruleset": spec, "players": ["P1", "P2", "P3", "P4"], "hands": events})
        assert rep.final is not None, f"game {g} does not end"
        REPLAYED["games"] += 1
        REPLAYED["refused draws"] += refused
        final = rep.final
        at = start + datetime.timedelta(minutes=40 * g)
        games.append(
            Game(club=season.club, season=season, ruleset=season.ruleset, table_label=f"T{g % 8}", seats=4,
                 status=Game.Status.FINISHED, started_at=at, finished_at=at + datetime.timedelta(minutes=35),
                 final_scores=list(final.scores), final_points=list(final.points), final_ranks=list(final.ranks),
                 ended_by=final.ended_by.value, final_stats=stats_of_replay(rep) if cached else None)
        )
        tables.append((seated, events))
    created = Game.objects.bulk_create(games, batch_size=2000)
    game_ids = [g.pk for g in created]
    seats, hands = [], []
    for game_id, (seated, events) in zip(game_ids, tables, strict=True):
        seats.extend(GameSeat(game_id=game_id, seat=seat, member_id=m) for seat, m in enumerate(seated))
        hands.extend(HandRecord(game_id=game_id, position=p, event=e) for p, e in enumerate(events))
    GameSeat.objects.bulk_create(seats, batch_size=5000)
    HandRecord.objects.bulk_create(hands, batch_size=5000)
    return game_ids


def check_stored_games_replay(season, sample: int) -> int:
    """Read ``sample`` of the season's games back from the database (spread over the season) and replay each
    through the app's own path (``league.games.selectors.game_replay``): each must end at its stored scores."""
    from league.games.selectors import game_replay
    from league.models import Game

    ids = list(Game.objects.filter(season=season).order_by("pk").values_list("pk", flat=True))
    step = max(1, len(ids) // max(1, sample))
    checked = 0
    for game in Game.objects.filter(pk__in=ids[::step][:sample]).select_related("ruleset"):
        rep = game_replay(game)
        assert rep.final is not None, f"game {game.pk} does not end on replay"
        assert list(rep.final.scores) == game.final_scores, f"game {game.pk} replays to other scores"
        checked += 1
    return checked


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


def replay_line(season, n_games: int, sample: int) -> str:
    """Every generated game replayed (asserted as each was made), and a sample read back from the database."""
    assert REPLAYED["games"] == n_games, (REPLAYED, n_games)
    checked = check_stored_games_replay(season, sample)
    return (f"replay: {REPLAYED['games']:,} of {n_games:,} games replay to their stored result "
            f"({REPLAYED['refused draws']:,} random draws the engine refused were drawn again); "
            f"{checked} read back from the database replay to their stored scores")


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
    parser.add_argument("--check", type=int, default=200,
                        help="games read back from the database and replayed after the build (all replay as made)")
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
        print(replay_line(season, args.games, args.check))

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
