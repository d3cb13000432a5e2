"""Casual games: outside any season or tournament, kept and shown, counting for nothing."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from events.casual import services
from events.casual.models import CasualSeason
from league.games import services as game_services
from league.models import Game

pytestmark = pytest.mark.django_db


def test_a_casual_game_is_kept_in_the_clubs_casual_season_for_its_ruleset(club, ruleset, season, members, referee):
    game = services.casual_game_start(club=club, ruleset=ruleset, members=members[:4], by=referee.user)
    again = services.casual_game_start(club=club, ruleset=ruleset, members=members[4:8], by=referee.user)
    holder = CasualSeason.objects.get()
    assert game.season == again.season == holder.season
    assert holder.season != season
    assert not Game.objects.filter(season=season).exists()  # the club's season is untouched


def test_a_member_without_a_role_cannot_start_one(club, ruleset, members):
    with pytest.raises(PermissionDenied):
        services.casual_game_start(club=club, ruleset=ruleset, members=members[:4], by=members[0].user)


def test_three_players_for_a_four_player_ruleset_is_refused(club, ruleset, members, referee):
    with pytest.raises(ValidationError):
        services.casual_game_start(club=club, ruleset=ruleset, members=members[:3], by=referee.user)
    assert not Game.objects.exists()


def test_the_list_shows_casual_games_and_starts_one(client, club, ruleset, members, referee):
    game = services.casual_game_start(club=club, ruleset=ruleset, members=members[:4], by=referee.user)
    game_services.hand_record(game=game, position=0, by=None, event={
        "kind": "ron", "loser": 0, "riichi": [], "wins": [{"winner": 1, "yakuman": 1}]})
    client.force_login(referee.user)
    url = reverse("events:casual_list", args=[club.slug])
    page = client.get(url)
    assert page.status_code == HTTPStatus.OK
    assert f'data-testid="casual-{game.pk}"'.encode() in page.content
    assert b"57,000" in page.content
    response = client.post(url, {"ruleset": ruleset.pk, **{f"seat{i}": m.pk for i, m in enumerate(members[4:8])}})
    new = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"] == reverse("league:game_table",
                                                                                        args=[new.pk])
    bad = client.post(url, {"ruleset": ruleset.pk, "seat0": members[0].pk, "seat1": members[1].pk,
                            "seat2": members[2].pk})
    assert bad.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert Game.objects.count() == 2
