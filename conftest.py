"""Root conftest: skip marked tests whose infrastructure is not available; keep the SQLite test
database in a file under ``--reuse-db`` (``make test-fast``), so the next run reuses it."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from hypothesis import settings as _hypothesis_settings

# ``--reuse-db`` on SQLite: the test database lives here (one file per xdist worker), not in memory.
KEPT_TEST_DB = Path(__file__).resolve().parent / ".pytest-db"


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


# Property tests: hypothesis's own counts (and tests/depth.py's quick ones) in the suite; the ``deep``
# profile (HYPOTHESIS_PROFILE=deep) tries ten times as many, for a rare counterexample.
_hypothesis_settings.register_profile("deep", max_examples=1000)
if os.environ.get("HYPOTHESIS_PROFILE") == "deep":
    _hypothesis_settings.load_profile("deep")


# A test id must be the same in every process (pytest-xdist's workers each collect and compare): never
# a set's repr (its order follows PYTHONHASHSEED) nor an object's address.
_UNSTABLE_IDS = ("set({", " object at 0x")

# Tests that start a real Celery worker (or the production stack's) listen on the broker
# CELERY_TEST_BROKER_URL names: two such workers at once, each on its own test database, would take
# each other's tasks. Under ``pytest -n N`` (``make test``) each xdist worker gets its own Redis database
# (gw0 the one named, gw1 the one below it, …), so they never share a queue. (pytest-xdist's
# ``xdist_group`` cannot do it here: under pytest 9 it no longer changes the test id, so groups split.)
def _broker_for_this_process(url: str, worker: str) -> str:
    parts = urlsplit(url)
    db = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(db - int(worker.removeprefix('gw'))) % 16}"))


# The waiting tests' own process beside the workers (``TEST_LANE=waits``, the Makefile's ``test``) takes the one
# eight below, clear of up to eight workers.
_THIS_PROCESS = os.environ.get("PYTEST_XDIST_WORKER") or ("gw8" if os.environ.get("TEST_LANE") else "")
if os.environ.get("CELERY_TEST_BROKER_URL") and _THIS_PROCESS:
    os.environ["CELERY_TEST_BROKER_URL"] = _broker_for_this_process(os.environ["CELERY_TEST_BROKER_URL"], _THIS_PROCESS)


def _docker_answers() -> bool:
    """A Docker engine answers (``docker info``): the container tests (tests/deploy/containers.py) can run."""
    if not shutil.which("docker"):
        return False
    try:
        return subprocess.run(["docker", "info"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _database_group(item) -> int:
    """pytest-django's order of a test (it sorts before this hook runs): 0 database, 1 transactional, 2 none."""
    from django.test import TestCase, TransactionTestCase

    cls = getattr(item, "cls", None)
    if cls and issubclass(cls, TransactionTestCase):
        return 0 if issubclass(cls, TestCase) else 1
    marker = item.get_closest_marker("django_db")
    fixtures = getattr(item, "fixturenames", ())
    if (marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences"))) or (
            "transactional_db" in fixtures or "live_server" in fixtures):
        return 1
    return 0 if marker or "db" in fixtures else 2


def lane_missed(items, lane_files: set[str], root) -> list[str]:
    """The tests marked ``waits`` whose file is not among ``lane_files`` (paths relative to ``root``)."""
    return [item.nodeid for item in items if item.get_closest_marker("waits")
            and item.path.relative_to(root).as_posix() not in lane_files]


def pytest_collection_modifyitems(config, items):
    unstable = [item.nodeid for item in items if any(mark in item.nodeid for mark in _UNSTABLE_IDS)]
    if unstable:
        raise pytest.UsageError("Test ids that change from run to run (sort the set, name the object): "
                                + "; ".join(unstable[:5]))
    # The long tests (marker ``long``) first within each of pytest-django's groups (database tests, then
    # transactional ones, then the rest: its order, kept), so that they start early: ``--dist worksteal`` hands
    # each worker a contiguous half and a worker that runs dry steals the tail of the other's, so short tests
    # end the run and no long one starts last (issue 34: a 450 s walk that started near the end made the tail).
    # A stable sort: the order is otherwise the collection's.
    items.sort(key=lambda item: (_database_group(item), item.get_closest_marker("long") is None))
    skips = {
        "postgres": (not _is_postgres(), "needs DATABASE_URL pointing at PostgreSQL"),
        "celery_worker": (not os.environ.get("CELERY_TEST_BROKER_URL"), "needs CELERY_TEST_BROKER_URL (Redis)"),
        "browser": (not _has_chromium(), "needs Playwright and /usr/bin/chromium"),
        "smoke": (not (_is_postgres() and os.environ.get("CELERY_TEST_BROKER_URL")),
                  "needs DATABASE_URL pointing at PostgreSQL and CELERY_TEST_BROKER_URL (Redis)"),
    }
    unmarked = [item.nodeid for item in items if not item.get_closest_marker("waits")
                and (item.get_closest_marker("celery_worker") or item.get_closest_marker("smoke"))]
    if unmarked:  # `make test` runs the waiting tests beside the others (marker ``waits``): none left behind
        raise pytest.UsageError("Tests that start a real worker or stack must be marked waits: "
                                + "; ".join(unmarked[:5]))
    lane_files = os.environ.get("TEST_LANE_FILES")
    if lane_files is not None and not os.environ.get("TEST_LANE"):
        missed = lane_missed(items, set(lane_files.split()), config.rootpath)
        if missed:  # this run deselects them and the waiting tests' process would not collect them
            raise pytest.UsageError("Tests marked waits in files the Makefile's grep for 'mark.waits' did not find "
                                    "(mark them with pytest.mark.waits in their file): " + "; ".join(missed[:5]))
    if any(item.get_closest_marker("docker") for item in items):
        skips["docker"] = (not _docker_answers(), "needs a Docker engine (`docker info` did not answer)")
    for item in items:
        for marker, (skip, why) in skips.items():
            if skip and item.get_closest_marker(marker):
                item.add_marker(pytest.mark.skip(reason=why))


