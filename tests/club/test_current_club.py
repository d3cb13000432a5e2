"""Issue 36 item 1: "내 정보" lists my clubs and switches between them; the header switches when a login has two
or more memberships; pages without a club in their address use the session's current club."""
from http import HTTPStatus

import pytest
from django.urls import reverse

from club import services
from notify.web.views import _own_member
from tests.factories import ClubFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_clubs():
    user = UserFactory()
    east, west = ClubFactory(name="동부 클럽", slug="east"), ClubFactory(name="서부 클럽", slug="west")
    at_east = services.member_add(club=east, display_name="김민수", user=user)
    at_west = services.member_add(club=west, display_name="민수", user=user)
    return user, at_east, at_west


def test_my_page_lists_both_clubs_and_shows_the_current_one(client, two_clubs):
    user, at_east, _at_west = two_clubs
    client.force_login(user)
    page = client.get(reverse("club:me")).content.decode()
    clubs = page.split('data-testid="my-clubs"')[1].split("</section>")[0]
    assert "동부 클럽" in clubs
    assert "서부 클럽" in clubs
    assert "<strong>김민수</strong> · 동부 클럽" in page  # the oldest membership until one is chosen


def test_switching_makes_the_other_club_current_on_every_page(client, two_clubs, rf):
    user, _at_east, at_west = two_clubs
    client.force_login(user)
    response = client.post(reverse("club:switch"), {"club": at_west.club_id, "next": reverse("club:me")})
    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"] == reverse("club:me")
    assert "<strong>민수</strong> · 서부 클럽" in client.get(reverse("club:me")).content.decode()
    request = rf.get("/")
    request.user, request.session = user, client.session
    assert _own_member(request).pk == at_west.pk  # the Telegram panel's member: the current club's


def test_a_club_the_login_does_not_belong_to_cannot_be_switched_to(client, two_clubs):
    user, _at_east, _at_west = two_clubs
    client.force_login(user)
    client.post(reverse("club:switch"), {"club": ClubFactory().pk})
    assert "<strong>김민수</strong> · 동부 클럽" in client.get(reverse("club:me")).content.decode()


def test_an_outside_next_address_is_not_followed(client, two_clubs):
    user, _at_east, at_west = two_clubs
    client.force_login(user)
    response = client.post(reverse("club:switch"), {"club": at_west.club_id, "next": "https://evil.example/"})
    assert response["Location"] == reverse("club:me")


def test_the_header_switches_only_for_a_login_with_two_clubs(client, two_clubs):
    user, _at_east, _at_west = two_clubs
    client.force_login(user)
    assert 'data-testid="club-switcher"' in client.get(reverse("club:me")).content.decode()
    single = UserFactory()
    services.member_add(club=ClubFactory(), display_name="혼자", user=single)
    client.force_login(single)
    assert 'data-testid="club-switcher"' not in client.get(reverse("club:me")).content.decode()


def test_joining_a_second_club_by_request_is_offered_and_works(client, two_clubs):
    user, _at_east, _at_west = two_clubs
    third = ClubFactory(slug="third")
    client.force_login(user)
    page = client.get(reverse("club:join", args=["third"])).content.decode()
    assert 'name="display_name"' in page  # a member elsewhere may still ask to join
    client.post(reverse("club:join", args=["third"]), {"display_name": "민수3", "message": ""})
    request = third.requests.get()
    services.request_decide(request=request, approve=True)
    assert user.memberships.count() == 3


def test_my_card_and_details_are_on_my_page_and_saved_there(client, two_clubs):
    user, at_east, _at_west = two_clubs
    client.force_login(user)
    page = client.get(reverse("club:me")).content.decode()
    assert 'data-testid="my-card"' in page
    assert "<svg" in page.split('data-testid="my-card"')[1]
    client.post(reverse("club:me"), {"action": "person", "latin_name": "KIM Minsu", "aliases": "Minsoo, 민수",
                                     "federation_id": "", "ema_id": "12000123", "findable": "on"})
    at_east.person.refresh_from_db()
    assert (at_east.person.latin_name, at_east.person.aliases, at_east.person.ema_id, at_east.person.findable) == (
        "KIM Minsu", ["Minsoo", "민수"], "12000123", True)


def test_the_headers_count_of_clubs_counts_what_my_page_lists(two_clubs):
    # The header asks only how many clubs a login has (one plain statement a page): a visit as a visitor and a
    # membership merged into another are not clubs of theirs, as "내 정보" does not list them.
    from club.models import Member
    from club.selectors import membership_count, my_memberships
    from tests.factories import MemberFactory

    user, at_east, _at_west = two_clubs
    MemberFactory(user=user, visitor=True)
    merged = MemberFactory(user=user)
    Member.objects.filter(pk=merged.pk).update(merged_into=at_east)
    assert len(my_memberships(user=user)) == 2
    assert membership_count(user=user) == 2
    alone = UserFactory()
    services.member_add(club=ClubFactory(), display_name="혼자", user=alone)
    assert membership_count(user=alone) == 1
    assert membership_count(user=UserFactory()) == 0


def test_the_signed_in_users_read_counts_the_clubs_in_the_same_statement(two_clubs, rf,
                                                                         django_assert_num_queries):
    """Every request reads its user (``club.auth.UserBackend``) with the header's count of clubs: the count then
    asks nothing, and counts what the plain statement counts (a visit and a merged membership left out)."""
    from club.auth import UserBackend
    from club.models import Member
    from club.selectors import membership_count
    from tests.factories import MemberFactory

    user, at_east, _at_west = two_clubs
    MemberFactory(user=user, visitor=True)
    merged = MemberFactory(user=user)
    Member.objects.filter(pk=merged.pk).update(merged_into=at_east)
    with django_assert_num_queries(1):
        signed_in = UserBackend().get_user(user.pk)
        assert membership_count(user=signed_in) == 2
    assert membership_count(user=user) == 2  # asked
    alone = UserFactory()
    with django_assert_num_queries(1):
        assert membership_count(user=UserBackend().get_user(alone.pk)) == 0
