"""``{% table_code_card game %}``: a game's table code and QR (issue 42) for whoever may seat games — the host's
screen, a night's table card and the board's table tile (``league.web.games.table_code.code_card``)."""
from __future__ import annotations

from django import template

from league.web.games.table_code import code_card

register = template.Library()


@register.inclusion_tag("league/games/_code_card.html", takes_context=True)
def table_code_card(context, game, compact: bool = False) -> dict:
    request = context.get("request")
    card = code_card(request, game) if request is not None and game is not None else None
    return {"card": card, "game": game, "request": request, "compact": compact}
