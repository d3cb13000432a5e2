"""Rate limits for the self-service pages (issue 22, item 10): invite-code guesses, and sign-ups
with join requests, counted per client address and per user in the cache (Redis in production).

A limit is a count per fixed window. ``blocked`` asks before anything is done (a blocked request
is answered 429 and changes nothing); ``hit`` counts what was done (a wrong invite code; a login
made or a join request sent). The client address is django-axes' (``axes.helpers``), so the
login lockout and these limits agree on who the client is behind the proxy. A cache that is down
blocks nobody: the limits are a brake, not a door.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from axes.helpers import get_client_ip_address
from django.core.cache import cache
from django.http import HttpRequest
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limit:
    scope: str
    count: int
    seconds: int
    per_address: bool = True
    per_user: bool = True


# Wrong invite codes: a typo or two is normal; 23 guesses a second is not.
INVITE_GUESSES = Limit("invite-guess", count=10, seconds=10 * 60)
# New logins and join requests made from one address (a club's Wi-Fi on a first night is fine).
SIGNUPS = Limit("signup", count=20, seconds=60 * 60, per_user=False)
# Anything that renders a file (a tournament report's PDF or PNG): per login, built once per version
# by the worker and served from its file, but a member fetching them in a loop still costs the site.
RENDERS = Limit("render", count=6, seconds=60, per_address=False)
# A what-if drawn inside the request (a season's settings preview: the standings recomputed under the new
# options, seconds at a large season), per login.
PREVIEWS = Limit("preview", count=6, seconds=60, per_address=False)
# Join requests of one login (to any clubs).
JOIN_REQUESTS_PER_USER = Limit("join-request", count=5, seconds=60 * 60, per_address=False)


def _keys(request: HttpRequest, limit: Limit) -> list[str]:
    window = int(time.time() // limit.seconds)
    keys = []
    if limit.per_address:
        keys.append(f"throttle:{limit.scope}:a:{get_client_ip_address(request) or '-'}:{window}")
    user = getattr(request, "user", None)
    if limit.per_user and user is not None and user.is_authenticated:
        keys.append(f"throttle:{limit.scope}:u:{user.pk}:{window}")
    return keys


def blocked(request: HttpRequest, *limits: Limit) -> bool:
    """Whether any of ``limits`` is used up for this client or user (nothing counted)."""
    try:
        for limit in limits:
            counts = cache.get_many(_keys(request, limit))
            if any(int(v) >= limit.count for v in counts.values()):
                return True
    except Exception:  # a cache outage must not refuse the page
        log.warning("throttle: the cache is unavailable; not limiting", exc_info=True)
    return False


def hit(request: HttpRequest, *limits: Limit) -> None:
    """Count one use of each of ``limits`` for this client and user."""
    try:
        for limit in limits:
            for key in _keys(request, limit):
                if not cache.add(key, 1, timeout=limit.seconds + 1):
                    cache.incr(key)
    except Exception:
        log.warning("throttle: the cache is unavailable; not counting", exc_info=True)


def render_message() -> str:
    return _("Too many previews from this account in a minute. Nothing was computed: wait a minute and try again.")


def message() -> str:
    return _("Too many attempts from this device or account. Nothing was done: wait a while (up to an hour) "
             "and try again, or ask the club's admin.")
