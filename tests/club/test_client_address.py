"""Issue 22, item 5: the login lockout and the API token's throttle key on the client's address.

Behind Caddy/nginx every request comes from the proxy (127.0.0.1). The client's address is the one
the trusted proxy appended to ``X-Forwarded-For`` — never what a client wrote there itself.
"""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client, RequestFactory

from club.auth import client_ip
from tests.factories import UserFactory

PROXY = "127.0.0.1"
ATTACKER, REFEREE_PHONE = "203.0.113.9", "198.51.100.7"


@pytest.fixture
def behind_the_proxy(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1", "::1", "10.0.0.0/8"]
    settings.CLIENT_IP_HEADER = "X-Forwarded-For"


@pytest.mark.parametrize(("remote", "forwarded", "expected"), [
    (ATTACKER, None, ATTACKER),
    (ATTACKER, "1.2.3.4", ATTACKER),
    (PROXY, ATTACKER, ATTACKER),
    (PROXY, f"1.2.3.4, {ATTACKER}", ATTACKER),
    (PROXY, f"{ATTACKER}, 10.1.2.3", ATTACKER),
    (PROXY, f"not-an-address, {ATTACKER}", ATTACKER),
    (PROXY, f"{ATTACKER}, not-an-address", PROXY),
    (PROXY, None, PROXY),
    (PROXY, "[2001:db8::1]:4711", "2001:db8::1"),
    (PROXY, "203.0.113.9:4711", ATTACKER),
], ids=[
    "no-proxy-the-peer-is-the-client",
    "a-client-not-behind-the-proxy-cannot-name-another-address",
    "the-proxy-names-the-client",
    "what-the-client-wrote-before-the-proxy-entry-is-ignored",
    "an-inner-trusted-proxy-is-skipped",
    "junk-written-by-the-client-is-ignored",
    "junk-after-the-proxy-stops-the-walk",
    "the-proxy-sent-no-header",
    "ipv6-with-port",
    "ipv4-with-port",
])
def test_client_address(behind_the_proxy, remote, forwarded, expected):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    assert client_ip(RequestFactory().get("/", **extra)) == expected


def test_without_trusted_proxies_the_header_is_never_read(settings):
    settings.TRUSTED_PROXIES = []
    request = RequestFactory().get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=ATTACKER)
    assert client_ip(request) == PROXY


def _via_proxy(client_address: str, spoofed: str | None = None) -> dict:
    """What the proxy forwards: the client's own X-Forwarded-For (if any) with the address it saw appended."""
    chain = f"{spoofed}, {client_address}" if spoofed else client_address
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": chain}


@pytest.fixture
def referee_login(db):
    user = UserFactory()
    user.set_password("right-password-1")
    user.save()
    return user


@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/"], ids=["site-login", "admin-login"])
def test_wrong_passwords_from_elsewhere_do_not_lock_the_referee_out_behind_the_proxy(
        behind_the_proxy, referee_login, settings, url):
    attacker = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT + 1):
        attacker.post(url, {"username": referee_login.username, "password": "wrong"}, **_via_proxy(ATTACKER))
    locked = attacker.post(url, {"username": referee_login.username, "password": "right-password-1"},
                           **_via_proxy(ATTACKER))
    assert locked.status_code == HTTPStatus.TOO_MANY_REQUESTS
    referee = Client()
    response = referee.post("/accounts/login/", {"username": referee_login.username,
                                                 "password": "right-password-1"}, **_via_proxy(REFEREE_PHONE))
    assert response.status_code == HTTPStatus.FOUND
    assert "_auth_user_id" in referee.session


@pytest.mark.parametrize("through_proxy", [True, False], ids=["behind-the-proxy", "straight-to-the-server"])
def test_a_new_forwarded_for_each_try_does_not_lift_the_lockout(behind_the_proxy, referee_login, settings,
                                                                through_proxy):
    attacker = Client()
    for i in range(settings.AXES_FAILURE_LIMIT + 1):
        spoofed = f"192.0.2.{i + 1}"
        headers = _via_proxy(ATTACKER, spoofed) if through_proxy else {"REMOTE_ADDR": ATTACKER,
                                                                         "HTTP_X_FORWARDED_FOR": spoofed}
        last = attacker.post("/accounts/login/", {"username": referee_login.username, "password": "wrong"}, **headers)
    assert last.status_code == HTTPStatus.TOO_MANY_REQUESTS


@pytest.mark.parametrize("through_proxy", [True, False], ids=["behind-the-proxy", "straight-to-the-server"])
def test_a_new_forwarded_for_each_try_does_not_lift_the_token_throttle(behind_the_proxy, db, through_proxy):
    client = Client()
    statuses = []
    for i in range(12):
        spoofed = f"192.0.2.{i + 1}"
        headers = _via_proxy(ATTACKER, spoofed) if through_proxy else {"REMOTE_ADDR": ATTACKER,
                                                                         "HTTP_X_FORWARDED_FOR": spoofed}
        statuses.append(client.post("/api/auth/token/", {"username": f"nobody{i}", "password": "wrong"},
                                    **headers).status_code)
    assert statuses[:10] == [HTTPStatus.BAD_REQUEST] * 10
    assert statuses[10:] == [HTTPStatus.TOO_MANY_REQUESTS] * 2


def test_the_token_throttle_counts_each_client_behind_the_proxy_apart(behind_the_proxy, db):
    client = Client()
    for i in range(10):
        client.post("/api/auth/token/", {"username": f"nobody{i}", "password": "wrong"}, **_via_proxy(ATTACKER))
    assert client.post("/api/auth/token/", {"username": "x", "password": "wrong"},
                       **_via_proxy(ATTACKER)).status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert client.post("/api/auth/token/", {"username": "x", "password": "wrong"},
                       **_via_proxy(REFEREE_PHONE)).status_code == HTTPStatus.BAD_REQUEST


def test_production_trusts_only_the_local_proxy_by_default():
    import subprocess
    import sys

    code = ("import os; os.environ.update(DJANGO_SECRET_KEY='x'*50, DJANGO_ALLOWED_HOSTS='club.example.org');"
            "from config.settings import production as p; print(p.TRUSTED_PROXIES, p.CLIENT_IP_HEADER,"
            " p.AXES_CLIENT_IP_CALLABLE)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['127.0.0.1', '::1'] X-Forwarded-For club.auth.client_ip"
