"""club.auth.UserBackend: the signed-in user read by prepared SQL, sessions from before it still signed in, a wrong
password hashed once (issue 41)."""
from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "Mahjong-2026!x"


def _user(**extra):
    user = UserFactory(**extra)
    user.set_password(PASSWORD)
    user.save()
    return user


def _signed_in_as(client: Client):
    return client.get(reverse("home")).wsgi_request.user


def test_a_login_is_kept_by_the_user_backend_and_each_request_knows_the_user():
    user = _user()
    client = Client()
    r = client.post(reverse("login"), {"username": user.username, "password": PASSWORD}, REMOTE_ADDR="203.0.113.20")
    assert r.status_code == 302
    assert client.session[BACKEND_SESSION_KEY] == "club.auth.UserBackend"
    for _ in range(2):  # the second request reads the user with the SQL the first compiled
        seen = _signed_in_as(client)
        assert seen.is_authenticated
        assert seen.pk == user.pk


def test_a_session_signed_in_by_djangos_own_backend_stays_signed_in():
    user = _user()
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    assert _signed_in_as(client).pk == user.pk


def test_a_deactivated_user_is_signed_out_on_the_next_request():
    user = _user()
    client = Client()
    client.force_login(user, backend="club.auth.UserBackend")
    assert _signed_in_as(client).is_authenticated
    get_user_model().objects.filter(pk=user.pk).update(is_active=False)
    assert not _signed_in_as(client).is_authenticated


def test_a_password_change_elsewhere_signs_the_session_out():
    user = _user()
    client = Client()
    client.force_login(user, backend="club.auth.UserBackend")
    user.set_password("Another-2026!y")
    user.save()
    assert not _signed_in_as(client).is_authenticated


def test_a_wrong_password_is_hashed_once_and_refused():
    user = _user()
    with mock.patch.object(MD5PasswordHasher, "verify", autospec=True, return_value=False) as verify:
        r = Client().post(reverse("login"), {"username": user.username, "password": "wrong"},
                          REMOTE_ADDR="203.0.113.21")
    assert r.status_code == 200  # the form again, with its error
    assert not r.wsgi_request.user.is_authenticated
    assert verify.call_count == 1


def test_a_test_clients_login_is_kept_by_the_user_backend_too():
    """``force_login`` keeps the first listed backend that reads users (the login throttle reads none): the
    benches and the tests sign in as a real login does."""
    from core.prepared import PreparedRead

    user = _user()
    client = Client()
    client.force_login(user)
    assert client.session[BACKEND_SESSION_KEY] == "club.auth.UserBackend"
    with mock.patch.object(PreparedRead, "rows", autospec=True, side_effect=PreparedRead.rows) as rows:
        assert _signed_in_as(client).pk == user.pk
    assert "the signed-in user" in [call.args[0].name for call in rows.call_args_list]
