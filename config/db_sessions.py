"""Sessions in the database, read with SQL compiled once per process (the embedded default's ``SESSION_ENGINE``).

Django's database store asks for the session on every request with a fresh queryset (its SQL built again each
time: issue 41, the CPU of a hand); here the same read (the session by its key, not expired) goes through
``core.prepared``. Everything else is Django's: the same table, rows and encoding, so switching to or from this
store keeps everyone signed in. Production's store (``config.sessions``, the cache in front) reads the database
the same way when the cache misses.
"""
from __future__ import annotations

from django.contrib.sessions.backends.db import SessionStore as DatabaseStore
from django.contrib.sessions.models import Session
from django.utils import timezone

from core.prepared import PreparedRead

_SESSION = PreparedRead("a session by its key", Session, lambda *, session_key, now: Session.objects.filter(
    session_key=session_key, expire_date__gt=now))


class PreparedSessionRead:
    """``_get_session_from_db`` of Django's database store, with the prepared read (for its own model only)."""

    def _get_session_from_db(self):
        if self.model is not Session or not isinstance(self.session_key, str):
            return super()._get_session_from_db()
        found = _SESSION.rows(session_key=self.session_key, now=timezone.now())
        if not found:
            self._session_key = None  # as Django's: an unknown or expired key is forgotten
            return None
        return found[0]


class SessionStore(PreparedSessionRead, DatabaseStore):
    pass
