"""The tournament report (issue 26 item 5): one printable page, Korean first, with the final
standings, each round's tables, the season's awards and the penalties, from the same reads as the
results page."""
from __future__ import annotations

import html
import io
import re
from http import HTTPStatus

import pytest
from django.urls import reverse
from django.utils import translation

from events.tournaments import report_files
from tests.events.test_tournament_views import _play_a_round
from tests.factories import TournamentFactory, UserFactory

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
    assert "대회 보고서" in text
    assert "최종 순위" in text
    assert 'data-testid="standing-4"' in text
    assert 'data-testid="round-1"' in text
    awards = re.search(r'data-testid="report-awards".*?</section>', text, re.S).group(0)
    assert "최다 1위" in awards  # the table's winner has the most 1st places
    penalties = re.search(r'data-testid="report-penalties".*?</section>', text, re.S).group(0)
    assert members[0].display_name in penalties
    assert "지각" in penalties
    assert "−10" in penalties


def test_the_results_page_links_the_report(client, tournament):
    page = client.get(reverse("events:tournament_results", args=[tournament.pk]))
    assert reverse("events:tournament_report", args=[tournament.pk]).encode() in page.content


def test_an_empty_tournament_has_a_report_too(client, tournament):
    text = _report(client, tournament)
    assert "아직 어워드가 없습니다" in text
    assert "벌칙이 없습니다" in text


# The report as files for sharing: a PDF and a chat-sized PNG, drawn from the page's own context.

def _file(client, tournament, kind: str):
    response = client.get(reverse(f"events:tournament_report_{kind}", args=[tournament.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    return response


def test_the_pdf_holds_the_standings_rounds_awards_and_penalties_in_korean(client, tournament, members, admin_user):
    from pypdf import PdfReader

    _play_a_round(tournament, members, admin_user, "손님")
    client.force_login(admin_user)
    client.post(reverse("events:tournament_penalty", args=[tournament.pk]),
                {"member": members[0].pk, "points": "10", "reason": "지각"})
    client.logout()
    response = _file(client, tournament, "pdf")
    assert response["Content-Type"] == "application/pdf"
    assert "inline" in response["Content-Disposition"]
    assert ".pdf" in response["Content-Disposition"]
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    text = re.sub(r"\s+", " ", text)
    for words in ("대회 보고서", "최종 순위", "1라운드", "최다 1위", "지각", "-10", tournament.name):
        assert words in text, words
    for name in [m.display_name for m in members[:3]] + ["손님"]:  # the round's table: three members and a guest
        assert name in text


def test_the_png_is_one_chat_wide_image_that_grows_with_the_report(client, tournament, members, admin_user):
    from PIL import Image

    empty = Image.open(io.BytesIO(_file(client, tournament, "png").content))
    _play_a_round(tournament, members, admin_user, "손님")
    played = Image.open(io.BytesIO(_file(client, tournament, "png").content))
    assert empty.format == played.format == "PNG"
    assert empty.width == played.width == report_files.PNG_WIDTH
    assert played.height > empty.height  # the round's table and the standings' rows were drawn


def test_the_sheet_says_what_the_page_says(tournament, members, admin_user):
    from events.web.tournaments.report import report_context

    _play_a_round(tournament, members, admin_user, "손님")
    with translation.override("ko"):
        ctx = report_context(tournament)
        sheet = report_files.report_sheet(ctx)
    standings_block = sheet.blocks[0]
    assert standings_block.heading == "최종 순위"
    assert [row[1] for row in standings_block.rows] == [r["name"] for r in ctx["rows"]]
    assert [row[-2] for row in standings_block.rows] == [str(r["points"]) for r in ctx["rows"]]
    round_block = next(b for b in sheet.blocks if b.heading == "1라운드")
    assert len(round_block.rows) == len(ctx["rounds"][0].tables.all())


@pytest.mark.parametrize("kind", ["pdf", "png"])
def test_a_private_tournaments_files_are_for_its_members_only(client, club, ruleset, kind):
    private = TournamentFactory(club=club, ruleset=ruleset, rounds=2, public_results=False)
    response = client.get(reverse(f"events:tournament_report_{kind}", args=[private.pk]))
    assert response.status_code == HTTPStatus.FOUND
    assert "/login" in response["Location"]
    outsider = UserFactory()
    client.force_login(outsider)
    response = client.get(reverse(f"events:tournament_report_{kind}", args=[private.pk]))
    assert response.status_code == HTTPStatus.NOT_FOUND  # another club's: as a missing id (issue 35, item 4)
