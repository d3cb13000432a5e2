"""Walk-ins and guests (issue 42 item 3): the desk adds walk-ins by name in one step (guest members, no
login, checked in); "모두 체크인" checks the desk's list in at once; a tournament takes a pasted list; a guest is
later made a member or merged into one, keeping the games."""
from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from club import services as club_services
from club.models import Member
from core.models import AuditEntry
from events.nights import services
from events.nights.models import CheckIn


def _desk(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_desk_adds_twelve_walk_ins_in_one_step(night, admin_user):
    names = [f"손님{n}" for n in range(1, 13)]
    response = _desk(admin_user).post(reverse("events:desk_walk_ins", args=[night.pk]),
                                      {"names": "\n".join(names) + "\n\n", "entry_token": "w1"})
    assert response.status_code == 302
    guests = Member.objects.filter(club=night.club, display_name__in=names)
    assert guests.count() == 12
    assert all(g.guest and g.user_id is None for g in guests)
    assert CheckIn.objects.filter(night=night, member__in=guests, left_at__isnull=True).count() == 12
    # the same form sent again adds nobody
    _desk(admin_user).post(reverse("events:desk_walk_ins", args=[night.pk]), {"names": "\n".join(names),
                                                                            "entry_token": "w1"})
    assert Member.objects.filter(club=night.club, display_name__startswith="손님").count() == 12


def test_a_walk_in_named_like_a_member_adds_nobody_and_says_so(night, members, admin_user):
    with pytest.raises(ValidationError) as refused:
        services.walk_ins_add(night=night, names=["새손님", members[0].display_name], by=admin_user)
    assert members[0].display_name in str(refused.value)
    assert not Member.objects.filter(display_name="새손님").exists()


def test_only_the_desk_adds_walk_ins(night, members):
    response = _desk(members[0].user).post(reverse("events:desk_walk_ins", args=[night.pk]), {"names": "누구"})
    assert response.status_code == 403
    assert not Member.objects.filter(display_name="누구").exists()


def test_check_in_all_checks_the_desk_list_in_after_a_confirmation(night, members, admin_user):
    desk = _desk(admin_user)
    url = reverse("events:desk_check_in_all", args=[night.pk])
    listed = [m.pk for m in members]
    asked = desk.post(url, {"member": listed})
    assert asked.status_code == 200
    assert not CheckIn.objects.filter(night=night).exists()
    desk.post(url, {"member": listed, "confirm": "1"})
    assert set(CheckIn.objects.filter(night=night).values_list("member_id", flat=True)) >= set(listed)


def test_a_guest_is_made_a_member_or_merged_keeping_games(night, members, admin_user):
    guest = services.walk_ins_add(night=night, names=["김손님"], by=admin_user)[0]
    made = club_services.guest_make_member(member=guest, by=admin_user)
    assert not made.guest
    assert AuditEntry.objects.filter(object_type="member", object_id=str(guest.pk), action="edit").exists()
    # another walk-in who turns out to be a member: merged, and their game goes along
    from league.games import services as game_services
    from league.members.services import member_merge

    second = services.walk_ins_add(night=night, names=["박손님"], by=admin_user)[0]
    game = game_services.game_start(season=night.season, members=[second, *members[:3]], by=admin_user)
    member_merge(source=second, target=members[5], by=admin_user)
    assert set(game.seat_set.values_list("member_id", flat=True)) == {members[5].pk, *[m.pk for m in members[:3]]}


def test_a_tournament_takes_a_pasted_list(club, season, members, admin_user):
    from events.tournaments import services as tournaments
    from events.tournaments.models import Entrant

    cup = tournaments.tournament_create(club=club, ruleset=season.ruleset, name="주키배", rounds=2, by=admin_user)
    names = [members[0].display_name, "외부 손님", "외부 손님2"]
    _desk(admin_user).post(reverse("events:tournament_entrants_paste", args=[cup.pk]), {"names": "\n".join(names)})
    entrants = Entrant.objects.filter(tournament=cup)
    assert set(entrants.values_list("member__display_name", flat=True)) == set(names)
    assert entrants.get(member=members[0]).guest is False
    assert entrants.get(member__display_name="외부 손님").member.guest is True
