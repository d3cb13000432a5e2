"""Issue 9, "At the table" on a 390×844 phone (items 15, 16 and 20), in a real browser.

Each check is a Playwright ``expect`` or a measured box of the page as the phone shows it.
"""
from __future__ import annotations

import shutil

import pytest

from tests.e2e.test_table_browser import CHROMIUM, expect_preview, save, tap
from tests.e2e.waits import left_login

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
PHONE_HEIGHT = 844
LONG_NAME = "아주아주아주긴이름을가진회원님입니다정말로요"


@pytest.fixture
def seated(transactional_db):
    from league.games import services as game_services
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory()
    names = ["조도윤", "윤하은", "박도윤", LONG_NAME]
    players = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"p{i}"))
               for i, n in enumerate(names)]
    ClubRoleFactory(club=club, member=players[0], role="host")
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    game = game_services.game_start(season=season, table_label="1번 테이블", members=players, by=None)
    return game, players


def _login(page, base_url, game) -> None:
    page.goto(f"{base_url}/accounts/login/?next=/games/{game.pk}/table/")
    page.fill("input[name=username]", "p0")
    page.fill("input[name=password]", "pass1234")
    page.click("form[action$='/login/'] button[type=submit]")
    left_login(page)
    page.wait_for_load_state("networkidle")


def _in_view(page, selector: str) -> dict:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0, (selector, box)
    assert box["y"] + box["height"] <= PHONE_HEIGHT, (selector, box)
    return box


def test_payment_preview_is_in_sight_beside_save_and_the_saved_hand_is_said_at_the_top(base_url, page, seated, shots):
    """Item 15: the preview shows next to Save without scrolling; after a save the top says what was saved."""
    game, players = seated
    _login(page, base_url, game)
    tap(page, "ron_winner", "1")
    tap(page, "ron_loser", "0")
    tap(page, "ron_value", "3-30")
    expect_preview(page, [-3900, 3900, 0, 0])
    page.screenshot(path=f"{shots}/s9c-preview-beside-save.png", full_page=False)
    preview = _in_view(page, "#preview [data-testid=preview]")
    save_box = _in_view(page, "[data-testid=save]")
    assert save_box["y"] >= preview["y"] + preview["height"] - 1  # right above Save, both on screen
    save(page, next_position=1)
    message = page.locator("ul.messages li.saved")
    expect(message).to_contain_text("윤하은 론 ← 조도윤 · 3판 30부 3,900")
    _in_view(page, "ul.messages li.saved")
    page.screenshot(path=f"{shots}/s9c-saved-in-words.png", full_page=False)


def test_discarder_is_not_offered_as_a_winner(base_url, page, seated, shots):
    """Item 16: once the discarder is tapped, their winner tap is disabled (and the other way round)."""
    game, _players = seated
    _login(page, base_url, game)
    tap(page, "ron_loser", "2")
    expect(page.locator('input[name=ron_winner][value="2"]')).to_be_disabled()
    expect(page.locator('input[name=ron_winner][value="1"]')).to_be_enabled()
    tap(page, "ron_winner", "1")
    expect(page.locator('input[name=ron_loser][value="1"]')).to_be_disabled()
    tap(page, "kind", "multi_ron")
    tap(page, "multi_loser", "3", ".panel[data-kind=multi_ron]")
    expect(page.locator('input[name=multi_winners][value="3"]')).to_be_disabled()
    page.screenshot(path=f"{shots}/s9c-discarder-not-winner.png", full_page=True)


def test_long_names_are_shortened_on_the_seat_cards_with_the_full_name_on_hover(base_url, page, seated, shots):
    """Item 20: a very long name stays inside its seat card (ellipsis), the full name in its title."""
    game, _players = seated
    _login(page, base_url, game)
    card = page.locator('.seat[data-seat="3"]')
    name = card.locator(".name .seat-name")
    expect(name).to_have_attribute("title", LONG_NAME)
    card_box, name_box = card.bounding_box(), name.bounding_box()
    assert name_box["x"] + name_box["width"] <= card_box["x"] + card_box["width"]
    assert name.evaluate("e => e.scrollWidth > e.clientWidth")  # shortened, not wrapped or spilling
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=f"{shots}/s9c-long-name.png", full_page=False)
