"""``{% referee_call_state game as rc %}``: the table's referee call box (issue 27 item 2)."""
from __future__ import annotations

from django import template

from league.referee import calls

register = template.Library()


@register.simple_tag(takes_context=True)
def referee_call_state(context, game) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    last = calls.latest_call(game)
    can_call = calls.may_call(user, game) if user is not None and user.is_authenticated else False
    if not can_call and request is not None:
        from league.web.games.table_code import code_allows

        can_call = code_allows(request, game)  # a phone with the table's code
    return {"call": last, "can_call": can_call,
            "reasons": calls.RefereeCall.Reason.choices, "etag": f'"rc-{calls.version_of(last)}"'}
