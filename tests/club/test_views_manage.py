"""The club admin's pages and the self-service pages, through the test client."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from club import services
from club.models import Invite, Member, Request
from tests.factories import MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def _client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


@pytest.mark.parametrize("name", ["club:members", "club:settings", "seasons:season_list", "seasons:ruleset_list",
                                  "seasons:season_new", "seasons:ruleset_new", "seasons:ruleset_compare"])
def test_management_pages_are_for_admins_only(name, club, club_admin, host):
    url = reverse(name, args=[club.slug])
    assert _client(club_admin.user).get(url).status_code == HTTPStatus.OK
    assert _client(host.user).get(url).status_code == HTTPStatus.FORBIDDEN
    assert _client().get(url).status_code == HTTPStatus.FOUND  # to the login page


def test_admin_adds_a_member_from_the_browser(club, club_admin):
    response = _client(club_admin.user).post(reverse("club:members", args=[club.slug]),
                                             {"display_name": "한서윤", "roles": ["host"]})
    assert Member.objects.filter(club=club, display_name="한서윤").exists()
    assert response.status_code == HTTPStatus.FOUND
    # issue 25.4: adding one stays on the list (the next name goes in right away)
    assert response["Location"] == reverse("club:members", args=[club.slug])


def test_a_taken_name_is_refused_in_korean_and_nothing_is_stored(club, club_admin):
    MemberFactory(club=club, display_name="한서윤")
    response = _client(club_admin.user).post(reverse("club:members", args=[club.slug]), {"display_name": "한서윤"})
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "이미" in response.content.decode()
    assert Member.objects.filter(club=club, display_name="한서윤").count() == 1


def test_admin_edits_roles_and_deactivates(club, club_admin, players):
    member = players[0]
    url = reverse("club:member_detail", args=[club.slug, member.pk])
    response = _client(club_admin.user).post(url, {"display_name": member.display_name, "roles": ["referee"]})
    assert response.status_code == HTTPStatus.FOUND
    member.refresh_from_db()
    assert not member.active
    assert list(member.roles.values_list("role", flat=True)) == ["referee"]


def test_invite_link_from_the_member_page_links_a_new_login(club, club_admin):
    member = MemberFactory(club=club, display_name="초대 회원")
    admin = _client(club_admin.user)
    admin.post(reverse("club:member_invite", args=[club.slug, member.pk]))
    invite = Invite.objects.get(member=member)
    page = admin.get(reverse("club:member_detail", args=[club.slug, member.pk])).content.decode()
    assert invite.code in page
    assert reverse("club:invite_redeem", args=[invite.code]) in page
    visitor = _client()
    response = visitor.post(reverse("club:invite_redeem", args=[invite.code]), {
        "signup-username": "newbie", "signup-password1": "Mahjong-2026!x", "signup-password2": "Mahjong-2026!x",
        "code": invite.code,
    })
    assert response.status_code == HTTPStatus.FOUND
    member.refresh_from_db()
    assert member.user.username == "newbie"
    assert visitor.get(reverse("club:me")).status_code == HTTPStatus.OK


def test_merge_page_merges_a_duplicate(club, club_admin):
    duplicate, original = MemberFactory(club=club), MemberFactory(club=club)
    response = _client(club_admin.user).post(reverse("club:member_merge", args=[club.slug, duplicate.pk]),
                                             {"target": original.pk, "reason": "중복"})
    assert response.status_code == HTTPStatus.FOUND
    duplicate.refresh_from_db()
    assert duplicate.merged_into == original


def test_a_visitor_signs_up_and_asks_to_join_then_the_admin_approves(club, club_admin):
    visitor = _client()
    response = visitor.post(reverse("club:join", args=[club.slug]), {
        "signup-username": "visitor", "signup-password1": "Mahjong-2026!x", "signup-password2": "Mahjong-2026!x",
        "display_name": "방문자", "message": "금요일에 갑니다",
    })
    assert response.status_code == HTTPStatus.FOUND
    request = Request.objects.get(club=club, kind=Request.Kind.JOIN)
    members_page = _client(club_admin.user).get(reverse("club:members", args=[club.slug])).content.decode()
    assert "방문자" in members_page
    assert "금요일에 갑니다" in members_page
    _client(club_admin.user).post(reverse("club:request_decide", args=[club.slug, request.pk]),
                                  {"decision": "approve", "display_name": "방문자"})
    assert Member.objects.get(club=club, display_name="방문자").user.username == "visitor"


def test_a_logged_in_visitor_asking_twice_makes_one_request(club):
    user = UserFactory()
    for _ in range(2):
        _client(user).post(reverse("club:join", args=[club.slug]), {"display_name": "두번"})
    assert Request.objects.filter(user=user).count() == 1


def test_my_page_shows_my_games_penalties_and_a_rename_request(club, club_admin, season, players, referee):
    from league.games import services as game_services
    from league.referee import services as referee_services

    game_services.game_start(season=season, members=players, by=referee.user)
    referee_services.penalty_give(member=players[0], type="season_deduction", reason="지각 벌점", by=referee.user,
                                 season=season, points=1)
    me = _client(players[0].user)
    page = me.get(reverse("club:me")).content.decode()
    assert players[1].display_name in page
    assert "지각 벌점" in page
    response = me.post(reverse("club:me"), {"display_name": "바뀐 이름"})
    assert response.status_code == HTTPStatus.FOUND
    assert "바뀐 이름" in me.get(reverse("club:me")).content.decode()
    players[0].refresh_from_db()
    assert players[0].display_name != "바뀐 이름"


def test_club_settings_page_turns_public_standings_on(club, club_admin):
    _client(club_admin.user).post(reverse("club:settings", args=[club.slug]),
                                  {"name": club.name, "public_standings": "on"})
    club.refresh_from_db()
    assert club.public_standings


def test_home_links_the_admin_to_management(club, club_admin, host):
    assert reverse("club:members", args=[club.slug]) in _client(club_admin.user).get("/").content.decode()
    assert reverse("club:members", args=[club.slug]) not in _client(host.user).get("/").content.decode()


def test_a_used_invite_code_says_so_in_korean(club, club_admin):
    invite = services.invite_create(member=MemberFactory(club=club), by=club_admin.user)
    services.invite_redeem(code=invite.code, user=UserFactory())
    response = _client(UserFactory()).post(reverse("club:invite"), {"code": invite.code})
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "이미 사용" in response.content.decode()


@pytest.mark.parametrize(
    ("source", "target", "expected"),
    [
        pytest.param("하늘이", "최하늘", "하늘이를 최하늘로 합쳤습니다.", id="ㄹ-final-takes-로"),
        pytest.param("민준이", "정민준", "민준이를 정민준으로 합쳤습니다.", id="consonant-final-takes-으로"),
        pytest.param("관리", "김관리", "관리를 김관리로 합쳤습니다.", id="vowel-takes-로"),
    ],
)
def test_the_merge_message_picks_the_particle_by_the_name(club, club_admin, source, target, expected):
    duplicate = MemberFactory(club=club, display_name=source)
    original = MemberFactory(club=club, display_name=target)
    client = _client(club_admin.user)
    response = client.post(reverse("club:member_merge", args=[club.slug, duplicate.pk]),
                           {"target": original.pk, "reason": "중복"}, follow=True)
    assert response.status_code == HTTPStatus.OK
    page = response.content.decode()
    assert expected in page
    assert "(으)로" not in page
    assert "을(를)" not in page
    detail = client.get(reverse("club:member_detail", args=[club.slug, duplicate.pk])).content.decode()
    into = expected.split(" ")[1]  # "최하늘로"
    assert f"이 회원은 {into} 합쳐졌습니다." in detail
    assert "(으)로" not in detail
