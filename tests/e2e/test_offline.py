"""The table screen with a dead network (issue #16): a host enters hands offline and each reaches the
server exactly once, in order, when the network returns.

The browser context is set offline (``context.set_offline``); the table screen then comes from the
service worker's cache, the hands wait in IndexedDB ("전송 대기 (n)"), the scores come from the
``scoring`` package run in the browser (Pyodide), and they are posted to ``POST /api/hands/`` with
their position and an ``Idempotency-Key`` when the context is back online. Every check is an
auto-retrying ``expect`` on the exact content; the database is read once the page is idle.
"""
from __future__ import annotations

import shutil
import time

import pytest

from tests.e2e.waits import left_login, new_document

CHROMIUM = "/usr/bin/chromium"
playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
ENGINE_MS = 90_000  # loading Pyodide on a busy CI machine
SW_MS = 60_000  # the service worker installing (caching its files) on a busy CI machine

RON_1_TO_2 = {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 3, "fu": 30}], "riichi": []}
DRAW_0_TENPAI = {"kind": "draw", "tenpai": [0], "riichi": []}
TSUMO_3_MANGAN = {"kind": "tsumo", "winner": 3, "han": 5, "riichi": []}


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


def stored_events(game) -> list[dict]:
    from league.models import HandRecord

    return list(HandRecord.objects.filter(game=game).order_by("position").values_list("event", flat=True))


def hand_creations(game) -> int:
    from core.models import AuditEntry

    return AuditEntry.objects.filter(object_type="hand", action="create", after__game=game.pk).count()


def tap(page, name: str, value: str, scope: str = "", *, timeout: float | None = None) -> None:
    page.locator(f'{scope} label:has(input[name="{name}"][value="{value}"])').first.click(timeout=timeout)


def wait_js(page, expression: str, *, polling: int = 250, timeout: int = 20_000) -> None:
    """Wait until ``expression`` is truthy in the page.

    Not ``page.wait_for_function``: Playwright compiles that predicate in the page with ``eval``,
    which the site's Content-Security-Policy forbids (rightly); ``page.evaluate`` goes through the
    browser's debugging protocol, outside the page's policy, so the app is tested under its real CSP.
    """
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} ms waiting for: {expression}")
        page.wait_for_timeout(polling)


