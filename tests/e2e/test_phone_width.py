"""Every page fits a phone (issue 42 item 8): at 390 px wide, signed in as each role (admin, referee, host, player)
and as a visitor, no page of the demo club (with a club night and a tournament seated) scrolls sideways — the
document is no wider than the screen. The walk enumerates the URLconf (tests/test_korean_pages.py's)."""
from __future__ import annotations

import shutil

import pytest
from django.urls import get_resolver, reverse
from django.urls.exceptions import NoReverseMatch

from tests.e2e.conftest import CHROMIUM
from tests.e2e.waits import left_login

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
SKIP = ("admin/", "api/", "accounts/logout", "i18n/", "healthz", "sw.js", "manifest", "offline/", "static/", "t/")
ROLES = ["admin", "referee", "host", "player", None]


@pytest.fixture
def demo_walk(transactional_db):
    from django.core.management import call_command

    from club.models import Club
    from tests.test_korean_pages import _values

    call_command("load_demo", verbosity=0)
    club = Club.objects.get(slug="juki-agit-demo")
    values = _values(club)
    _a_finished_tournament_table(club, values)
    return values


def _a_finished_tournament_table(club, values) -> None:
    """The tournament's round 1 seated and one table finished: the page that was 534 px wide (issue 42 item 8)."""
    from club.models import Member
    from events.tournaments import services as tournaments
    from events.tournaments.models import Entrant, Tournament
    from league.games import services as game_services
    from league.models import Game

    admin = Member.objects.get(club=club, user__username="admin").user
    for playing in Game.objects.filter(club=club, status=Game.Status.IN_PROGRESS):  # its players are free for the cup
        game_services.game_cancel(game=playing, by=admin, reason="폭 검사")
    cup = Tournament.objects.get(pk=values["tournament"][0])
    for entrant in Entrant.objects.filter(tournament=cup, status="pending"):
        tournaments.approve(entrant=entrant, by=admin)
    tournaments.check_in_all(tournament=cup, by=admin)
    rnd, _ = tournaments.round_seat(tournament=cup, number=1, by=admin)
    game = rnd.tables.order_by("pk").first().game
    game_services.hand_record(game=game, position=0, by=None, event={
        "kind": "ron", "loser": 0, "riichi": [], "wins": [{"winner": 1, "yakuman": 1}]})
    values["tournament_table"] = [t.pk for t in rnd.tables.all()]


def _urls(values):
    from tests.test_korean_pages import _kwargs_for, _patterns

    for route, name, pattern in _patterns(get_resolver()):
        if route.startswith(SKIP) or name.endswith(("_live", ".csv", ".xlsx")) or "report." in route:
            continue
        keys = list(pattern.pattern.regex.groupindex)
        candidates = dict(_kwargs_for(route, keys, values))
        if any(not v for v in candidates.values()):
            continue
        try:
            yield reverse(name, kwargs={k: v[0] for k, v in candidates.items()})
        except NoReverseMatch:
            continue


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
