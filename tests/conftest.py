"""Shared fixtures: a club with roles, a season per club ruleset, a started game."""
from __future__ import annotations

import pytest

from tests.factories import (
    ClubFactory,
    ClubRoleFactory,
    MemberFactory,
    RulesetFactory,
    SeasonFactory,
    UserFactory,
)


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


@pytest.fixture(autouse=True)
def _fresh_login_throttles():
    """Throttle counters (DRF, in the cache) start empty in every test, so tests never lock each
    other out; django-axes keeps its failed attempts in the database, rolled back per test."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
