"""Issue 25 item 2: a closed season takes no new games, so no select offers it (game start, the night's seasons)."""
from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.seasons import services as season_services
from tests.factories import ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(club):
    member = MemberFactory(club=club, user=UserFactory())
    ClubRoleFactory(club=club, member=member, role="admin")
    c = Client()
    c.force_login(member.user)
    return c


@pytest.fixture
def closed_pair(club, ruleset):
    sanma = RulesetFactory(club=club, key="juki-agit-sanma-2026", base="juki-agit-sanma-2026")
    closed4 = SeasonFactory(club=club, ruleset=ruleset, name="지난 시즌")
    closed3 = SeasonFactory(club=club, ruleset=sanma, name="지난 삼마")
    for s in (closed4, closed3):
        season_services.season_close(season=s)
    return closed4, closed3


def _options(page: str, field: str) -> set[str]:
    select = re.search(rf'<select name="{field}"[^>]*>(.*?)</select>', page, re.S)
    assert select is not None, field
    return set(re.findall(r'<option value="(\d+)"', select.group(1)))


@pytest.mark.parametrize(("url_name", "fields"), [
    pytest.param("league:game_start", ["season"], id="game-start"),
    pytest.param("events:night_list", ["season", "sanma_season"], id="the-nights-seasons"),
])
def test_a_closed_season_is_not_offered(club, season, admin, closed_pair, url_name, fields):
    response = admin.get(reverse(url_name, args=[club.slug]))
    assert response.status_code == HTTPStatus.OK
    page = response.content.decode()
    offered = set().union(*(_options(page, f) for f in fields))
    assert str(season.pk) in offered or "sanma_season" in fields
    assert not {str(s.pk) for s in closed_pair} & offered
