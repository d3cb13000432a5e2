"""Signals club nights send inside the writing transaction, for the layers above (notify) to react
without events importing them (issue 27)."""
from django.dispatch import Signal

# round_seated(sender=NightRound, round=<NightRound>): a round of a club night was seated.
round_seated = Signal()
# night_closed(sender=ClubNight, night=<ClubNight>): a club night was closed.
night_closed = Signal()
# tournament_round_seated(sender=TournamentRound, round=<TournamentRound>): a tournament round was seated.
tournament_round_seated = Signal()
# tournament_cut(sender=Tournament, tournament=<Tournament>): the cut was made (``finalists`` fixed).
tournament_cut = Signal()
# tournament_finished(sender=Tournament, tournament=<Tournament>): the organiser finished the tournament.
tournament_finished = Signal()
