"""Login throttling (django-axes) and the API token's throttle.

``LoginThrottleBackend`` is axes' backend for web logins (``/accounts/login/``,
``/admin/login/``, the API token): after ``AXES_FAILURE_LIMIT`` wrong passwords for one
username from one address, that pair is locked out for ``AXES_COOLOFF_TIME`` and sees the
Korean lockout page (``registration/lockout.html``, HTTP 429). A login without a request
(a management command, the test client's ``login()``) is not a web login attempt and is not
throttled. ``/api/auth/token/`` is also rate limited per address (DRF, ``auth_token`` scope).

"Address" is the client's (``client_ip``), not the proxy's: behind Caddy/nginx every request comes
from 127.0.0.1, so keying on ``REMOTE_ADDR`` would let five wrong passwords from anywhere lock a
referee out. The client's address is read from ``CLIENT_IP_HEADER`` only when the request came
from one of ``TRUSTED_PROXIES`` (settings), and then from the right: the entries the proxies
appended, never what the client wrote there itself.
"""
from __future__ import annotations

import ipaddress
import logging

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.utils.translation import gettext as _
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.throttling import ScopedRateThrottle

from club.selectors import counted_memberships
from core.memo import memoize
from core.prepared import PreparedRead

log = logging.getLogger(__name__)


@memoize("trusted proxies", size=8)
def _networks(entries: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    try:
        return tuple(ipaddress.ip_network(e.strip(), strict=False) for e in entries if e.strip())
    except ValueError as exc:
        raise ImproperlyConfigured(f"TRUSTED_PROXIES: {exc} (addresses or networks, comma-separated)") from exc


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def client_ip(request) -> str:
    """The client's address: ``REMOTE_ADDR``, or behind a trusted proxy the last address in
    ``CLIENT_IP_HEADER`` (``X-Forwarded-For``) that is not itself a trusted proxy.

    A proxy appends the address it saw to ``X-Forwarded-For``, so what a client sends in it comes
    first and is never read while a proxy's own entry follows. Used by django-axes
    (``AXES_CLIENT_IP_CALLABLE``) and by the API token's throttle.
    """
    meta = request.META
    remote = meta.get("REMOTE_ADDR", "") or ""
    proxies = _networks(tuple(getattr(settings, "TRUSTED_PROXIES", ()) or ()))
    header = getattr(settings, "CLIENT_IP_HEADER", "") or ""

    def trusted(addr) -> bool:
        return addr is not None and any(addr in net for net in proxies)

    if not proxies or not header or not trusted(_address(remote)):
        return remote
    forwarded = meta.get("HTTP_" + header.upper().replace("-", "_"), "")
    client = remote
    for entry in reversed([e for e in forwarded.split(",") if e.strip()]):
        addr = _address(entry)
        if addr is None:
            break  # not an address: written by the client, nothing left of it can be trusted
        client = str(addr)
        if not trusted(addr):
            break
    return client


class ClientAddressThrottle(ScopedRateThrottle):
    """DRF's scoped throttle keyed on ``client_ip``: DRF's own ``get_ident`` reads any
    ``X-Forwarded-For`` whole, so a client writing a new one each time was never throttled."""

    def get_ident(self, request) -> str:
        return client_ip(request)

    def allow_request(self, request, view) -> bool:
        try:
            return super().allow_request(request, view)
        except Exception:  # the counters live in Redis; a wrong password still counts (axes, database)
            log.warning("throttle cache unavailable: %s not throttled", self.scope, exc_info=True)
            return True


class LoginThrottleBackend(AxesStandaloneBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class UserBackend(ModelBackend):
    """Django's ``ModelBackend``, whose signed-in user (asked for on every request) is read with SQL compiled once per
    process (``core.prepared``; issue 41: a sixth of a table request's CPU was building SQL).

    Django's own ``ModelBackend`` stays listed after it (``AUTHENTICATION_BACKENDS``) for the sessions signed in
    before: a session names the backend that let it in. So that a wrong password is not hashed twice (once here,
    once there), a refusal here ends the login (``PermissionDenied``: Django then reports the failed login, as
    when every backend says no).
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username=username, password=password, **kwargs)
        named = username if username is not None else kwargs.get(get_user_model().USERNAME_FIELD)
        if user is None and named is not None and password is not None:
            raise PermissionDenied
        return user

    def get_user(self, user_id):
        if not isinstance(user_id, int) or isinstance(user_id, bool):
            return super().get_user(user_id)
        found = _signed_in().rows(pk=user_id)
        user = found[0] if found else None
        return user if user is not None and self.user_can_authenticate(user) else None


@memoize("the signed-in user's read", size=1)
def _signed_in() -> PreparedRead:
    """The read of a user by id (made on first use: the user model is known once the apps are loaded), with how many
    memberships the header's club switcher counts (``club.selectors.membership_count``) in the same statement: every
    page asks it, and a statement of its own was a round trip to the database a page."""
    model = get_user_model()
    return PreparedRead("the signed-in user", model,
                        lambda *, pk: model._default_manager.filter(pk=pk).annotate(**counted_memberships()))


class LoginThrottled(Throttled):
    """Our own message says how long to wait (DRF would add its English "Expected available ...")."""

    extra_detail_singular = extra_detail_plural = ""


class ObtainAuthTokenThrottled(ObtainAuthToken):
    """``POST /api/auth/token/``: DRF's token view, at most ``auth_token`` requests per address."""

    throttle_classes = [ClientAddressThrottle]
    throttle_scope = "auth_token"

    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except ValidationError:
            # django-axes marks the request it refused (after AXES_FAILURE_LIMIT wrong passwords):
            # say so, instead of "unable to log in" for the right password too.
            if getattr(request, "axes_locked_out", False) or getattr(request._request, "axes_locked_out", False):
                raise LoginThrottled(detail=_(
                    "Too many wrong passwords for this account: logging in is paused for 15 minutes."
                )) from None
            raise

    def throttled(self, request, wait):
        seconds = int(wait or 0) + 1
        raise LoginThrottled(wait=wait, detail=_(
            "Too many login attempts. Wait %(seconds)s seconds and try again."
        ) % {"seconds": seconds})


obtain_auth_token = ObtainAuthTokenThrottled.as_view()
