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
    return {"call": last, "can_call": calls.may_call(user, game),
            "reasons": calls.RefereeCall.Reason.choices, "etag": f'"rc-{calls.version_of(last)}"'}
