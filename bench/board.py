"""The club-night board under a full room: what one poll costs at 16 tables.

Builds a night in a throw-away test database (SQLite unless DATABASE_URL is set): 64 members,
16 tables of round 1 with ``--hands`` hands each, a finished round before it. Then times, per
request through the Django test client (logged in as the admin): the board's live fragment when
nothing changed (``If-None-Match`` -> 304, the steady state of every screen), when something did
(200, the fragment re-rendered: 16 replays), the full board page, and a watcher's game check
(304). With every screen polling each 1.5 s, requests/s a room makes = screens / 1.5.

    .venv/bin/python bench/board.py [--tables 16] [--hands 8] [--repeat 30]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        run(args)
    finally:
        connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)


def timed(fn, repeat: int) -> float:
    fn()  # warm-up
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1000


def run(args) -> None:
    from django.test import Client
    from django.urls import reverse

    from events.nights import services
    from league.games import services as game_services
    from tests.factories import ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory
    from tests.league.events import ron

    season = SeasonFactory(ruleset=RulesetFactory(key="juki-agit-2026", base="juki-agit-2026"))
    club = season.ruleset.club
    season.club = club
    season.save()
    admin = MemberFactory(club=club, user=UserFactory(username="bench-admin"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    members = [MemberFactory(club=club, user=UserFactory()) for _ in range(args.tables * 4)]
    night = services.night_open(club=club, season=season, by=None)
    for m in members:
        services.check_in(night=night, member=m, by=None)
    rnd, _ = services.round_seat(night=night, number=1, by=None, seed=1)
    games = [t.game for t in rnd.tables.all()]
    hands = [ron((k + 1) % 4, loser=(k + 2) % 4) for k in range(args.hands)]
    for game in games:
        for position, event in enumerate(hands):
            try:
                game_services.hand_record(game=game, position=position, event=event, by=None)
            except Exception:  # a hand the game does not allow any more: stop there
                break
    client = Client()
    client.force_login(admin.user)
    live = reverse("events:board_live", args=[night.pk])
    etag = client.get(live)["ETag"]
    assert client.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 304
    game_live = reverse("events:game_live", args=[games[0].pk])
    game_etag = client.get(game_live)["ETag"]

    not_modified = timed(lambda: client.get(live, HTTP_IF_NONE_MATCH=etag), args.repeat)
    changed = timed(lambda: client.get(live), args.repeat)
    page = timed(lambda: client.get(reverse("events:board", args=[night.pk])), max(5, args.repeat // 3))
    watch = timed(lambda: client.get(game_live, HTTP_IF_NONE_MATCH=game_etag), args.repeat)
    print(f"{len(games)} tables, {args.hands} hands each, median of {args.repeat} requests:")
    print(f"  board fragment, nothing changed (304): {not_modified:7.1f} ms")
    print(f"  board fragment, changed (200):         {changed:7.1f} ms")
    print(f"  board page (full):                     {page:7.1f} ms")
    print(f"  watcher's game check (304):            {watch:7.1f} ms")
    for screens in (20, 60):
        load = screens / 1.5 * not_modified / 1000
        print(f"  {screens} screens polling every 1.5 s: {screens / 1.5:.0f} req/s, ~{load:.2f} of one core")


if __name__ == "__main__":
    main()
