"""The offline engine starts from a memory snapshot (issue 41, item 5): static/league/offline-engine.js.

The first start on a device is the plain one (Pyodide starts, the scoring zip is imported) and keeps the
interpreter's memory in IndexedDB under the Pyodide version and the digest of the zip's bytes; the next start
loads it and skips the imports. A new scoring zip (a deploy) is a new key: the old snapshot is not used. A
snapshot that does not load is dropped and the start is the plain one. The page says which start it used
(``clubOffline.engineStart()``); whatever the start, the engine makes the server form's event from the taps.
No time is asserted.

The worker is blocked in this context so that the test's own scoring zip (``page.route``) reaches the page.
"""
from __future__ import annotations

import io
import shutil
import zipfile

import pytest

from tests.e2e import test_offline
from tests.e2e.test_offline import ENGINE_MS
from tests.e2e.waits import log_in

CHROMIUM = "/usr/bin/chromium"
playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
seated = test_offline.seated  # the game at the table, four members with logins (p0 hosts)

TSUMO_TAPS = [["kind", "tsumo"], ["tsumo_winner", "3"], ["tsumo_value", "5"], ["riichi", "3"]]
TSUMO_EVENT = {"kind": "tsumo", "winner": 3, "han": 5, "riichi": [3]}  # player 3's riichi and mangan tsumo
START = "window.clubOffline.engineStart()"
BREAK_SNAPSHOT = """() => new Promise((resolve, reject) => {
  const req = indexedDB.open('club-engine', 1);
  req.onsuccess = () => {
    const t = req.result.transaction(['snapshots'], 'readwrite'), store = t.objectStore('snapshots');
    const get = store.get('current');
    get.onsuccess = () => { store.put({ ...get.result, bytes: new Blob([new Uint8Array(64)]) }, 'current'); };
    t.oncomplete = () => { req.result.close(); resolve(true); };
    t.onerror = () => reject(t.error);
  };
  req.onerror = () => reject(req.error);
})"""


def _another_deploys_zip() -> bytes:
    """The scoring zip with one more file: other bytes, as a deploy that changed the package would serve."""
    from league.web.games.offline import scoring_zip

    buf = io.BytesIO(scoring_zip()[0])
    with zipfile.ZipFile(buf, "a") as zf:
        zf.writestr("scoring/DEPLOY.txt", "another release\n")
    return buf.getvalue()


def _engine_start(page) -> dict:
    page.wait_for_load_state("load")
    return page.evaluate(START)


def test_the_second_start_comes_from_the_snapshot_and_a_new_scoring_zip_ignores_it(base_url, new_context, seated):
    game, _players = seated
    context = new_context(service_workers="block")
    context.set_default_timeout(ENGINE_MS)
    page = context.new_page()
    refused: list[str] = []  # the site's Content-Security-Policy holds: the snapshot's start needs no eval
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    table = f"/games/{game.pk}/table/"
    log_in(page, base_url, "p0", "pass1234", table)

    # The first start on this device: the plain one, and it keeps a snapshot.
    assert _engine_start(page) == {"source": "plain", "kept": True}
    assert page.evaluate("e => window.clubOffline.formEvent(e)", TSUMO_TAPS) == TSUMO_EVENT
    assert refused == []

    page.reload()  # the next start: from the snapshot, and the engine answers as before
    assert _engine_start(page) == {"source": "snapshot", "kept": False}
    assert page.evaluate("e => window.clubOffline.formEvent(e)", TSUMO_TAPS) == TSUMO_EVENT

    # A deploy with another scoring zip: the old snapshot is not used; the new start keeps its own.
    changed = _another_deploys_zip()
    page.route("**/offline/scoring.zip", lambda route: route.fulfill(
        status=200, body=changed, headers={"Content-Type": "application/zip", "Cache-Control": "no-store"}))
    page.reload()
    assert _engine_start(page) == {"source": "plain", "kept": True}
    page.reload()
    assert _engine_start(page) == {"source": "snapshot", "kept": False}
    assert page.evaluate("e => window.clubOffline.formEvent(e)", TSUMO_TAPS) == TSUMO_EVENT

    # A snapshot that does not load (64 zero bytes under the right key): dropped, the plain start, a new one kept.
    assert page.evaluate(BREAK_SNAPSHOT) is True
    page.reload()
    assert _engine_start(page) == {"source": "plain", "kept": True}
    assert page.evaluate("e => window.clubOffline.formEvent(e)", TSUMO_TAPS) == TSUMO_EVENT
    assert refused == []
