"""The club night's timer and the watch view's refresh for the table screen.

``{% load events_tags %}{% night_table game as nt %}`` gives the night's table of ``game`` (with
``seconds_left``), or None for a game outside a club night; ``{% game_etag game %}`` the ETag the
watch view starts from.
"""
from __future__ import annotations

from django import template

register = template.Library()


def timed_table(game, table_for_game):
    """The event's table of ``game`` as ``table_for_game`` finds it, with its ``seconds_left`` (None: no table)."""
    from events.tables import seconds_left

    if game is None or getattr(game, "pk", None) is None:
        return None
    table = table_for_game(game)
    if table is not None:
        table.seconds_left = seconds_left(table.ends_at)
    return table


@register.simple_tag
def night_table(game):
    from events.nights.selectors import table_for_game

    return timed_table(game, table_for_game)


@register.simple_tag
def game_etag(game) -> str:
    from events.nights.selectors import game_version

    return f'"{game_version(game)}"'


@register.simple_tag
def night_awards(night):
    """``{% night_awards night as awards %}``: the night's awards (``events.nights.awards``)."""
    from events.nights.awards import night_awards as awards

    return awards(night)


@register.filter
def team_points(value) -> str:
    """A team league's points as the table reads them: one decimal (+77.0, −67.0), two where a ½ carry left
    a half tenth (+60.85), never rounded away; empty for None."""
    from decimal import Decimal

    if value is None or value == "":
        return ""
    value = Decimal(str(value))
    tenth = value.quantize(Decimal("0.1"))
    shown = tenth if tenth == value else value.quantize(Decimal("0.01"))
    return f"{'+' if shown > 0 else '−' if shown < 0 else ''}{abs(shown)}"
