"""Issue 25 item 1: the ruleset page in Korean — every option with its Korean label and one-line
explanation, grouped as a rulebook is, choices in Korean, no code names or English help; presets named
in Korean with their dates, and the one the club's season uses marked."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from scoring.rule_docs import option_docs, option_texts
from scoring.rules import OptionGroup

pytestmark = pytest.mark.django_db


class _Visible(HTMLParser):
    """The text a reader sees (no tags, attributes, scripts or styles)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.parts.append(data.strip())


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return "\n".join(parser.parts)


@pytest.fixture
def admin(club_admin) -> Client:
    c = Client()
    c.force_login(club_admin.user)
    return c


def _page(admin, club, source="preset:juki-agit-2026"):
    response = admin.get(reverse("seasons:ruleset_new", args=[club.slug]), {"from": source},
                         HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    return response


OPTIONS = [n for n in option_texts("ko") if n not in ("key", "name", "version")]


def test_every_option_shows_its_korean_label_and_explanation_in_its_rulebook_part(admin, club):
    response = _page(admin, club)
    text = visible_text(response.content.decode())
    for name in OPTIONS:
        label, help_text = option_texts("ko")[name].label, option_texts("ko")[name].help
        assert label in text, name
        assert help_text in text, name
    # the parts in a rulebook's order, each with its own options
    groups = [title for title, _ in response.context["form"].option_groups()]
    assert groups == [g.value for g in OptionGroup if g is not OptionGroup.IDENTITY]
    positions = [text.index(g) for g in groups]
    assert positions == sorted(positions)
    assert "규정집에 없는 해석 — 클럽이 정함" in text


def test_no_code_names_or_english_help_on_the_korean_page(admin, club):
    text = visible_text(_page(admin, club).content.decode())
    for name in OPTIONS:
        assert re.search(rf"\b{name}\b", text) is None, f"code name {name} shown"
        assert option_docs()[name] not in text, f"English help of {name} shown"
    for raw in ("seat_order", "gosha_rokunyu", "seat_order/split", "head_bump", "halves_rounded_up", "daisangen"):
        assert raw not in text


def test_choices_are_in_korean(admin, club):
    html = _page(admin, club).content.decode()
    assert re.search(r'<option value="seat_order" selected>기가\(동1국 친\)에 가까운 자리가 위</option>', html)
    assert '<option value="liable">책임자가 전부(텐호)</option>' in html
    assert "오사육입(500 버림, 600 올림)" in html  # rounding choices
    assert "팔연장" in visible_text(html)  # local yakuman by their Korean names


def test_presets_are_named_in_korean_with_their_dates_and_the_seasons_marked(admin, club, season, ruleset):
    ruleset.name = "우리 클럽 룰"  # the club's own name for its version (whatever the factory called it)
    ruleset.save(update_fields=["name"])
    response = admin.get(reverse("seasons:ruleset_list", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    text = visible_text(response.content.decode())
    assert "주키 아지트 2026 (2026.01.23~)" in text
    assert "주키 아지트 2026 3인 (2026.01.23~)" in text
    assert "juki-agit-2026" not in text
    marked = f"주키 아지트 2026 (2026.01.23~) — 사용 중인 시즌: {season.name}"
    assert marked in text  # the preset the season uses, first in the list and marked
    assert text.count("사용 중인 시즌") == 2  # the preset and the club's stored ruleset


def test_the_ruleset_page_of_the_seasons_preset_is_marked(admin, club, season):
    assert f"사용 중인 시즌: {season.name}" in visible_text(_page(admin, club).content.decode())
    assert "사용 중인 시즌" not in visible_text(_page(admin, club, "preset:asi-shirai").content.decode())


def test_a_closed_season_does_not_mark_its_ruleset(admin, club, season, club_admin):
    from league.seasons.services import season_close

    season_close(season=season, by=club_admin.user)
    assert "사용 중인 시즌" not in visible_text(_page(admin, club).content.decode())
