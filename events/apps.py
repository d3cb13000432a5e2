from django.apps import AppConfig


def _checked_in(club):
    """The members checked in (and not gone) at the club's open nights: the member picker lists them first."""
    from events.models import CheckIn, ClubNight

    return CheckIn.objects.filter(night__club=club, night__status=ClubNight.Status.OPEN,
                                  left_at__isnull=True).values("member_id")


class EventsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "events"
    verbose_name = "Club nights and events"

    def ready(self) -> None:
        from events import (
            signals,  # noqa: F401  (connects the receivers)
            transfer,
        )
        from league.games.picker import register_present

        register_present(_checked_in)
        transfer.register()  # the nights, tournament and casual sections of the season file
