"""The embedded default's write transactions are served in turn within the process
(``config/sqlite/base.py``): a writer waits on a lock that wakes it when the one before commits,
instead of SQLite's busy handler sleeping between tries. Nothing else about SQLite changes."""
from __future__ import annotations

import threading

import pytest
from django.db.utils import ConnectionHandler

from config.sqlite.base import write_lock
from tests.deploy.embedded import embedded_database


@pytest.fixture
def night_db(tmp_path, django_db_blocker):
    """A database file of its own (not the test database), one connection per thread as runserver's."""
    config = embedded_database(tmp_path / "night.sqlite3")
    handler = ConnectionHandler({"default": config})
    with django_db_blocker.unblock():
        with handler["default"].cursor() as c:
            c.execute("CREATE TABLE hand (game INTEGER, position INTEGER)")
        handler["default"].close()
        yield handler, config["NAME"]


@pytest.mark.parametrize("end", ["commit", "rollback", "close"])
def test_the_lock_is_held_for_the_transaction_and_given_back_at_its_end(night_db, end):
    handler, name = night_db
    conn = handler["default"]
    conn.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
    with conn.cursor() as c:
        c.execute("INSERT INTO hand VALUES (1, 0)")
    assert write_lock(name).locked()
    if end == "commit":
        conn.commit()
    elif end == "rollback":
        conn.rollback()
    if end != "close":
        conn.set_autocommit(True)
    conn.close()
    assert not write_lock(name).locked()


def test_many_tables_writing_at_once_all_store_every_hand(night_db):
    handler, name = night_db
    errors: list[str] = []

    def table(game: int) -> None:
        conn = handler["default"]
        try:
            for position in range(10):
                conn.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
                with conn.cursor() as c:
                    c.execute("SELECT COUNT(*) FROM hand WHERE game = %s", [game])
                    c.execute("INSERT INTO hand VALUES (%s, %s)", [game, position])
                conn.commit()
                conn.set_autocommit(True)
        except Exception as exc:  # reported below
            errors.append(f"{game}: {exc}")
        finally:
            conn.close()

    threads = [threading.Thread(target=table, args=(g,)) for g in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == []
    with handler["default"].cursor() as c:
        c.execute("SELECT game, COUNT(*) FROM hand GROUP BY game")
        assert dict(c.fetchall()) == dict.fromkeys(range(8), 10)
    handler["default"].close()
    assert not write_lock(name).locked()


def test_a_writer_kept_waiting_past_its_timeout_goes_on_to_sqlites_own_lock(night_db):
    handler, name = night_db
    handler.settings["default"]["OPTIONS"] = {**handler.settings["default"]["OPTIONS"], "timeout": 0.1}
    conn = handler["default"]
    lock = write_lock(name)
    lock.acquire()  # held by "someone" who is not writing: SQLite's lock itself is free
    try:
        conn.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)
        with conn.cursor() as c:
            c.execute("INSERT INTO hand VALUES (9, 0)")
        conn.commit()
        conn.set_autocommit(True)
        assert lock.locked(), "the writer did not release a lock it never took"
    finally:
        lock.release()
        conn.close()
    with handler["default"].cursor() as c:
        c.execute("SELECT COUNT(*) FROM hand WHERE game = 9")
        assert c.fetchone()[0] == 1
    handler["default"].close()
