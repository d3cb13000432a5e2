"""Django admin for the league. Hand records and penalties are best changed through the app
(services replay and audit them); the admin shows them and allows emergency fixes."""
from django.contrib import admin

from league.models import (
    AuditEntry,
    Game,
    GameSeat,
    HandRecord,
    ImportBatch,
    Penalty,
    Ruleset,
    Season,
    StandingsSnapshot,
)


@admin.register(Ruleset)
class RulesetAdmin(admin.ModelAdmin):
    list_display = ("name", "key", "version", "base", "club", "frozen", "created_at")
    list_filter = ("club", "base", "frozen")
    search_fields = ("name", "key", "version")


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "ruleset", "starts_on", "ends_on", "rating_method", "min_games", "best_n")
    list_filter = ("club", "rating_method", "ruleset")
    search_fields = ("name", "club__name")
    date_hierarchy = "starts_on"
    list_select_related = ("club", "ruleset")


class GameSeatInline(admin.TabularInline):
    model = GameSeat
    extra = 0
    autocomplete_fields = ("member",)


class HandRecordInline(admin.TabularInline):
    model = HandRecord
    extra = 0
    fields = ("position", "event", "entered_by", "entered_at")
    readonly_fields = ("entered_at",)
    ordering = ("position",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "season", "table_label", "status", "ended_by", "started_at", "finished_at", "source")
    list_filter = ("status", "source", "season__club", "season", "ended_by")
    search_fields = ("table_label", "external_id", "seat_set__member__display_name", "season__name")
    date_hierarchy = "started_at"
    list_select_related = ("season",)
    readonly_fields = ("final_scores", "final_points", "final_ranks", "ended_by")
    inlines = [GameSeatInline, HandRecordInline]


@admin.register(GameSeat)
class GameSeatAdmin(admin.ModelAdmin):
    list_display = ("game", "seat", "member")
    list_filter = ("game__season", "seat")
    search_fields = ("member__display_name",)
    autocomplete_fields = ("member",)


@admin.register(HandRecord)
class HandRecordAdmin(admin.ModelAdmin):
    list_display = ("game", "position", "__str__", "entered_by", "entered_at", "updated_at")
    list_filter = ("game__season",)
    search_fields = ("game__id", "game__table_label")
    list_select_related = ("game", "entered_by")


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    list_display = ("member", "type", "season", "game", "points", "amount", "given_at", "cancelled_at")
    list_filter = ("type", "season", ("cancelled_at", admin.EmptyFieldListFilter))
    search_fields = ("member__display_name", "reason", "cancel_reason")
    date_hierarchy = "given_at"
    autocomplete_fields = ("member", "beneficiary")
    list_select_related = ("member", "season", "game")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("at", "club", "actor", "action", "object_type", "object_id", "reason")
    list_filter = ("club", "action", "object_type")
    search_fields = ("object_id", "reason", "actor__username")
    date_hierarchy = "at"
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(StandingsSnapshot)
class StandingsSnapshotAdmin(admin.ModelAdmin):
    list_display = ("season", "computed_at", "games_count")
    list_filter = ("season__club",)
    search_fields = ("season__name",)


@admin.register(ImportBatch)
class ImportBatchAdmin(admin.ModelAdmin):
    list_display = ("id", "season", "status", "done", "total", "created_by", "created_at")
    list_filter = ("status", "season")
    search_fields = ("season__name", "created_by__username")
