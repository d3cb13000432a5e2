"""Adding members in bulk (issue 25.4): paste a list (one name a line, optional roles), preview, add all.

Adding one member stays on the members list; every add carries the form's once-token, so a double
tap or a resubmitted page adds nobody twice."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from club.bulk import parse_member_lines
from club.models import ClubRole, Member
from tests.factories import MemberFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("text", "expected"), [
    ("김민준", [("김민준", (), "")]),
    ("  김민준  \n\n이서연\n", [("김민준", (), ""), ("이서연", (), "")]),
    ("이서연, 심판", [("이서연", ("referee",), "")]),
    ("박지훈\t탁 진행자", [("박지훈", ("host",), "")]),
    ("최유나 / 관리자, 진행자", [("최유나", ("admin", "host"), "")]),
    ("Kim, referee · host", [("Kim", ("host", "referee"), "")]),
    ("王伟，裁判、桌长", [("王伟", ("host", "referee"), "")]),
    ("陳怡君, 俱樂部管理員", [("陳怡君", ("admin",), "")]),
    ("정하늘, 사장님", [("정하늘", (), "모르는 역할: 사장님")]),
    ("김민준\n김민준", [("김민준", (), ""), ("김민준", (), "목록에 두 번 있습니다")]),
    ("가" * 61, [("가" * 61, (), "이름은 60자까지입니다")]),
], ids=["one name a line", "blank lines and spaces ignored", "a role after a comma", "a role after a tab",
        "two roles after a slash", "English role words",
        "Chinese role words after a full-width comma", "Traditional Chinese role words",
        "an unknown role is an error on its line",
        "the same name twice in the paste", "a name too long"])
def test_parse_member_lines(text, expected):
    from django.utils import translation

    with translation.override("ko"):
        got = [(line.name, line.roles, line.error) for line in parse_member_lines(text)]
    assert [(n, r) for n, r, _ in got] == [(n, r) for n, r, _ in expected]
    for (_n, _r, error), (_n2, _r2, want) in zip(got, expected, strict=True):
        assert (want in error) if want else error == ""


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _token(page: str) -> str:
    marker = 'name="entry_token" value="'
    start = page.index(marker, page.index('data-testid="bulk-add"')) + len(marker)
    return page[start:page.index('"', start)]


PASTE = "김민준\n이서연, 심판\n박지훈\t탁 진행자\n"


def test_preview_then_add_all(club, club_admin):
    c = _client(club_admin.user)
    url = reverse("club:members_bulk", args=[club.slug])
    preview = c.post(url, {"action": "preview", "lines": PASTE, "entry_token": "bulk.x1"})
    text = preview.content.decode()
    assert preview.status_code == HTTPStatus.OK
    assert not Member.objects.filter(club=club, display_name="김민준").exists()  # a preview writes nothing
    rows = text[text.index('data-testid="bulk-preview"'):]
    assert all(name in rows for name in ("김민준", "이서연", "박지훈"))
    assert "심판" in rows
    assert "탁 진행자" in rows
    added = c.post(url, {"action": "add", "lines": PASTE, "entry_token": _token(text)})
    assert added.status_code == HTTPStatus.FOUND
    assert added["Location"] == reverse("club:members", args=[club.slug])
    names = set(Member.objects.filter(club=club).values_list("display_name", flat=True))
    assert names >= {"김민준", "이서연", "박지훈"}
    assert ClubRole.objects.filter(member__display_name="이서연", role="referee").exists()
    assert ClubRole.objects.filter(member__display_name="박지훈", role="host").exists()
    page = c.get(added["Location"]).content.decode()
    assert "3명을 추가했습니다" in page


def test_the_same_paste_sent_twice_adds_nobody_twice(club, club_admin):
    c = _client(club_admin.user)
    url = reverse("club:members_bulk", args=[club.slug])
    c.post(url, {"action": "add", "lines": PASTE, "entry_token": "bulk.same"})
    again = c.post(url, {"action": "add", "lines": PASTE, "entry_token": "bulk.same"}, follow=True)
    assert Member.objects.filter(club=club, display_name="김민준").count() == 1
    assert "이미 추가" in again.content.decode()


def test_a_bad_line_adds_nobody_and_says_which(club, club_admin):
    MemberFactory(club=club, display_name="이서연")
    c = _client(club_admin.user)
    url = reverse("club:members_bulk", args=[club.slug])
    response = c.post(url, {"action": "add", "lines": PASTE, "entry_token": "bulk.bad"})
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    text = response.content.decode()
    assert "이서연" in text
    assert "이미" in text
    assert not Member.objects.filter(club=club, display_name="김민준").exists()  # all or nothing
    assert 'value="add"' not in text  # no "add all" until the list is right


def test_bulk_add_is_for_admins_only(club, host):
    response = _client(host.user).post(reverse("club:members_bulk", args=[club.slug]),
                                       {"action": "add", "lines": "김민준", "entry_token": "bulk.h"})
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert not Member.objects.filter(club=club, display_name="김민준").exists()


def test_adding_one_member_stays_on_the_list_and_once(club, club_admin):
    c = _client(club_admin.user)
    url = reverse("club:members", args=[club.slug])
    page = c.get(url).content.decode()
    assert 'name="entry_token"' in page[page.index('data-testid="add-one"'):]
    first = c.post(url, {"display_name": "한서윤", "roles": ["host"], "entry_token": "member.one"})
    assert first.status_code == HTTPStatus.FOUND
    assert first["Location"] == url
    again = c.post(url, {"display_name": "한서윤", "roles": ["host"], "entry_token": "member.one"}, follow=True)
    assert Member.objects.filter(club=club, display_name="한서윤").count() == 1
    assert "이미 추가" in again.content.decode()
