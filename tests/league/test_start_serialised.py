"""Issue 35, item 3: simultaneous starts of games sharing members seat them at one game only.

Every way a game is started (the start form, ``POST /api/games/``, a night's seating, a tournament's, a
team tournament's, a casual game) is fired N times at once on real connections, each start with the same
four members: exactly one game is in progress afterwards, every other start is refused with the Korean
"already seated" message naming a seated member. PostgreSQL: 20 at once (``league.games.services.
lock_members`` locks the members' rows). SQLite: 8 at once on a database FILE (the default setup's
backend, in a process of its own; a write transaction holds the write lock from its BEGIN IMMEDIATE).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token

from events.nights import services as night_services
from events.tournaments import services as tournament_services
from league.games.errors import SeatedElsewhere
from league.models import Game
from tests.factories import (
    CheckInFactory,
    ClubFactory,
    ClubRoleFactory,
    EntrantFactory,
    MemberFactory,
    RulesetFactory,
    SeasonFactory,
    TournamentFactory,
    UserFactory,
)

SEATED = "이미 진행 중인 대국에 앉아 있습니다"
NIGHT_SEATED = "명은 아직 진행 중인 대국에 앉아 있습니다: "  # a night's seating: those still playing sit out
PATHS = ["form", "api", "casual", "night", "tournament", "team"]


def together(calls: list[Callable[[], object]]) -> list[object]:
    """Each call in its own thread and connection, released at the same moment; its result or exception."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def worker(i: int, call: Callable[[], object]) -> None:
        from django.db import connection as thread_connection

        try:
            barrier.wait(timeout=30)
            results[i] = call()
        except Exception as exc:
            results[i] = exc
        finally:
            thread_connection.close()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a start never came back"
    return results


class Answer(NamedTuple):
    status: int
    body: str


def _outcome(result: object) -> tuple[bool, str]:
    """(started a game, the words of the refusal)."""
    if isinstance(result, Exception):
        return False, " ".join(getattr(result, "messages", [str(result)]))
    if isinstance(result, Answer):
        return result.status in (201, 302), result.body
    round_, created = result  # a seating's
    return created, ""


def _starts(path: str, n: int, club, season, ruleset, players, staff) -> list[Callable[[], object]]:
    """``n`` starts of ``path``, each seating ``players`` (all four at every start)."""
    if path == "form":
        def start() -> Answer:
            client = Client()
            client.force_login(players[0].user)
            data = {"season": season.pk, "table_label": "A", "entry_token": uuid.uuid4().hex,
                    **{f"seat_{i}": m.pk for i, m in enumerate(players)}}
            r = client.post(reverse("league:game_start", args=[club.slug]), data)
            return Answer(r.status_code, r.content.decode())
        return [start] * n
    if path == "api":
        token = Token.objects.create(user=players[0].user).key

        def start() -> Answer:
            r = Client().post("/api/games/", {"season": season.pk, "members": [m.pk for m in players]},
                              content_type="application/json", HTTP_AUTHORIZATION=f"Token {token}",
                              HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex, HTTP_ACCEPT_LANGUAGE="ko")
            return Answer(r.status_code, json.dumps(r.json(), ensure_ascii=False) if r.status_code != 201 else "")
        return [start] * n
    if path == "casual":
        def start() -> Answer:
            client = Client()
            client.force_login(players[0].user)
            data = {"ruleset": ruleset.pk, "entry_token": uuid.uuid4().hex,
                    **{f"seat{i}": m.pk for i, m in enumerate(players)}}
            r = client.post(reverse("events:casual_list", args=[club.slug]), data)
            return Answer(r.status_code, r.content.decode())
        return [start] * n
    if path == "night":  # n nights of the club, the same four checked in at each, round 1 seated at once
        nights = [night_services.night_open(club=club, season=season, title=f"밤 {k}", by=staff) for k in range(n)]
        for night in nights:
            CheckInFactory.for_members(night, players)
        return [lambda night=night: night_services.round_seat(night=night, number=1, by=staff) for night in nights]
    # a tournament's (or a team tournament's) round 1, n tournaments with the same four entrants
    team = path == "team"
    tournaments = [TournamentFactory(club=club, ruleset=ruleset, team_size=2 if team else 1) for _ in range(n)]
    for t in tournaments:
        EntrantFactory.for_members(t, players, **({"team": ""} if not team else {}))
        if team:
            for k, entrant in enumerate(t.entrants.order_by("pk")):
                entrant.team = ("청룡", "백호", "주작", "현무")[k]  # a team's players sit at different tables
                entrant.save(update_fields=["team"])
    return [lambda t=t: tournament_services.round_seat(tournament=t, number=1, by=staff) for t in tournaments]


