"""Issue 38 item 4 in a real browser: a season's standings in each language, drawn with the site's own
fonts (no font or stylesheet fetched from another site), the language's CJK face loadable, and a
screenshot a language (``E2E_SHOTS=docs/img`` keeps them: docs/img/standings-<lang>.png)."""
from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import CHROMIUM

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]

# language, the standings' heading on the page, the face cjk.css gives its kanji/hanzi ("" = app.css's)
LANGUAGES = [
    ("ko", "순위", ""),
    ("en", "Standings", ""),
    ("ja", "順位", "Club CJK JP"),
    ("zh-hans", "排名", "Club CJK SC"),
    ("zh-hant", "排名", "Club CJK TC"),
]


@pytest.fixture
def demo_season(transactional_db):
    from django.core.management import call_command

    from league.models import Season

    call_command("load_demo", verbosity=0)
    return Season.objects.filter(club__slug="juki-agit-demo").order_by("pk").first()


@pytest.mark.parametrize(("language", "heading", "face"), LANGUAGES, ids=[code for code, *_ in LANGUAGES])
def test_the_standings_read_in_each_language_with_the_sites_own_fonts(
        base_url, new_context, demo_season, shots, language, heading, face):
    if language == "ja" and not (Path(__file__).resolve().parents[2] / "locale/ja/LC_MESSAGES/django.mo").exists():
        pytest.skip("the Japanese catalogue is not on this branch yet")
    context = new_context(viewport={"width": 390, "height": 700}, locale=language)
    host = urlsplit(base_url).netloc
    context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])
    elsewhere = []
    context.on("request", lambda request: elsewhere.append(request.url)
               if urlsplit(request.url).netloc not in (host, "") and not request.url.startswith("data:") else None)
    page = context.new_page()
    page.goto(f"{base_url}/seasons/{demo_season.pk}/standings/")
    assert page.locator("html").get_attribute("lang") == language
    playwright_sync.expect(page.locator("h1, h2").filter(has_text=heading).first).to_be_visible()
    if face:
        family = page.evaluate("getComputedStyle(document.body).fontFamily")
        assert f'"{face}"' in family
        # The face loads (the device's Noto Sans CJK, or the site's subset): the page's own words have glyphs.
        loaded = page.evaluate("([face, text]) => document.fonts.load(`16px \"${face}\"`, text)"
                               ".then(fonts => fonts.length)", [face, heading])
        assert loaded >= 1
    page.screenshot(path=f"{shots}/standings-{language}.png")
    assert elsewhere == []
