"""The what-if lab in a real browser: a club admin compares the season under Juki's rules without
tobi (a tobi game is then unfinished and drops out) and sees the ranks move, on a phone."""
from __future__ import annotations

import shutil

import pytest

from tests.e2e.waits import left_login, new_document

CHROMIUM = "/usr/bin/chromium"
playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]


def log_in(page, base_url: str, username: str, next_url: str) -> None:
    """Through the login form (factory users' password), landing on ``next_url``."""
    page.goto(f"{base_url}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "pass1234")
    page.click("form[action$='/login/'] button[type=submit]")
    left_login(page)


def test_admin_compares_two_rulesets_on_a_phone(base_url, page, season_played, shots):
    season, players = season_played
    log_in(page, base_url, "boss", f"/seasons/{season.pk}/whatif/")
    # another ruleset shows its own options (the select submits itself)
    new_document(page, lambda: page.select_option("select[name=ruleset]", "preset:juki-agit-2026"))
    expect(page.locator("input[name=shown]")).to_have_value("preset:juki-agit-2026")
    page.locator("details:has(input[name='rule-tobi']) > summary").click()
    page.uncheck("input[name='rule-tobi']")
    expect(page.locator("textarea")).to_have_count(0)  # no JSON anywhere (issue 25 item 3)
    page.screenshot(path=f"{shots}/whatif-form-phone.png", full_page=True)
    new_document(page, lambda: page.click("[data-testid=whatif-form] button.primary[type=submit]"))
    table = page.locator("[data-testid=whatif-table]")
    expect(table).to_be_visible()
    expect(page.locator(f"[data-testid=whatif-row-{players[2].pk}] [data-testid=whatif-change]")).to_have_text("▲2")
    expect(page.locator(f"[data-testid=whatif-row-{players[1].pk}] [data-testid=whatif-change]")).to_have_text("▼2")
    expect(page.locator("[data-testid=whatif-invalid]")).to_contain_text("G1")
    expect(page.locator("[data-testid=whatif-invalid]")).to_contain_text("끝나지 않습니다")
    page.screenshot(path=f"{shots}/whatif-phone.png", full_page=True)


def test_an_invalid_ruleset_is_refused_in_the_browser(base_url, page, season_played):
    season, _players = season_played
    log_in(page, base_url, "boss", f"/seasons/{season.pk}/whatif/")
    page.locator("details:has(input[name='rule-uma']) > summary").click()
    page.fill("input[name='rule-uma']", "많이")
    new_document(page, lambda: page.click("[data-testid=whatif-form] button.primary[type=submit]"))
    expect(page.locator("[data-testid=whatif-refused]")).to_be_visible()
    expect(page.locator("input[name='rule-uma']")).to_have_value("많이")  # nothing typed is lost
