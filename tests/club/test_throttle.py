"""Issue 22, item 10: invite-code guesses, sign-ups and join requests are rate limited, per client
address and per user, with a Korean message (429); what is allowed still works."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Member, Request
from club.web import throttle
from tests.factories import ClubFactory, MemberFactory, UserFactory

pytestmark = pytest.mark.django_db

TOO_MANY = "너무 많습니다"


def _signup(i: int) -> dict[str, str]:
    return {"signup-username": f"visitor{i}", "signup-password1": "Mahjong-2026!x",
            "signup-password2": "Mahjong-2026!x"}


def test_item10_invite_code_guesses_from_one_address_are_limited(club):
    guesser = Client(REMOTE_ADDR="203.0.113.7")
    guesser.force_login(UserFactory())
    answers = [guesser.post(reverse("club:invite"), {"code": f"WRONG{i:04d}"}, HTTP_ACCEPT_LANGUAGE="ko")
               for i in range(throttle.INVITE_GUESSES.count + 2)]
    statuses = [a.status_code for a in answers]
    limit = throttle.INVITE_GUESSES.count
    assert statuses[:limit] == [HTTPStatus.UNPROCESSABLE_ENTITY] * limit
    assert statuses[limit:] == [HTTPStatus.TOO_MANY_REQUESTS] * 2
    assert TOO_MANY in answers[-1].content.decode()


def test_item10_a_blocked_guesser_is_refused_even_with_the_right_code(club, club_admin):
    from club import services

    member = MemberFactory(club=club)
    invite = services.invite_create(member=member, by=club_admin.user)
    guesser = Client(REMOTE_ADDR="203.0.113.8")
    guesser.force_login(UserFactory())
    for i in range(throttle.INVITE_GUESSES.count):
        guesser.post(reverse("club:invite"), {"code": f"WRONG{i:04d}"})
    r = guesser.post(reverse("club:invite"), {"code": invite.code})
    assert r.status_code == HTTPStatus.TOO_MANY_REQUESTS
    member.refresh_from_db()
    assert member.user_id is None


def test_item10_invite_guesses_per_user_count_across_addresses(club):
    user = UserFactory()
    for i in range(throttle.INVITE_GUESSES.count):
        c = Client(REMOTE_ADDR=f"198.51.100.{i + 1}")  # a new address for each guess
        c.force_login(user)
        c.post(reverse("club:invite"), {"code": f"WRONG{i:04d}"})
    c = Client(REMOTE_ADDR="198.51.100.200")
    c.force_login(user)
    assert c.post(reverse("club:invite"), {"code": "WRONG9999"}).status_code == HTTPStatus.TOO_MANY_REQUESTS


def test_item10_another_address_is_not_blocked_by_a_guesser(club):
    guesser = Client(REMOTE_ADDR="203.0.113.9")
    guesser.force_login(UserFactory())
    for i in range(throttle.INVITE_GUESSES.count + 1):
        guesser.post(reverse("club:invite"), {"code": f"WRONG{i:04d}"})
    other = Client(REMOTE_ADDR="203.0.113.10")
    other.force_login(UserFactory())
    assert other.post(reverse("club:invite"), {"code": "WRONG"}).status_code == HTTPStatus.UNPROCESSABLE_ENTITY


def test_item10_sign_ups_and_join_requests_from_one_address_are_limited():
    limit = throttle.SIGNUPS.count
    clubs = [ClubFactory() for _ in range(limit + 1)]
    statuses = []
    for i, club in enumerate(clubs):
        c = Client(REMOTE_ADDR="203.0.113.20")  # a new browser each time, one address
        statuses.append(c.post(reverse("club:join", args=[club.slug]),
                               {**_signup(i), "display_name": f"방문자{i}"}).status_code)
    assert statuses[:limit] == [HTTPStatus.FOUND] * limit
    assert statuses[limit] == HTTPStatus.TOO_MANY_REQUESTS
    assert Request.objects.filter(kind=Request.Kind.JOIN).count() == limit


def test_item10_join_requests_of_one_user_are_limited():
    limit = throttle.JOIN_REQUESTS_PER_USER.count
    user = UserFactory()
    statuses = []
    for i in range(limit + 1):
        c = Client(REMOTE_ADDR=f"192.0.2.{i + 1}")
        c.force_login(user)
        statuses.append(c.post(reverse("club:join", args=[ClubFactory().slug]),
                               {"display_name": f"나{i}"}, HTTP_ACCEPT_LANGUAGE="ko").status_code)
    assert statuses[:limit] == [HTTPStatus.FOUND] * limit
    assert statuses[limit] == HTTPStatus.TOO_MANY_REQUESTS
    assert not Member.objects.filter(user=user).exists()


def test_item10_a_cache_that_is_down_does_not_block_anyone(club, monkeypatch):
    from django.core.cache import cache

    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(cache, "get_many", down)
    monkeypatch.setattr(cache, "add", down)
    monkeypatch.setattr(cache, "incr", down)
    c = Client(REMOTE_ADDR="203.0.113.30")
    c.force_login(UserFactory())
    assert c.post(reverse("club:invite"), {"code": "WRONG"}).status_code == HTTPStatus.UNPROCESSABLE_ENTITY
