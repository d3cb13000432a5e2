"""Season at scale: 10,000 finished games, 300 players, ~10 hand records a game.

Builds the season in a throw-away test database (SQLite in memory unless DATABASE_URL is
set) with bulk inserts, then prints:

* a full recompute's time (``league.standings.standings_refresh``) for each rating method;
* the standings page's server time and SQL query count (median of several requests);
* the same for a player page (one member: about 4 × games ÷ players games, rated by p_rating) and the CSV/XLSX exports.

Targets (printed, never asserted): page queries do not grow with games and stay <= 10,
page render < 200 ms on SQLite, full recompute < 20 s.

    .venv/bin/python bench/season_scale.py [--games 10000] [--players 300] [--methods p_rating]
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402


def build(n_games: int, n_players: int, seed: int = 7):
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from club.models import Club, Member
    from league.models import Game, GameSeat, HandRecord, Penalty, Ruleset, Season

    rng = random.Random(seed)
    club = Club.objects.create(name="벤치 클럽", slug="bench", public_standings=False)
    ruleset = Ruleset.objects.create(club=club, key="juki-agit-2026", name="Juki", base="juki-agit-2026", frozen=True)
    season = Season.objects.create(club=club, name="Bench season", ruleset=ruleset, min_games=10)
    user = get_user_model().objects.create(username="bench")
    Member.objects.bulk_create(
        [Member(club=club, display_name=f"선수{i:03d}", user=user if i == 0 else None) for i in range(n_players)]
    )
    members = list(Member.objects.filter(club=club).values_list("id", flat=True))
    start = timezone.now() - datetime.timedelta(days=365)
    games = []
    for g in range(n_games):
        at = start + datetime.timedelta(minutes=40 * g)
        raw = [rng.randint(-200, 600) * 100 for _ in range(3)]
        scores = raw + [100_000 - sum(raw)]
        order = sorted(range(4), key=lambda i: (-scores[i], i))
        ranks = [order.index(i) + 1 for i in range(4)]
        uma = {1: 30 + 20, 2: 10, 3: -10, 4: -30}
        points = [round((scores[i] - 30000) / 1000 + uma[ranks[i]], 1) for i in range(4)]
        points[order[0]] = round(points[order[0]] - sum(points), 1)  # keep the game zero-sum
        games.append(
            Game(club=club, season=season, ruleset=ruleset, table_label=f"T{g % 8}", seats=4,
                 status=Game.Status.FINISHED, started_at=at, finished_at=at + datetime.timedelta(minutes=35),
                 final_scores=scores, final_points=points, final_ranks=ranks, ended_by="all_last")
        )
    Game.objects.bulk_create(games, batch_size=2000)
    game_ids = list(Game.objects.filter(season=season).order_by("id").values_list("id", flat=True))
    seats, hands = [], []
    for game_id in game_ids:
        for seat, member_id in enumerate(rng.sample(members, 4)):
            seats.append(GameSeat(game_id=game_id, seat=seat, member_id=member_id))
        for position in range(rng.randint(8, 12)):
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
            hands.append(HandRecord(game_id=game_id, position=position, event=event))
    GameSeat.objects.bulk_create(seats, batch_size=5000)
    HandRecord.objects.bulk_create(hands, batch_size=5000)
    Penalty.objects.bulk_create(
        [Penalty(season=season, member_id=m, type=Penalty.Kind.SEASON_DEDUCTION, points=5, reason="bench")
         for m in members[:20]]
    )
    return season, user, members[0], len(hands)


def timed(fn, repeat: int):
    times, queries, result = [], [], None
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as ctx:
            t0 = time.perf_counter()
            result = fn()
            times.append(time.perf_counter() - t0)
        queries.append(len(ctx))
    return statistics.median(times), max(queries), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--methods", default="total,p_rating,tenhou_r,openskill",
                        help="rating methods to time a full recompute for (at 50,000 games: p_rating alone)")
    args = parser.parse_args()

    from django.test import Client
    from django.urls import reverse

    from league.models import Season
    from league.standings.services import standings_refresh

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        t0 = time.perf_counter()
        season, user, member_id, n_hands = build(args.games, args.players)
        print(f"built {args.games:,} games, {args.players} players, {n_hands:,} hand records "
              f"in {time.perf_counter() - t0:.1f} s ({connection.vendor})")

        for method in args.methods.split(","):
            Season.objects.filter(pk=season.pk).update(rating_method=method)
            seconds, queries, _ = timed(lambda: standings_refresh(season_id=season.pk), 1)
            print(f"full recompute [{method:9}]  {seconds * 1000:8.0f} ms  {queries:3d} queries   (target < 20 s)")
        Season.objects.filter(pk=season.pk).update(rating_method="p_rating")
        standings_refresh(season_id=season.pk)

        client = Client()
        client.force_login(user)
        pages = {
            "standings page": reverse("standings:season", args=[season.pk]),
            "standings sorted": reverse("standings:season", args=[season.pk]) + "?r-sort=-win_rate",
            "player page": reverse("standings:player", args=[season.pk, member_id]),
            "CSV export": reverse("standings:export", args=[season.pk, "csv"]),
            "XLSX export": reverse("standings:export", args=[season.pk, "xlsx"]),
        }
        client.get(pages["standings page"])  # warm template caches
        for label, url in pages.items():
            seconds, queries, response = timed(lambda url=url: client.get(url), args.repeat)
            note = {"standings page": "   (target < 200 ms, <= 10 queries)",
                    "player page": "   (target <= 150 ms at 50,000 games)"}.get(label, "")
            print(f"{label:17} {seconds * 1000:8.1f} ms  {queries:3d} queries  "
                  f"HTTP {response.status_code}  {len(response.content):,} bytes{note}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
