"""Development: ``make run`` (SQLite, eager Celery, DEBUG on)."""
from .base import *  # noqa: F403
from .base import os

DEBUG = os.environ.get("DJANGO_DEBUG", "1") == "1"
ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]
# No broker here: a finished game's standings are recomputed after the host's response, not inside it.
LEAGUE_RECOMPUTE_AFTER_RESPONSE = True
