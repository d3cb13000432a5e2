"""Request-scoped helper: the permission lookups' memo (the after-response runner is the floor's:
``core.middleware``)."""
from __future__ import annotations

from league.permissions import memberships_memo


class RequestMembershipsMiddleware:
    """Each request looks a user's membership in a club up once, however many checks its views make."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with memberships_memo():
            return self.get_response(request)
