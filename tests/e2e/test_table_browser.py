"""A real browser at a phone-sized viewport plays a short hanchan through the table screen.

Stable by construction:
- every check of the page is a Playwright ``expect`` (auto-retrying) on the exact content expected,
  never a fixed sleep nor "some preview is there": the preview is swapped in by htmx after each tap,
  and an earlier, partial preview must not satisfy the wait for the final one;
- a hand is saved only once its preview shows the expected payments, so no htmx request is in
  flight when the page navigates, and the database is read only when the page is idle (network
  idle) — with SQLite the live server shares the test's in-memory connection;
- the live server listens on a free port chosen by the OS (pytest-django), reached by its IP so
  the browser does not try ``::1`` first; each test gets its own browser context and a flushed
  database (``transactional_db``).
"""
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


@pytest.fixture
def seated(transactional_db):
    from league.games import services as game_services
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory()
    names = ["김민준", "이서연", "박도윤", "최하은"]
    players = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"p{i}"))
               for i, n in enumerate(names)]
    ClubRoleFactory(club=club, member=players[0], role="host")
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    game = game_services.game_start(season=season, table_label="1번 테이블", members=players, by=None)
    return game, players


# base_url, shots and page (a phone-sized context): tests/e2e/conftest.py


def tap(page, name: str, value: str, scope: str = "") -> None:
    page.locator(f'{scope} label:has(input[name="{name}"][value="{value}"])').first.click()


def expect_preview(page, deltas: list[int]) -> None:
    """Wait until the htmx preview shows exactly these payments (not an earlier, partial one)."""
    expect(page.locator("#preview [data-testid=preview]")).to_have_attribute(
        "data-deltas", ",".join(str(d) for d in deltas))


def save(page, selector: str = "[data-testid=save]", *, next_position: int | None) -> None:
    """Save, and wait for the table screen after the redirect: the next hand's form, or (None) the final."""
    new_document(page, lambda: page.click(selector))
    if next_position is None:
        expect(page.locator("[data-testid=final]")).to_be_visible()
    else:
        expect(page.locator("#hand-form input[name=position]")).to_have_value(str(next_position))
    page.wait_for_load_state("networkidle")


def stored_events(game) -> list[dict]:
    from league.models import HandRecord

    return list(HandRecord.objects.filter(game=game).order_by("position").values_list("event", flat=True))


def test_host_plays_a_short_hanchan_on_a_phone(base_url, page, seated, shots):
    game, players = seated
    page.goto(f"{base_url}/accounts/login/?next=/games/{game.pk}/table/")
    page.fill("input[name=username]", "p0")
    page.fill("input[name=password]", "pass1234")
    page.click("form[action$='/login/'] button[type=submit]")
    left_login(page)
    expect(page.locator("[data-testid=round]")).to_contain_text("동 1국 · 0본장 · 공탁 0")

    # Hand 1 — ron, four taps: winner, dealt-in, 3 han 30 fu, save (ron is the default result).
    tap(page, "ron_winner", "1")
    tap(page, "ron_loser", "2")
    tap(page, "ron_value", "3-30")
    expect_preview(page, [0, 3900, -3900, 0])
    page.screenshot(path=f"{shots}/table-preview.png", full_page=False)
    save(page, next_position=1)
    expect(page.locator("[data-testid=score-1]")).to_have_text("28,900")

    # Hand 2 — double ron on 김민준's discard: 이서연 2 han 30 fu, 최하은 mangan.
    # (After the first winner alone the preview already shows a single ron: wait for both.)
    tap(page, "kind", "multi_ron")
    tap(page, "multi_loser", "0", ".panel[data-kind=multi_ron]")
    tap(page, "multi_winners", "1")
    tap(page, "multi_value_1", "2-30")
    tap(page, "multi_winners", "3")
    tap(page, "multi_value_3", "5")
    expect_preview(page, [-(2900 + 8000), 2900, 0, 8000])  # 이서연 deals: 2 han 30 fu is 2,900
    save(page, next_position=2)
    expect(page.locator("[data-testid=renchan]")).to_have_text("1연장")  # the dealer won: renchan, 1 honba
    assert len(stored_events(game)) == 2

    # Hand 3 — a tsumo entered by mistake, then undone: the undo says what it removes, one tap confirms.
    tap(page, "kind", "tsumo")
    tap(page, "tsumo_winner", "2")
    tap(page, "tsumo_value", "5")
    expect_preview(page, [-2100, -4100, 8300, -2100])  # 박도윤 tsumo mangan on 1 honba; 이서연 deals
    save(page, next_position=3)
    assert len(stored_events(game)) == 3
    page.click("[data-testid=undo] summary")
    expect(page.locator("[data-testid=undo-what]")).to_contain_text("박도윤")
    new_document(page, lambda: page.click("[data-testid=undo-confirm]"))
    expect(page.locator("#hand-form input[name=position]")).to_have_value("2")
    page.wait_for_load_state("networkidle")
    assert len(stored_events(game)) == 2

    # Hand 4 — a full hand through the tile picker: 이서연 riichi tsumo, scored by the engine.
    new_document(page, lambda: page.click("[data-testid=full-hand]"))
    tap(page, "winner", "1")
    tap(page, "loser", "")
    for tile in ["2m", "3m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "5s", "6s", "1z", "1z"]:
        page.click(f'button[data-tile="{tile}"]')
    tap(page, "_target", "win")
    page.click('button[data-tile="7s"]')
    expect(page.locator("input[name=tiles]")).to_have_value("234m456p567789s11z")  # the 14th tile joins the hand
    expect(page.locator("input[name=win]")).to_have_value("7s")
    page.locator("label:has(input[name=riichi_flag])").click()
    tap(page, "riichi", "1")
    # The preview of the hand without riichi comes first: wait for the one that has it.
    expect(page.locator("#preview [data-testid=preview]")).to_contain_text("리치")
    page.screenshot(path=f"{shots}/full-hand.png", full_page=True)
    save(page, "[data-testid=save-full]", next_position=3)
    event = stored_events(game)[2]
    assert event["kind"] == "tsumo"
    assert event["riichi"] == [1]
    assert event["hand"]["win"] == "7s"

    # Hand 5 — 최하은 rons 김민준 for a yakuman: 김민준 goes below zero (tobi) and the game ends.
    tap(page, "ron_winner", "3")
    tap(page, "ron_loser", "0")
    tap(page, "ron_value", "Y1")
    preview = page.locator("#preview [data-testid=preview]")
    expect(preview).to_contain_text("이 국으로 대국이 끝납니다")
    save(page, next_position=None)
    final = page.locator("[data-testid=final]")
    expect(final).to_contain_text("토비")
    page.screenshot(path=f"{shots}/table-final.png", full_page=True)
    rows = final.locator("tr")
    expect(rows.nth(1)).to_contain_text("최하은")
    assert rows.nth(1).inner_text().split("\t")[0].strip() == "1"
    expect(rows.last).to_contain_text("김민준")
    game.refresh_from_db()
    assert game.status == game.Status.FINISHED
    assert game.ended_by == "tobi"
