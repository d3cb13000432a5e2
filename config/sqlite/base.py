"""Django's SQLite backend, with the write transactions of one process served in turn.

On the embedded default every table's save is a write transaction that takes SQLite's write lock when
it begins (``transaction_mode = IMMEDIATE``, config/settings/base.py). A writer that finds the lock
taken waits in SQLite's busy handler, which sleeps 1, 2, 5 … 100 ms between tries and is not woken
when the lock frees: under many tables at once a save can lose the race again and again (the club-night
bench saw saves of 2–4 s at the 95th percentile with 0 errors). Here a write transaction first takes
a lock of this process (one per database file): a waiting writer is woken the moment the one before
commits or rolls back, and then finds SQLite's lock free. Other processes (a management command, a
second server) still meet SQLite's own lock and busy handler, as before; a writer that waits here
longer than the connection's timeout goes on to SQLite's BEGIN, which waits and fails as it always did.
In-memory databases (the test suite's) are left as they are.
"""
from __future__ import annotations

import threading

from django.db.backends.sqlite3 import base

_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


def write_lock(name: str) -> threading.Lock:
    """The process's lock for writing the database file ``name``."""
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(str(name), threading.Lock())


class DatabaseWrapper(base.DatabaseWrapper):
    _holds_write_lock = False

    def _write_lock(self) -> threading.Lock | None:
        if self.is_in_memory_db():
            return None
        return write_lock(self.settings_dict["NAME"])

    def _start_transaction_under_autocommit(self):
        lock = self._write_lock()
        if lock is not None and not self._holds_write_lock:
            timeout = float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))
            self._holds_write_lock = lock.acquire(timeout=timeout)
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release_write_lock()
            raise

    def _release_write_lock(self) -> None:
        if self._holds_write_lock:
            self._holds_write_lock = False
            self._write_lock().release()

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._release_write_lock()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._release_write_lock()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._release_write_lock()
