"""The installable app's files (league.web.games.offline): service worker, manifest, the engine zip, the pages to cache.

The browser side (queue, sending, conflicts) is tests/e2e/test_offline.py.
"""
from __future__ import annotations

import json
import struct
import subprocess
import sys
import zipfile
from http import HTTPStatus
from io import BytesIO
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.models import Game
from league.web.games import offline
from tests.factories import MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def _client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def test_service_worker_is_served_from_the_root_for_the_whole_site():
    response = _client().get("/sw.js")
    assert response.status_code == HTTPStatus.OK
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]
    body = response.content.decode()
    assert f'var VERSION = "{offline.cache_version()}";' in body
    for url in ("/static/league/offline.js", "/static/league/table.js", "/static/css/app.css"):
        assert json.dumps(url) in body
    # The engine is not precached (issue 41 item 5): the table screen asks for it once it works, where allowed.
    precache = next(line for line in body.splitlines() if line.startswith("var PRECACHE = "))
    assert "scoring.zip" not in precache
    assert "pyodide" not in precache
    assert 'var SCORING_ZIP = "/offline/scoring.zip";' in body  # ...and served from the cache once it is there


def test_a_change_to_the_release_is_a_new_service_worker_version(settings):
    before = offline.cache_version()
    settings.OFFLINE_RELEASE = "2026-12-02"
    assert offline.cache_version() != before


def test_manifest_names_the_app_in_korean_with_icons_that_exist():
    response = _client().get("/manifest.webmanifest")
    assert response.status_code == HTTPStatus.OK
    assert response["Content-Type"].startswith("application/manifest+json")
    data = json.loads(response.content)
    assert data["name"] == "리치 마작 클럽 리그"
    assert data["display"] == "standalone"
    assert data["start_url"] == "/"
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in data["icons"]:
        path = finders.find(icon["src"].removeprefix(settings.STATIC_URL if settings.STATIC_URL.startswith("/")
                                                     else "/" + settings.STATIC_URL))
        png = Path(path).read_bytes()
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        width, height = struct.unpack(">II", png[16:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_scoring_zip_is_the_source_tree_and_replays_a_game_on_its_own(tmp_path):
    response = _client().get("/offline/scoring.zip")
    assert response.status_code == HTTPStatus.OK
    names = zipfile.ZipFile(BytesIO(response.content)).namelist()
    sources = {str(p.relative_to(offline.SCORING_DIR.parent)) for p in offline._scoring_sources()}
    assert set(names) == sources
    assert "scoring/game.py" in names
    assert not any("__pycache__" in n for n in names)
    # Imported from the zip alone (as Pyodide does), in a fresh interpreter away from the repository.
    archive = tmp_path / "scoring.zip"
    archive.write_bytes(response.content)
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import scoring.game as g; "
            "assert g.__file__.startswith(sys.argv[1]); "
            "r = g.replay({'ruleset': 'juki-agit-2026', 'players': ['a', 'b', 'c', 'd'], 'hands': ["
            "{'kind': 'ron', 'loser': 2, 'wins': [{'winner': 1, 'han': 3, 'fu': 30}]}]}); print(r.state.scores)")
    out = subprocess.run([sys.executable, "-I", "-c", code, str(archive)], cwd=tmp_path, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "(25000, 28900, 21100, 25000)"


def test_scoring_zip_answers_not_modified_while_the_source_is_unchanged():
    first = _client().get("/offline/scoring.zip")
    again = _client().get("/offline/scoring.zip", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == HTTPStatus.NOT_MODIFIED
    assert offline.scoring_zip() == offline.scoring_zip()  # deterministic: same bytes, same digest


def test_pages_to_cache_are_the_in_progress_games_the_member_sits_at(game, players, season, referee):
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)  # an earlier game, over
    current = game_services.game_start(season=season, table_label="C", members=players, by=referee.user)
    strangers = [MemberFactory(club=game.club, user=UserFactory()) for _ in range(4)]
    other = game_services.game_start(season=season, table_label="B", members=strangers, by=referee.user)

    data = json.loads(_client(players[0].user).get("/offline/pages.json").content)
    assert data == {"pages": [reverse("league:game_table", args=[current.pk])], "user": f"user:{players[0].user.pk}"}
    assert reverse("league:game_table", args=[other.pk]) not in data["pages"]
    assert json.loads(_client().get("/offline/pages.json").content) == {"pages": [], "user": "code:"}


def test_the_table_screen_says_whose_it_is_as_pages_json_does(game, players):
    """The service worker keeps the copy a navigation brought when it says whose it is (X-Club-For), in the words
    of pages.json's user: a refresh within the minute does not fetch it again."""
    url = reverse("league:game_table", args=[game.pk])
    member = _client(players[0].user)
    assert member.get(url)["X-Club-For"] == f"user:{players[0].user.pk}"
    assert json.loads(member.get("/offline/pages.json").content)["user"] == f"user:{players[0].user.pk}"


def test_table_screen_carries_the_offline_queue_for_those_who_enter_hands(game, players):
    url = reverse("league:game_table", args=[game.pk])
    text = _client(players[0].user).get(url).content.decode()
    assert 'id="offline-config"' in text
    assert "league/offline.js" in text
    config = json.loads(text.split('<script id="offline-config" type="application/json">')[1].split("</script>")[0])
    assert config["game"] == game.pk
    assert config["position"] == 0
    assert config["players"] == [p.display_name for p in players]
    assert config["api"]["hands"] == "/api/hands/"
    assert config["strings"]["title"] == "전송 대기 (%(n)s)"
    # scoring.quick_entry reads the taps against this table, in the page's words (Pyodide in the browser)
    assert config["tapTable"]["values"]["3-30"] == {"han": 3, "fu": 30}
    assert config["tapTable"]["players"] == 4
    assert config["tapTable"]["dealer"] == 0
    assert config["refusals"]["self_ron"] == "화료자가 자기 자신에게 방총할 수는 없습니다."
    assert config["eventWords"]["han_fu"] == "%(han)s판 %(fu)s부"


def test_watchers_get_no_offline_queue(game, club):
    watcher = MemberFactory(club=club, user=UserFactory())
    text = _client(watcher.user).get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert "offline-config" not in text


def test_every_page_links_the_manifest_and_installs_the_service_worker():
    text = _client().get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in text
    assert 'data-sw="/sw.js"' in text


@pytest.mark.parametrize("path", ["/sw.js", "/manifest.webmanifest"], ids=["service-worker", "manifest"])
def test_production_static_storage_serves_the_installable_app(path, settings, tmp_path):
    """Production keeps hashed static names in a manifest (whitenoise): ``static("")`` has no entry
    there, and the service worker answered 500, so the app never installed (issue 22, item 1)."""
    names = [path for finder in finders.get_finders() for path, _storage in finder.list([])]
    (tmp_path / "staticfiles.json").write_text(json.dumps({
        "version": "1.1", "paths": {n: n.replace(".", ".0123456789ab.", 1) if "." in n else n for n in names},
        "hash": "x"}))
    settings.STATIC_ROOT = str(tmp_path)
    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"}}
    response = _client().get(path)
    assert response.status_code == HTTPStatus.OK
    body = response.content.decode()
    assert "/static/league/offline.0123456789ab.js" in body or "icon-192.0123456789ab.png" in body
    if path == "/sw.js":
        assert 'var STATIC_PREFIX = "/static/";' in body