def _fire(path: str, n: int, club, season, ruleset) -> None:
    players = [MemberFactory(club=club, user=UserFactory()) for _ in range(4)]
    ClubRoleFactory(club=club, member=players[0], role="host")  # the phone that starts the game sits at it
    staff_member = MemberFactory(club=club, user=UserFactory(), display_name="운영진")
    ClubRoleFactory(club=club, member=staff_member, role="admin")
    results = together(_starts(path, n, club, season, ruleset, players, staff_member.user))

    outcomes = [_outcome(r) for r in results]
    started = [o for o in outcomes if o[0]]
    assert len(started) == 1, results
    games = Game.objects.filter(status=Game.Status.IN_PROGRESS, seat_set__member__in=players).distinct()
    assert games.count() == 1, list(games.values("pk", "table_label", "season__name"))
    names = {m.display_name for m in players}
    for ok, words in outcomes:
        if not ok:
            assert SEATED in words or NIGHT_SEATED in words, words[:2000]
            assert any(name in words for name in names), words[:2000]
    refused = [r for r in results if isinstance(r, Exception)]
    assert all(isinstance(r, SeatedElsewhere) or getattr(r, "code", "") == "too_few" for r in refused), refused


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", PATHS)
def test_twenty_starts_at_once_on_postgresql_seat_the_members_once(path, club, season, ruleset):
    assert connection.vendor == "postgresql"
    _fire(path, 20, club, season, ruleset)


REPO = Path(__file__).resolve().parents[2]
SQLITE_RUN = """
import django, sys
django.setup()
from tests.league.test_start_serialised import fire_on_a_new_club
fire_on_a_new_club(sys.argv[1], int(sys.argv[2]))
print("ONE GAME")
"""


def fire_on_a_new_club(path: str, n: int) -> None:
    """``_fire`` outside pytest (the SQLite test's process, on its database file)."""
    club = ClubFactory(slug=f"starts-{path}", name=f"동시 시작 {path}")
    ruleset = RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026")
    _fire(path, n, club, SeasonFactory(club=club, ruleset=ruleset), ruleset)


@pytest.fixture(scope="module")
def sqlite_file(migrated_sqlite_file) -> dict[str, str]:
    """The environment naming a migrated SQLite database FILE with the default setup's backend (each test
    copies it). (The suite's own SQLite test database is in memory: one shared cache, whose table locks
    refuse a second writer at once instead of letting it wait, as a file's write lock does.)"""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(DATABASE_URL=f"sqlite:///{migrated_sqlite_file}", DJANGO_SETTINGS_MODULE="config.settings.test",
               PYTHONPATH=str(REPO))
    return env


@pytest.mark.parametrize("path", PATHS)
def test_eight_starts_at_once_on_sqlite_seat_the_members_once(path, sqlite_file, tmp_path):
    db = tmp_path / "club.sqlite3"
    shutil.copyfile(sqlite_file["DATABASE_URL"].removeprefix("sqlite:///"), db)  # a database of its own
    done = subprocess.run([sys.executable, "-c", SQLITE_RUN, path, "8"], cwd=REPO,
                          env={**sqlite_file, "DATABASE_URL": f"sqlite:///{db}"},
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-4000:]
    assert "ONE GAME" in done.stdout, done.stderr[-4000:]
