"""The invite screen (issue 25.6): the code, the link as selectable text with a copy button beside it,
and a QR code of the link for the member's phone camera."""
from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from club import services
from club.qr import qr_svg
from tests.factories import MemberFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def invite_page(club, club_admin):
    member = MemberFactory(club=club, display_name="신입 회원")
    invite = services.invite_create(member=member, by=club_admin.user)
    client = Client()
    client.force_login(club_admin.user)
    response = client.get(reverse("club:member_detail", args=[club.slug, member.pk]))
    assert response.status_code == HTTPStatus.OK
    url = "http://testserver" + reverse("club:invite_redeem", args=[invite.code])
    return response.content.decode(), url


def _block(text: str, testid: str) -> str:
    start = text.index(f'data-testid="{testid}"')
    start = text.rindex("<", 0, start)
    tag = re.match(r"<(\w+)", text[start:]).group(1)
    return text[start:text.index(f"</{tag}>", start)]


def test_the_invite_screen_shows_a_qr_code_of_the_link(invite_page):
    text, url = invite_page
    qr = _block(text, "invite-qr")
    assert "<svg" in qr
    assert 'role="img"' in qr
    assert qr_svg(url).split(">", 1)[1] in qr  # the link itself, drawn as the board's check-in QR is


def test_the_link_is_selectable_text_with_a_copy_button_beside_it(invite_page):
    text, url = invite_page
    link = _block(text, "invite-link")
    assert url in link
    assert "<input" not in link  # text to select by hand where there is no script
    row = _block(text, "invite-share")
    button = re.search(r"<button[^>]*data-copy=\"#([\w-]+)\"[^>]*>", row)
    assert button, "a copy button beside the link"
    assert f'id="{button.group(1)}"' in link
    assert 'type="button"' in button.group(0)  # never submits a form


def test_qr_svg_is_sized_by_the_page():
    svg = qr_svg("https://example.org/invite/ABCDEFGH/")
    head = svg.split(">", 1)[0]
    assert "width=" not in head
    assert "height=" not in head
    assert "viewBox" in head
