"""Issue 25 items 2, 3 and 7 in a real browser, on a phone (390 px) and on the desk: a club admin changes a
played season's ruleset on its settings page (Korean options, a what-if preview, one confirming tap), the
season form's rating parameters are Korean fields, and a past hand's pages name it "동 1국".

The screenshots (``E2E_SHOTS``) are the ones docs/rulesets.md and docs/whatif.md show (docs/img/)."""
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
DESK = {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1, "is_mobile": False,
        "has_touch": False}
PHONE_SMALL = {"device_scale_factor": 1}  # the phone's width, at 1x: small files for the docs


def test_admin_changes_a_played_seasons_ruleset_on_a_phone(base_url, new_context, season_played, shots):
    from league.models import Game, Ruleset, Season

    season, _players = season_played
    old = season.ruleset
    page = new_context(**PHONE_SMALL).new_page()
    log_in(page, base_url, "boss", f"/c/{season.club.slug}/seasons/")
    page.screenshot(path=f"{shots}/seasons-list-phone.png")  # each season's "설정" beside its close button
    new_document(page, lambda: page.click(f"[data-testid=season-edit-link][href$='/seasons/{season.pk}/edit/']"))
    expect(page.locator("h1")).to_contain_text("시즌 설정")
    expect(page.locator("[data-testid=ruleset-new-version]")).to_be_visible()
    expect(page.locator("textarea")).to_have_count(0)
    page.screenshot(path=f"{shots}/season-settings-phone.png", full_page=True)

    page.locator("details:has(input[name='rule-tobi']) > summary").click()
    page.uncheck("input[name='rule-tobi']")
    new_document(page, lambda: page.click("[data-testid=season-edit] > button[type=submit]"))
    preview = page.locator("[data-testid=ruleset-change-preview]")
    expect(preview).to_be_visible()
    expect(preview).to_contain_text("토비")
    expect(preview.locator("[data-testid=whatif-table]")).to_be_visible()
    assert Season.objects.get(pk=season.pk).ruleset_id == old.pk  # nothing changed before the confirming tap
    preview.screenshot(path=f"{shots}/season-ruleset-preview-phone.png")

    new_document(page, lambda: page.click("[data-testid=confirm-new-version]"))
    expect(page.locator("[data-testid=season-list]")).to_be_visible()
    changed = Season.objects.get(pk=season.pk)
    assert changed.ruleset_id != old.pk
    assert changed.ruleset.overrides == {"tobi": False}
    assert set(Game.objects.filter(season=season).values_list("ruleset_id", flat=True)) == {old.pk}
    assert Ruleset.objects.filter(club=season.club, key=old.key).count() == 2


def test_organiser_screens_on_the_desk(base_url, new_context, season_played, shots):
    from league.models import Game

    season, _players = season_played
    page = new_context(**DESK).new_page()
    log_in(page, base_url, "boss", f"/c/{season.club.slug}/seasons/{season.pk}/edit/")
    page.locator("select[name=rating_method]").select_option("p_rating")
    expect(page.locator("fieldset[data-rating-params=p_rating]")).to_be_visible()
    expect(page.locator("fieldset[data-rating-params=tenhou_r]")).to_be_hidden()
    expect(page.locator("fieldset[data-rating-params=p_rating]")).to_contain_text("변동 폭 분모 F")
    page.screenshot(path=f"{shots}/season-settings-desktop.png", full_page=True)

    page.goto(f"{base_url}/seasons/{season.pk}/whatif/")
    page.locator("details:has(input[name='rule-tobi']) > summary").click()
    page.screenshot(path=f"{shots}/whatif-lab-desktop.png", full_page=True)

    game = Game.objects.get(season=season, table_label="G1")
    page.goto(f"{base_url}/games/{game.pk}/hands/0/edit/")
    expect(page.locator("h1")).to_have_text("동 1국 수정")
    page.screenshot(path=f"{shots}/hand-edit-desktop.png")


def test_hand_pages_on_a_phone(base_url, new_context, season_played, shots):
    from league.models import Game

    season, _players = season_played
    game = Game.objects.get(season=season, table_label="G2")
    page = new_context(**PHONE_SMALL).new_page()
    log_in(page, base_url, "boss", f"/games/{game.pk}/hands/4/delete/")
    expect(page.locator("h1")).to_have_text("남 1국 3본장 삭제")
    page.screenshot(path=f"{shots}/hand-delete-phone.png")
    page.goto(f"{base_url}/seasons/{season.pk}/whatif/")
    page.screenshot(path=f"{shots}/whatif-lab-phone.png", full_page=True)
