"""Item 5 of issue 9: on the default setup (SQLite in a file) 16 tables saving at once get no error."""
from __future__ import annotations

from http import HTTPStatus

from tests.league import sqlite_tables
from tests.ports import free_port


def test_sixteen_tables_saving_at_once_on_sqlite_get_no_error(tmp_path, migrated_sqlite_file):
    db = tmp_path / "club.sqlite3"
    plan = sqlite_tables.prepare(db, tables=16, migrated=migrated_sqlite_file)
    port = free_port()
    server = sqlite_tables.serve(db, port)
    try:
        results = sqlite_tables.fire(port, plan, hands=4)
    finally:
        server.terminate()
        server.wait(timeout=10)
    codes = [code for code, _ in results]
    assert len(codes) == 16 * 4
    assert [c for c in codes if c != HTTPStatus.CREATED] == []
