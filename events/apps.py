from django.apps import AppConfig


def _checked_in(club):
    """The members checked in (and not gone) at the club's open nights: the member picker lists them first."""
    from events.nights.models import CheckIn, ClubNight

    return CheckIn.objects.filter(night__club=club, night__status=ClubNight.Status.OPEN,
                                  left_at__isnull=True).values("member_id")


class EventsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "events"
    verbose_name = "Club nights and events"

    def ready(self) -> None:
        """events hooks into the layers below it here; they never import it (docs/architecture.md)."""
        from core.audit import register_value_words
        from events import signals  # noqa: F401  (connects the receivers)
        from events.casual import transfer as casual_transfer
        from events.nights import transfer as night_transfer
        from events.nights.models import ClubNight
        from events.teams import services as team_services  # noqa: F401  (a match day finished)
        from events.teams.models import LeagueFormat, RosterEntry, Slot
        from events.tournaments import services as tournament_services  # noqa: F401  (round finished)
        from events.tournaments import transfer as tournament_transfer
        from events.tournaments.models import Carry, Entrant, SeatingMethod, Tournament, TournamentTable
        from league.models import EndRule
        from league.transfer.season_file import register_linked_seasons, register_section
        from league.web.games.picker import register_present

        register_present(_checked_in)  # the member picker lists tonight's players first
        for field, choices in (("status", ClubNight.Status), ("status", Tournament.Status), ("status", Entrant.Status),
                               ("method", SeatingMethod), ("seating", SeatingMethod), ("carry", Carry),
                               ("entry", TournamentTable.Entry), ("end_rule", EndRule), ("format", LeagueFormat),
                               ("role", RosterEntry.Role), ("source", Slot.Source)):
            register_value_words(field, choices)  # the audit log says these stored codes in words
        # The nights, tournament and casual sections of the season file, each kind's own.
        register_linked_seasons(night_transfer.linked_seasons)
        register_linked_seasons(tournament_transfer.linked_seasons)
        register_section("nights", export=night_transfer.export_nights, restore=night_transfer.restore_nights)
        register_section("tournament", export=tournament_transfer.export_tournament,
                         restore=tournament_transfer.restore_tournament)
        register_section("casual", export=casual_transfer.export_casual, restore=casual_transfer.restore_casual)
