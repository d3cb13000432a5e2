"""Shared fixtures of the real-browser tests: the live server's address, screenshots, Debian's chromium.

One chromium per test process; each user of a test gets a context of their own (their own cookies),
phone-sized unless the test asks otherwise. Playwright is imported inside the fixtures, so that this file
loads without it (the tests are then skipped by their ``browser`` mark).
"""
from __future__ import annotations

import os

import pytest
from django.db import connections

CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 20_000
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True, "locale": "ko-KR"}


@pytest.fixture
def base_url(live_server) -> str:
    return live_server.url.replace("//localhost:", "//127.0.0.1:")


@pytest.fixture
def shots(tmp_path) -> str:
    """Where screenshots go: ``E2E_SHOTS`` when set (to look at them), else the test's tmp dir."""
    path = os.environ.get("E2E_SHOTS") or str(tmp_path)
    os.makedirs(path, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def _chromium():
    """One Playwright driver and one chromium per test process, started at the first browser test (issue 34:
    ~0.75 s of CPU a test to start them, ~60 tests). Each test still gets fresh contexts (own cookies, own
    storage) from ``new_context``; a browser that died is started again.

    Playwright's sync API keeps its event loop running in this thread from the start on, so Django's guard
    against ORM calls from async code would refuse every ORM call of the tests after it on this process:
    ``DJANGO_ALLOW_ASYNC_UNSAFE`` is set for the rest of the process (no test of ours runs async code)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    driver = sync_api.sync_playwright().start()
    sync_api.expect.set_options(timeout=TIMEOUT_MS)
    launched = {}

    def get():
        if "browser" not in launched or not launched["browser"].is_connected():
            launched["browser"] = driver.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        return launched["browser"]

    yield get
    if "browser" in launched and launched["browser"].is_connected():
        launched["browser"].close()
    driver.stop()


@pytest.fixture
def browser(live_server, _chromium):
    try:
        yield _chromium()
    finally:
        # ORM calls made while Playwright ran got their own connection (its own context);
        # close it, or PostgreSQL cannot drop the test database at the end of the run.
        connections.close_all()


@pytest.fixture
def new_context(browser):
    """``new_context(**options)``: a fresh context (one user's cookies), the phone's unless overridden."""
    contexts = []

    def make(**options):
        context = browser.new_context(**{**PHONE, **options})
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def static_cached(monkeypatch):
    """The live server's static files answered with ``Cache-Control: max-age``, as production's whitenoise answers
    its hashed names: a walk that loads hundreds of pages fetches each stylesheet and script once per context
    instead of asking the test server again for every page (~10 requests a page, each through the staticfiles
    finders). Only for walks: a test that swaps a static file under the page must not use it."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler

    serve = StaticFilesHandler.serve

    def serve_cached(self, request):
        response = serve(self, request)
        response["Cache-Control"] = "max-age=3600"
        return response

    monkeypatch.setattr(StaticFilesHandler, "serve", serve_cached)


@pytest.fixture
def page(new_context):
    """One page in a phone-sized context."""
    return new_context().new_page()


@pytest.fixture
def season_played(transactional_db):
    """The what-if lab's season (games G1 and G2 of tests/league/test_whatif.py, finished) with
    logins: players ``w0``…``w3`` and the admin ``boss``. Returns (season, players)."""
    from league.games import services as game_services
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory
    from tests.league.test_whatif import G1, G2

    club = ClubFactory()
    names = ["김민준", "이서연", "박지훈", "최유나"]
    players = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"w{i}"))
               for i, n in enumerate(names)]
    admin = MemberFactory(club=club, display_name="관리자", user=UserFactory(username="boss"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    for label, hands in (("G1", G1), ("G2", G2)):
        game = game_services.game_start(season=season, table_label=label, members=players, by=None)
        for i, event in enumerate(hands):
            game_services.hand_record(game=game, position=i, event=event, by=None)
    return season, players
