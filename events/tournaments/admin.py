from django.contrib import admin

from events.tournaments.models import Entrant, Tournament, TournamentRound, TournamentTable


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "starts_on", "rounds", "status")
    list_filter = ("status", "club")


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):
    list_display = ("__str__", "tournament", "status", "team", "guest", "checked_in_at")
    list_filter = ("status", "tournament")


admin.site.register([TournamentRound, TournamentTable])
