"""Issue 36, privacy: a person plays at their club (동부, public) and visits a private club (서부). Walking every
visitor and claim page as each role of a third club (and anonymously) finds only what was shared: no member
list, no games of the private club; the person themself sees their own games there as "다른 클럽에서"."""
from http import HTTPStatus

import pytest
from django.urls import reverse

from club import claims, persons
from club.models import ClubRole
from league.models import Season
from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, UserFactory

from ..league.standings.conftest import finished_game

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "outsider", "member", "host", "referee", "admin"]


def _season(club, name):
    return Season.objects.create(club=club, name=name, ruleset=RulesetFactory(club=club), min_games=0)


@pytest.fixture
def world():
    east = ClubFactory(name="동부", slug="east", public_standings=True)
    west = ClubFactory(name="서부", slug="west", public_standings=False)
    third = ClubFactory(name="북부", slug="north")
    minsu = MemberFactory(club=east, display_name="김민수", user=UserFactory())
    minsu.person.findable = True
    minsu.person.save()
    west_referee = MemberFactory(club=west, display_name="서부심판", user=UserFactory())
    ClubRoleFactory(club=west, member=west_referee, role=ClubRole.Role.REFEREE)
    visit, _ = persons.visitor_membership(club=west, person=minsu.person, by=west_referee.user)
    west_members = [MemberFactory(club=west, display_name=n) for n in ("서부비밀일", "서부비밀이", "서부비밀삼")]
    east_members = [MemberFactory(club=east, display_name=n) for n in ("동부일", "동부이", "동부삼")]
    finished_game(_season(west, "서부 시즌"), [visit, *west_members], ["30", "10", "-15", "-25"])
    finished_game(_season(east, "동부 시즌"), [minsu, *east_members], ["20", "5", "-5", "-20"])
    old = MemberFactory(club=west, display_name="서부옛기록")
    return {"east": east, "west": west, "third": third, "minsu": minsu, "visit": visit, "old": old}


def _login_as(client, role, club):
    if role == "anonymous":
        return None
    user = UserFactory()
    if role != "outsider":
        member = MemberFactory(club=club, user=user)
        if role != "member":
            ClubRoleFactory(club=club, member=member, role=role)
    client.force_login(user)
    return user


def _pages(w):
    east_season = w["east"].seasons.get()
    card = persons.card_token(w["minsu"].person)
    return [
        ("get", reverse("events:visitor_desk", args=["west"]), {"q": "민수"}),
        ("get", reverse("events:visitor_desk", args=["west"]), {"card": card}),
        ("post", reverse("events:visitor_admit", args=["west"]), {"person": w["minsu"].person_id}),
        ("get", reverse("events:visit_card", args=[card]), {}),
        ("get", reverse("club:claim_create", args=[w["old"].pk]), {}),
        ("get", reverse("club:claim_create", args=[w["visit"].pk]), {}),
        ("get", reverse("club:claims", args=["west"]), {}),
        ("get", reverse("club:claims", args=["east"]), {}),
        ("get", reverse("standings:player", args=[east_season.pk, w["minsu"].pk]), {}),
        ("get", reverse("club:me"), {}),
    ]


@pytest.mark.parametrize("role", ROLES)
def test_a_third_clubs_roles_see_nothing_of_the_private_club(client, world, role):
    _login_as(client, role, world["third"])
    west_members = world["west"].members.count()
    for method, url, data in _pages(world):
        response = getattr(client, method)(url, data)
        body = response.content.decode()
        for secret in ("서부비밀", "서부옛기록", "서부 시즌", "서부심판"):
            assert secret not in body, (role, url, secret)
    assert world["west"].members.count() == west_members  # the desk's admit did nothing for them


def test_the_persons_club_page_shows_the_private_clubs_games_to_the_person_only(client, world):
    east_season = world["east"].seasons.get()
    url = reverse("standings:player", args=[east_season.pk, world["minsu"].pk])
    assert "서부 시즌" not in client.get(url).content.decode()  # anonymous: 서부 shows nothing publicly
    client.force_login(world["minsu"].user)
    page = client.get(url).content.decode()
    section = page.split('data-testid="elsewhere"')[1]
    assert "서부 시즌" in section
    assert "서부비밀일" in section  # their own table at 서부: they sat with these players
    me = client.get(reverse("club:me")).content.decode()
    assert "서부 시즌" in me.split('data-testid="elsewhere"')[1]


def test_a_public_clubs_games_show_on_the_persons_page_at_the_other_club(client, world):
    world["west"].public_standings = True
    world["west"].save()
    east_season = world["east"].seasons.get()
    page = client.get(reverse("standings:player", args=[east_season.pk, world["minsu"].pk])).content.decode()
    assert "서부 시즌" in page.split('data-testid="elsewhere"')[1]


def test_the_visitor_sees_no_member_list_or_other_games_of_the_club_they_visit(client, world):
    client.force_login(world["minsu"].user)
    west_season = world["west"].seasons.get()
    for url in (reverse("club:members", args=["west"]), reverse("standings:season", args=[west_season.pk]),
                reverse("events:visitor_desk", args=["west"]), reverse("club:claims", args=["west"])):
        response = client.get(url)
        assert response.status_code in {HTTPStatus.FORBIDDEN, HTTPStatus.NOT_FOUND}, url
        assert "서부비밀" not in response.content.decode()


def test_a_claim_page_names_only_the_two_records_to_each_clubs_admin(client, world):
    east_admin = MemberFactory(club=world["east"], user=UserFactory())
    ClubRoleFactory(club=world["east"], member=east_admin, role=ClubRole.Role.ADMIN)
    world["west"].public_standings = True
    world["west"].save()
    client.force_login(world["minsu"].user)
    client.post(reverse("club:claim_create", args=[world["old"].pk]), {"message": "2019년에 쳤습니다"})
    claim = claims.claims_of(person=world["minsu"].person).get()
    client.force_login(east_admin.user)
    page = client.get(reverse("club:claims", args=["east"])).content.decode()
    assert "서부옛기록" in page
    assert "서부비밀" not in page
    client.post(reverse("club:claim_decide", args=["east", claim.pk]), {"action": "approve"})
    claim.refresh_from_db()
    assert claim.home_approved_at is not None
    assert claim.target_approved_at is None
