"""A table code opens its game's table screen and nothing else (issue 42 item 1): every address of the site,
walked with a phone that came in with a code and no login, answers as it answers a stranger — the login page,
403 or 404 — except the table screen of that one game (and its referee-call box and needs panel). The walk
enumerates the URLconf (``tests/page_walk.py``), so a new page is walked without being listed."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from tests.page_walk import demo, demo_values, page_urls  # noqa: F401 - demo is a fixture

pytestmark = pytest.mark.django_db

SKIP_PREFIXES = ("admin/", "accounts/logout", "i18n/", "healthz", "static/")
OWN_GAME = {"league:game_table", "league:game_needs", "league:referee_call_live"}
"""What the code opens, for its own game only."""
OWN_GAME_WRITES = {"league:hand_create", "league:hand_preview", "league:hand_full", "league:hand_undo",
                   "league:game_stop", "league:game_end_time", "league:referee_call"}
"""And what it may change there (tested in test_table_code.py; here only: nothing else)."""


def _walk(values: dict[str, list]):
    for _route, name, url in page_urls(values, skip=SKIP_PREFIXES):
        if name not in ("table_code", "table_code_open"):
            yield name, url


def test_a_code_only_phone_gets_its_table_and_nothing_else(demo):  # noqa: F811
    from league.models import Game

    values = demo_values(demo)
    mine = Game.objects.filter(club=demo, table_code__isnull=False, status="in_progress").order_by("pk").first()
    other = Game.objects.filter(club=demo).exclude(pk=mine.pk).order_by("pk").first()
    phone = Client()
    assert phone.post(reverse("table_code"), {"code": mine.table_code}).status_code == HTTPStatus.FOUND
    stranger = Client()
    walked, differs = 0, {}
    for game in (other, mine):
        for name, url in _walk({**values, "game": [game.pk]}):
            if name in OWN_GAME and game == mine:
                assert phone.get(url).status_code == HTTPStatus.OK, url
                continue
            if name in OWN_GAME_WRITES and game == mine:
                continue
            for method in ("get", "post"):
                got = getattr(phone, method)(url).status_code
                expected = getattr(stranger, method)(url).status_code
                walked += 1
                if got != expected:
                    differs[f"{method.upper()} {url}"] = (got, expected)
    assert walked > 100
    assert sorted(differs.items()) == []
    # the other game's table, by its address: refused
    response = phone.get(reverse("league:game_table", args=[other.pk]))
    assert response.status_code in (HTTPStatus.FOUND, HTTPStatus.FORBIDDEN, HTTPStatus.NOT_FOUND)
    assert response.status_code != HTTPStatus.FOUND or "/accounts/login/" in response["Location"]
