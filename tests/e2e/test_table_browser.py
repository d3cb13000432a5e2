"""A real browser at a phone-sized viewport plays a short hanchan through the table screen."""
from __future__ import annotations

import shutil

import pytest

CHROMIUM = "/usr/bin/chromium"
playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
SHOTS = "/tmp"


@pytest.fixture
def seated(transactional_db):
    from league import services
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory()
    names = ["김민준", "이서연", "박도윤", "최하은"]
    players = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"p{i}")) for i, n in enumerate(names)]
    ClubRoleFactory(club=club, member=players[0], role="host")
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    game = services.game_start(season=season, table_label="1번 테이블", members=players, by=None)
    return game, players


@pytest.fixture
def page(live_server, monkeypatch):
    # Playwright's sync API runs an event loop in this thread; the ORM calls of the test are still sync.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with playwright_sync.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                      is_mobile=True, has_touch=True, locale="ko-KR")
        pg = context.new_page()
        pg.set_default_timeout(10_000)
        yield pg
        browser.close()


def tap(page, name: str, value: str, scope: str = "") -> None:
    page.locator(f'{scope} label:has(input[name="{name}"][value="{value}"])').first.click()


def preview_deltas(page) -> list[int]:
    page.wait_for_selector("#preview [data-delta]")
    return [int(x) for x in page.locator("#preview [data-delta]").evaluate_all("els => els.map(e => e.dataset.delta)")]


def save_and_wait(page, selector: str = "[data-testid=save]") -> None:
    with page.expect_navigation():
        page.click(selector)


def test_host_plays_a_short_hanchan_on_a_phone(live_server, page, seated):
    from league.models import HandRecord

    game, players = seated
    page.goto(f"{live_server.url}/accounts/login/?next=/games/{game.pk}/table/")
    page.fill("input[name=username]", "p0")
    page.fill("input[name=password]", "pass1234")
    with page.expect_navigation():
        page.click("button.primary")
    assert "동 1국 · 0본장 · 공탁 0" in page.inner_text("[data-testid=round]")

    # Hand 1 — ron, four taps: winner, dealt-in, 3 han 30 fu, save (ron is the default result).
    tap(page, "ron_winner", "1")
    tap(page, "ron_loser", "2")
    tap(page, "ron_value", "3-30")
    assert preview_deltas(page) == [0, 3900, -3900, 0]
    page.screenshot(path=f"{SHOTS}/table-preview.png", full_page=False)
    save_and_wait(page)
    assert page.inner_text("[data-testid=score-1]") == "28,900"

    # Hand 2 — double ron on 김민준's discard: 이서연 2 han 30 fu, 최하은 mangan.
    tap(page, "kind", "multi_ron")
    tap(page, "multi_loser", "0", ".panel[data-kind=multi_ron]")
    tap(page, "multi_winners", "1")
    tap(page, "multi_value_1", "2-30")
    tap(page, "multi_winners", "3")
    tap(page, "multi_value_3", "5")
    deltas = preview_deltas(page)
    assert deltas == [-(2900 + 8000), 2900, 0, 8000]  # 이서연 deals: 2 han 30 fu is 2,900
    save_and_wait(page)
    assert HandRecord.objects.filter(game=game).count() == 2

    # Hand 3 — a tsumo entered by mistake, then undone in one tap.
    tap(page, "kind", "tsumo")
    tap(page, "tsumo_winner", "2")
    tap(page, "tsumo_value", "5")
    preview_deltas(page)
    save_and_wait(page)
    assert HandRecord.objects.filter(game=game).count() == 3
    with page.expect_navigation():
        page.click("[data-testid=undo] button")
    assert HandRecord.objects.filter(game=game).count() == 2

    # Hand 4 — a full hand through the tile picker: 이서연 riichi tsumo, scored by the engine.
    with page.expect_navigation():
        page.click("[data-testid=full-hand]")
    tap(page, "winner", "1")
    tap(page, "loser", "")
    for tile in ["2m", "3m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "5s", "6s", "1z", "1z"]:
        page.click(f'button[data-tile="{tile}"]')
    tap(page, "_target", "win")
    page.click('button[data-tile="7s"]')
    assert page.input_value("input[name=tiles]") == "234m456p567789s11z"  # the 14th tile joins the hand
    assert page.input_value("input[name=win]") == "7s"
    page.locator("label:has(input[name=riichi_flag])").click()
    tap(page, "riichi", "1")
    page.wait_for_selector("#preview [data-delta]")
    assert "리치" in page.inner_text("#preview")
    page.screenshot(path=f"{SHOTS}/full-hand.png", full_page=True)
    save_and_wait(page, "[data-testid=save-full]")
    event = HandRecord.objects.get(game=game, position=2).event
    assert event["kind"] == "tsumo" and event["riichi"] == [1] and event["hand"]["win"] == "7s"

    # Hand 5 — 최하은 rons 김민준 for a yakuman: 김민준 goes below zero (tobi) and the game ends.
    tap(page, "ron_winner", "3")
    tap(page, "ron_loser", "0")
    tap(page, "ron_value", "Y1")
    preview_deltas(page)
    assert "이 국으로 대국이 끝납니다" in page.inner_text("#preview")
    save_and_wait(page)
    final = page.locator("[data-testid=final]")
    final.wait_for()
    text = final.inner_text()
    page.screenshot(path=f"{SHOTS}/table-final.png", full_page=True)
    assert "토비" in text
    rows = page.locator("[data-testid=final] tr").all_inner_texts()
    assert rows[1].split("\t")[0].strip() == "1" and "최하은" in rows[1]
    assert "김민준" in rows[-1]
    game.refresh_from_db()
    assert game.status == game.Status.FINISHED and game.ended_by == "tobi"
