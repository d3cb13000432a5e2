"""The header's club switcher (issue 36): ``{% club_switcher %}`` shows the login's clubs when there are two
or more, the current one chosen (``club.web.current``)."""
from __future__ import annotations

from django import template

from club.selectors import membership_count
from club.web.current import current_member, memberships

register = template.Library()


@register.inclusion_tag("club/_switcher.html", takes_context=True)
def club_switcher(context) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    if request is None or user is None or not user.is_authenticated:
        return {"memberships": []}
    if getattr(request, "_club_memberships", None) is None and membership_count(user=user) < 2:
        return {"memberships": []}  # one club (or none): no switcher, and no list read for it
    mine = memberships(request)
    current = current_member(request) if len(mine) > 1 else None
    return {"memberships": mine if len(mine) > 1 else [], "current": current, "request": request,
            "csrf_token": context.get("csrf_token")}
