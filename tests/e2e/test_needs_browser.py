"""The needs panel at South 4 on a 390×844 phone: collapsed at first, in Korean words when opened,
and never over the entry buttons (boxes checked in the browser, closed and open)."""
from __future__ import annotations

import shutil

import pytest

from tests.e2e.test_whatif_browser import log_in
from tests.scoring.test_rulebook_juki import TO_S4_P3_TOP

CHROMIUM = "/usr/bin/chromium"
playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]


@pytest.fixture
def all_last(transactional_db):
    from league.games import services as game_services
    from tests.factories import ClubFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory()
    names = ["김민준", "이서연", "박지훈", "최유나"]
    players = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"n{i}"))
               for i, n in enumerate(names)]
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    game = game_services.game_start(season=season, table_label="1번 테이블", members=players, by=None)
    for i, event in enumerate(TO_S4_P3_TOP):  # S4: [20000,23000,24000,33000], 최유나 deals on top
        game_services.hand_record(game=game, position=i, event=event, by=None)
    return game


def _overlap(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def _assert_clear_of_buttons(page) -> None:
    panel = page.locator("[data-testid=needs]").bounding_box()
    buttons = page.locator("#hand-form button, #hand-form label:has(input)")
    assert buttons.count() > 0
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        if box:
            assert not _overlap(panel, box), f"the needs panel covers entry control {i}"


def test_needs_panel_at_south_4_on_a_phone(base_url, page, all_last, shots):
    log_in(page, base_url, "n0", f"/games/{all_last.pk}/table/")
    expect(page.locator("[data-testid=round]")).to_contain_text("남 4국")
    panel = page.locator("[data-testid=needs]")
    expect(panel).to_be_attached()
    expect(panel).not_to_have_attribute("open", "")
    expect(page.locator("[data-testid=needs-2]")).to_be_hidden()
    _assert_clear_of_buttons(page)

    panel.locator("summary").click()
    row = page.locator("[data-testid=needs-2]")
    expect(row).to_be_visible()
    expect(row).to_contain_text("박지훈 1위 조건")
    expect(row).to_contain_text("최유나 4,500 (2판 70부)")
    expect(row).to_contain_text("김민준 12,000 (하네만)")
    expect(page.locator("[data-testid=needs-3]")).to_contain_text("최유나 1위 유지")
    _assert_clear_of_buttons(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width}px)"
    panel.scroll_into_view_if_needed()
    page.screenshot(path=f"{shots}/needs-s4-phone.png", full_page=True)
