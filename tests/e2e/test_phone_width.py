"""Every page fits a phone (issue 42 item 8): at 390 px wide, signed in as each role (admin, referee, host, player)
and as a visitor, no page of the demo club (with a club night and a tournament seated) scrolls sideways — the
document is no wider than the screen. The walk enumerates the URLconf (tests/page_walk.py)."""
from __future__ import annotations

import shutil

import pytest

from tests.e2e.conftest import CHROMIUM
from tests.e2e.waits import left_login
from tests.page_walk import DEMO_SLUG, ROLES, a_finished_tournament_table, demo_values, page_urls

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
SKIP = ("admin/", "api/", "accounts/logout", "i18n/", "healthz", "sw.js", "manifest", "offline/", "static/", "t/")


@pytest.fixture
def demo_walk(transactional_db):
    from django.core.management import call_command

    from club.models import Club

    call_command("load_demo", verbosity=0)
    club = Club.objects.get(slug=DEMO_SLUG)
    values = demo_values(club)
    a_finished_tournament_table(club, values)  # the page that was 534 px wide (issue 42 item 8)
    return values


def _urls(values):
    for route, name, url in page_urls(values, skip=SKIP):
        if name.endswith(("_live", ".csv", ".xlsx")) or "report." in route:
            continue
        yield url


def test_no_page_is_wider_than_a_phone(base_url, new_context, demo_walk, shots):
    urls = sorted(set(_urls(demo_walk)))
    wide = {}
    for role in ROLES:
        context = new_context()
        page = context.new_page()
        if role:
            page.goto(f"{base_url}/accounts/login/")
            page.fill("input[name=username]", role)
            page.fill("input[name=password]", f"{role}1234")
            page.click("form[action$='/login/'] button[type=submit]")
            left_login(page)
        for url in urls:
            try:
                response = page.goto(f"{base_url}{url}")
            except playwright_sync.Error:  # a download (a CSV, a season file): not a page
                continue
            if response is None or "text/html" not in (response.headers.get("content-type") or ""):
                continue
            if not page.locator("meta[name=viewport]").count():  # an htmx fragment, not a page
                continue
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 390:
                wide[f"{role or 'visitor'} {url}"] = width
        context.close()
    assert wide == {}
