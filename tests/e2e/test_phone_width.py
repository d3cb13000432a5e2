"""Every page fits a phone (issue 42 item 8): at 390 px wide, signed in as each role (admin, referee, host, player)
and as a visitor, no page of the demo club (with a club night and a tournament seated) scrolls sideways — the
document is no wider than the screen. The walk enumerates the URLconf (tests/page_walk.py).

Each document is laid out once per role (issue 34: the walk was the longest browser test): an address that
redirects is first asked without following (the role's own cookies, no page load) and, when it leads to an
address the walk lays out anyway (another of its addresses, or one laid out already; the login page whatever
its ``next``), that document is not loaded again; any other redirect is followed and measured. The stylesheets and
scripts come from the browser's cache after a role's first page (``static_cached``)."""
from __future__ import annotations

import shutil
from urllib.parse import urlsplit

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


LOGIN = "/accounts/login/"


def laid_out_elsewhere(location: str, urls: set[str], measured: set[str]) -> bool:
    """A redirect to ``location`` leads to a document the walk lays out anyway: one of its own addresses,
    one measured already, or the login page (the same whatever page it is to return to)."""
    parts = urlsplit(location)
    here = LOGIN if parts.path == LOGIN else parts.path + (f"?{parts.query}" if parts.query else "")
    return here in urls or here in measured


def test_a_redirect_is_skipped_only_to_a_document_laid_out_anyway():
    urls = {"/events/nights/1/", "/games/1/table/"}
    assert laid_out_elsewhere("/events/nights/1/", urls, set())
    assert laid_out_elsewhere("http://127.0.0.1:8000/accounts/login/?next=/c/x/manage/", {LOGIN}, set())
    assert not laid_out_elsewhere("/accounts/login/?next=/c/x/manage/", urls, set())
    assert laid_out_elsewhere("/me/", urls, {"/me/"})
    assert not laid_out_elsewhere("/me/", urls, set())
    assert not laid_out_elsewhere("/events/nights/1/?tab=2", urls, set())


@pytest.mark.long
def test_no_page_is_wider_than_a_phone(base_url, new_context, demo_walk, shots, static_cached):
    urls = sorted(set(_urls(demo_walk)))
    wide, laid_out = {}, {}
    for role in ROLES:
        context = new_context()
        page = context.new_page()
        measured: set[str] = set()
        if role:
            page.goto(f"{base_url}{LOGIN}")
            page.fill("input[name=username]", role)
            page.fill("input[name=password]", f"{role}1234")
            page.click("form[action$='/login/'] button[type=submit]")
            left_login(page)
        for url in urls:
            asked = context.request.get(f"{base_url}{url}", max_redirects=0)
            location = asked.headers.get("location") if 300 <= asked.status < 400 else None
            asked.dispose()
            if location and laid_out_elsewhere(location, set(urls), measured):
                continue
            measured.add(urlsplit(location).path if location and urlsplit(location).path == LOGIN else url)
            try:
                response = page.goto(f"{base_url}{url}")
            except playwright_sync.Error:  # a download (a CSV, a season file): not a page
                continue
            if response is None or "text/html" not in (response.headers.get("content-type") or ""):
                continue
            # one round trip to the browser a page: is it a page (an htmx fragment has no viewport), how wide
            is_page, width = page.evaluate(
                "[!!document.querySelector('meta[name=viewport]'), document.documentElement.scrollWidth]")
            if not is_page:
                continue
            laid_out[role] = laid_out.get(role, 0) + 1
            if width > 390:
                wide[f"{role or 'visitor'} {url}"] = width
        context.close()
    assert wide == {}
    # the skip is not blind: each role still lays out its pages (as the Korean walk counts them)
    assert all(laid_out.get(role, 0) >= (30 if role else 10) for role in ROLES), laid_out
