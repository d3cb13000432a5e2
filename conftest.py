"""Root conftest: skip marked tests whose infrastructure is not available."""
from __future__ import annotations

import os
import shutil

import pytest


def _is_postgres() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://", "pgsql://"))


def _has_chromium() -> bool:
    if not os.path.exists("/usr/bin/chromium") and not shutil.which("chromium"):
        return False
    try:
        import playwright  # noqa: F401
    except ImportError:
        return False
    return True


# A test id must be the same in every process (pytest-xdist's workers each collect and compare): never
# a set's repr (its order follows PYTHONHASHSEED) nor an object's address.
_UNSTABLE_IDS = ("set({", " object at 0x")


def pytest_collection_modifyitems(config, items):
    unstable = [item.nodeid for item in items if any(mark in item.nodeid for mark in _UNSTABLE_IDS)]
    if unstable:
        raise pytest.UsageError("Test ids that change from run to run (sort the set, name the object): "
                                + "; ".join(unstable[:5]))
    skips = {
        "postgres": (not _is_postgres(), "needs DATABASE_URL pointing at PostgreSQL"),
        "celery_worker": (not os.environ.get("CELERY_TEST_BROKER_URL"), "needs CELERY_TEST_BROKER_URL (Redis)"),
        "browser": (not _has_chromium(), "needs Playwright and /usr/bin/chromium"),
        "smoke": (not (_is_postgres() and os.environ.get("CELERY_TEST_BROKER_URL")),
                  "needs DATABASE_URL pointing at PostgreSQL and CELERY_TEST_BROKER_URL (Redis)"),
    }
    for item in items:
        for marker, (skip, why) in skips.items():
            if skip and item.get_closest_marker(marker):
                item.add_marker(pytest.mark.skip(reason=why))
