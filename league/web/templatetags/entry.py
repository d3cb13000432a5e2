"""``{% entry_token "hand" %}``: the one-time token every entry form carries.

Made when the form is rendered; the service consumes it with the write (under the game's
row lock), so a form rendered before the last save — Back, a double tap, a resubmitted
page — writes nothing again. A form shown again after a refusal or a preview keeps the
token it was posted with (it has not written yet); the forms of a page that answers a save
(``answers_save``: the next table screen, league/web/games/views/hands.py) are new ones.
"""
from __future__ import annotations

import secrets

from django import template
from django.utils.html import format_html

from core.once import ENTRY_TOKEN_FIELD

register = template.Library()

FIELD = ENTRY_TOKEN_FIELD


@register.simple_tag(takes_context=True)
def entry_token(context, scope: str) -> str:
    request = context.get("request")
    redrawn = request is not None and request.method == "POST" and not context.get("answers_save")
    posted = request.POST.get(FIELD, "") if redrawn else ""
    token = posted if posted.startswith(f"{scope}.") and len(posted) <= 120 else f"{scope}.{secrets.token_urlsafe(18)}"
    return format_html('<input type="hidden" name="{}" value="{}">', FIELD, token)
