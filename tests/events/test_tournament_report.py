"""The tournament report (issue 26 item 5): one printable page, Korean first, with the final
standings, each round's tables, the season's awards and the penalties, from the same reads as the
results page."""
from __future__ import annotations

import html
import re
from http import HTTPStatus

import pytest
from django.urls import reverse

from tests.events.test_tournament_views import _play_a_round
from tests.factories import TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(club, ruleset):
    # Results public (결과 공개): the report is read as the results page is.
    return TournamentFactory(club=club, ruleset=ruleset, rounds=2, public_results=True)


def _report(client, tournament) -> str:
    response = client.get(reverse("events:tournament_report", args=[tournament.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    return html.unescape(response.content.decode())


def test_the_report_has_standings_rounds_awards_and_penalties(client, tournament, members, admin_user):
    _play_a_round(tournament, members, admin_user, "손님")
    client.force_login(admin_user)
    client.post(reverse("events:tournament_penalty", args=[tournament.pk]),
                {"member": members[0].pk, "points": "10", "reason": "지각"})
    client.logout()
    text = _report(client, tournament)  # public, like the results page
    assert "대회 보고서" in text and "최종 순위" in text
    assert 'data-testid="standing-4"' in text and 'data-testid="round-1"' in text
    awards = re.search(r'data-testid="report-awards".*?</section>', text, re.S).group(0)
    assert "최다 1위" in awards  # the table's winner has the most 1st places
    penalties = re.search(r'data-testid="report-penalties".*?</section>', text, re.S).group(0)
    assert members[0].display_name in penalties and "지각" in penalties and "−10" in penalties


def test_the_results_page_links_the_report(client, tournament):
    page = client.get(reverse("events:tournament_results", args=[tournament.pk]))
    assert reverse("events:tournament_report", args=[tournament.pk]).encode() in page.content


def test_an_empty_tournament_has_a_report_too(client, tournament):
    text = _report(client, tournament)
    assert "아직 어워드가 없습니다" in text and "벌칙이 없습니다" in text
