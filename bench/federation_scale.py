"""A federation at scale (issue 36): clubs, persons and shared games, a MERS season over shared tournaments and a
cross-club OpenSkill season over every shared game.

Issue 36's federation is 100 clubs, 20,000 persons and 500,000 games on one PostgreSQL; ``--scale`` builds that
times a fraction (``--scale 0.1``: 10 clubs, 2,000 persons, 50,000 games), or give ``--clubs``, ``--persons``,
``--games`` and ``--tournaments`` yourself. Everything is bulk-built in a throw-away test database (SQLite in
memory unless DATABASE_URL is set; on PostgreSQL then ``VACUUM ANALYZE``, as autovacuum would have). Every person
plays at a home club; one in ten is also a member of a second club (one person, two memberships). Each club has
one season of games (no hand records: the federation's ranking reads games' final results, never hands) and
every club shares its tournaments and seasons. Past tournaments (``--tournaments``, 40 to 120 players, one to
three days) are stored as the federation's results. Then prints, with the load average beside each:

* a full recompute of each season (``federation.services.ranking_recompute``): wall and CPU time, queries, and the
  peak RSS it adds to the process (``VmHWM`` reset first, as bench/season_scale.py does);
* a new tournament's ranking update: a 64-player tournament held elsewhere imported into the federation
  (``external_tournament_import``: the persons matched by EMA id, their MERS lines computed again), median of
  ``--repeat``; and one shared game added to the OpenSkill season (``ranking_add_game``), median of ``--repeat``
  — and whether the rows they leave equal a full recompute's;
* the public ranking page's server time (first page, and a page in the middle) and its queries, median of
  ``--repeat``;
* last, each figure against the issue's targets (never asserted; the targets are for the full size on
  PostgreSQL: a smaller federation or SQLite shows the trend only): ranking page <= 150 ms, a new tournament's
  update <= 1 s, a full recompute <= 60 s and <= 300 MB added.

    .venv/bin/python bench/federation_scale.py --scale 0.01
    DATABASE_URL=postgres://… .venv/bin/python bench/federation_scale.py --scale 0.1 --repeat 3
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

FULL = {"clubs": 100, "persons": 20_000, "games": 500_000, "tournaments": 400}
TARGETS = {
    "ranking page": (0.150, "<= 150 ms"),
    "new tournament update": (1.0, "<= 1 s"),
    "full recompute": (60.0, "<= 60 s"),
    "peak RSS added": (300.0, "<= 300 MB"),
}


def _rss_mb(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def peak_rss(fn):
    """(RSS before, peak RSS while ``fn`` ran, its result) in MB; the high-water mark reset first."""
    import ctypes
    import gc

    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")
    before = _rss_mb("VmRSS")
    result = fn()
    return before, _rss_mb("VmHWM"), result


SQL_SECONDS: list[float] = []  # the median time the last ``timed`` waited on its queries (as the driver saw it)


def timed(fn, repeat: int):
    """Median wall and CPU seconds over ``repeat`` runs, the most queries, the last result (and, in
    ``SQL_SECONDS``, the median seconds spent in the queries)."""
    walls, cpus, queries, sql, result = [], [], [], [], None
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as ctx:
            c0, t0 = time.process_time(), time.perf_counter()
            result = fn()
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
        queries.append(len(ctx))
        sql.append(sum(float(q["time"]) for q in ctx.captured_queries))
    SQL_SECONDS[:] = [statistics.median(sql)]
    return statistics.median(walls), statistics.median(cpus), max(queries), result


def random_result(rng: random.Random) -> tuple[list[int], list[float], list[int]]:
    raw = [rng.randint(-200, 600) * 100 for _ in range(3)]
    scores = raw + [100_000 - sum(raw)]
    order = sorted(range(4), key=lambda i: (-scores[i], i))
    ranks = [order.index(i) + 1 for i in range(4)]
    points = [round((s - 30000) / 1000 + (30, 10, -10, -30)[r - 1], 1) for s, r in zip(scores, ranks, strict=True)]
    return scores, points, ranks


def build(*, clubs: int, persons: int, games: int, tournaments: int, seed: int = 7):
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from club.models import Club, Member, Person
    from federation.models import Federation, FederationClub, FederationResult, FederationTournament
    from league.models import Game, GameSeat, Ruleset, Season

    rng = random.Random(seed)
    admin = get_user_model().objects.create(username="fed-admin")
    club_rows = Club.objects.bulk_create([Club(name=f"클럽 {c:03d}", slug=f"club-{c:03d}") for c in range(clubs)])
    people = Person.objects.bulk_create([Person(latin_name=f"KIM Player{p:05d}", ema_id=f"{12000000 + p}")
                                         for p in range(persons)], batch_size=5000)
    home = [rng.randrange(clubs) for _ in range(persons)]
    members: list[Member] = []
    for i, person in enumerate(people):
        members.append(Member(club=club_rows[home[i]], display_name=f"선수{i:05d}", person=person))
        if i % 10 == 0 and clubs > 1:  # one in ten also plays at a second club
            other = (home[i] + 1 + rng.randrange(clubs - 1)) % clubs
            members.append(Member(club=club_rows[other], display_name=f"선수{i:05d}", person=person))
    Member.objects.bulk_create(members, batch_size=5000)
    by_club: dict[int, list[int]] = {}
    for member_id, club_id in Member.objects.values_list("pk", "club_id"):
        by_club.setdefault(club_id, []).append(member_id)
    start = timezone.now() - datetime.timedelta(days=360)  # the games spread over 300 days, the last 60 days ago
    per_club = max(1, games // clubs)
    for club in club_rows:
        ruleset = Ruleset.objects.create(club=club, key="juki-agit-2026", name="Juki", base="juki-agit-2026",
                                         frozen=True)
        season = Season.objects.create(club=club, name="2026", ruleset=ruleset)
        roster = by_club.get(club.pk, [])
        if len(roster) < 4:
            continue
        batch = []
        for g in range(per_club):
            at = start + datetime.timedelta(minutes=(g * clubs + club.pk % clubs) * 300 * 24 * 60 // max(games, 1))
            scores, points, ranks = random_result(rng)
            batch.append(Game(club=club, season=season, ruleset=ruleset, table_label="T", seats=4,
                              status=Game.Status.FINISHED, started_at=at, finished_at=at + datetime.timedelta(
                                  minutes=35), final_scores=scores, final_points=points, final_ranks=ranks,
                              ended_by="all_last"))
        created = Game.objects.bulk_create(batch, batch_size=5000)
        GameSeat.objects.bulk_create([GameSeat(game_id=game.pk, seat=s, member_id=m) for game in created
                                      for s, m in enumerate(rng.sample(roster, 4))], batch_size=10000)
    federation = Federation.objects.create(name="벤치 연맹", slug="bench")
    federation.admins.add(admin)
    FederationClub.objects.bulk_create([FederationClub(federation=federation, club=c, share_tournaments=True,
                                                       share_seasons=True) for c in club_rows])
    today = timezone.localdate()
    records = FederationTournament.objects.bulk_create([
        FederationTournament(federation=federation, source=FederationTournament.Source.EMA, title=f"대회 {t}",
                             starts_on=today - datetime.timedelta(days=700 * t // max(tournaments, 1) + 2),
                             ends_on=today - datetime.timedelta(days=700 * t // max(tournaments, 1) + 1),
                             days=rng.choice((1, 2, 3)), players=rng.randint(40, 120), countries=rng.randint(1, 12))
        for t in range(tournaments)])
    results = []
    for record in records:
        for place, person in enumerate(rng.sample(people, min(record.players, persons)), start=1):
            results.append(FederationResult(tournament=record, person=person, place=place, last_name="KIM",
                                            first_name=person.latin_name.split()[1], ema_id=person.ema_id))
        record.players = min(record.players, persons)
    FederationTournament.objects.bulk_update(records, ["players"])
    FederationResult.objects.bulk_create(results, batch_size=10000)
    return federation, admin, people, by_club, rng


def verdict(name: str, value: float) -> str:
    limit, _words = TARGETS[name]
    return "met" if value <= limit else "NOT met"


def _rows(season):
    from federation.models import RankingRow

    return dict(RankingRow.objects.filter(season=season).values_list("person_id", "value"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=None, help="a fraction of issue 36's federation")
    parser.add_argument("--clubs", type=int, default=10)
    parser.add_argument("--persons", type=int, default=2000)
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--tournaments", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--recomputes", type=int, default=1,
                        help="full recomputes of each season over the one build (the slowest is held to the target)")
    args = parser.parse_args()
    if args.scale:
        for key, value in FULL.items():
            setattr(args, key, max(1, round(value * args.scale)))

    from django.test import Client
    from django.urls import reverse
    from django.utils import timezone

    from federation import files, services
    from federation.models import FederationSeason
    from league.models import Game, GameSeat

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        t0 = time.perf_counter()
        federation, admin, people, by_club, rng = build(clubs=args.clubs, persons=args.persons, games=args.games,
                                                        tournaments=args.tournaments)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE")
        n_games = Game.objects.count()
        print(f"built {args.clubs} clubs, {args.persons:,} persons, {n_games:,} games, {args.tournaments} past "
              f"tournaments in {time.perf_counter() - t0:.0f} s ({connection.vendor})  load {os.getloadavg()[0]:.1f}")
        summary: list[tuple[str, str, str, str]] = []
        start = timezone.localdate() - datetime.timedelta(days=730)
        seasons = {}
        for method in ("mers", "openskill"):
            season = FederationSeason.objects.create(federation=federation, name=method, starts_on=start,
                                                     method=method)
            seasons[method] = season
            walls = []
            for run in range(1, args.recomputes + 1):
                before, high, (wall, cpu, queries, rows) = peak_rss(
                    lambda s=season: timed(lambda: services.ranking_recompute(season=s), 1))
                walls.append(wall)
                print(f"full recompute [{method:9}] {wall:7.2f} s ({cpu:.2f} s CPU) {queries:4d} queries  {rows:,} rows"
                      f"  RSS {before:.0f} -> peak {high:.0f} MB (+{high - before:.0f})  run {run}"
                      f"  load {os.getloadavg()[0]:.1f}")
            summary.append((f"full recompute [{method}]", f"{max(walls):.2f} s", TARGETS["full recompute"][1],
                            verdict("full recompute", max(walls))))
            summary.append((f"peak RSS added [{method}]", f"+{high - before:.0f} MB", TARGETS["peak RSS added"][1],
                            verdict("peak RSS added", high - before)))

        # a new tournament held elsewhere: 64 players, by EMA id
        counter = iter(range(10 ** 6))

        def import_one():
            n = next(counter)
            chosen = rng.sample(people, min(64, len(people)))
            lines = tuple(files.ResultLine(place=i, first_name=p.latin_name.split()[1], last_name="KIM",
                                           ema_id=p.ema_id) for i, p in enumerate(chosen, start=1))
            imported = files.ImportedTournament(title=f"새 대회 {n}", starts_on=timezone.localdate(),
                                                ends_on=timezone.localdate(), lines=lines)
            return services.external_tournament_import(federation=federation, imported=imported, source="ema",
                                                       by=admin)

        wall, cpu, queries, _ = timed(import_one, args.repeat)
        incremental = _rows(seasons["mers"])
        services.ranking_recompute(season=seasons["mers"])
        same = incremental == _rows(seasons["mers"])
        print(f"new tournament [mers     ] {wall * 1000:7.0f} ms ({cpu * 1000:.0f} ms CPU) {queries:4d} queries"
              f"  64 players; equals a full recompute: {'yes' if same else 'NO'}  load {os.getloadavg()[0]:.1f}")
        summary.append(("new tournament's update [mers]", f"{wall * 1000:.0f} ms", TARGETS["new tournament update"][1],
                        verdict("new tournament update", wall) + ("" if same else "; NOT equal to a recompute")))

        # one more shared game at a club: the OpenSkill season applies it
        club_id = next(c for c, roster in by_club.items() if len(roster) >= 4)
        season_row = Game.objects.filter(club_id=club_id).values_list("season_id", "ruleset_id").first()

        def add_game():
            scores, points, ranks = random_result(rng)
            game = Game.objects.create(club_id=club_id, season_id=season_row[0], ruleset_id=season_row[1],
                                       table_label="T", seats=4, status=Game.Status.FINISHED,
                                       started_at=timezone.now() - datetime.timedelta(minutes=35),
                                       finished_at=timezone.now(), final_scores=scores, final_points=points,
                                       final_ranks=ranks, ended_by="all_last")
            GameSeat.objects.bulk_create([GameSeat(game=game, seat=s, member_id=m)
                                          for s, m in enumerate(rng.sample(by_club[club_id], 4))])
            return services.ranking_add_game(season=seasons["openskill"], game=game)

        wall, cpu, queries, added = timed(add_game, args.repeat)
        incremental = _rows(seasons["openskill"])
        services.ranking_recompute(season=seasons["openskill"])
        same = incremental == _rows(seasons["openskill"])
        print(f"new game       [openskill] {wall * 1000:7.1f} ms ({cpu * 1000:.1f} ms CPU) {queries:4d} queries"
              f"  added: {added}; equals a full recompute: {'yes' if same else 'NO'}  load {os.getloadavg()[0]:.1f}")
        summary.append(("a shared game's update [openskill]", f"{wall * 1000:.1f} ms", "(no target)",
                        "" if same else "NOT equal to a recompute"))

        client = Client()
        for method, season in seasons.items():
            count = season.rows.filter(listed=True).count()
            for label, page in (("first page", 1), ("middle page", max(1, count // 200))):
                url = reverse("federation:ranking", args=[federation.slug]) + f"?season={season.pk}&page={page}"
                wall, cpu, queries, response = timed(lambda u=url: client.get(u, HTTP_ACCEPT_LANGUAGE="ko"),
                                                     args.repeat)
                assert response.status_code == 200, response.status_code
                print(f"ranking page   [{method:9}] {wall * 1000:7.1f} ms ({cpu * 1000:.1f} ms CPU, "
                      f"{SQL_SECONDS[0] * 1000:.1f} ms in SQL) {queries:4d} "
                      f"queries  {label} ({page}) of {count:,} listed  load {os.getloadavg()[0]:.1f}")
                summary.append((f"ranking page [{method}, {label}]", f"{wall * 1000:.1f} ms",
                                TARGETS["ranking page"][1], verdict("ranking page", wall)))

        print(f"\nissue 36 targets (for 100 clubs, 20,000 persons, 500,000 games on PostgreSQL; this run: "
              f"{args.clubs} clubs, {args.persons:,} persons, {n_games:,} games on {connection.vendor}):")
        for name, measured, target, result in summary:
            print(f"  {name:40} {measured:>12}   target {target:12} {result}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
