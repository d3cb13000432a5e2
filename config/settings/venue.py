"""The venue mode of the container image: the embedded default (``make run``'s ``config.settings.local``:
SQLite, tasks run eagerly, the standings recomputed after the response, the notification outbox's retry
left to ``league.requeue_stale``) for a laptop at the venue, with what a container needs:

* everything on the ``/data`` volume: the database (``DATABASE_URL``, default ``/data/db.sqlite3``),
  built files (``DJANGO_MEDIA_ROOT``, ``/data/media``) and the secret key (``/data/secret_key``, made on
  the first start by ``deploy/docker/entrypoint.sh``);
* DEBUG off, the phones of the room may connect by the laptop's address (``DJANGO_ALLOWED_HOSTS``,
  default every host name);
* the static files built into the image (hashed, compressed) served by whitenoise.
"""
from __future__ import annotations

import os

from .base import MIDDLEWARE
from .local import *  # noqa: F403

DEBUG = os.environ.get("DJANGO_DEBUG", "0") == "1"
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "*").split(",") if h.strip()]

STATIC_ROOT = os.environ.get("DJANGO_STATIC_ROOT") or STATIC_ROOT  # noqa: F405
MIDDLEWARE = [*MIDDLEWARE]
MIDDLEWARE.insert(MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
                  "whitenoise.middleware.WhiteNoiseMiddleware")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "config.storage.CachedCompressedManifestStaticFilesStorage"},
}
WHITENOISE_MAX_AGE = 3600
