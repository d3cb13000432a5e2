from django.contrib import admin

from events.nights.models import CheckIn, ClubNight, NightRound, NightTable


@admin.register(ClubNight)
class ClubNightAdmin(admin.ModelAdmin):
    list_display = ("__str__", "club", "season", "date", "status")
    list_filter = ("status", "club")


admin.site.register([CheckIn, NightRound, NightTable])
