"""The session's current club (issue 36): a login with memberships at two clubs works at one of them at a time.

"내 정보" lists the login's clubs and switches between them; the header shows a switcher when there are two or
more. Every page that takes "the user's member" without a club in its address asks :func:`current_member`."""
from __future__ import annotations

from django.http import HttpRequest

from club.models import Member
from club.selectors import my_memberships

SESSION_KEY = "club.current"
"""The current club's id, in the session."""


def memberships(request: HttpRequest) -> list[Member]:
    """The login's memberships (as a member, oldest first), read once per request."""
    cached = getattr(request, "_club_memberships", None)
    if cached is None:
        cached = my_memberships(user=getattr(request, "user", None))
        request._club_memberships = cached
    return cached


def current_member(request: HttpRequest) -> Member | None:
    """The login's membership at the session's current club; the oldest when none was chosen (or it is gone)."""
    mine = memberships(request)
    if not mine:
        return None
    chosen = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    return next((m for m in mine if m.club_id == chosen), mine[0])


def switch_to(request: HttpRequest, club_id: int) -> Member | None:
    """Make ``club_id`` the current club, when the login is a member there (else nothing changes: None)."""
    member = next((m for m in memberships(request) if m.club_id == club_id), None)
    if member is not None:
        request.session[SESSION_KEY] = club_id
    return member
