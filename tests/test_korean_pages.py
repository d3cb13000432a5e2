"""Issue 25 item 8 (and issue 42: as every role): every page of the demo club, read in Korean, has no English
or JSON.

The walk (tests/page_walk.py) enumerates the URLconf (not a hand-kept list), fills each address's arguments from
the demo's objects (the club, its seasons, rulesets, games, members, hands) and reads the text a person sees (no
tags, scripts or attributes). A Latin-script word is allowed only if it is a name or code the club typed (a
member's login name, a table label) or on the short allowlist below, each entry with its reason. The other
languages' walk is tests/test_language_walk.py.
"""
from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.test import Client

from tests.page_walk import demo, demo_values, page_urls, visible_text  # noqa: F401 - demo is a fixture

pytestmark = pytest.mark.django_db

ALLOWLIST = {
    "English",  # the language switch names each language in itself ("한국어", "English")
    "CSV", "XLSX", "PDF",  # the download / print buttons name the file format a program opens
    "EMA", "WRC",  # the public rulebooks' own names (European Mahjong Association, World Riichi Championship)
    "MERS",  # the EMA's ranking system's own name (Mahjong European Ranking System), as federations write it
    "OpenSkill",  # the rating system's proper name, as its authors write it
    "Django",  # the password pages are Django's own (its admin's brand in the title)
    "Discord", "Telegram",  # the chat services' own names, as their apps show them (notifications page)
    "QR",  # the code a phone's camera reads (QR 코드): its own name, as Korean signs write it
    "URL", "ID",  # the words Discord's and Telegram's own screens use for what the admin copies (웹후크 URL, 채팅 ID)
}
PENDING: dict[str, str] = {}
"""Pages known not yet Korean, each with the item that fixes it; the test fails if one of them becomes clean
(so the entry is removed) and on any other page."""
SKIP_PREFIXES = (
    "admin/",  # Django's admin (its own translations, model names; not the club's pages)
    "api/",  # JSON for programs, documented in English (contracts)
    "accounts/logout",  # a POST; GET logs out the walker
    "i18n/",  # the language switch (POST)
    "healthz",  # for the load balancer
)


LATIN = re.compile(r"[A-Za-z][A-Za-z'’]+")

SHOWN = {HTTPStatus.OK, HTTPStatus.FORBIDDEN, HTTPStatus.NOT_FOUND, HTTPStatus.METHOD_NOT_ALLOWED}
"""What a person reads: the page, or the Korean error page in the site's layout that a role not allowed gets."""

ROLES = {  # the demo's logins (load_demo.LOGINS): each role sees other pages, other buttons and other words
    "admin": ("admin", "admin1234"), "referee": ("referee", "referee1234"), "table host": ("host", "host1234"),
    "plain member": ("player", "player1234"), "anonymous": None,
}


@pytest.mark.parametrize("role", list(ROLES))
def test_every_demo_page_is_korean(demo, role):  # noqa: F811
    from club.models import Member
    from league.models import Game
    from notify.models import Channel

    client = Client()
    if ROLES[role] is not None:
        username, password = ROLES[role]
        assert client.login(username=username, password=password)
    values = demo_values(demo)
    from league.models import Ruleset, Season

    typed = set(Member.objects.filter(club=demo).values_list("user__username", flat=True)) - {None}
    typed |= set(Game.objects.filter(club=demo).values_list("table_label", flat=True))
    for code in Game.objects.filter(club=demo, table_code__isnull=False).values_list("table_code", flat=True):
        typed |= set(LATIN.findall(code))  # a table's code (issue 42): letters and digits, as printed
    for hint in Channel.objects.filter(club=demo).values_list("secret_hint", flat=True):
        typed |= set(LATIN.findall(hint))  # a chat's secret shown by its last characters ("••••yz01")
    for name in [demo.name, *Season.objects.filter(club=demo).values_list("name", flat=True),
                 *Ruleset.objects.filter(club=demo).values_list("name", flat=True)]:
        typed |= set(LATIN.findall(name))  # "2026 ASI 리그": the club named it so
    visited, unfilled, english, lines = [], [], {}, {}
    for _route, name, url in page_urls(values, skip=SKIP_PREFIXES, unfilled=unfilled):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="ko")
        if response.status_code not in SHOWN or "text/html" not in response.get("Content-Type", ""):
            continue
        visited.append(url)
        text = visible_text(response.content.decode())
        words = {w for w in LATIN.findall(text) if w not in typed and w not in ALLOWLIST}
        if words:
            english[name] = sorted(words)
            lines[name] = [" ".join(ln.split())[:160] for ln in text.splitlines()
                          if any(w in ln for w in words)][:6]
    assert len(visited) >= (30 if ROLES[role] else 10), (visited, unfilled)
    import json
    import os
    if os.environ.get("KOREAN_DUMP"):
        report = {"visited": visited, "unfilled": unfilled, "english": english, "lines": lines}
        with open(os.environ["KOREAN_DUMP"] + "." + role.replace(" ", "_"), "w") as dump:
            dump.write(json.dumps({"role": role, **report}, ensure_ascii=False, indent=0))
    assert {name: words for name, words in english.items() if name not in PENDING} == {}
    assert set(PENDING) <= set(english), "a pending page is Korean now: remove it from PENDING"
