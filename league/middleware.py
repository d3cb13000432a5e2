"""Request-scoped helper: the permission lookups' memo (the after-response runner is the floor's:
``core.middleware``)."""
from __future__ import annotations

from league.permissions import standings_memo


class RequestStandingsMiddleware:
    """Each request looks a user's standing in a club up once, however many checks its views make."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with standings_memo():
            return self.get_response(request)
