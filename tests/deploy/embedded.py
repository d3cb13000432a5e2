"""The embedded default's database settings for a file of a test's own, whatever database the suite
itself runs on (so CI, on PostgreSQL, exercises the embedded default's SQLite backend too)."""
from __future__ import annotations

from config.settings import base


def embedded_database(path) -> dict:
    return {"ENGINE": base.SQLITE_ENGINE, "NAME": str(path), "OPTIONS": dict(base.SQLITE_OPTIONS), "TEST": {}}
