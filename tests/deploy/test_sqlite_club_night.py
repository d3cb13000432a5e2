"""The embedded default (SQLite) takes two tables saving at once without "database is locked".

bench/club_night.py found it: with SQLite's default (deferred) transactions, a save that read the
game and then writes fails at once when another table's save wrote in between (a read->write
upgrade SQLite refuses without waiting). ``transaction_mode = IMMEDIATE`` (config/settings/base.py)
takes the write lock at BEGIN, so the second save waits for the first instead of failing.
"""
from __future__ import annotations

import threading

from django.db.utils import ConnectionHandler, OperationalError

from tests.deploy.embedded import embedded_database


def _two_tables_save_at_once(path) -> list[str]:
    config = embedded_database(path)
    handler = ConnectionHandler({"default": config})
    with handler["default"].cursor() as c:
        c.execute("CREATE TABLE hand (game INTEGER, position INTEGER)")
    handler["default"].close()
    errors: list[str] = []
    a_read, b_done = threading.Event(), threading.Event()

    def save(name: str, before_write) -> None:
        conn = handler["default"]  # each thread its own connection, as runserver's threads
        try:
            conn.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
            with conn.cursor() as c:
                c.execute("SELECT COUNT(*) FROM hand WHERE game = %s", [1 if name == "A" else 2])
                before_write()
                c.execute("INSERT INTO hand VALUES (%s, 0)", [1 if name == "A" else 2])
            conn.commit()
        except OperationalError as exc:
            errors.append(f"{name}: {exc}")
            conn.rollback()
        finally:
            conn.set_autocommit(True)
            conn.close()

    def table_a_waits_for_b():
        a_read.set()
        b_done.wait(timeout=0.5)

    def table_b():
        a_read.wait(timeout=5)
        try:
            save("B", lambda: None)
        finally:
            b_done.set()

    threads = [threading.Thread(target=save, args=("A", table_a_waits_for_b)), threading.Thread(target=table_b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return errors


def test_two_tables_saving_at_once_both_succeed(tmp_path, django_db_blocker):
    with django_db_blocker.unblock():  # a file of its own, not the test database
        assert _two_tables_save_at_once(tmp_path / "night.sqlite3") == []


def test_settings_take_the_write_lock_at_begin():
    from config.settings import base

    assert base.SQLITE_OPTIONS["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in base.SQLITE_OPTIONS["init_command"]
