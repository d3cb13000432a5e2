"""What ``events`` announces (``notify`` above it listens; ``events`` never imports it): each sent inside the
writing transaction, for the layers above to react without events importing them (issue 27).
"""
from __future__ import annotations

from django.dispatch import Signal

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
# team_lineups_closed(sender=MatchDay, match_day=<MatchDay>): a team league's match day's line-ups closed
# (each slot has its player, or its forfeit): they are now shown to all.
team_lineups_closed = Signal()
# team_match_day_finished(sender=MatchDay, match_day=<MatchDay>): the last game of a match day finished.
team_match_day_finished = Signal()
