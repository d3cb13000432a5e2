"""The venue's error pages (issue 42 item 7): ``make run``'s settings run with DEBUG off; a missing page is the
site's Korean 404 with a way back; a GET of a button's address (close night, end, reopen, undo, check-in-all) shows
the page the button is on; another method a POST-only address refuses is a Korean 405 page, not an empty one."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def test_make_run_settings_have_debug_off_and_serve_static():
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_DEBUG", "LEAGUE_VENUE")}
    code = "import config.settings.local as s; print(s.DEBUG, s.LEAGUE_SERVE_STATIC)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "True"]


def test_a_missing_page_is_korean_with_a_way_home():
    response = Client().get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == 404
    page = response.content.decode()
    assert "페이지를 찾을 수 없습니다" in page
    assert 'href="/"' in page


@pytest.fixture
def staff(club, season):
    from tests.factories import ClubRoleFactory, MemberFactory, UserFactory

    member = MemberFactory(club=club, user=UserFactory(), display_name="관리자")
    ClubRoleFactory(club=club, member=member, role="admin")
    client = Client()
    client.force_login(member.user)
    return member.user, client


def test_a_get_of_a_buttons_address_shows_its_page(club, season, game, staff):
    from events.nights import services as nights
    from events.tournaments import services as tournaments

    user, client = staff
    night = nights.night_open(club=club, season=season, by=user)
    cup = tournaments.tournament_create(club=club, ruleset=season.ruleset, name="주키배", rounds=2, by=user)
    cases = {
        reverse("events:night_close", args=[night.pk]): reverse("events:night_detail", args=[night.pk]),
        reverse("events:desk_check_in_all", args=[night.pk]): reverse("events:night_detail", args=[night.pk]),
        reverse("events:tournament_check_in_all", args=[cup.pk]): reverse("events:tournament_detail", args=[cup.pk]),
        reverse("league:game_end_time", args=[game.pk]): reverse("league:game_table", args=[game.pk]),
        reverse("league:hand_undo", args=[game.pk]): reverse("league:game_table", args=[game.pk]),
        reverse("league:game_reopen", args=[game.pk]): reverse("league:game_detail", args=[game.pk]),
    }
    for button, page in cases.items():
        response = client.get(button, follow=True)
        assert response.redirect_chain, button
        assert response.redirect_chain[-1][0] == page, button
        assert response.status_code == 200, button


def test_another_method_refused_is_a_korean_page(game, staff):
    _user, client = staff
    response = client.put(reverse("league:hand_undo", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == 405
    page = response.content.decode()
    assert "버튼" in page
    assert reverse("league:game_table", args=[game.pk]) in page
