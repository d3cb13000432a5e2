"""Production: every setting from the environment (see docs/deploy.md and deploy/clubleague.env.example).

Required: ``DJANGO_SECRET_KEY``, ``DJANGO_ALLOWED_HOSTS``. Usual: ``DATABASE_URL`` (PostgreSQL),
``REDIS_URL`` (cache, sessions and the Celery broker), ``DJANGO_CSRF_TRUSTED_ORIGINS``.

Behind a TLS proxy (Caddy, nginx) that sets ``X-Forwarded-Proto``. If the proxy already redirects
http to https (and health checks come in over plain http), ``DJANGO_SECURE_SSL_REDIRECT=0`` turns
Django's redirect off; ``manage.py check --deploy`` then knows it was turned off on purpose.
"""
from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import BASE_DIR, DATABASES, MIDDLEWARE


def _env(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return value if value not in (None, "") else default


def _required(name: str) -> str:
    value = _env(name)
    if value is None:
        raise ImproperlyConfigured(f"{name} must be set for config.settings.production (see docs/deploy.md).")
    return value


def _flag(name: str, default: bool) -> bool:
    value = _env(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def _list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in (_env(name, default) or "").split(",") if item.strip()]


DEBUG = False
SECRET_KEY = _required("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = _list("DJANGO_ALLOWED_HOSTS")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS must list the site's host names (comma-separated).")
CSRF_TRUSTED_ORIGINS = _list("DJANGO_CSRF_TRUSTED_ORIGINS") or [f"https://{h.lstrip('.')}" for h in ALLOWED_HOSTS
                                                              if h != "*" and not h.startswith(".")]

# --- HTTPS (TLS ends at the proxy) ------------------------------------------------------
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = _flag("DJANGO_SECURE_SSL_REDIRECT", True)
# The health check of the proxy/load balancer may come over plain http.
SECURE_REDIRECT_EXEMPT = [r"^healthz/?$"]
SECURE_HSTS_SECONDS = int(_env("DJANGO_SECURE_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _flag("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = _flag("DJANGO_SECURE_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = _flag("DJANGO_SECURE_COOKIES", True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# What the operator turned off on purpose is not a warning of `check --deploy`.
SILENCED_SYSTEM_CHECKS = [
    check for check, on in (
        ("security.W008", SECURE_SSL_REDIRECT),  # the proxy redirects http -> https
        ("security.W004", SECURE_HSTS_SECONDS),  # the proxy sends HSTS
        ("security.W005", SECURE_HSTS_INCLUDE_SUBDOMAINS or not SECURE_HSTS_SECONDS),
        ("security.W021", SECURE_HSTS_PRELOAD or not SECURE_HSTS_SECONDS),
        ("security.W012", SESSION_COOKIE_SECURE),  # `make serve` on plain http at 127.0.0.1
        ("security.W016", CSRF_COOKIE_SECURE),
    ) if not on
]

# --- the client's address (login lockout, API throttle): from the proxy's header, only when the proxy sent it --
# gunicorn binds 127.0.0.1: the local Caddy/nginx is the proxy. Add a load balancer's addresses here.
TRUSTED_PROXIES = _list("DJANGO_TRUSTED_PROXIES", "127.0.0.1,::1")
CLIENT_IP_HEADER = _env("DJANGO_CLIENT_IP_HEADER", "X-Forwarded-For")

# --- static files: whitenoise, hashed names, gzip + brotli ------------------------------
STATIC_ROOT = _env("DJANGO_STATIC_ROOT", str(BASE_DIR / "staticfiles"))
MIDDLEWARE = [*MIDDLEWARE]
MIDDLEWARE.insert(MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
                  "whitenoise.middleware.WhiteNoiseMiddleware")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # whitenoise's, each file compressed once (cached by content hash: config/storage.py)
    "staticfiles": {"BACKEND": "config.storage.CachedCompressedManifestStaticFilesStorage"},
}
WHITENOISE_MAX_AGE = 3600  # unhashed names (hashed ones are cached for ten years, immutable)

# --- database: persistent connections, checked before reuse -----------------------------
DATABASES["default"]["CONN_MAX_AGE"] = int(_env("DB_CONN_MAX_AGE", "60"))
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

# --- Redis: cache, sessions' cache (the database has them all: a lost Redis loses no session), Celery broker ---
REDIS_URL = _env("REDIS_URL")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "config.redis_cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": _env("DJANGO_CACHE_PREFIX", "clubleague"),
            "TIMEOUT": 300,
            # A Redis that is away answers within a second, never holds a worker (redis-py's default waits).
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    # Sessions live in PostgreSQL; Redis only spares a query, and its outage costs nothing (config/sessions.py).
    SESSION_ENGINE = "config.sessions"

CELERY_BROKER_URL = _env("CELERY_BROKER_URL", REDIS_URL)
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
CELERY_RESULT_BACKEND = _env("CELERY_RESULT_BACKEND")
CELERY_TASK_IGNORE_RESULT = CELERY_RESULT_BACKEND is None
# Separate queues: a long import or recompute never waits behind the other (docs/deploy.md).
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_ROUTES = {
    "league.season_recompute": {"queue": "recompute"},
    "league.import_*": {"queue": "import"},
}
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ACKS_LATE = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}

# --- logging: everything to stdout (journald / the container runtime keeps it) ---------
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s"}},
    "handlers": {"stdout": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "plain"}},
    "root": {"handlers": ["stdout"], "level": _env("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        "django.request": {"level": "WARNING"},
        "django.security": {"level": "WARNING"},
        "celery.app.trace": {"level": "WARNING"},
    },
}

# --- mail (the password reset link) ----------------------------------------------------
# EMAIL_HOST set: mails go out by SMTP. Unset: nothing can be sent, and the password reset page
# says so (ask a club admin) instead of answering "sent" (LEAGUE_MAIL_ENABLED, club/web/views/accounts.py).
EMAIL_HOST = _env("EMAIL_HOST", "")
LEAGUE_MAIL_ENABLED = bool(EMAIL_HOST)
if LEAGUE_MAIL_ENABLED:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(_env("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = _env("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = _env("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = _flag("EMAIL_USE_TLS", not _flag("EMAIL_USE_SSL", False))
    EMAIL_USE_SSL = _flag("EMAIL_USE_SSL", False)
    EMAIL_TIMEOUT = int(_env("EMAIL_TIMEOUT", "10"))
else:
    EMAIL_BACKEND = "django.core.mail.backends.dummy.EmailBackend"
DEFAULT_FROM_EMAIL = _env("DEFAULT_FROM_EMAIL", f"noreply@{ALLOWED_HOSTS[0].lstrip('.*') or 'localhost'}")
SERVER_EMAIL = _env("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
