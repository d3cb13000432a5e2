"""Tests: ``pytest`` (DATABASE_URL when set, otherwise SQLite; eager Celery)."""
from .base import *  # noqa: F403
from .base import os

DEBUG = False
ALLOWED_HOSTS = ["*"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
LANGUAGE_CODE = "ko"

# Tests never talk to a broker unless they start a worker (marker ``celery_worker``),
# which overrides the broker itself; CELERY_BROKER_URL from the shell is ignored here.
CELERY_BROKER_URL = os.environ.get("CELERY_TEST_FORCE_BROKER_URL") or None
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
AXES_VERBOSE = False  # login throttling stays on (tests/conftest.py keeps tests from locking each other out)

# Built season files go to a directory of this run (a real worker started by a test is given the same one).
import tempfile  # noqa: E402

MEDIA_ROOT = os.environ.get("DJANGO_MEDIA_ROOT") or tempfile.mkdtemp(prefix="clubleague-test-media-")
