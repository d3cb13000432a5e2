from django.apps import AppConfig


class EventsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "events"
    verbose_name = "Club nights and events"

    def ready(self) -> None:
        from events.choices import EndRule
        from events.models import ClubNight
        from events.tournaments.models import Carry, Entrant, SeatingMethod, Tournament, TournamentTable
        from league.audit import register_value_words

        for field, choices in (("status", ClubNight.Status), ("status", Tournament.Status), ("status", Entrant.Status),
                               ("method", SeatingMethod), ("seating", SeatingMethod), ("carry", Carry),
                               ("entry", TournamentTable.Entry), ("end_rule", EndRule)):
            register_value_words(field, choices)
