"""``events``' signals, both ways (``league`` never imports ``events``; ``notify`` above it listens).

:func:`game_time_limit` answers ``league``'s question :data:`league.games.clock.game_clock`: the time limit
of a game played at a club night's or a tournament's table (the round limit plus the table's extra
minutes) and the round's end rule.

The signals below are sent inside the writing transaction, for the layers above (notify) to react
without events importing them (issue 27).
"""
from __future__ import annotations

from django.dispatch import Signal, receiver

from league.games.clock import TimeLimit, TimeRule, game_clock

# round_seated(sender=NightRound, round=<NightRound>): a round of a club night was seated.
round_seated = Signal()
# night_closed(sender=ClubNight, night=<ClubNight>): a club night was closed.
night_closed = Signal()
# tournament_round_seated(sender=TournamentRound, round=<TournamentRound>): a tournament round was seated.
tournament_round_seated = Signal()
# tournament_round_finished(sender=TournamentRound, round=<TournamentRound>): the last playing table of a
# tournament round has just finished (sent once, inside the finishing game's transaction).
tournament_round_finished = Signal()
# tournament_cut(sender=Tournament, tournament=<Tournament>): the cut was made (``finalists`` fixed).
tournament_cut = Signal()
# tournament_finished(sender=Tournament, tournament=<Tournament>): the organiser finished the tournament.
tournament_finished = Signal()


@receiver(game_clock, dispatch_uid="events.game_clock")
def game_time_limit(sender, game, **kwargs) -> TimeLimit | None:
    from events.tables import event_tables

    for table in event_tables(game):
        if table is None:
            continue
        ends_at = table.ends_at
        if ends_at is not None:
            return TimeLimit(ends_at=ends_at, rule=TimeRule(table.round.end_rule))
    return None
