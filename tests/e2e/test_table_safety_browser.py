"""Issue 9 in a real browser (phone-sized Chromium): Back and save again, a double-tap undo.

Same stable waits as test_table_browser.py: Playwright ``expect`` on exact content, the
database read only when the page is idle.
"""
from __future__ import annotations

import shutil

import pytest

from tests.e2e.test_offline import SW_MS, wait_js
from tests.e2e.test_offline_engine_on_demand import _refreshed
from tests.e2e.test_table_browser import expect_preview, save, stored_events, tap
from tests.e2e.waits import left_login, new_document

CHROMIUM = "/usr/bin/chromium"
playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]


@pytest.fixture
def seated(transactional_db):
    from league.games import services as game_services
    from tests.factories import ClubFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory()
    names = ["조도윤", "윤하은", "박서준", "최지우"]
    players = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"s{i}"))
               for i, n in enumerate(names)]
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    return game_services.game_start(season=season, table_label="2번 테이블", members=players, by=None), players


def login(page, base_url, game) -> None:
    page.goto(f"{base_url}/accounts/login/?next=/games/{game.pk}/table/")
    page.fill("input[name=username]", "s0")
    page.fill("input[name=password]", "pass1234")
    page.click("form[action$='/login/'] button[type=submit]")
    left_login(page)
    expect(page.locator("#hand-form")).to_be_visible()


def test_back_and_save_again_stores_the_hand_once(base_url, page, seated):
    game, _ = seated
    login(page, base_url, game)
    tap(page, "ron_winner", "0")
    tap(page, "ron_loser", "1")
    tap(page, "ron_value", "3-30")
    expect_preview(page, [5800, -5800, 0, 0])  # the dealer 조도윤 rons 윤하은: 3 han 30 fu, 5,800
    save(page, next_position=1)
    assert len(stored_events(game)) == 1

    page.go_back()  # the screen from before the save
    page.wait_for_load_state("networkidle")
    new_document(page, lambda: page.click("[data-testid=save]"))  # whatever the answer: a page, loaded
    page.wait_for_load_state("networkidle")

    assert len(stored_events(game)) == 1  # Save again stored nothing
    page.goto(f"{base_url}/games/{game.pk}/table/")
    expect(page.locator("#hand-form input[name=position]")).to_have_value("1")


def test_a_save_is_one_request_and_a_reload_after_it_saves_nothing_again(base_url, page, seated):
    # "Save hand" is answered with the next table screen itself (issue 41): the server handles one request for it,
    # no redirect and no GET of the table; the screen is at the table's address, so a reload asks for the table
    # (not the save again, and no "resubmit the form?" question).
    from django.core.signals import request_started

    game, _ = seated
    login(page, base_url, game)
    # the service worker controls the page (once active, a reload puts the page under it) and has this member's
    # pages fresh: it fetches nothing of its own while the requests are counted
    wait_js(page, "navigator.serviceWorker.getRegistration()"
                  ".then(r => { window.__active = !!(r && r.active); }), window.__active === true", timeout=SW_MS)
    if not page.evaluate("navigator.serviceWorker.controller !== null"):
        new_document(page, page.reload)
    wait_js(page, "navigator.serviceWorker.controller !== null", timeout=SW_MS)
    tap(page, "ron_winner", "0")
    tap(page, "ron_loser", "1")
    tap(page, "ron_value", "3-30")
    expect_preview(page, [5800, -5800, 0, 0])
    assert _refreshed(page) is True
    page.wait_for_load_state("networkidle")
    served: list[tuple[str, str]] = []
    screens = (f"/games/{game.pk}/table/", f"/games/{game.pk}/hands/")  # not the referee call box's polls

    def count(sender, environ, **kwargs):
        if environ["PATH_INFO"] in screens:
            served.append((environ["REQUEST_METHOD"], environ["PATH_INFO"]))

    request_started.connect(count, weak=False)
    try:
        save(page, next_position=1)
        expect(page.locator(".messages .saved")).to_contain_text("조도윤")  # the saved hand, in words
        assert page.url == f"{base_url}/games/{game.pk}/table/"
        assert served == [("POST", f"/games/{game.pk}/hands/")]
        # the worker kept the answer as the table's copy (what the screen shows with no network)
        kept = page.evaluate(f"caches.open('club-pages').then(c => c.match('{base_url}/games/{game.pk}/table/'))"
                             ".then(r => r && r.text())")
        assert 'name="position" value="1"' in kept

        served.clear()
        new_document(page, page.reload)
        expect(page.locator("#hand-form input[name=position]")).to_have_value("1")
        assert served == [("GET", f"/games/{game.pk}/table/")]
    finally:
        request_started.disconnect(count)
    assert len(stored_events(game)) == 1


def test_double_tap_undo_removes_one_hand(base_url, page, seated):
    from league.games import services as game_services

    game, players = seated
    for i, event in enumerate([{"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 1, "fu": 30}]},
                               {"kind": "ron", "loser": 3, "wins": [{"winner": 2, "han": 1, "fu": 30}]},
                               {"kind": "tsumo", "winner": 3, "han": 2, "fu": 30}]):
        game_services.hand_record(game=game, position=i, event=event)
    login(page, base_url, game)
    expect(page.locator("#hand-form input[name=position]")).to_have_value("3")
    page.click("[data-testid=undo] summary")
    expect(page.locator("[data-testid=undo-what]")).to_contain_text("최지우")  # what it removes, in words
    page.dblclick("[data-testid=undo-confirm]")  # two taps in a row
    # Wait for the state, not for a navigation: the second tap's request may cancel the first one's
    # (net::ERR_ABORTED). The table shows hand 3 to enter again, whichever answer it shows.
    expect(page.locator("#hand-form input[name=position]")).to_have_value("2")
    page.wait_for_load_state("networkidle")
    assert [e["kind"] for e in stored_events(game)] == ["ron", "ron"]
    page.reload()  # the server's own count, read afresh: one hand removed, not two
    expect(page.locator("#hand-form input[name=position]")).to_have_value("2")
    assert [e["kind"] for e in stored_events(game)] == ["ron", "ron"]
