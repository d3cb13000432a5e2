"""The offline engine is fetched on demand (issue 41, item 5): the table screen works online without it.

A phone on mobile data (``navigator.connection`` says cellular with the data saver on) opening the site for the
first time — login page, table screen, the service worker installing — transfers at most 300 KB, none of it the
engine (Pyodide, the scoring zip: 13.7 MB), and the entry form works. On a connection that is not metered the
engine is fetched after the page is interactive (every engine request starts after the page's ``load``). On
mobile data the host turns offline mode on: the engine comes, with a progress bar, and the phone remembers it.

Bytes are counted from the responses Playwright sees over the network (the page's and the service worker's own
fetches; what the worker answers from its cache is not a transfer). A byte count is deterministic enough to
assert; no time is asserted.
"""
from __future__ import annotations

import shutil

import pytest

from tests.e2e import test_offline
from tests.e2e.test_offline import ENGINE_MS, SW_MS, tap, wait_js
from tests.e2e.waits import left_login, log_in

CHROMIUM = "/usr/bin/chromium"
playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
FIRST_VISIT_BYTES = 300_000
METERED = """Object.defineProperty(Navigator.prototype, "connection", {configurable: true, get: function () {
  return {saveData: true, type: "cellular", effectiveType: "4g", addEventListener: function () {}};
}});"""
ENGINE = ("/static/vendor/pyodide/", "/offline/scoring.zip")
seated = test_offline.seated  # the game at the table, four members with logins (p0 hosts)


def _is_engine(url: str) -> bool:
    return any(part in url for part in ENGINE)


class Transfers:
    """Every request of a browser context that finished over the network (pages, files, the worker's own fetches)
    and the bytes of its response body as transferred; what the worker answers from its cache is not a transfer."""

    def __init__(self, context) -> None:
        self.rows: list[tuple[str, int]] = []
        context.on("requestfinished", self._seen)

    def _seen(self, request) -> None:
        response = request.response()
        if response is None or response.from_service_worker:
            return
        self.rows.append((request.url, max(0, request.sizes()["responseBodySize"])))

    def total(self) -> int:
        return sum(size for _url, size in self.rows)

    def engine(self) -> list[str]:
        return [url for url, _size in self.rows if _is_engine(url)]

    def wait_engine(self, page, count: int, timeout_ms: int = 20_000) -> list[str]:
        """The engine's requests once ``count`` of them are seen (events reach this thread as the page is polled)."""
        waited = 0
        while len(self.engine()) < count and waited < timeout_ms:
            page.wait_for_timeout(100)
            waited += 100
        return self.engine()


def _log_in_to_the_table(page, base_url: str, game) -> str:
    table = f"/games/{game.pk}/table/"
    log_in(page, base_url, "p0", "pass1234", table)
    wait_js(page, "navigator.serviceWorker.getRegistration()"
                  ".then(r => { window.__active = !!(r && r.active); }), window.__active === true", timeout=SW_MS)
    wait_js(page, f"caches.open('club-pages').then(c => c.match('{base_url}{table}'))"
                  ".then(r => { window.__cached = !!r; }), window.__cached === true", timeout=SW_MS)
    return table


def test_a_first_visit_on_mobile_data_stays_under_300_kb_and_the_screen_works_without_the_engine(
        base_url, new_context, seated):
    game, _players = seated
    context = new_context()
    context.add_init_script(METERED)
    transfers = Transfers(context)
    page = context.new_page()

    _log_in_to_the_table(page, base_url, game)
    assert page.evaluate("window.clubOffline.warmed()") is False  # decided after the page worked: not on mobile data
    expect(page.locator("[data-testid=offline-engine]")).to_contain_text("Wi-Fi")
    tap(page, "kind", "ron")  # the entry form works online, engine or not
    tap(page, "ron_winner", "1")
    expect(page.locator('input[name="ron_winner"][value="1"]')).to_be_checked()

    assert transfers.engine() == []
    assert transfers.total() <= FIRST_VISIT_BYTES, transfers.rows


