"""``events`` answers ``league``'s questions about its games (``league`` never imports ``events``).

:func:`game_clock`: the time limit of a game played at a club night's or a tournament's table
(``league.games.clock.game_clock``): the table's end of time (round limit plus the table's extra
minutes) and the round's end rule.
"""
from __future__ import annotations

from django.dispatch import receiver

from league.games.clock import TimeLimit, TimeRule, game_clock


@receiver(game_clock, dispatch_uid="events.game_clock")
def game_time_limit(sender, game, **kwargs) -> TimeLimit | None:
    from events.selectors import event_tables

    for table in event_tables(game):
        if table is None:
            continue
        ends_at = table.ends_at
        if ends_at is not None:
            return TimeLimit(ends_at=ends_at, rule=TimeRule(table.round.end_rule))
    return None
