"""Issue 22, item 2: Redis going away under a running server costs no session (config/sessions.py).

The test starts its own redis-server on a free port (never the machine's), points the cache and the
sessions' cache at it, and serves the site with a real HTTP server (Django's live server thread,
started after the settings so that its middleware reads them; pytest-django's ``live_server``
starts once, before any test's settings).
A member logged in while Redis runs; Redis is stopped; the member's pages still answer 200, and
logging in during the outage works too.
"""
from __future__ import annotations

import http.client
import re
import shutil
import subprocess
import time
from http import HTTPStatus
from urllib.parse import urlencode, urlsplit

import pytest
import redis
from django.conf import settings as django_settings
from django.contrib.sessions.backends.cached_db import KEY_PREFIX
from django.db import connections
from django.test import Client
from django.test.testcases import LiveServerThread, _StaticFilesHandler

from config import sessions
from tests.ports import free_port

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")]



@pytest.fixture
def own_redis(tmp_path):
    """A redis-server of this test alone (no persistence), stopped by ``stop()`` or at the end; ``start()`` starts
    it again on the same port (empty: it keeps nothing)."""
    port = free_port()
    client = redis.Redis(port=port)
    procs: list[subprocess.Popen] = []

    def start() -> None:
        proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                 "--appendonly", "no", "--dir", str(tmp_path)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(proc)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    proc.kill()
                    pytest.fail("the test's redis-server did not start")
                time.sleep(0.05)

    class Own:
        url = f"redis://127.0.0.1:{port}/0"

        @staticmethod
        def stop() -> None:
            procs[-1].terminate()
            procs[-1].wait(timeout=10)

        @staticmethod
        def stored_keys() -> list[bytes]:
            return client.keys("*")

    Own.start = staticmethod(start)
    start()
    yield Own
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture
def production_sessions(settings, own_redis):
    """The production cache and session settings (config/settings/production.py), on the test's Redis."""
    settings.CACHES = {"default": {
        "BACKEND": "config.redis_cache.RedisCache", "LOCATION": own_redis.url,
        "KEY_PREFIX": "outage-test", "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}
    settings.SESSION_ENGINE = "config.sessions"
    sessions._paused_until = 0.0
    yield own_redis
    sessions._paused_until = 0.0


class Browser:
    def __init__(self, base_url: str):
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname, parts.port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, data: dict | None = None) -> tuple[int, str, str]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        headers = {"Accept-Language": "ko"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        content = response.read().decode(errors="replace")
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        conn.close()
        return response.status, response.getheader("Location") or "", content

    def login(self, username: str, password: str) -> int:
        _status, _loc, html = self.request("GET", "/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        return self.request("POST", "/accounts/login/", {"username": username, "password": password,
                                                         "csrfmiddlewaretoken": token})[0]


@pytest.fixture
def server(production_sessions):
    """A threaded HTTP server of the site, started now (the session middleware reads SESSION_ENGINE)."""
    override = {}
    for conn in connections.all():
        if conn.vendor == "sqlite" and conn.is_in_memory_db():
            override[conn.alias] = conn
            conn.inc_thread_sharing()
    thread = LiveServerThread("127.0.0.1", _StaticFilesHandler, connections_override=override, port=0)
    thread.daemon = True
    thread.start()
    thread.is_ready.wait()
    if thread.error:
        raise thread.error
    try:
        yield f"http://127.0.0.1:{thread.port}"
    finally:
        thread.terminate()
        for conn in override.values():
            conn.dec_thread_sharing()


def _member_pages(game) -> list[str]:
    return ["/", f"/games/{game.pk}/table/", "/accounts/password_change/"]


def test_a_member_logged_in_before_redis_stops_keeps_every_page(production_sessions, server, game, players):
    member = Client()
    member.force_login(players[0].user)  # through config.sessions: in the database and in Redis
    browser = Browser(server)
    browser.cookies[django_settings.SESSION_COOKIE_NAME] = member.cookies[django_settings.SESSION_COOKIE_NAME].value
    for path in _member_pages(game):
        status, _loc, html = browser.request("GET", path)
        assert status == HTTPStatus.OK, (path, html[:500])
    assert any(KEY_PREFIX.encode() in key for key in production_sessions.stored_keys()), "the session was not cached"

    production_sessions.stop()
    for path in _member_pages(game) * 2:
        status, location, html = browser.request("GET", path)
        # 200, not the redirect to the login page: the password form is only for a logged-in member.
        assert status == HTTPStatus.OK, (path, location, html[:500])


def test_logging_in_and_out_while_redis_is_away(production_sessions, server, game, players):
    user = players[1].user
    user.set_password("right-password-1")
    user.save()
    production_sessions.stop()
    browser = Browser(server)
    assert browser.login(user.username, "right-password-1") == HTTPStatus.FOUND
    for path in _member_pages(game):
        status, location, html = browser.request("GET", path)
        assert status == HTTPStatus.OK, (path, location, html[:500])
    _status, _loc, html = browser.request("GET", "/accounts/password_change/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    assert browser.request("POST", "/accounts/logout/", {"csrfmiddlewaretoken": token})[0] == HTTPStatus.FOUND
    status, location, _html = browser.request("GET", "/accounts/password_change/")
    assert status == HTTPStatus.FOUND
    assert "/accounts/login/" in location
    # The API token's throttle counts in Redis: while it is away the request is answered, not a 500.
    api = Browser(server)
    assert api.request("POST", "/api/auth/token/", {"username": user.username,
                                                    "password": "wrong"})[0] == HTTPStatus.BAD_REQUEST
    assert api.request("POST", "/api/auth/token/", {"username": user.username,
                                                    "password": "right-password-1"})[0] == HTTPStatus.OK


def test_the_cache_keeps_one_client_and_it_comes_back_with_redis(production_sessions):
    """config.redis_cache: one ``redis.Redis`` for every call (not one built a call), which takes a fresh connection
    from its pool when Redis is back, so the cache answers again without a restart of the web server."""
    from django.core.cache import caches

    cache = caches["default"]
    cache.set("seat", "east")
    assert cache.get("seat") == "east"
    assert cache._cache.get_client() is cache._cache.get_client(write=True)
    production_sessions.stop()
    with pytest.raises(redis.ConnectionError):
        cache.get("seat")
    production_sessions.start()
    assert cache.get("seat") is None  # the new server keeps nothing
    cache.set("seat", "south")
    assert cache.get("seat") == "south"
