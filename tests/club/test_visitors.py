"""Issue 36 item 2: a member of club A plays at club B as a visitor. The desk finds them by name (only if they
chose to be findable) or by their card; the visit makes one visitor membership at B — same person, same login,
no roles — and reuses it on the next visit."""
import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from club import persons, services
from club.models import ClubRole, Member
from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def east():
    return ClubFactory(name="동부 클럽")


@pytest.fixture
def west():
    return ClubFactory(name="서부 클럽")


@pytest.fixture
def minsu(east):
    """민수 of the east club, with a login."""
    return MemberFactory(club=east, display_name="김민수", user=UserFactory())


@pytest.fixture
def west_desk(west):
    referee = MemberFactory(club=west, display_name="서부심판", user=UserFactory())
    ClubRoleFactory(club=west, member=referee, role=ClubRole.Role.REFEREE)
    return referee.user


def _findable(member, **fields):
    for key, value in {"findable": True, **fields}.items():
        setattr(member.person, key, value)
    member.person.save()
    return member.person


def test_a_person_who_did_not_opt_in_is_not_found_by_name(west, minsu):
    assert persons.findable_persons(query="민수", club=west) == []


@pytest.mark.parametrize("query", ["민수", "KIM", "minsoo"])
def test_a_findable_person_is_found_by_a_name_at_their_club_latin_name_or_alias(west, minsu, query):
    person = _findable(minsu, latin_name="KIM Minsu", aliases=["Minsoo Kim"])
    assert persons.findable_persons(query=query, club=west) == [person]


def test_a_one_letter_search_finds_nobody(west, minsu):
    _findable(minsu)
    assert persons.findable_persons(query="민", club=west) == []


def test_the_clubs_own_members_are_not_offered_as_visitors(east, minsu):
    _findable(minsu)
    assert persons.findable_persons(query="민수", club=east) == []


def test_a_visit_makes_one_visitor_membership_with_the_same_person_and_login_and_no_roles(west, minsu, west_desk):
    person = _findable(minsu)
    member, created = persons.visitor_membership(club=west, person=person, by=west_desk)
    assert created
    assert (member.club_id, member.person_id, member.user_id) == (west.pk, person.pk, minsu.user_id)
    assert (member.visitor, member.display_name) == (True, "김민수")
    assert not member.roles.exists()
    again, created_again = persons.visitor_membership(club=west, person=person, by=west_desk)
    assert (again.pk, created_again) == (member.pk, False)


def test_a_taken_name_gets_the_home_club_in_brackets(west, minsu, west_desk):
    MemberFactory(club=west, display_name="김민수")
    member, _ = persons.visitor_membership(club=west, person=_findable(minsu), by=west_desk)
    assert member.display_name == "김민수 (동부 클럽)"


def test_a_person_who_is_not_findable_is_admitted_only_with_their_card(west, minsu, west_desk):
    with pytest.raises(ValidationError) as refused:
        persons.visitor_membership(club=west, person=minsu.person, by=west_desk)
    assert refused.value.code == "not_findable"
    card = persons.card_token(minsu.person)
    member, created = persons.visitor_membership(club=west, person=persons.person_from_card(card), by=west_desk,
                                                 shown_card=True)
    assert (created, member.person_id) == (True, minsu.person_id)


def test_a_forged_card_is_refused():
    with pytest.raises(ValidationError) as refused:
        persons.person_from_card("not-a-card")
    assert refused.value.code == "card_invalid"


def test_a_plain_member_of_the_club_cannot_admit_visitors(west, minsu):
    plain = MemberFactory(club=west, user=UserFactory())
    with pytest.raises(PermissionDenied):
        persons.visitor_membership(club=west, person=_findable(minsu), by=plain.user)


def test_a_visitor_is_not_one_of_the_clubs_members_for_the_login(west, minsu, west_desk):
    from club.selectors import clubs_for_user, my_memberships

    persons.visitor_membership(club=west, person=_findable(minsu), by=west_desk)
    assert list(clubs_for_user(user=minsu.user)) == [minsu.club]
    assert [m.pk for m in my_memberships(user=minsu.user)] == [minsu.pk]


def test_a_visitor_gets_no_roles(west, minsu, west_desk):
    member, _ = persons.visitor_membership(club=west, person=_findable(minsu), by=west_desk)
    with pytest.raises(ValidationError) as refused:
        services.member_set_roles(member=member, roles=["host"])
    assert refused.value.code == "visitor_no_roles"


def test_a_visitor_who_asks_to_join_becomes_a_member_on_the_same_record(west, minsu, west_desk):
    visit, _ = persons.visitor_membership(club=west, person=_findable(minsu), by=west_desk)
    request = services.join_request_create(club=west, user=minsu.user, display_name="민수")
    services.request_decide(request=request, approve=True)
    joined = Member.objects.get(club=west, user=minsu.user)
    assert (joined.pk, joined.visitor, joined.display_name) == (visit.pk, False, "민수")


def test_the_person_edits_their_details_and_an_admin_cannot_make_them_findable(east, minsu):
    person = persons.person_update(person=minsu.person, by=minsu.user, club=east, latin_name=" KIM  Minsu ",
                                   aliases=["Minsoo", "", "Minsoo"], ema_id="12000123", country="Korea",
                                   findable=True)
    assert (person.latin_name, person.aliases, person.ema_id, person.country, person.findable) == (
        "KIM Minsu", ["Minsoo"], "12000123", "Korea", True)
    admin = MemberFactory(club=east, user=UserFactory())
    ClubRoleFactory(club=east, member=admin, role=ClubRole.Role.ADMIN)
    persons.person_update(person=person, by=admin.user, club=east, federation_id="KR-7")
    with pytest.raises(PermissionDenied):
        persons.person_update(person=person, by=admin.user, club=east, findable=False)


def test_an_ema_id_held_by_another_person_is_refused(east, minsu):
    other = MemberFactory(club=east)
    other.person.ema_id = "12000123"
    other.person.save()
    with pytest.raises(ValidationError) as refused:
        persons.person_update(person=minsu.person, by=minsu.user, club=east, ema_id="12000123")
    assert refused.value.code == "id_taken"


def test_an_admin_of_another_club_cannot_edit_the_person(minsu, west):
    stranger = MemberFactory(club=west, user=UserFactory())
    ClubRoleFactory(club=west, member=stranger, role=ClubRole.Role.ADMIN)
    with pytest.raises(PermissionDenied):
        persons.person_update(person=minsu.person, by=stranger.user, club=west, latin_name="X")
