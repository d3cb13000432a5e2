"""Everything the server remembers between requests, behind one door, with one invalidation story.

The story (read it before adding a cache):

1. **A remembered value is a pure function of its key.** The key holds everything the value
   depends on (a record's content, a ruleset and the language, a snapshot's ``computed_at``...), so a
   write never has to find and clear anything: a changed input is another key, and the old entry
   is never asked for again. Nothing here is ever "invalidated" by a save; a memo whose value
   could go stale under the same key is a bug, not a missing ``forget``.
2. **Per process, bounded** (:class:`Memo`, :func:`memoize`): each memo keeps at most ``size``
   entries, the least recently used dropped first, so a long-lived worker's memory stays flat.
   Every memo is registered by name (:data:`MEMOS`). They are forgotten whole only when what
   their values are built from changes under the running code: an edited template under
   ``runserver`` (:func:`_template_edited`), or :func:`forget_all` (tests that change templates,
   translations or settings).
3. **Shared across processes: read pages** (:func:`page_key`, :func:`remembered`), in Django's cache
   (Redis in production, per process in the embedded default). What a standings page or export
   shows is a function of the season's stored snapshot, the season's settings, the language and
   the query: all in the key, so a recompute (a new ``computed_at``) is a new key and nothing stale
   is served; old entries expire after :data:`PAGE_TIMEOUT`. A cache that is away only costs the
   build. Several gunicorn boxes share one Redis, so a page rendered once serves every box.
4. **Per request only**: a user's membership in a club (``league.permissions.memberships_memo``) is
   kept for one request, so a role given is seen by the next one; that memo lives with the
   permissions because it dies with the request.
5. The pure engine's own memos (``functools.lru_cache`` in ``scoring/hand``, ``scoring/ratings``,
   ``scoring/rule_docs``) follow rule 1 on hashable, immutable arguments; ``scoring`` imports no
   Django (and runs in the browser), so they stay there.

The memos registered here (one line each where they are made): the quick entry's panels and han/fu
grids (``league.web.templatetags.panels`` / ``value_grid``), game replays by record
(``league.games.selectors``), the han/fu value choices (``league.web.games.forms``), the offline page's
words per language (``league.web.templatetags.offline``), the zipped ``scoring`` package
(``league.web.games.offline``), the membership lookup's SQL per database vendor (``league.permissions``),
the trusted proxies' networks (``club.auth``), and for the table screen (issue 41): the reversed ``{% url %}``
paths and the ``{% remember %}`` fragments (``config.remembered``), the static files' URLs (``config.storage``)
and the offline configuration's fixed JSON (``league.web.templatetags.offline``); the reads whose SQL is
compiled once per process (``core.prepared``: a table request's game, its hands, the session, the signed-in user's
read made in ``club.auth``).

This module sits in ``core`` (the lowest layer) so every app, the lowest included, may import it.
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from django.core.cache import cache
from django.dispatch import receiver
from django.utils.autoreload import file_changed
from django.utils.translation import get_language

T = TypeVar("T")

MEMOS: dict[str, Memo] = {}
"""Every per-process memo, by name."""


class Memo:
    """A bounded per-process memo (least recently used dropped first), safe across threads.

    A value is built outside the lock (two threads may both build it; both get a correct value) and
    a build that raises remembers nothing. Values are shared: read them, never change them in place.
    """

    def __init__(self, name: str, *, size: int) -> None:
        self.name = name
        self.size = size
        self._values: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        MEMOS[name] = self

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        """The value remembered for ``key``, else ``build()``'s, remembered."""
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        value = build()
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value

    def forget(self) -> None:
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)


def memoize(name: str, *, size: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """``functools.lru_cache`` for a function of hashable arguments, as a registered :class:`Memo`."""

    def decorate(function: Callable[..., T]) -> Callable[..., T]:
        memo = Memo(name, size=size)

        @functools.wraps(function)
        def remembered_call(*args: Hashable) -> T:
            return memo.get(args, lambda: function(*args))

        remembered_call.memo = memo  # type: ignore[attr-defined]
        return remembered_call

    return decorate


def forget_all() -> None:
    """Forget every per-process memo (the next request builds each value again)."""
    for memo in MEMOS.values():
        memo.forget()


@receiver(file_changed)
def _template_edited(sender, file_path, **kwargs) -> None:
    """``runserver``: an edited template shows at the next request."""
    if file_path.suffix == ".html":
        forget_all()


# --- read pages, shared by every process (rule 3) ---------------------------------------------------

PAGE_TIMEOUT = 60 * 60
"""Seconds a page lives in the cache (a new snapshot makes a new key long before)."""


def page_key(kind: str, snapshot, *parts: object) -> str | None:
    """The cache key of ``kind`` drawn from ``snapshot`` (None: nothing to key on, do not cache)."""
    if snapshot is None or snapshot.pk is None or snapshot.computed_at is None:
        return None
    raw = "|".join(str(p) for p in (snapshot.pk, snapshot.computed_at.isoformat(), snapshot.games_count,
                                     get_language(), *parts))
    return f"page:{kind}:{hashlib.sha256(raw.encode()).hexdigest()[:32]}"


def remembered(key: str | None, build: Callable[[], T], *, timeout: int = PAGE_TIMEOUT) -> T:
    """``build()``, or what it gave under ``key`` before. A cache that is down only costs the build."""
    if key is None:
        return build()
    try:
        value = cache.get(key)
    except Exception:  # a read page never fails because Redis is away
        value = None
    if value is None:
        value = build()
        with contextlib.suppress(Exception):
            cache.set(key, value, timeout)
    return value


# --- values built once, elsewhere (a worker, after the response), and read by the requests ---------------------

def recall(key: str) -> Any | None:
    """What was kept under ``key`` (:func:`keep`), or None: not built yet, expired, or the cache is away."""
    try:
        return cache.get(key)
    except Exception:  # a cache that is away only costs the build
        return None


def keep(key: str, value: Any, *, timeout: int = PAGE_TIMEOUT) -> None:
    """Keep ``value`` under ``key`` (rule 1: the key holds everything the value depends on)."""
    with contextlib.suppress(Exception):
        cache.set(key, value, timeout)


def claim(key: str, *, timeout: int) -> bool:
    """Whether this caller is the one to build what ``key`` locks (the first to ask, for ``timeout`` seconds);
    with the cache away, every caller builds (a build too many, never none)."""
    try:
        return bool(cache.add(key, 1, timeout=timeout))
    except Exception:
        return True


def release(key: str) -> None:
    """Free a :func:`claim`'s lock (the build ended, well or not)."""
    with contextlib.suppress(Exception):
        cache.delete(key)
