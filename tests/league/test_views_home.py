"""Home page and site nav: every season links to its standings; the nav's "Standings" lands on those links."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import ClubFactory, MemberFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_member_sees_each_season_linked_to_its_standings(club, season):
    member = MemberFactory(club=club, user=UserFactory())
    older = SeasonFactory(club=club, name="지난 시즌")
    client = Client()
    client.force_login(member.user)
    page = client.get(reverse("league:home")).content.decode()
    for s in (season, older):
        assert f'href="{reverse("standings:season", args=[s.pk])}"' in page
    assert 'id="standings"' in page
    assert 'id="games"' in page  # the nav's anchors exist


def test_nav_standings_goes_to_the_home_anchor_with_the_links(club, season):
    member = MemberFactory(club=club, user=UserFactory())
    client = Client()
    client.force_login(member.user)
    page = client.get(reverse("standings:season", args=[season.pk])).content.decode()
    assert f'href="{reverse("league:home")}#standings"' in page


def test_anonymous_visitor_gets_standings_links_of_public_clubs_only():
    public = SeasonFactory(club=ClubFactory(public_standings=True))
    private = SeasonFactory(club=ClubFactory(public_standings=False))
    response = Client().get(reverse("league:home"))
    page = response.content.decode()
    assert response.status_code == HTTPStatus.OK
    assert reverse("standings:season", args=[public.pk]) in page
    assert reverse("standings:season", args=[private.pk]) not in page
    assert reverse("league:game_list", args=[public.club.slug]) not in page  # games stay for members
