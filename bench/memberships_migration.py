"""Issue 36 item 1 at scale: the one-login-one-member schema (club 0004) to persons and memberships (club 0005,
and 0006's visitors and claims) and back, on a season of 10,000 finished games (``--games``), 300 players
(``--players``; every third with a login), in a throw-away test database (SQLite unless DATABASE_URL is set).

Prints each step's wall time and whether every member kept its games (seats), roles and login — checked by
counting, not asserted in a timed test (speed lives here, in bench/).

    .venv/bin/python bench/memberships_migration.py [--games 10000] [--players 300]
    DATABASE_URL=postgres://…/cl_members .venv/bin/python bench/memberships_migration.py
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
from django.db.migrations.executor import MigrationExecutor  # noqa: E402

ONE_LOGIN_ONE_MEMBER = [("club", "0004_member_guest")]


def migrate(club=None):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    target = executor.loader.graph.leaf_nodes()
    if club is not None:
        target = [node for node in target if node[0] != "club"] + club
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def record(apps) -> dict[int, tuple]:
    """Each member's login and its seats and roles, counted in the database."""
    from django.db.models import Count

    Member = apps.get_model("club", "Member")
    return {pk: (user, seats, roles) for pk, user, seats, roles in Member.objects.annotate(
        seats=Count("game_seats", distinct=True), n_roles=Count("roles", distinct=True)).values_list(
        "pk", "user_id", "seats", "n_roles")}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=300)
    args = parser.parse_args()
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        from django.contrib.auth import get_user_model

        from bench.season_scale import build
        from club.models import ClubRole, Member

        started = time.perf_counter()
        season, _user, members, n_hands, _rng = build(args.games, args.players)
        User = get_user_model()
        for i, member_id in enumerate(members[1:], start=1):
            if i % 3 == 0:
                Member.objects.filter(pk=member_id).update(user=User.objects.create(username=f"login{i}"))
        ClubRole.objects.create(club=season.club, member_id=members[0], role="admin")
        print(f"built {args.games} games, {n_hands} hands, {args.players} members "
              f"in {time.perf_counter() - started:.1f} s ({connection.vendor})")
        from django.apps import apps as latest

        before = record(latest)
        seats = sum(r[1] for r in before.values())
        for label, club in (("back to 0004 (one login, one member)", ONE_LOGIN_ONE_MEMBER),
                            ("forward to the latest (persons, memberships)", None),
                            ("back to 0004 again", ONE_LOGIN_ONE_MEMBER), ("forward again", None)):
            t0 = time.perf_counter()
            apps = migrate(club)
            took = time.perf_counter() - t0
            after = record(apps)
            kept = "every member kept its seats, roles and login" if after == before else "LOST DATA"
            print(f"{label}: {took:.2f} s; {len(after)} members, {sum(r[1] for r in after.values())}/{seats} "
                  f"seats; {kept}")
        Member = latest.get_model("club", "Member")
        persons = Member.objects.values_list("person_id", flat=True)
        print(f"persons: {len(set(persons))} for {len(persons)} members (one each: no login has two)")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
