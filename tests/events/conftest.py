"""A club night: a Juki season, a Juki sanma season, members with logins, an admin and a referee."""
from __future__ import annotations

import pytest

from tests.factories import ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory


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
