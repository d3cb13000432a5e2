"""Issue 29, item 2, in a real browser: the game-start form's seats list tonight's and recent players;
typing part of a name in a seat's search box swaps that seat's list (htmx, under the Content-Security-
Policy), the game starts with the member found; without JavaScript, "Find players" does the same."""
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
def club_night(transactional_db):
    from league.games import services as game_services
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory()
    host = MemberFactory(club=club, display_name="김호스트", user=UserFactory(username="host"))
    ClubRoleFactory(club=club, member=host, role="host")
    regulars = [MemberFactory(club=club, display_name=n) for n in ("이단골", "박단골", "최단골")]
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    last = game_services.game_start(season=season, table_label="지난판", members=[host, *regulars], by=None)
    game_services.game_cancel(game=last, by=None, reason="테스트")
    newcomer = MemberFactory(club=club, display_name="정새얼굴")
    for i in range(30):
        MemberFactory(club=club, display_name=f"회원{i:02d}")
    return {"club": club, "season": season, "host": host, "regulars": regulars, "newcomer": newcomer}


def _login(page, base_url, path) -> None:
    page.goto(f"{base_url}/accounts/login/?next={path}")
    page.fill("input[name=username]", "host")
    page.fill("input[name=password]", "pass1234")
    page.click("form[action$='/login/'] button[type=submit]")
    left_login(page)
    page.wait_for_load_state("networkidle")


def test_a_seat_search_swaps_in_the_member_and_the_game_starts(base_url, page, club_night):
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    club, newcomer, regulars = club_night["club"], club_night["newcomer"], club_night["regulars"]
    _login(page, base_url, f"/c/{club.slug}/games/new/")
    seat_3 = page.locator("#id_seat_3")
    expect(seat_3.locator(f'option[value="{regulars[0].pk}"]')).to_have_count(1)  # played lately: listed
    expect(seat_3.locator(f'option[value="{newcomer.pk}"]')).to_have_count(0)  # anyone else: by a search
    page.select_option("#id_seat_0", str(club_night["host"].pk))
    page.select_option("#id_seat_1", str(regulars[0].pk))
    page.select_option("#id_seat_2", str(regulars[1].pk))
    page.fill('input[name="seat_3_q"]', "새얼")
    expect(page.locator(f'#id_seat_3 option[value="{newcomer.pk}"]')).to_have_count(1)
    expect(page.locator("#id_seat_0")).to_have_value(str(club_night["host"].pk))  # the other seats kept
    page.select_option("#id_seat_3", str(newcomer.pk))
    page.fill("input[name=table_label]", "3번")
    new_document(page, lambda: page.locator("button.primary[type=submit]").click())
    assert page.url.endswith("/table/")
    expect(page.locator("body")).to_contain_text("정새얼굴")
    assert refused == []


def test_without_javascript_find_players_lists_the_member_found(base_url, new_context, club_night):
    page = new_context(java_script_enabled=False).new_page()
    club, newcomer = club_night["club"], club_night["newcomer"]
    _login(page, base_url, f"/c/{club.slug}/games/new/")
    page.fill('input[name="seat_2_q"]', "새얼")
    new_document(page, lambda: page.click("[data-testid=find-players]"))
    expect(page.locator(f'#id_seat_2 option[value="{newcomer.pk}"]')).to_have_count(1)
    expect(page.locator('input[name="seat_2_q"]')).to_have_value("새얼")
