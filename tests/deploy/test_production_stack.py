"""CI smoke test of the production stack: gunicorn + a Celery worker + beat, ``config.settings.production``.

Behind the (simulated) TLS proxy: requests carry ``X-Forwarded-Proto: https`` as Caddy/nginx send it
(docs/deploy.md), so the secure cookies, the https redirect and HSTS are the deployed ones. A host
logs in, enters the game-ending hand through HTTP, the static files come hashed and compressed from
whitenoise, and the worker (not the web process) recomputes the standings.
"""
from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import secrets
from http import HTTPStatus
from urllib.parse import quote, urlencode

import pytest
from celery import Celery
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection

from deploy.stack import ROOT, Stack, prepare
from league.games import services as game_services
from league.models import Game, HandRecord, StandingsSnapshot
from tests.league.events import TO_SOUTH_4
from tests.ports import free_port
from tests.waiting import wait_until

pytestmark = [pytest.mark.smoke, pytest.mark.waits, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HASHED = re.compile(r'/static/[\w/.-]+\.[0-9a-f]{12}\.(?:js|css)(?![\w.])')  # not the .json of a .js prefix


def _test_database_url() -> str:
    s = connection.settings_dict
    auth = quote(s["USER"] or "")
    if s.get("PASSWORD"):
        auth += ":" + quote(s["PASSWORD"])
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"



class Browser:
    """Just enough of a browser behind the proxy: its own cookie jar (the cookies are ``Secure``)."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.set_cookie_headers: list[str] = []

    def request(self, method: str, path: str, *, data: dict | None = None, https: bool = True,
                headers: dict | None = None) -> tuple[http.client.HTTPResponse, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        hdrs = {"Host": "127.0.0.1", "Accept-Language": "ko", **(headers or {})}
        if https:
            hdrs["X-Forwarded-Proto"] = "https"
        if self.cookies:
            hdrs["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urlencode(data, doseq=True)
            hdrs["Content-Type"] = "application/x-www-form-urlencoded"
            hdrs["Origin"] = "https://127.0.0.1"
            hdrs["Referer"] = f"https://127.0.0.1{path}"
        conn.request(method, path, body=body, headers=hdrs)
        response = conn.getresponse()
        content = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            self.set_cookie_headers.append(header)
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        conn.close()
        return response, content

    def csrf(self, html: bytes) -> str:
        return re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1).decode()


@pytest.fixture
def stack(tmp_path):
    broker = os.environ["CELERY_TEST_BROKER_URL"]
    # set_as_current=False: a new Celery app would otherwise become the current one, and the test
    # process's own tasks (eager) would go to this broker for the rest of the run.
    with Celery(broker=broker, set_as_current=False).connection_for_write() as conn:
        for queue in ("celery", "recompute", "import"):
            with contextlib.suppress(Exception):  # a queue that does not exist yet is empty
                conn.default_channel.queue_purge(queue)
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": _test_database_url(),
        "REDIS_URL": broker,
        "DJANGO_CACHE_PREFIX": f"smoke-{secrets.token_hex(4)}",
        "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
        # compressed once, by content: later runs read them back (config/storage.py)
        "DJANGO_STATIC_COMPRESS_CACHE": os.environ.get("DJANGO_STATIC_COMPRESS_CACHE",
                                                       str(ROOT / ".static-compressed")),
        "CELERY_TEST_FORCE_BROKER_URL": "",
    }
    prepare(env, migrate=False)  # collectstatic (hashed + gzip/brotli); pytest-django migrated the database
    log_path = tmp_path / "stack.log"
    with log_path.open("w") as log:
        s = Stack(port=free_port(), env=env, state_dir=tmp_path, log=log, web_workers=2)
        s.log_path = log_path
        s.start(timeout=90)
        try:
            yield s
        finally:
            s.stop()


def _log(stack) -> str:
    """The stack's log's tail: what a failure message shows."""
    return stack.log_path.read_text(errors="replace")[-6000:]


def _whole_log(stack) -> str:
    """The whole log, for what must have happened (beat's start is near its top: the worker's banner, which
    lists every task, can push it out of the tail)."""
    return stack.log_path.read_text(errors="replace")


@pytest.mark.long
def test_a_hand_entered_through_the_production_stack(game, players, stack):
    for i, event in enumerate(TO_SOUTH_4):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    StandingsSnapshot.objects.filter(season=game.season).delete()
    host = players[0].user
    # The test settings hash with MD5, which production does not accept: a production hash.
    hasher = PBKDF2PasswordHasher()
    host.password = hasher.encode("smoke-pass-1234", hasher.salt())
    host.save(update_fields=["password"])
    web = Browser(stack.port)

    # Plain http is redirected to https (except the proxy's health check).
    response, _ = web.request("GET", "/accounts/login/", https=False)
    assert response.status == HTTPStatus.MOVED_PERMANENTLY
    assert response.getheader("Location") == "https://127.0.0.1/accounts/login/"
    assert web.request("GET", "/healthz/", https=False)[0].status == HTTPStatus.OK

    response, html = web.request("GET", "/accounts/login/")
    assert response.status == HTTPStatus.OK
    assert "max-age=31536000" in response.getheader("Strict-Transport-Security")
    assert "script-src 'self'" in response.getheader("Content-Security-Policy")
    response, _ = web.request("POST", "/accounts/login/",
                              data={"username": host.username, "password": "smoke-pass-1234",
                                    "csrfmiddlewaretoken": web.csrf(html)})
    assert response.status == HTTPStatus.FOUND, _log(stack)
    session = next(h for h in web.set_cookie_headers if h.startswith("sessionid="))
    assert "Secure" in session
    assert "HttpOnly" in session

    table = f"/games/{game.pk}/table/"
    response, html = web.request("GET", table)
    assert response.status == HTTPStatus.OK
    assert b'name="position" value="7"' in html

    # Static files: hashed names, compressed, cached for ever.
    static = sorted(set(HASHED.findall(html.decode())))
    assert any("htmx" in s for s in static), static
    assert any(s.endswith(".css") for s in static), static
    for path in static:
        for encoding in ("br", "gzip"):
            response, body = web.request("GET", path, headers={"Accept-Encoding": encoding})
            assert response.status == HTTPStatus.OK, path
            assert response.getheader("Content-Encoding") == encoding, path
            assert "immutable" in response.getheader("Cache-Control"), path

    # The installable app: the service worker and the manifest, and every file they name (hashed names).
    response, body = web.request("GET", "/sw.js")
    assert response.status == HTTPStatus.OK, body[:2000]
    assert response.getheader("Service-Worker-Allowed") == "/"
    precache = json.loads(re.search(rb"var PRECACHE = (\[.*?\]);", body).group(1))
    assert any(HASHED.fullmatch(url) for url in precache), precache
    assert b'var STATIC_PREFIX = "/static/";' in body
    response, body = web.request("GET", "/manifest.webmanifest")
    assert response.status == HTTPStatus.OK, body[:2000]
    icons = [icon["src"] for icon in json.loads(body)["icons"]]
    for url in [*precache, *icons]:
        assert web.request("GET", url)[0].status == HTTPStatus.OK, url

    # The game-ending hand (South 4, a non-dealer mangan): preview, then save.
    hand = {"position": 7, "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "5",
            "csrfmiddlewaretoken": web.csrf(html)}
    response, body = web.request("POST", f"/games/{game.pk}/hands/", data={**hand, "action": "preview"})
    assert response.status == HTTPStatus.OK, body[:2000]
    response, body = web.request("POST", f"/games/{game.pk}/hands/", data={**hand, "action": "save"})
    assert response.status == HTTPStatus.FOUND, body[:2000]
    assert response.getheader("Location") == table
    assert HandRecord.objects.filter(game=game).count() == 8
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED

    # The web process is not eager: the worker recomputed the standings from the recompute queue.
    wait_until(lambda: StandingsSnapshot.objects.filter(season=game.season).exists() or not all(stack.alive().values()),
               timeout=120, interval=0.25, message=lambda: _log(stack))
    snapshot = StandingsSnapshot.objects.filter(season=game.season).first()
    assert snapshot is not None, _log(stack)
    assert snapshot.games_count == 1
    log = _whole_log(stack)
    assert re.search(r"Task league\.season_recompute\[[-0-9a-f]+\] received", log), log[-6000:]
    assert "beat: Starting..." in log, log[-6000:]
    assert all(stack.alive().values()), log[-6000:]
    assert "Traceback" not in log, log[-6000:]
