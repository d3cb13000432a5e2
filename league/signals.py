"""Signals the league sends inside the writing transaction, for the layers above it (events, notify)
to react without the league importing them (issue 27: notifications written to an outbox in the same
transaction as the change)."""
from django.dispatch import Signal

# game_finished(sender=Game, game=<Game>): a game has just finished (its record ended it).
game_finished = Signal()
# penalty_given(sender=Penalty, penalty=<Penalty>): a referee gave a penalty.
penalty_given = Signal()
# referee_called(sender=RefereeCall, call=<RefereeCall>, acknowledged=<bool>): a table called a referee,
# or a referee acknowledged the call.
referee_called = Signal()
# season_closed(sender=Season, season=<Season>): an admin closed a season (not sent when it is reopened).
season_closed = Signal()
# requeue_requested(sender=None): ``league.requeue_stale`` runs (beat, a worker's start); the layers
# above queue again what they left behind and return a summary.
requeue_requested = Signal()
