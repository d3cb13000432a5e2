"""``config.settings.production``: from the environment, and ``check --deploy`` has nothing to say."""
from __future__ import annotations

import secrets
import subprocess
import sys

import pytest

from deploy.stack import ROOT

BASE_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args, "--settings=config.settings.production"],
                          cwd=ROOT, env={**BASE_ENV, **env}, capture_output=True, text=True, timeout=120)


def _deployed(**extra: str) -> dict[str, str]:
    return {"DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "DJANGO_ALLOWED_HOSTS": "club.example.org",
            "DATABASE_URL": "postgres://clubleague@127.0.0.1:5432/clubleague", **extra}


@pytest.mark.parametrize(
    "env",
    [
        pytest.param({}, id="behind-a-proxy-django-redirects-to-https"),
        pytest.param({"DJANGO_SECURE_SSL_REDIRECT": "0"}, id="the-proxy-redirects-to-https-itself"),
        pytest.param({"REDIS_URL": "redis://127.0.0.1:6379/0"}, id="with-redis-cache-and-sessions"),
    ],
)
def test_check_deploy_prints_no_warning(env):
    out = _manage("check", "--deploy", "--fail-level", "WARNING", **_deployed(**env))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "System check identified no issues" in out.stdout
    assert "WARNING" not in out.stdout + out.stderr


@pytest.mark.parametrize("missing", ["DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS"])
def test_production_refuses_to_start_without(missing):
    env = _deployed()
    del env[missing]
    out = _manage("check", **env)
    assert out.returncode != 0
    assert f"{missing} must" in out.stderr


def test_production_settings_read_the_environment():
    code = (
        "from django.conf import settings as s;"
        "print(s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE, s.CSRF_TRUSTED_ORIGINS,"
        " s.DATABASES['default']['CONN_MAX_AGE'], s.DATABASES['default']['CONN_HEALTH_CHECKS'],"
        " s.SESSION_ENGINE, s.CACHES['default']['BACKEND'], s.CELERY_BROKER_URL, s.CELERY_TASK_ALWAYS_EAGER,"
        " s.STORAGES['staticfiles']['BACKEND'], 'whitenoise.middleware.WhiteNoiseMiddleware' in s.MIDDLEWARE,"
        " 'csp.middleware.CSPMiddleware' in s.MIDDLEWARE)"
    )
    out = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"], cwd=ROOT, capture_output=True, text=True,
        env={**BASE_ENV, **_deployed(REDIS_URL="redis://127.0.0.1:6379/3", DB_CONN_MAX_AGE="120"),
             "DJANGO_SETTINGS_MODULE": "config.settings.production"}, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1].split() == [  # the last line: start-up banners may come first
        "True", "31536000", "True", "['https://club.example.org']", "120", "True",
        "config.sessions", "config.redis_cache.RedisCache",
        "redis://127.0.0.1:6379/3", "False",
        "config.storage.CachedCompressedManifestStaticFilesStorage", "True", "True",
    ]
