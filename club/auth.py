"""Login throttling (django-axes) and the API token's throttle.

``LoginThrottleBackend`` is axes' backend for web logins (``/accounts/login/``,
``/admin/login/``, the API token): after ``AXES_FAILURE_LIMIT`` wrong passwords for one
username from one address, that pair is locked out for ``AXES_COOLOFF_TIME`` and sees the
Korean lockout page (``registration/lockout.html``, HTTP 429). A login without a request
(a management command, the test client's ``login()``) is not a web login attempt and is not
throttled. ``/api/auth/token/`` is also rate limited per address (DRF, ``auth_token`` scope).
"""
from __future__ import annotations

from axes.backends import AxesStandaloneBackend
from django.utils.translation import gettext as _
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.throttling import ScopedRateThrottle


class LoginThrottleBackend(AxesStandaloneBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class LoginThrottled(Throttled):
    """Our own message says how long to wait (DRF would add its English "Expected available ...")."""

    extra_detail_singular = extra_detail_plural = ""


class ObtainAuthTokenThrottled(ObtainAuthToken):
    """``POST /api/auth/token/``: DRF's token view, at most ``auth_token`` requests per address."""

    throttle_classes = [ScopedRateThrottle]
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
