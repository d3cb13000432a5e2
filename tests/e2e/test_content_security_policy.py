"""Every page works under the Content-Security-Policy: no inline script, style or handler is refused.

Chromium reports each refusal on the console ("... violates the following Content Security Policy
directive ..."); a page that logs none and still does its job (the language menu submits itself,
htmx swaps the preview in) is whole under the policy of config/settings/base.py.
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
def night(transactional_db):
    from league.games import services as game_services
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory
    from tests.league.events import ALL_LAST_FINISH

    club = ClubFactory()
    players = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"p{i}"))
               for i, n in enumerate(["김민준", "이서연", "박도윤", "최하은"])]
    admin = UserFactory(username="boss", is_staff=True, is_superuser=True)
    ClubRoleFactory(club=club, member=MemberFactory(club=club, user=admin, display_name="관리"), role="admin")
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    done = game_services.game_start(season=season, table_label="1", members=players, by=None)
    for i, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=done, position=i, event=event, by=None)
    playing = game_services.game_start(season=season, table_label="2", members=players, by=None)
    return {"club": club, "season": season, "done": done, "playing": playing, "member": players[0]}


def test_no_page_breaks_the_content_security_policy(base_url, page, night):
    refused: list[str] = []
    page.on("console", lambda m: refused.append(f"{page.url}: {m.text}") if "Content Security Policy" in m.text
            else None)
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=username]", "boss")
    page.fill("input[name=password]", "pass1234")
    page.locator("main form button[type=submit]").click()
    left_login(page)

    club, season, member = night["club"], night["season"], night["member"]
    pages = [
        "/", f"/c/{club.slug}/games/", f"/games/{night['playing'].pk}/table/",
        f"/games/{night['playing'].pk}/hands/full/", f"/games/{night['done'].pk}/",
        f"/seasons/{season.pk}/standings/", f"/seasons/{season.pk}/players/{member.pk}/",
        f"/c/{club.slug}/audit/", "/api/docs/", "/admin/", "/admin/league/game/",
    ]
    for path in pages:
        response = page.goto(base_url + path)
        assert response.status == 200, path
        page.wait_for_load_state("networkidle")
    assert page.locator("#swagger-ui").count() == 0  # on the admin page now; the docs were drawn below

    # htmx under the policy: a tap on the table screen swaps the preview in.
    page.goto(f"{base_url}/games/{night['playing'].pk}/table/")
    page.locator('label:has(input[name="ron_winner"][value="1"])').first.click()
    page.locator('label:has(input[name="ron_loser"][value="2"])').first.click()
    page.locator('label:has(input[name="ron_value"][value="3-30"])').first.click()
    expect(page.locator("#preview [data-testid=preview]")).to_be_visible()

    # The language menu submits itself (static/js/site.js, no inline onchange).
    new_document(page, lambda: page.select_option("#lang-select", "en"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert refused == []


def test_swagger_ui_draws_under_the_policy(base_url, page, night):
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(f"{base_url}/api/docs/")
    expect(page.locator("#swagger-ui .info")).to_be_visible()
    assert refused == []
