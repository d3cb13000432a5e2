"""The tournament's clock on the table screen: ``{% load tournament_tags %}{% tournament_table game as tt %}``
gives the tournament table of ``game`` (with ``seconds_left``), or None for a game outside a tournament."""
from __future__ import annotations

from django import template

register = template.Library()


@register.simple_tag
def tournament_table(game):
    from events.tables import seconds_left
    from events.tournaments.selectors import table_for_game

    if game is None or getattr(game, "pk", None) is None:
        return None
    table = table_for_game(game)
    if table is not None:
        table.seconds_left = seconds_left(table.ends_at)
    return table