@pytest.fixture(scope="session")
def django_db_modify_db_settings(request, django_db_keepdb):
    """Under ``--reuse-db`` an SQLite test database is a file in ``.pytest-db/`` that the next run
    migrates forward instead of building from nothing (an in-memory one cannot be kept); with
    ``--create-db`` too, that file is built afresh and kept. Otherwise pytest-django's own setting:
    SQLite in memory, PostgreSQL's ``test_<name>`` (with the xdist or tox suffix), both fresh; ``make
    test`` and CI pass ``--create-db``."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    if django_db_keepdb and "sqlite" in db["ENGINE"] and not db.get("TEST", {}).get("NAME"):
        worker = getattr(request.config, "workerinput", {}).get("workerid", "main")
        KEPT_TEST_DB.mkdir(exist_ok=True)
        db.setdefault("TEST", {})["NAME"] = str(KEPT_TEST_DB / f"{worker}.sqlite3")
    elif "sqlite" in db["ENGINE"] and not db.get("TEST", {}).get("NAME"):
        # In memory: each xdist worker is its own process with its own database already. (pytest-django's
        # suffix would turn the in-memory default into the file "test_<path>_gw0" in a missing folder.)
        return
    else:
        request.getfixturevalue("django_db_modify_db_settings_parallel_suffix")


# --- The flush after a transactional test on PostgreSQL (issue 34: the suite in ≤ 10 minutes) ---------------
# Django empties the database after each transactional test (148 of them: the browser, worker and concurrency
# tests) with one TRUNCATE of every table, then runs post_migrate, which writes the content types and the
# permissions again. On PostgreSQL a TRUNCATE makes new files for each of ~130 tables and their indexes: the
# two took 1–2.5 s a test (measured at load 2–11), longer than many of the tests. Here the tables are
# emptied with DELETE (the rows a test leaves are few) with the foreign-key triggers off for that transaction
# (``session_replication_role = replica``: every table is emptied, so no reference is left dangling), and
# the content types and permissions are kept: post_migrate finds them all and writes nothing. The result is
# what Django's flush leaves (every table empty but those two, which hold what post_migrate would write
# again), sequences untouched as there. Only for a superuser (the role setting needs one), and never when a
# test asks for its sequences reset (that stays Django's TRUNCATE ... RESTART IDENTITY).
FLUSH_KEEPS = ("django_content_type", "auth_permission")


def flush_by_delete(ops, style, tables, *, reset_sequences=False, allow_cascade=False, truncate=None):
    """The statements that empty ``tables`` (``DatabaseOperations.sql_flush``'s contract) by DELETE."""
    if reset_sequences:
        return truncate(ops, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
    emptied = [table for table in tables if table not in FLUSH_KEEPS]
    if not emptied:
        return []
    return ["SET LOCAL session_replication_role = replica",
            *(f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(ops.quote_name(table))};" for table in emptied)]


@pytest.fixture(scope="session", autouse=True)
def _flush_by_delete_on_postgresql(django_db_setup, django_db_blocker):
    from django.db import connection
    from django.db.backends.postgresql.operations import DatabaseOperations

    if connection.vendor != "postgresql":
        yield
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        superuser = cursor.fetchone()[0]
    if not superuser:
        yield
        return
    truncate = DatabaseOperations.sql_flush
    DatabaseOperations.sql_flush = lambda ops, style, tables, **kw: flush_by_delete(ops, style, tables, **kw,
                                                                                    truncate=truncate)
    try:
        yield
    finally:
        DatabaseOperations.sql_flush = truncate
