"""Issue 29, item 2: the members admin page is a page of members at a time, searchable by name or login."""
from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.urls import reverse

from club.web.views import manage
from tests.factories import MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def _names(response) -> list[str]:
    table = response.content.decode().split('data-testid="member-list"')[1].split("</table>")[0]
    return re.findall(r'/manage/members/\d+/">([^<]+)</a>', table)


@pytest.fixture
def admin_client(client, club_admin):
    client.force_login(club_admin.user)
    return client


def test_a_page_of_members_active_first_by_name(admin_client, club, club_admin, monkeypatch):
    monkeypatch.setattr(manage, "MEMBERS_PER_PAGE", 2)
    for name in ("나현", "가은", "다솜"):
        MemberFactory(club=club, display_name=name)
    MemberFactory(club=club, display_name="가가", active=False)
    url = reverse("club:members", args=[club.slug])
    pages = [admin_client.get(url, {"page": n}, HTTP_ACCEPT_LANGUAGE="en") for n in (1, 2, 3)]
    active = sorted(["나현", "가은", "다솜", club_admin.display_name])
    assert [_names(p) for p in pages] == [active[:2], active[2:], ["가가"]]
    assert "Page 1 of 3 (5 members)" in pages[0].content.decode()


@pytest.mark.parametrize(("q", "expected"), [
    pytest.param("은별", ["가은별"], id="part-of-a-display-name"),
    pytest.param("login7", ["나현"], id="part-of-a-login"),
    pytest.param("없음", [], id="nobody"),
])
def test_search_by_name_or_login(admin_client, club, q, expected):
    MemberFactory(club=club, display_name="가은별")
    MemberFactory(club=club, display_name="나현", user=UserFactory(username="login77"))
    response = admin_client.get(reverse("club:members", args=[club.slug]), {"q": q})
    assert response.status_code == HTTPStatus.OK
    assert _names(response) == expected
