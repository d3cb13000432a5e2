from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from league.games import services as game_services
from tests.factories import ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory


@pytest.fixture
def tenhou_season(club):
    return SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="tenhou", base="tenhou"))


@pytest.fixture
def seated(club):
    """Four members with logins."""
    return [MemberFactory(club=club, user=UserFactory()) for _ in range(4)]


@pytest.fixture
def table_game(tenhou_season, seated):
    return game_services.game_start(season=tenhou_season, members=seated, table_label="T1")


def _user_with(club, role):
    member = MemberFactory(club=club, user=UserFactory())
    if role:
        ClubRoleFactory(club=club, member=member, role=role)
    return member.user


@pytest.fixture
def as_role(club, seated):
    """as_role(name) -> an APIClient logged in as that role (None: anonymous)."""

    def make(role):
        client = APIClient()
        if role == "anonymous":
            return client
        if role == "outsider":
            user = UserFactory()
        elif role == "player":
            user = seated[0].user
        elif role == "member":
            user = _user_with(club, None)
        elif role == "superuser":
            user = UserFactory(is_superuser=True, is_staff=True)
        else:
            user = _user_with(club, role)
        client.force_authenticate(user)
        return client

    return make
