"""What the tests that start a real Celery worker share: the address of the test database the worker
process must use (``broker_url`` and ``worker`` are fixtures in tests/conftest.py and
tests/league/conftest.py)."""
from __future__ import annotations

from urllib.parse import quote


def worker_database_url() -> str:
    """This test run's database (PostgreSQL) as a ``DATABASE_URL`` for a worker process."""
    from django.db import connection

    s = connection.settings_dict
    auth = quote(s["USER"] or "")
    if s.get("PASSWORD"):
        auth += ":" + quote(s["PASSWORD"])
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"
