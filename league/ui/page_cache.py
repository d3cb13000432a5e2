"""Read pages remembered in the cache (Redis in production, per process in the embedded default).

What a standings page shows is a pure function of the season's stored snapshot, the season's rating
settings, the language and the page's query string: the key holds all of them, so a recompute (a new
``computed_at``) or a changed setting is a new key and nothing stale is ever served — old entries just
expire. Several gunicorn boxes share one Redis, so a page rendered once serves every box.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.utils.translation import get_language

T = TypeVar("T")

TIMEOUT = 60 * 60
"""Seconds an entry lives (a new snapshot makes a new key long before)."""


def snapshot_key(kind: str, snapshot, *parts: object) -> str | None:
    """The cache key of ``kind`` drawn from ``snapshot`` (None: nothing to key on, do not cache)."""
    if snapshot is None or snapshot.pk is None or snapshot.computed_at is None:
        return None
    raw = "|".join(str(p) for p in (snapshot.pk, snapshot.computed_at.isoformat(), snapshot.games_count,
                                     get_language(), *parts))
    return f"page:{kind}:{hashlib.sha256(raw.encode()).hexdigest()[:32]}"


def remembered(key: str | None, build: Callable[[], T], *, timeout: int = TIMEOUT) -> T:
    """``build()``, or what it gave under ``key`` before. A cache that is down only costs the build."""
    if key is None:
        return build()
    try:
        value = cache.get(key)
    except Exception:  # noqa: BLE001 - a read page never fails because Redis is away
        value = None
    if value is None:
        value = build()
        try:
            cache.set(key, value, timeout)
        except Exception:  # noqa: BLE001
            pass
    return value
