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


def wait_for_worker(worker, predicate, *, what: str, timeout: float = 120):
    """``predicate()``'s first true value while the ``worker`` process (the ``worker`` fixture's, its
    output piped) runs; the test fails with the worker's output if it dies or ``timeout`` passes
    (a worker process starting on a busy 2-core machine takes a while)."""
    from tests.waiting import wait_until

    def done_or_dead():
        return predicate() or worker.poll() is not None

    def output() -> str:
        if worker.poll() is None:
            worker.terminate()
        return f"the worker did not {what}:\n" + (worker.communicate(timeout=15)[0] or "")

    wait_until(done_or_dead, timeout=timeout, interval=0.25, message=output)
    value = predicate()
    if not value:
        import pytest

        pytest.fail(output())
    return value
