"""``{% load open_games_tags %}{% held_elsewhere night as held %}``: the checked-in players the night's
seating skips, each with the unfinished game that holds them (``events.open_games.held_elsewhere``)."""
from __future__ import annotations

from django import template

register = template.Library()


@register.simple_tag
def held_elsewhere(night):
    from events.open_games import held_elsewhere as held

    return held(night)
