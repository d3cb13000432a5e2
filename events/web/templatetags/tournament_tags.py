"""The tournament's clock on the table screen: ``{% load tournament_tags %}{% tournament_table game as tt %}``
gives the tournament table of ``game`` (with ``seconds_left``), or None for a game outside a tournament."""
from __future__ import annotations

from django import template

from events.web.templatetags.events_tags import timed_table

register = template.Library()


@register.simple_tag
def tournament_table(game):
    from events.tournaments.selectors import table_for_game

    return timed_table(game, table_for_game)
