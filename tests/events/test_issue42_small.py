"""Issue 42 item 11, the smaller ones: the seasons list shows each season's ruleset version; a night is not offered
a tournament's own season ("[대회 #1] …") nor the casual games'."""
from __future__ import annotations

from django.test import Client
from django.urls import reverse

from events.casual import services as casual_services
from events.web.nights.forms import NightOpenForm
from tests.events.test_tournaments import make


def test_the_seasons_list_shows_the_ruleset_version(club, season, admin_user):
    client = Client()
    client.force_login(admin_user)
    page = client.get(reverse("seasons:season_list", args=[club.slug])).content.decode()
    assert f"{season.ruleset.name} v{season.ruleset.version}" in page


def test_a_night_is_offered_neither_a_tournaments_nor_the_casual_season(club, season, ruleset, members, admin_user):
    cup = make(club, ruleset, admin_user, rounds=2, name="주키배")
    casual_services.casual_game_start(club=club, ruleset=season.ruleset, members=members[:4], by=admin_user)
    offered = set(NightOpenForm(club=club).fields["season"].queryset)
    assert season in offered
    assert cup.season not in offered
    assert not any(getattr(s, "casual", None) for s in offered)
