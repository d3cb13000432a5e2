"""Issue 36 item 1: one person, many clubs. A login holds one membership per club; the memberships of one
login share one person; a club's own record (name, roles, games) stays that club's."""
import pytest
from django.core.exceptions import ValidationError

from club import services
from club.models import Member, Person
from tests.factories import ClubFactory, MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_one_login_is_a_member_of_two_clubs_under_two_names_and_one_person():
    user = UserFactory()
    east, west = ClubFactory(), ClubFactory()
    at_east = services.member_add(club=east, display_name="김민수", user=user)
    at_west = services.member_add(club=west, display_name="민수", user=user)
    assert {at_east.club_id, at_west.club_id} == {east.pk, west.pk}
    assert at_east.person_id == at_west.person_id
    assert Person.objects.count() == 1


def test_a_second_membership_of_one_login_at_the_same_club_is_refused():
    user = UserFactory()
    club = ClubFactory()
    services.member_add(club=club, display_name="김민수", user=user)
    with pytest.raises(ValidationError) as refused:
        services.member_add(club=club, display_name="김민수2", user=user)
    assert refused.value.code == "user_is_member"


def test_members_without_a_login_are_each_their_own_person():
    club = ClubFactory()
    first, second = MemberFactory(club=club), MemberFactory(club=club)
    assert first.person_id != second.person_id


def test_an_invite_at_a_second_club_folds_that_record_into_the_logins_person():
    user = UserFactory()
    east, west = ClubFactory(), ClubFactory()
    services.member_add(club=east, display_name="김민수", user=user)
    record = MemberFactory(club=west, display_name="민수")
    record.person.latin_name = "KIM Minsu"
    record.person.ema_id = "12345678"
    record.person.save()
    old_person = record.person_id
    invite = services.invite_create(member=record)
    services.invite_redeem(code=invite.code, user=user)
    record.refresh_from_db()
    mine = Member.objects.get(club=east, user=user).person
    assert record.person_id == mine.pk
    assert (mine.latin_name, mine.ema_id) == ("KIM Minsu", "12345678")
    assert not Person.objects.filter(pk=old_person).exists()


def test_an_invite_at_a_club_where_the_login_is_already_a_member_is_refused():
    user = UserFactory()
    club = ClubFactory()
    services.member_add(club=club, display_name="김민수", user=user)
    record = MemberFactory(club=club, display_name="민수")
    invite = services.invite_create(member=record)
    with pytest.raises(ValidationError) as refused:
        services.invite_redeem(code=invite.code, user=user)
    assert refused.value.code == "user_is_member"
