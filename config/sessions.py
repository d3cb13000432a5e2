"""Sessions in the database with the cache in front, that a cache outage never breaks.

``SESSION_ENGINE = "config.sessions"`` (production, with ``REDIS_URL``). Django's ``cached_db``
already keeps every session in the database, but it still asks the cache on every request
(``exists``, the ``set`` after a database read, ``delete`` at logout) and a Redis that is away
turned every page with a session into a 500. Here any cache error is logged and the database
answers alone; after an error the cache is left alone for ``SESSION_CACHE_PAUSE`` seconds, so
that an unreachable Redis (a timeout, not a refusal) costs one request a moment, not each one.

The cache copy lives at most ``SESSION_CACHE_SECONDS`` (5 minutes), not the session's two weeks:
a logout or a change the cache missed while it was away is forgotten by then.
"""
from __future__ import annotations

import logging
import time

from django.conf import settings
from django.contrib.sessions.backends.cached_db import SessionStore as CachedDBStore

from config.db_sessions import PreparedSessionRead

log = logging.getLogger(__name__)

_paused_until = 0.0


def _cache_usable() -> bool:
    return time.monotonic() >= _paused_until


def _cache_failed(what: str, exc: BaseException) -> None:
    global _paused_until
    _paused_until = time.monotonic() + float(getattr(settings, "SESSION_CACHE_PAUSE", 5))
    log.warning("session cache unavailable (%s), using the database alone: %s", what, exc)


class SessionStore(PreparedSessionRead, CachedDBStore):
    def _cache_seconds(self, expiry_age: int) -> int:
        return max(0, min(int(expiry_age), int(getattr(settings, "SESSION_CACHE_SECONDS", 300))))

    def load(self):
        data = None
        if _cache_usable():
            try:
                data = self._cache.get(self.cache_key)
            except Exception as exc:  # any cache failure: the database has the session
                _cache_failed("get", exc)
        if data is not None:
            return data
        s = self._get_session_from_db()
        if not s:
            return {}
        data = self.decode(s.session_data)
        self._cache_set(data, self.get_expiry_age(expiry=s.expire_date))
        return data

    def exists(self, session_key):
        if session_key and _cache_usable():
            try:
                if (self.cache_key_prefix + session_key) in self._cache:
                    return True
            except Exception as exc:
                _cache_failed("exists", exc)
        return super(CachedDBStore, self).exists(session_key)

    def save(self, must_create=False):
        super(CachedDBStore, self).save(must_create)
        self._cache_set(self._session, self.get_expiry_age())

    def delete(self, session_key=None):
        super(CachedDBStore, self).delete(session_key)
        if session_key is None:
            if self.session_key is None:
                return
            session_key = self.session_key
        try:
            self._cache.delete(self.cache_key_prefix + session_key)
        except Exception as exc:  # gone from the database; the cache copy expires on its own
            _cache_failed("delete", exc)

    def _cache_set(self, data, expiry_age: int) -> None:
        if not _cache_usable():
            return
        try:
            self._cache.set(self.cache_key, data, self._cache_seconds(expiry_age))
        except Exception as exc:
            _cache_failed("set", exc)
