"""A person's membership at a host club (issue 37: a club-exchange team league seats visiting players as
members of the host club): their membership there if they have one, else a new one for the same person."""
from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from club import services
from club.models import Member
from tests.factories import ClubFactory, MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_visitor_gets_one_membership_at_the_host_club_for_the_same_person(club, club_admin):
    home = ClubFactory(name="한강 마작")
    visitor = MemberFactory(club=home, user=UserFactory(), display_name="한별")
    made = services.host_membership(club=club, member=visitor, by=club_admin.user)
    assert (made.club, made.person_id, made.user_id, made.display_name) == (
        club, visitor.person_id, visitor.user_id, "한별")
    assert services.host_membership(club=club, member=visitor, by=club_admin.user) == made  # once only


def test_a_taken_name_is_told_apart_by_the_home_club(club, club_admin):
    MemberFactory(club=club, display_name="한별")
    visitor = MemberFactory(club=ClubFactory(name="한강 마작"), display_name="한별")
    made = services.host_membership(club=club, member=visitor, by=club_admin.user)
    assert made.display_name == "한별 (한강 마작)"


def test_a_member_of_the_host_club_is_their_own_membership(club, club_admin):
    member = MemberFactory(club=club)
    assert services.host_membership(club=club, member=member, by=club_admin.user) == member
    assert Member.objects.filter(club=club).count() == 2  # the admin and the member: nobody new


def test_only_the_host_clubs_admin_makes_one(club, players):
    visitor = MemberFactory(club=ClubFactory())
    with pytest.raises(PermissionDenied):
        services.host_membership(club=club, member=visitor, by=players[0].user)
