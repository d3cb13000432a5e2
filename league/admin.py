"""Django admin for the league, for the club's staff: search, filters and a look at everything.

What the rules derive is read-only here: hand records, seats and penalties change only
through the app's screens and API (the services replay the game, refuse what the rules do
not allow and audit every change), so the admin links to the game page for that. A ruleset
is checked by the engine when saved and cannot change once a game has used it.
"""
from django import forms
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from scoring.errors import ScoringError

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


class NoWrites:
    """Shown and searched, never written here (the services own these rows)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(NoWrites, admin.ModelAdmin):
    pass


class ReadOnlyInline(NoWrites, admin.TabularInline):
    extra = 0


class RulesetForm(forms.ModelForm):
    class Meta:
        model = Ruleset
        fields = "__all__"

    def clean(self):
        data = super().clean()
        candidate = Ruleset(**{k: v for k, v in data.items() if k in {f.name for f in Ruleset._meta.fields}})
        try:
            candidate.to_scoring()
        except ScoringError as exc:
            raise forms.ValidationError(exc.message) from exc
        return data


@admin.register(Ruleset)
class RulesetAdmin(admin.ModelAdmin):
    form = RulesetForm
    list_display = ("name", "key", "version", "base", "club", "frozen", "created_at")
    list_filter = ("club", "base", "frozen")
    search_fields = ("name", "key", "version")

    def get_readonly_fields(self, request, obj=None):
        # A ruleset a game has used is frozen: old games keep the rules they were played under.
        if obj is not None and obj.frozen:
            return [f.name for f in Ruleset._meta.fields]
        return ["frozen"]

    def has_delete_permission(self, request, obj=None):
        return obj is None or not obj.frozen


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "ruleset", "starts_on", "ends_on", "rating_method", "min_games", "best_n")
    list_filter = ("club", "rating_method", "ruleset")
    search_fields = ("name", "club__name")
    date_hierarchy = "starts_on"
    list_select_related = ("club", "ruleset")


class GameSeatInline(ReadOnlyInline):
    model = GameSeat
    fields = readonly_fields = ("seat", "member")


class HandRecordInline(ReadOnlyInline):
    model = HandRecord
    fields = readonly_fields = ("position", "event", "entered_by", "entered_at", "updated_at")
    ordering = ("position",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "season", "table_label", "status", "ended_by", "started_at", "finished_at", "source")
    list_filter = ("status", "source", "season__club", "season", "ended_by")
    search_fields = ("table_label", "external_id", "seat_set__member__display_name", "season__name")
    date_hierarchy = "started_at"
    list_select_related = ("season",)
    # Only the label is free text; the rest is the game's derived state or changes through the
    # services (start, hands, cancel), which replay and audit.
    readonly_fields = ("game_page", "club", "season", "ruleset", "seats", "status", "started_at", "finished_at",
                       "created_by", "source", "external_id", "cancel_reason", "final_scores", "final_points",
                       "final_ranks", "ended_by")
    inlines = [GameSeatInline, HandRecordInline]

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=_("game page"))
    def game_page(self, obj):
        url = reverse("league:game_detail", args=[obj.pk])
        return format_html('<a href="{}">{}</a>', url, _("Hands are entered, edited and deleted there."))


@admin.register(GameSeat)
class GameSeatAdmin(ReadOnlyAdmin):
    list_display = ("game", "seat", "member")
    list_filter = ("game__season", "seat")
    search_fields = ("member__display_name",)


@admin.register(HandRecord)
class HandRecordAdmin(ReadOnlyAdmin):
    list_display = ("game", "position", "__str__", "entered_by", "entered_at", "updated_at")
    list_filter = ("game__season",)
    search_fields = ("game__id", "game__table_label")
    list_select_related = ("game", "entered_by")


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ("member", "type", "season", "game", "points", "amount", "given_at", "cancelled_at")
    list_filter = ("type", "season", ("cancelled_at", admin.EmptyFieldListFilter))
    search_fields = ("member__display_name", "reason", "cancel_reason")
    date_hierarchy = "given_at"
    list_select_related = ("member", "season", "game")


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("at", "club", "actor", "action", "object_type", "object_id", "reason")
    list_filter = ("club", "action", "object_type")
    search_fields = ("object_id", "reason", "actor__username")
    date_hierarchy = "at"


@admin.register(StandingsSnapshot)
class StandingsSnapshotAdmin(ReadOnlyAdmin):
    list_display = ("season", "computed_at", "games_count")
    list_filter = ("season__club",)
    search_fields = ("season__name",)


@admin.register(ImportBatch)
class ImportBatchAdmin(ReadOnlyAdmin):
    list_display = ("id", "season", "status", "done", "total", "created_by", "created_at")
    list_filter = ("status", "season")
    search_fields = ("season__name", "created_by__username")

from league.whatif import admin as whatif_admin  # noqa: E402,F401  (registers the what-if runs)
