"""Hosts for the night (issue 42 item 2): the table-host role enters hands at any table of a night (or tournament)
it is assigned to ("이 밤의 진행자"), not only where it sits; elsewhere, and unassigned, it still may not."""
from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse

from events.nights import services
from league import permissions
from league.games import services as game_services
from league.models import Game, HandRecord
from tests.factories import ClubRoleFactory, MemberFactory, UserFactory


@pytest.fixture
def night_host(club):
    member = MemberFactory(club=club, user=UserFactory(), display_name="진행자")
    ClubRoleFactory(club=club, member=member, role="host")
    return member


def _seat(night, members, admin_user):
    for m in members[:8]:
        services.check_in(night=night, member=m, by=admin_user)
    return services.round_seat(night=night, number=1, by=admin_user, seed=1)[0]


def test_an_unassigned_host_is_refused_at_a_table_they_do_not_sit_at(night, members, admin_user, night_host):
    game = _seat(night, members, admin_user).tables.first().game
    assert not permissions.can_enter_hands(night_host.user, game)
    with pytest.raises(PermissionDenied):
        game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": [0]}, by=night_host.user)


def test_the_nights_host_enters_at_every_table_of_the_night(night, members, admin_user, night_host):
    rnd = _seat(night, members, admin_user)
    client = Client()
    client.force_login(admin_user)
    client.post(reverse("events:night_hosts", args=[night.pk]), {"host": [night_host.pk]})
    assert list(night.hosts.all()) == [night_host]
    for table in rnd.tables.all():  # the tables already playing follow at once
        game = Game.objects.get(pk=table.game_id)
        assert permissions.can_enter_hands(night_host.user, game)
        game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": [0]}, by=night_host.user)
    assert HandRecord.objects.filter(game__night_table__round=rnd).count() == rnd.tables.count()


def test_tables_seated_later_have_the_nights_hosts_and_other_nights_do_not(club, season, night, members, admin_user,
                                                                          night_host):
    services.night_hosts_set(night=night, members=[night_host], by=admin_user)
    game = _seat(night, members, admin_user).tables.first().game
    assert permissions.can_enter_hands(night_host.user, game)
    other = game_services.game_start(season=season, members=members[8:12], by=admin_user)
    assert not permissions.can_enter_hands(night_host.user, other)


def test_a_member_without_the_host_role_gains_nothing_by_being_listed(night, members, admin_user):
    services.night_hosts_set(night=night, members=[members[15]], by=admin_user)
    game = _seat(night, members, admin_user).tables.first().game
    assert not permissions.can_enter_hands(members[15].user, game)


def test_a_tournaments_hosts_enter_at_every_table_of_it(club, ruleset, members, admin_user, night_host):
    from events.tournaments import services as tournaments
    from tests.events.test_tournaments import enter_all, make

    cup = make(club, ruleset, admin_user, rounds=2, name="주키배")
    enter_all(cup, members[:8], admin_user)
    tournaments.tournament_hosts_set(tournament=cup, members=[night_host], by=admin_user)
    rnd, _ = tournaments.round_seat(tournament=cup, number=1, by=admin_user)
    assert all(permissions.can_enter_hands(night_host.user, t.game) for t in rnd.tables.select_related("game"))


@pytest.mark.parametrize("junk", ["99999999999999999999", "abc", "-1"])
def test_a_host_id_that_is_no_members_id_is_no_host_not_a_500(night, admin_user, night_host, junk):
    client = Client(raise_request_exception=False)
    client.force_login(admin_user)
    response = client.post(reverse("events:night_hosts", args=[night.pk]), {"host": [night_host.pk, junk]})
    assert response.status_code == 302
    assert list(night.hosts.all()) == [night_host]