def test_on_a_connection_that_is_not_metered_the_engine_comes_after_the_page_is_interactive(
        base_url, new_context, seated):
    game, _players = seated
    context = new_context()  # headless Chromium: navigator.connection without a type or the data saver
    engine_requests: list = []
    context.on("requestfinished", lambda request: engine_requests.append(request) if _is_engine(request.url) else None)
    page = context.new_page()

    _log_in_to_the_table(page, base_url, game)

    assert page.evaluate("window.clubOffline.warmed()") is True
    loaded_at = page.evaluate("performance.timing.loadEventEnd")  # the page's load event, epoch ms
    starts = [request.timing["startTime"] for request in engine_requests]  # epoch ms, known once finished
    assert len(starts) == 6  # Pyodide's five files and the scoring zip
    assert min(starts) >= loaded_at
    expect(page.locator("[data-testid=offline-engine]")).to_contain_text("준비")


def test_on_mobile_data_the_host_turns_offline_mode_on_and_the_engine_comes_with_a_progress_bar(
        base_url, new_context, seated):
    game, _players = seated
    context = new_context()
    context.add_init_script(METERED)
    transfers = Transfers(context)
    page = context.new_page()
    _log_in_to_the_table(page, base_url, game)
    assert page.evaluate("window.clubOffline.warmed()") is False
    button = page.locator("[data-testid=offline-engine] [data-offline-mode]")
    expect(button).to_have_text("오프라인 모드 켜기")

    button.click()

    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-testid=offline-engine]")).to_contain_text("오프라인 모드 준비 완료", timeout=ENGINE_MS)
    assert page.evaluate("window.clubOffline.warmed()") is True
    assert len(transfers.wait_engine(page, 6)) == 6
    assert page.evaluate("localStorage.getItem('club-offline-mode')") == "on"
    page.reload()  # the phone remembers: the next visit fetches nothing again and says it is ready
    expect(page.locator("[data-testid=offline-engine]")).to_contain_text("오프라인 모드 준비 완료", timeout=ENGINE_MS)
    assert len(transfers.engine()) == 6


def _refreshed(page) -> bool:
    """Ask the service worker to refresh this member's pages (as every page does) and wait for its answer (False
    when none comes within SW_MS)."""
    return page.evaluate("""ms => new Promise(resolve => {
      setTimeout(() => resolve(false), ms);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(true);
      const user = document.querySelector("script[data-sw]").getAttribute("data-user");
      navigator.serviceWorker.controller.postMessage({type: "refresh-pages", user: user}, [channel.port2]);
    })""", SW_MS)


def test_the_table_screen_a_first_visit_navigates_to_is_not_fetched_again_to_be_cached(base_url, new_context, seated):
    """A first visit whose login page the service worker already controls: the table screen it opens comes through
    the worker, which keeps that copy; the refresh the page asks for then finds it fresh (it was fetched a second
    time, 63 KB more on mobile data, when the worker's copy did not say whose it was). Counted by the server (the
    browser's request events reach the test later than the worker's answer)."""
    from django.core.signals import request_started

    game, players = seated
    table = f"/games/{game.pk}/table/"
    served: list[str] = []

    def count(sender, environ, **kwargs):
        served.append(environ["PATH_INFO"])

    request_started.connect(count, weak=False)
    try:
        context = new_context()
        context.add_init_script(METERED)
        page = context.new_page()
        page.goto(f"{base_url}/accounts/login/?next={table}")
        wait_js(page, "navigator.serviceWorker.controller !== null", timeout=SW_MS)  # activated, claimed the page
        page.fill("input[name=username]", "p0")
        page.fill("input[name=password]", "pass1234")
        page.click("form[action$='/login/'] button[type=submit]")
        left_login(page)

        assert _refreshed(page) is True
        assert served.count(table) == 1
        assert served.count("/offline/pages.json") >= 1  # the refresh asked, and found the page fresh
    finally:
        request_started.disconnect(count)
    kept = page.evaluate(f"caches.open('club-pages').then(c => c.match('{base_url}{table}'))"
                         ".then(r => r && r.headers.get('X-Club-For'))")
    assert kept == f"user:{players[0].user.pk}"
