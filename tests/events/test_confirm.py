"""Issue 25 item 5: what cannot be undone lightly takes one confirming tap (a confirm page without JavaScript):
떠남 처리 at the desk, 기권 in a tournament, closing a season, closing a night with no table playing. Nothing is
written before the tap."""
from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.urls import reverse

from events.models import CheckIn, ClubNight
from events.nights import services as night_services
from events.tournaments.models import Entrant
from tests.events.test_tournaments import enter_all, make

pytestmark = pytest.mark.django_db


def _confirm(client, url, data):
    """The first tap: a page that asks, with the same fields and confirm=1; then the confirming tap."""
    first = client.post(url, data, HTTP_ACCEPT_LANGUAGE="ko")
    assert first.status_code == HTTPStatus.OK
    page = first.content.decode()
    assert 'data-testid="confirm"' in page
    assert 'name="confirm" value="1"' in page
    return page, lambda: client.post(url, {**data, "confirm": "1"})


def test_marking_a_player_as_left_asks_once(client, night, members, admin_user):
    night_services.check_in(night=night, member=members[0], by=admin_user)
    client.force_login(admin_user)
    url = reverse("events:desk_leave", args=[night.pk])
    page, tap = _confirm(client, url, {"member": members[0].pk})
    assert members[0].display_name in page
    assert "떠남 처리할까요" in page
    assert "(를)" not in page
    assert CheckIn.objects.get(night=night, member=members[0]).present  # nothing written yet
    assert tap().status_code == HTTPStatus.FOUND
    assert not CheckIn.objects.get(night=night, member=members[0]).present


def test_withdrawing_an_entrant_asks_once(client, club, ruleset, members, admin_user):
    tournament = make(club, ruleset, admin_user)
    entrant = enter_all(tournament, members[:1], admin_user)[0]
    client.force_login(admin_user)
    url = reverse("events:tournament_entrant", args=[entrant.pk])
    page, tap = _confirm(client, url, {"action": "withdraw"})
    assert "기권 처리할까요" in page
    assert Entrant.objects.get(pk=entrant.pk).status != Entrant.Status.WITHDRAWN
    assert tap().status_code == HTTPStatus.FOUND
    assert Entrant.objects.get(pk=entrant.pk).status == Entrant.Status.WITHDRAWN


def test_closing_a_season_asks_once(client, club, season, admin_user):
    client.force_login(admin_user)
    url = reverse("seasons:season_close", args=[club.slug, season.pk])
    page, tap = _confirm(client, url, {})
    assert re.search(r"마감할까요", page)
    season.refresh_from_db()
    assert season.closed_at is None
    assert tap().status_code == HTTPStatus.FOUND
    season.refresh_from_db()
    assert season.closed_at is not None


def test_closing_a_night_without_tables_playing_asks_once(client, club, season, admin_user):
    night = night_services.night_open(club=club, season=season, by=admin_user, title="금요일 모임")
    client.force_login(admin_user)
    url = reverse("events:night_close", args=[night.pk])
    page, tap = _confirm(client, url, {})
    assert "금요일 모임을 닫을까요" in page
    assert "(를)" not in page
    assert "네, 클럽 나이트 닫기" in page
    night.refresh_from_db()
    assert night.status == ClubNight.Status.OPEN  # nothing written yet
    assert tap().status_code == HTTPStatus.FOUND
    night.refresh_from_db()
    assert night.status == ClubNight.Status.CLOSED


def test_a_referee_is_not_asked_to_close_a_night_they_may_not_close(client, club, season, admin_user, referee_user):
    night = night_services.night_open(club=club, season=season, by=admin_user)
    client.force_login(referee_user)
    response = client.post(reverse("events:night_close", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.FORBIDDEN
    night.refresh_from_db()
    assert night.status == ClubNight.Status.OPEN
