from django.contrib import admin

from events.models import CheckIn, ClubNight, NightRound, NightTable


@admin.register(ClubNight)
class ClubNightAdmin(admin.ModelAdmin):
    list_display = ("__str__", "club", "season", "date", "status")
    list_filter = ("status", "club")


admin.site.register([CheckIn, NightRound, NightTable])

from events.tournaments import admin as _tournament_admin  # noqa: E402,F401  (registers the tournament models)
