"""Signals the league sends inside the writing transaction, for the layers above the sender (within
the league: standings above games and seasons; then events, notify) to react without the sender
importing them (issue 27: notifications written to an outbox in the same transaction as the change;
issue 24: games and seasons know no listener). Receivers are connected in their app's ``ready``."""
from django.dispatch import Signal

# game_finished(sender=Game, game=<Game>, standings_may_add=<bool>): a game has just finished (its record ended
# it), inside the writing transaction. The standings mark its season changed (``standings_may_add``: they may add
# the game to their snapshot instead of recomputing whole; False when the game's season is recomputed anyway),
# notify writes its outbox, a tournament sees whether its round is over.
game_finished = Signal()
# season_results_changed(sender=<model class>, season_id=<int>): what a season's results are read from changed
# (other than a game that has just finished: ``game_finished``): a finished game was edited, cancelled or
# reopened (``league.games.records``), a penalty outside a game or a ruling (the referee, through records), a
# setting the table is computed with (``league.seasons.services``). ``league.standings.receivers`` marks the
# season stale in the sender's transaction and recomputes its standings whole on commit.
season_results_changed = Signal()
# penalty_given(sender=Penalty, penalty=<Penalty>): a referee gave a penalty.
penalty_given = Signal()
# referee_called(sender=RefereeCall, call=<RefereeCall>, acknowledged=<bool>): a table called a referee,
# or a referee acknowledged the call.
referee_called = Signal()
# season_closed(sender=Season, season=<Season>): an admin closed a season (not sent when it is reopened).
season_closed = Signal()
# penalty_hand_deleted(sender=HandRecord, hand=<HandRecord>, by=<User|None>, reason=<str>): a hand that holds a
# live penalty is being deleted from its game (an undo, a delete), inside the transaction and before the row
# goes; the referee cancels the penalty (``league.referee.receivers``). Not sent when the referee's own
# ``penalty_cancel`` removes the hand.
penalty_hand_deleted = Signal()

