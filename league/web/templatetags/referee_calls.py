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
    coming, name = False, ""
    if last is not None and last.acknowledged_at is not None:
        # "A referee is coming" while they are on their way: until a hand is entered after it, 15 minutes at most
        # (issue 42 item 9: it stayed on the table screen for the rest of the game).
        import datetime

        from django.utils import timezone

        later_hand = game.hands.filter(updated_at__gt=last.acknowledged_at).exists()
        coming = not later_hand and timezone.now() - last.acknowledged_at < datetime.timedelta(minutes=15)
        referee = last.acknowledged_by
        from club.selectors import member_for

        member = member_for(user=referee, club=game.club) if referee is not None else None
        name = (member.display_name if member is not None
                else (referee.get_full_name() if referee is not None else "")) or ""
    return {"call": last, "can_call": can_call, "coming": coming, "referee_name": name,
            "reasons": calls.RefereeCall.Reason.choices, "etag": f'"rc-{calls.version_of(last)}"'}
