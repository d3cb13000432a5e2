"""Issue 22, item 14: the password reset says what it can do — a mail is sent only where mail is set up."""
from __future__ import annotations

import subprocess
import sys
from http import HTTPStatus

import pytest
from django.core import mail

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def user(db):
    return UserFactory(email="kim@example.org")


@pytest.mark.parametrize("url", ["/accounts/password_reset/", "/accounts/password_reset/done/"])
def test_item14_without_mail_the_reset_pages_say_so_and_offer_no_form(client, settings, url):
    settings.LEAGUE_MAIL_ENABLED = False
    r = client.get(url)
    body = r.content.decode()
    assert r.status_code == HTTPStatus.SERVICE_UNAVAILABLE
    assert "메일" in body
    assert "관리자" in body
    assert 'name="email"' not in body


def test_item14_without_mail_a_posted_reset_sends_nothing_and_does_not_say_sent(client, settings, user):
    settings.LEAGUE_MAIL_ENABLED = False
    r = client.post("/accounts/password_reset/", {"email": user.email}, follow=True)
    assert r.status_code == HTTPStatus.SERVICE_UNAVAILABLE
    assert r.redirect_chain == []
    assert mail.outbox == []


def test_item14_with_mail_the_reset_link_is_sent(client, settings, user):
    settings.LEAGUE_MAIL_ENABLED = True
    r = client.post("/accounts/password_reset/", {"email": user.email})
    assert r.status_code == HTTPStatus.FOUND
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [user.email]


def _production(code: str, **env: str) -> str:
    from tests.deploy.test_production_settings import BASE_ENV, ROOT, _deployed

    out = subprocess.run([sys.executable, "-c", f"import django; django.setup(); {code}"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120,
                         env={**BASE_ENV, **_deployed(**env), "DJANGO_SETTINGS_MODULE": "config.settings.production"})
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]  # after the log lines django.setup() prints


def test_item14_production_reads_the_mail_settings_from_the_environment():
    code = ("from django.conf import settings as s; print(s.LEAGUE_MAIL_ENABLED, s.EMAIL_BACKEND, s.EMAIL_HOST,"
            " s.EMAIL_PORT, s.EMAIL_HOST_USER, s.EMAIL_HOST_PASSWORD, s.EMAIL_USE_TLS, s.DEFAULT_FROM_EMAIL)")
    out = _production(code, EMAIL_HOST="smtp.example.org", EMAIL_PORT="2525", EMAIL_HOST_USER="club",
                      EMAIL_HOST_PASSWORD="pw", EMAIL_USE_TLS="1", DEFAULT_FROM_EMAIL="클럽 <club@example.org>")
    assert out == ("True django.core.mail.backends.smtp.EmailBackend smtp.example.org 2525 club pw True "
                   "클럽 <club@example.org>")


def test_item14_production_without_a_mail_host_says_mail_is_off():
    out = _production("from django.conf import settings as s; print(s.LEAGUE_MAIL_ENABLED, s.EMAIL_BACKEND)")
    assert out == "False django.core.mail.backends.dummy.EmailBackend"
