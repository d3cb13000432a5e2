"""Issue 36 item 4 through the pages: the claim button on another club's public player page, both admins'
Claims pages (approve, undo), and the admin editing a member's names and ids."""
from http import HTTPStatus

import pytest
from django.urls import reverse

from club.models import Claim, ClubRole
from league.models import Season
from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, UserFactory

from ..league.standings.conftest import finished_game

pytestmark = pytest.mark.django_db


def _admin(club):
    admin = MemberFactory(club=club, user=UserFactory())
    ClubRoleFactory(club=club, member=admin, role=ClubRole.Role.ADMIN)
    return admin.user


@pytest.fixture
def world():
    east = ClubFactory(name="동부", slug="east")
    west = ClubFactory(name="서부", slug="west", public_standings=True)
    minsu = MemberFactory(club=east, display_name="김민수", user=UserFactory())
    old = MemberFactory(club=west, display_name="민수옛날")
    season = Season.objects.create(club=west, name="2019 시즌", ruleset=RulesetFactory(club=west), min_games=0)
    finished_game(season, [old, *(MemberFactory(club=west) for _ in range(3))], ["30", "10", "-15", "-25"])
    return {"east": east, "west": west, "minsu": minsu, "old": old, "season": season,
            "east_admin": _admin(east), "west_admin": _admin(west)}


def test_the_claim_button_shows_on_another_clubs_record_and_both_admins_approve_then_undo(client, world):
    w = world
    client.force_login(w["minsu"].user)
    page = client.get(reverse("standings:player", args=[w["season"].pk, w["old"].pk])).content.decode()
    assert 'data-testid="claim"' in page
    client.post(reverse("club:claim_create", args=[w["old"].pk]), {"message": "2019년 제가 쳤습니다"})
    claim = Claim.objects.get()
    for slug, admin in (("east", w["east_admin"]), ("west", w["west_admin"])):
        client.force_login(admin)
        assert "민수옛날" in client.get(reverse("club:claims", args=[slug])).content.decode()
        client.post(reverse("club:claim_decide", args=[slug, claim.pk]), {"action": "approve"})
    w["old"].refresh_from_db()
    assert (w["old"].person_id, w["old"].user_id) == (w["minsu"].person_id, w["minsu"].user_id)
    client.post(reverse("club:claim_decide", args=["west", claim.pk]), {"action": "undo"})
    w["old"].refresh_from_db()
    assert w["old"].user_id is None
    assert w["old"].person_id != w["minsu"].person_id


def test_no_claim_button_on_my_own_record_or_one_with_a_login(client, world):
    w = world
    client.force_login(w["minsu"].user)
    with_login = MemberFactory(club=w["west"], user=UserFactory())
    page = client.get(reverse("standings:player", args=[w["season"].pk, with_login.pk])).content.decode()
    assert 'data-testid="claim"' not in page


def test_another_clubs_admin_cannot_decide_a_claim_of_two_other_clubs(client, world):
    w = world
    client.force_login(w["minsu"].user)
    client.post(reverse("club:claim_create", args=[w["old"].pk]), {})
    claim = Claim.objects.get()
    third = ClubFactory(slug="third")
    client.force_login(_admin(third))
    response = client.post(reverse("club:claim_decide", args=["third", claim.pk]), {"action": "approve"})
    assert response.status_code == HTTPStatus.NOT_FOUND
    claim.refresh_from_db()
    assert (claim.home_approved_at, claim.target_approved_at) == (None, None)


def test_the_admin_edits_a_members_latin_name_aliases_and_ids(client, world):
    w = world
    client.force_login(w["east_admin"])
    page = client.get(reverse("club:member_detail", args=["east", w["minsu"].pk])).content.decode()
    assert 'data-testid="person"' in page
    assert 'name="findable"' not in page  # the person's own choice
    client.post(reverse("club:member_person", args=["east", w["minsu"].pk]),
                {"latin_name": "KIM Minsu", "aliases": "Minsoo", "federation_id": "KR-0007", "ema_id": "",
                 "country": " South  Korea "})
    w["minsu"].person.refresh_from_db()
    assert (w["minsu"].person.latin_name, w["minsu"].person.aliases, w["minsu"].person.federation_id,
            w["minsu"].person.country) == ("KIM Minsu", ["Minsoo"], "KR-0007", "South Korea")
