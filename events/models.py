"""The ``events`` app's models, as Django loads them: each kind of event keeps its models in its own
package (``events.nights``, ``events.tournaments``, ``events.casual``); this module only gathers them
(the app label stays ``events``, the tables ``events_*``). Nothing inside ``events`` imports it: a
module imports the models of its own package (``tests/events/test_layout.py``).
"""
from events.casual.models import CasualSeason
from events.nights.models import CheckIn, ClubNight, NightRound, NightTable
from events.teams.models import Fixture, MatchDay, RosterEntry, Slot, Stage, Team, TeamLeague
from events.tournaments.models import Entrant, Tournament, TournamentRound, TournamentTable
from league.models import EndRule

__all__ = ["CasualSeason", "CheckIn", "ClubNight", "EndRule", "Entrant", "Fixture", "MatchDay", "NightRound",
           "NightTable", "RosterEntry", "Slot", "Stage", "Team", "TeamLeague", "Tournament", "TournamentRound",
           "TournamentTable"]
