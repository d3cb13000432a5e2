"""Shared fixtures: a club with roles, a season per club ruleset, a started game; a club night (a Juki
season, a Juki sanma season, members with logins, an admin and a referee: the events' and the
notifications' tests); the broker of the tests that start a real Celery worker."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.factories import (
    ClubFactory,
    ClubRoleFactory,
    MemberFactory,
    RulesetFactory,
    SeasonFactory,
    UserFactory,
)
from tests.workers import worker_database_url


@pytest.fixture
def club(db):
    return ClubFactory()


@pytest.fixture
def ruleset(club):
    return RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026")


@pytest.fixture
def season(club, ruleset):
    return SeasonFactory(club=club, ruleset=ruleset)


@pytest.fixture
def players(club):
    """Four members with logins, seat order 0..3."""
    return [MemberFactory(club=club, user=UserFactory()) for _ in range(4)]


def _with_role(club, role):
    member = MemberFactory(club=club, user=UserFactory())
    ClubRoleFactory(club=club, member=member, role=role)
    return member


@pytest.fixture
def club_admin(club):
    return _with_role(club, "admin")


@pytest.fixture
def referee(club):
    return _with_role(club, "referee")


@pytest.fixture
def host(club):
    return _with_role(club, "host")


@pytest.fixture
def game(season, players, referee):
    from league.games import services as game_services

    return game_services.game_start(season=season, table_label="A", members=players, by=referee.user)


# --- a club night ----------------------------------------------------------------------------

@pytest.fixture
def sanma_season(club):
    ruleset = RulesetFactory(club=club, key="juki-agit-sanma-2026", base="juki-agit-sanma-2026")
    return SeasonFactory(club=club, ruleset=ruleset, name="2026 삼마")


@pytest.fixture
def members(club):
    return [MemberFactory(club=club, user=UserFactory()) for _ in range(16)]


@pytest.fixture
def admin_user(club):
    member = MemberFactory(club=club, user=UserFactory(), display_name="관리자")
    ClubRoleFactory(club=club, member=member, role="admin")
    return member.user


@pytest.fixture
def referee_user(club):
    member = MemberFactory(club=club, user=UserFactory(), display_name="심판")
    ClubRoleFactory(club=club, member=member, role="referee")
    return member.user


@pytest.fixture
def night(club, season, sanma_season, admin_user):
    from events.nights import services

    return services.night_open(club=club, season=season, sanma_season=sanma_season, title="목요일 클럽 나이트",
                               round_minutes=80, by=admin_user)


@pytest.fixture
def night_no_sanma(club, season, admin_user):
    from events.nights import services

    return services.night_open(club=club, season=season, title="4인 전용", by=admin_user)


@pytest.fixture(scope="session")
def migrated_sqlite_file(tmp_path_factory) -> Path:
    """A migrated SQLite database FILE (the default setup's backend), made once per test process: the tests
    that run a server or a script on a file database copy it rather than migrate one each."""
    from tests.league import sqlite_tables

    db = tmp_path_factory.mktemp("migrated") / "club.sqlite3"
    sqlite_tables.migrate(db)
    return db


@pytest.fixture(autouse=True)
def _site_language():
    """Every test starts in the site's language. A request through the locale middleware leaves its
    language active in the thread afterwards, so without this a test after an English request would
    run in English (CI once failed on exactly that order)."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _fresh_login_throttles():
    """Throttle counters (DRF, in the cache) start empty in every test, so tests never lock each
    other out; django-axes keeps its failed attempts in the database, rolled back per test."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def broker_url():
    """``CELERY_TEST_BROKER_URL`` (this xdist process's Redis database, conftest.py at the root) with
    its ``celery`` queue emptied: the broker of the tests that start a real Celery worker."""
    from celery import Celery

    url = os.environ["CELERY_TEST_BROKER_URL"]
    with Celery(broker=url, set_as_current=False).connection_for_write() as conn:
        conn.default_channel.queue_purge("celery")
    return url


@pytest.fixture
def worker(broker_url):
    """A Celery worker process (solo pool) on ``broker_url`` and the test database (PostgreSQL)."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "CELERY_TEST_FORCE_BROKER_URL": broker_url,
        "DATABASE_URL": worker_database_url(),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--concurrency=1",
         "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO",
         "-n", f"test-{os.getpid()}@%h"],
        cwd=Path(__file__).resolve().parents[1], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True,
    )
    yield proc
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
