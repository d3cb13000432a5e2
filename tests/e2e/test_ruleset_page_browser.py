"""Issue 25 item 1 in a real browser: the club admin opens the ruleset page on a phone (390×844) and
reads it in Korean — grouped like a rulebook, the season's preset marked, nothing wider than the
screen. Screenshots go to ``E2E_SHOTS`` (to look at)."""
from __future__ import annotations

import shutil

import pytest

from tests.e2e.test_whatif_browser import log_in
from tests.e2e.waits import new_document

CHROMIUM = "/usr/bin/chromium"
playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]


@pytest.fixture
def club_with_season(transactional_db):
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory()
    admin = MemberFactory(club=club, display_name="관리자", user=UserFactory(username="boss"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    ruleset = RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026", name="우리 클럽 룰")
    season = SeasonFactory(club=club, ruleset=ruleset, name="2026 봄 시즌")
    return club, season


def test_ruleset_page_in_korean_on_a_phone(base_url, page, club_with_season, shots):
    club, season = club_with_season
    log_in(page, base_url, "boss", f"/c/{club.slug}/rulesets/")
    # the list: presets in Korean with their dates, the season's marked
    chosen = page.locator("#from-preset option").first
    expect(chosen).to_have_text(f"주키 아지트 2026 (2026.01.23~) — 사용 중인 시즌: {season.name}")
    expect(page.get_by_test_id("ruleset-season")).to_contain_text("사용 중인 시즌: 2026 봄 시즌")
    page.screenshot(path=f"{shots}/ruleset-list-390.png", full_page=True)

    new_document(page, lambda: page.click("form[action$='/rulesets/new/'] button[type=submit]"))
    expect(page.get_by_test_id("season-ruleset")).to_have_text("사용 중인 시즌: 2026 봄 시즌")
    groups = page.locator("fieldset.option-group legend")
    expect(groups).to_have_count(8)
    expect(groups.first).to_have_text("점수·우마")
    expect(groups.last).to_have_text("규정집에 없는 해석 — 클럽이 정함")
    expect(page.get_by_label("동점 순위")).to_have_value("seat_order")
    expect(page.locator("select[name=tie_rule] option:checked")).to_have_text("기가(동1국 친)에 가까운 자리가 위")
    expect(page.get_by_label("책임지불 론의 본장")).to_be_visible()
    # nothing is wider than the phone
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide"
    page.screenshot(path=f"{shots}/ruleset-page-top-390.png")
    page.screenshot(path=f"{shots}/ruleset-page-390.png", full_page=True)
    page.get_by_text("규정집에 없는 해석 — 클럽이 정함").scroll_into_view_if_needed()
    page.screenshot(path=f"{shots}/ruleset-page-readings-390.png")