def open_table_online(page, base_url: str, game, username: str = "p0") -> str:
    """Log in, open the table screen, and wait until it and the engine are cached by the service worker."""
    table = f"/games/{game.pk}/table/"
    page.goto(f"{base_url}/accounts/login/?next={table}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "pass1234")
    page.click("form[action$='/login/'] button[type=submit]")
    left_login(page)
    # Once the worker is active (its files cached), a reload puts the page under it.
    wait_js(page, "navigator.serviceWorker.getRegistration()"
                           ".then(r => { window.__active = !!(r && r.active); }), window.__active === true",
                           polling=250, timeout=SW_MS)
    if not page.evaluate("navigator.serviceWorker.controller !== null"):
        page.reload()
    wait_js(page, "navigator.serviceWorker.controller !== null", polling=250, timeout=SW_MS)
    assert page.evaluate("window.clubOffline.warmed()") is True
    wait_js(page, f"caches.open('club-pages').then(c => c.match('{base_url}{table}'))"
                           ".then(r => { window.__cached = !!r; }), window.__cached === true", polling=250,
                           timeout=SW_MS)
    return table


def queue_offline(page, kind: str, taps: list[tuple[str, str]], scope: str = "") -> None:
    """Tap a hand in and save it. Going offline starts the engine (Pyodide), which holds the page's thread
    while it loads: on a loaded machine longer than the default 20 s, so the taps wait as long as the engine."""
    tap(page, "kind", kind, timeout=ENGINE_MS)
    for name, value in taps:
        tap(page, name, value, scope, timeout=ENGINE_MS)
    page.click("[data-testid=save]", timeout=ENGINE_MS)


def enter_three_hands(page) -> None:
    queue_offline(page, "ron", [("ron_winner", "1"), ("ron_loser", "2"), ("ron_value", "3-30")])
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(1, timeout=ENGINE_MS)
    queue_offline(page, "draw", [("draw_tenpai", "0")])
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(2)
    queue_offline(page, "tsumo", [("tsumo_winner", "3"), ("tsumo_value", "5")])
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(3)


def test_three_hands_offline_survive_a_reload_and_arrive_once_in_order(base_url, new_context, seated, shots):
    game, _players = seated
    context = new_context()
    page = context.new_page()
    sent = []
    page.on("request", lambda r: sent.append((r.headers.get("idempotency-key"), r.post_data_json))
            if r.method == "POST" and r.url.endswith("/api/hands/") else None)
    open_table_online(page, base_url, game)

    context.set_offline(True)
    enter_three_hands(page)
    queue = page.locator("[data-testid=offline-queue]")
    expect(queue.locator("h2")).to_have_text("전송 대기 (3)")
    expect(page.locator("[data-testid=queued-words]")).to_have_text(
        ["이서연 론 ← 박도윤 · 3판 30부", "유국 · 텐파이: 김민준", "최하은 쯔모 · 5판 만관"])
    # The engine's scores after the waiting hands: 3,900 ron, 3,000 noten payments, a tsumo mangan on 1 honba.
    expect(page.locator("[data-testid=score-1]")).to_have_text("25,800", timeout=ENGINE_MS)
    expect(page.locator("[data-testid=score-3]")).to_have_text("32,300")
    expect(page.locator("[data-testid=round]")).to_contain_text("동 4국 · 0본장 · 공탁 0")
    expect(page.locator(".seat[data-seat='3'] .badge-dealer")).to_be_visible()  # 최하은 deals East 4
    expect(page.locator("[data-testid=queued-hand]").nth(0)).to_contain_text("이서연 +3,900 · 박도윤 −3,900")
    page.screenshot(path=f"{shots}/offline-queue.png", full_page=True)
    assert stored_events(game) == []

    page.reload()  # offline: the screen from the service worker's cache, the queue from IndexedDB
    expect(page.locator("[data-testid=offline-queue] h2")).to_have_text("전송 대기 (3)")
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(3)
    expect(page.locator("[data-testid=score-1]")).to_have_text("25,800", timeout=ENGINE_MS)
    assert stored_events(game) == []

    new_document(page, lambda: context.set_offline(False), timeout_ms=60_000)
    expect(page.locator("[data-testid=offline-queue]")).to_be_hidden()
    page.wait_for_load_state("networkidle")
    assert stored_events(game) == [RON_1_TO_2, DRAW_0_TENPAI, TSUMO_3_MANGAN]
    assert hand_creations(game) == 3
    assert [body["position"] for _key, body in sent] == [0, 1, 2]
    assert all(key for key, _body in sent)
    assert len({key for key, _body in sent}) == 3
    expect(page.locator("[data-testid=score-1]")).to_have_text("25,800")


def test_a_hand_another_device_entered_meanwhile_is_shown_beside_ours_and_the_host_keeps_one(
        base_url, new_context, seated):
    game, _players = seated
    context = new_context()
    page = context.new_page()
    open_table_online(page, base_url, game)
    context.set_offline(True)
    queue_offline(page, "ron", [("ron_winner", "1"), ("ron_loser", "2"), ("ron_value", "3-30")])
    queue_offline(page, "draw", [("draw_tenpai", "0")])
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(2, timeout=ENGINE_MS)

    # Meanwhile a second device (the referee's phone, online) enters hand 1 differently.
    other = new_context()
    second = other.new_page()
    open_table_online(second, base_url, game, username="p3")
    tap(second, "kind", "tsumo")
    tap(second, "tsumo_winner", "3")
    tap(second, "tsumo_value", "5")
    new_document(second, lambda: second.click("[data-testid=save]"))
    second.wait_for_load_state("networkidle")
    assert stored_events(game) == [TSUMO_3_MANGAN]

    context.set_offline(False)
    box = page.locator("[data-testid=conflict-box]")
    expect(box).to_be_visible(timeout=30_000)
    expect(box.locator("[data-testid=conflict-stored]")).to_contain_text("최하은")
    expect(box.locator("[data-testid=conflict-mine]")).to_contain_text("이서연")
    # The draw after it waits: nothing else was sent.
    page.wait_for_load_state("networkidle")
    assert stored_events(game) == [TSUMO_3_MANGAN]

    new_document(page, lambda: page.click("[data-testid=keep-mine]"), timeout_ms=60_000)
    page.wait_for_load_state("networkidle")
    assert stored_events(game) == [RON_1_TO_2, DRAW_0_TENPAI]
    expect(page.locator("[data-testid=offline-queue]")).to_be_hidden()


def test_keeping_the_stored_hand_drops_ours_and_sends_the_rest_after_it(base_url, new_context, seated):
    from league.games import services as game_services

    game, _players = seated
    context = new_context()
    page = context.new_page()
    open_table_online(page, base_url, game)
    context.set_offline(True)
    queue_offline(page, "ron", [("ron_winner", "1"), ("ron_loser", "2"), ("ron_value", "3-30")])
    queue_offline(page, "draw", [("draw_tenpai", "0")])
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(2, timeout=ENGINE_MS)
    game_services.hand_record(game=game, position=0, event=TSUMO_3_MANGAN, by=None)

    context.set_offline(False)
    expect(page.locator("[data-testid=conflict-box]")).to_be_visible(timeout=30_000)
    new_document(page, lambda: page.click("[data-testid=keep-stored]"), timeout_ms=60_000)
    page.wait_for_load_state("networkidle")
    assert stored_events(game) == [TSUMO_3_MANGAN, DRAW_0_TENPAI]


def test_a_refused_hand_holds_back_the_hands_after_it_until_it_is_dropped(base_url, new_context, seated):
    game, _players = seated
    context = new_context()
    page = context.new_page()
    open_table_online(page, base_url, game)
    context.set_offline(True)
    queue_offline(page, "ron", [("ron_winner", "1"), ("ron_loser", "2"), ("ron_value", "3-30")])
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(1, timeout=ENGINE_MS)
    # A hand the rules refuse (1 han 20 fu is not a hand), queued as an older page would have, unchecked.
    page.evaluate("window.clubOffline.enqueue({kind: 'tsumo', winner: 0, han: 1, fu: 20, riichi: []})")
    queue_offline(page, "draw", [("draw_tenpai", "0")])
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(3)

    context.set_offline(False)
    refused = page.locator("[data-testid=refused-box]")
    expect(refused).to_be_visible(timeout=30_000)
    # the engine's words, in Korean
    expect(refused.locator("[data-testid=refusal]")).to_contain_text("1판 20부는 있을 수 없습니다")
    page.wait_for_load_state("networkidle")
    assert stored_events(game) == [RON_1_TO_2]  # the draw waits behind the refused hand
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(2)
    expect(page.locator("[data-testid=offline-queue] h2")).to_have_text("전송 대기 (2)")

    new_document(page, lambda: page.click("[data-testid=drop-hand]"), timeout_ms=60_000)
    page.wait_for_load_state("networkidle")
    assert stored_events(game) == [RON_1_TO_2, DRAW_0_TENPAI]


def test_a_new_service_worker_version_keeps_the_queue(base_url, new_context, seated, settings):
    game, _players = seated
    context = new_context()
    page = context.new_page()
    open_table_online(page, base_url, game)
    old = page.evaluate("""() => new Promise(resolve => { const c = new MessageChannel();
        c.port1.onmessage = e => resolve(e.data.version);
        navigator.serviceWorker.controller.postMessage({type: 'version'}, [c.port2]); })""")

    context.set_offline(True)
    queue_offline(page, "ron", [("ron_winner", "1"), ("ron_loser", "2"), ("ron_value", "3-30")])
    queue_offline(page, "draw", [("draw_tenpai", "0")])
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(2, timeout=ENGINE_MS)

    # A release while the hands wait; the API is unreachable, the rest of the site is not.
    page.route("**/api/hands/**", lambda route: route.abort())
    settings.OFFLINE_RELEASE = "next"
    context.set_offline(False)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    wait_js(page, """() => new Promise(resolve => { const c = new MessageChannel();
        c.port1.onmessage = e => resolve(e.data.version);
        navigator.serviceWorker.controller.postMessage({type: 'version'}, [c.port2]); })
        .then(v => { window.__v = v; }) && window.__v && window.__v !== """ + repr(old), polling=500, timeout=60_000)
    page.reload()
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(2)
    assert stored_events(game) == []

    page.unroute("**/api/hands/**")
    page.evaluate("void window.clubOffline.sync()")
    expect(page.locator("[data-testid=offline-queue]")).to_be_hidden(timeout=60_000)
    page.wait_for_load_state("networkidle")
    assert stored_events(game) == [RON_1_TO_2, DRAW_0_TENPAI]


def test_a_save_lost_on_a_network_that_looks_online_becomes_a_waiting_hand(base_url, new_context, seated):
    """Venue Wi-Fi that is connected but dead: the plain form's post fails, nothing typed is lost."""
    game, _players = seated
    context = new_context()
    page = context.new_page()
    open_table_online(page, base_url, game)
    dead = lambda route: route.abort("internetdisconnected")  # noqa: E731
    context.route("**/games/*/hands/", dead)
    context.route("**/api/hands/**", dead)
    assert page.evaluate("navigator.onLine") is True
    tap(page, "ron_winner", "1")
    tap(page, "ron_loser", "2")
    tap(page, "ron_value", "3-30")
    new_document(page, lambda: page.click("[data-testid=save]"))
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(1)
    expect(page.locator("[data-testid=queued-words]")).to_have_text(["이서연 론 ← 박도윤 · 3판 30부"])
    assert stored_events(game) == []

    context.unroute("**/games/*/hands/", dead)
    context.unroute("**/api/hands/**", dead)
    page.evaluate("void window.clubOffline.sync()")  # as the online event or the next retry would
    expect(page.locator("[data-testid=offline-queue]")).to_be_hidden(timeout=60_000)
    page.wait_for_load_state("networkidle")
    assert stored_events(game) == [RON_1_TO_2]


def test_a_refused_hand_fixed_in_place_is_sent_before_the_hands_after_it(base_url, new_context, seated):
    game, _players = seated
    context = new_context()
    page = context.new_page()
    open_table_online(page, base_url, game)
    context.set_offline(True)
    page.evaluate("window.clubOffline.enqueue({kind: 'tsumo', winner: 0, han: 1, fu: 20, riichi: []})")
    queue_offline(page, "draw", [("draw_tenpai", "0")])
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(2, timeout=ENGINE_MS)

    context.set_offline(False)
    expect(page.locator("[data-testid=refused-box]")).to_be_visible(timeout=30_000)
    page.click("[data-testid=fix-hand]")
    expect(page.locator("[data-testid=offline-queue] [data-offline-status]")).to_have_text(
        "1번째 국 고치는 중: 다시 입력하고 저장하세요.")
    expect(page.locator("#hand-form input[name=position]")).to_have_value("0")
    new_document(page, lambda: queue_offline(page, "tsumo", [("tsumo_winner", "0"), ("tsumo_value", "1-30")]),
                 timeout_ms=60_000)
    page.wait_for_load_state("networkidle")
    assert stored_events(game) == [{"kind": "tsumo", "winner": 0, "han": 1, "fu": 30, "riichi": []},
                                   {**DRAW_0_TENPAI, "tenpai": [0]}]


def test_the_app_installs_and_a_members_table_screen_opens_with_no_network(base_url, new_context, seated):
    """Deliver 1: opened online once (any page), the table screen of a game the member sits at opens offline."""
    game, _players = seated
    context = new_context()
    page = context.new_page()
    page.goto(f"{base_url}/accounts/login/?next=/")
    page.fill("input[name=username]", "p2")
    page.fill("input[name=password]", "pass1234")
    page.click("form[action$='/login/'] button[type=submit]")
    left_login(page)
    table = f"{base_url}/games/{game.pk}/table/"
    wait_js(page, f"caches.open('club-pages').then(c => c.match('{table}'))"
                           ".then(r => { window.__cached = !!r; }), window.__cached === true", polling=250,
                           timeout=SW_MS)
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito ones, where Chromium never installs; nothing else may stand in the way.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []

    context.set_offline(True)
    page.goto(table)
    expect(page.locator("#hand-form [data-testid=save]")).to_be_visible()
    expect(page.locator(".seat[data-seat='2'] .name")).to_contain_text("박도윤")
    page.goto(f"{base_url}/games/{game.pk}/")  # a page never cached: the worker's offline page, in Korean
    expect(page.locator("h1")).to_have_text("네트워크 없음")


FORM_CASES = {
    # rule / what the host tapped: the form's fields as posted
    "ron with riichi sticks": [("kind", "ron"), ("ron_winner", "1"), ("ron_loser", "2"), ("ron_value", "3-30"),
                               ("riichi", "3"), ("riichi", "1")],
    "yakuman ron with pao": [("kind", "ron"), ("ron_winner", "1"), ("ron_loser", "2"), ("ron_value", "Y1"),
                             ("pao", "0")],
    "double ron": [("kind", "multi_ron"), ("multi_loser", "0"), ("multi_winners", "3"), ("multi_winners", "1"),
                   ("multi_value_1", "2-30"), ("multi_value_3", "5")],
    "tsumo mangan": [("kind", "tsumo"), ("tsumo_winner", "3"), ("tsumo_value", "5"), ("riichi", "3")],
    "a riichi player is tenpai at a draw": [("kind", "draw"), ("draw_tenpai", "2"), ("riichi", "0")],
    "nagashi mangan": [("kind", "nagashi"), ("nagashi_players", "1"), ("nagashi_tenpai", "3")],
    "chombo": [("kind", "chombo"), ("chombo_offender", "2")],
    "refused: ron on oneself": [("kind", "ron"), ("ron_winner", "1"), ("ron_loser", "1"), ("ron_value", "3-30")],
    "refused: no value": [("kind", "tsumo"), ("tsumo_winner", "1")],
    "refused: no winner": [("kind", "ron"), ("ron_loser", "2"), ("ron_value", "3-30")],
    "refused: a double ron of one": [("kind", "multi_ron"), ("multi_loser", "0"), ("multi_winners", "1"),
                                     ("multi_value_1", "2-30")],
}


def test_the_offline_form_makes_the_servers_event_from_the_same_taps(base_url, new_context, seated):
    """The queue holds what the server's form would have stored (league.forms.HandEntryForm), or its refusal."""
    from django.http import QueryDict
    from django.utils import translation

    from league.games.entry_screen import game_view
    from league.web.games.forms import HandEntryForm

    game, _players = seated
    page = new_context().new_page()
    open_table_online(page, base_url, game)
    table = game_view(game).table()
    for rule, fields in FORM_CASES.items():
        data = QueryDict(mutable=True)
        data["position"] = "0"
        for name, value in fields:
            data.appendlist(name, value)
        with translation.override("ko"):
            form = HandEntryForm(data, table=table)
            refusal = " ".join(str(e) for e in form.non_field_errors()) if not form.is_valid() else None
            expected = form.event if refusal is None else {"refusal": refusal}
        assert ("refusal" in expected) == rule.startswith("refused"), rule
        assert page.evaluate("entries => window.clubOffline.formEvent(entries)", fields) == expected, rule


def test_waiting_hands_survive_the_browser_closing_like_a_phone_restart(base_url, browser, seated, tmp_path):
    """A persistent profile closed and opened again: the screen opens offline and the hands still wait."""
    from tests.e2e.conftest import CHROMIUM as EXECUTABLE
    from tests.e2e.conftest import PHONE, TIMEOUT_MS

    game, _players = seated
    profile = tmp_path / "phone"

    def start():
        context = browser.browser_type.launch_persistent_context(
            str(profile), executable_path=EXECUTABLE, args=["--no-sandbox", "--disable-gpu"], **PHONE)
        context.set_default_timeout(TIMEOUT_MS)
        return context

    context = start()
    page = context.pages[0] if context.pages else context.new_page()
    table = open_table_online(page, base_url, game)
    context.set_offline(True)
    queue_offline(page, "ron", [("ron_winner", "1"), ("ron_loser", "2"), ("ron_value", "3-30")])
    queue_offline(page, "draw", [("draw_tenpai", "0")])
    expect(page.locator("[data-testid=queued-hand]")).to_have_count(2, timeout=ENGINE_MS)
    context.close()

    context = start()
    try:
        context.set_offline(True)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{base_url}{table}")
        expect(page.locator("[data-testid=offline-queue] h2")).to_have_text("전송 대기 (2)")
        assert stored_events(game) == []
        new_document(page, lambda: context.set_offline(False), timeout_ms=60_000)
        expect(page.locator("[data-testid=offline-queue]")).to_be_hidden()
        page.wait_for_load_state("networkidle")
        assert stored_events(game) == [RON_1_TO_2, DRAW_0_TENPAI]
    finally:
        context.close()
