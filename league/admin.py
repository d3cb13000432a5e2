"""Django admin for the league, for the club's staff: search, filters and a look at everything.

What the rules derive is read-only here: hand records, seats and penalties change only
through the app's screens and API (the services replay the game, refuse what the rules do
not allow and audit every change), so the admin links to the game page for that. A ruleset
is checked by the engine when saved and cannot change once a game has used it.
"""
from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from club.admin_scoping import ClubScoped, NoWrites, ReadOnlyAdmin, ReadOnlyInline, admin_club_ids
from core.models import AuditEntry, IdempotencyKey
from league.models import (
    Game,
    GameSeat,
    HandRecord,
    ImportBatch,
    Penalty,
    RatingHistory,
    RefereeCall,
    Ruleset,
    Season,
    SeasonExport,
    StandingRow,
    StandingsSnapshot,
)
from league.seasons import services as season_services
from scoring.errors import ScoringError


class RulesetForm(forms.ModelForm):
    class Meta:
        model = Ruleset
        fields = ["club", "key", "name", "base", "overrides", "version", "frozen"]

    def clean(self):
        data = super().clean()
        names = {f.name for f in Ruleset._meta.fields}
        # The stored ruleset's values where the form does not show them (read-only on a change).
        stored = {f.name: getattr(self.instance, f.name) for f in Ruleset._meta.fields if f.name != "id"}
        candidate = Ruleset(**{**stored, **{k: v for k, v in data.items() if k in names}})
        try:
            candidate.to_scoring()
        except ScoringError as exc:
            raise forms.ValidationError(exc.message) from exc
        return data


class ServiceWrites:
    """Saves go through the services (``league.seasons.services``: checked, audited, by the user): a refusal is shown
    on the form and nothing is stored."""

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except _Refused as exc:
            self.message_user(request, exc.message, level="error")
            from django.http import HttpResponseRedirect

            return HttpResponseRedirect(request.get_full_path())


class _Refused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _through(call):
    """Run a service call; its refusal becomes an error message on the admin page (nothing saved)."""
    try:
        return call()
    except ValidationError as exc:
        raise _Refused("; ".join(exc.messages)) from None
    except PermissionDenied as exc:
        raise _Refused(str(exc) or "Not allowed.") from None


@admin.register(Ruleset)
class RulesetAdmin(ServiceWrites, ClubScoped, admin.ModelAdmin):
    form = RulesetForm
    list_display = ("name", "key", "version", "base", "club", "frozen", "created_at")
    list_filter = ("club", "base", "frozen")
    search_fields = ("name", "key", "version")
    shared_rows = True

    def get_readonly_fields(self, request, obj=None):
        # A ruleset a game has used is frozen: old games keep the rules they were played under.
        if obj is not None and obj.frozen:
            return [f.name for f in Ruleset._meta.fields]
        if obj is not None:
            return ["club", "key", "base", "version", "frozen"]
        return ["frozen"]

    def has_add_permission(self, request):
        return super().has_add_permission(request) and (request.user.is_superuser or bool(admin_club_ids(request.user)))

    def has_delete_permission(self, request, obj=None):
        # Deleting is for superusers, and only of a ruleset no game has used (nothing else to audit).
        return request.user.is_superuser and (obj is None or not obj.frozen)

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        if change:
            saved = _through(lambda: season_services.ruleset_update(
                ruleset=obj, overrides=data.get("overrides") or {}, name=data.get("name"), by=request.user,
                replace=True,
            ))
        else:
            if data.get("club") is None and not request.user.is_superuser:
                raise _Refused("Only a superuser may add a ruleset shared by every club.")
            saved = _through(lambda: season_services.ruleset_create(
                club=data.get("club"), key=data["key"], name=data["name"], base=data["base"],
                overrides=data.get("overrides") or {}, version=data.get("version") or "1", by=request.user,
            ))
        obj.pk = saved.pk
        obj.refresh_from_db()


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = [
            "club", "name", "ruleset", "starts_on", "ends_on", "rating_method", "rating_params", "min_games", "best_n",
            "closed_at",
        ]

    def clean(self):
        data = super().clean()
        if "rating_method" in data and "rating_params" in data:
            try:
                season_services.validate_rating_params(
                    rating_method=data["rating_method"], rating_params=data["rating_params"],
                    best_n=data.get("best_n"), min_games=data.get("min_games") or 0,
                )
            except ValidationError as exc:
                self.add_error("rating_params", exc.messages)
        return data


@admin.register(Season)
class SeasonAdmin(ServiceWrites, ClubScoped, admin.ModelAdmin):
    form = SeasonForm
    list_display = ("name", "club", "ruleset", "starts_on", "ends_on", "rating_method", "min_games", "best_n")
    list_filter = ("club", "rating_method", "ruleset")
    search_fields = ("name", "club__name")
    date_hierarchy = "starts_on"
    list_select_related = ("club", "ruleset")

    def get_readonly_fields(self, request, obj=None):
        return ["club"] if obj is not None else []

    def has_add_permission(self, request):
        return super().has_add_permission(request) and (request.user.is_superuser or bool(admin_club_ids(request.user)))

    def has_delete_permission(self, request, obj=None):
        return False  # a season's games, hands and penalties are history: no service deletes them

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        fields = {k: data[k] for k in season_services.SEASON_FIELDS if k in data}
        if change:
            saved = _through(lambda: season_services.season_update(season=obj, by=request.user, **fields))
        else:
            saved = _through(lambda: season_services.season_create(club=data["club"], by=request.user, **fields))
        obj.pk = saved.pk
        obj.refresh_from_db()


class GameSeatInline(ReadOnlyInline):
    model = GameSeat
    fields = readonly_fields = ("seat", "member")


class HandRecordInline(ReadOnlyInline):
    model = HandRecord
    fields = readonly_fields = ("position", "event", "entered_by", "entered_at", "updated_at")
    ordering = ("position",)


@admin.register(Game)
class GameAdmin(ClubScoped, NoWrites, admin.ModelAdmin):
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

    @admin.display(description=_("game page"))
    def game_page(self, obj):
        url = reverse("league:game_detail", args=[obj.pk])
        return format_html('<a href="{}">{}</a>', url, _("Hands are entered, edited and deleted there."))


@admin.register(GameSeat)
class GameSeatAdmin(ReadOnlyAdmin):
    club_path = "game__club"
    list_display = ("game", "seat", "member")
    list_filter = ("game__season", "seat")
    search_fields = ("member__display_name",)


@admin.register(HandRecord)
class HandRecordAdmin(ReadOnlyAdmin):
    club_path = "game__club"
    list_display = ("game", "position", "__str__", "entered_by", "entered_at", "updated_at")
    list_filter = ("game__season",)
    search_fields = ("game__id", "game__table_label")
    list_select_related = ("game", "entered_by")


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    club_path = "season__club"
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
    club_path = "season__club"
    list_display = ("season", "computed_at", "games_count")
    list_filter = ("season__club",)
    search_fields = ("season__name",)


@admin.register(StandingRow)
class StandingRowAdmin(ReadOnlyAdmin):
    """Each member's line of a season's standings, written with the season's snapshot (read-only)."""

    club_path = "snapshot__season__club"
    list_display = ("snapshot", "member_id", "rank", "position")
    list_filter = ("snapshot__season__club",)
    search_fields = ("snapshot__season__name",)


@admin.register(RatingHistory)
class RatingHistoryAdmin(ReadOnlyAdmin):
    """Each member's rating after each game, written with the season's snapshot (read-only)."""

    club_path = "snapshot__season__club"
    list_display = ("snapshot", "member_id")
    list_filter = ("snapshot__season__club",)
    search_fields = ("snapshot__season__name",)


@admin.register(RefereeCall)
class RefereeCallAdmin(ReadOnlyAdmin):
    """A table's calls for a referee and who answered them (read-only: the table and the referee screen write them)."""

    club_path = "game__club"
    list_display = ("game", "reason", "called_at", "acknowledged_at")
    list_filter = ("reason", "game__club")
    search_fields = ("note", "game__table_label")


@admin.register(ImportBatch)
class ImportBatchAdmin(ReadOnlyAdmin):
    club_path = "season__club"
    list_display = ("id", "season", "status", "done", "total", "created_by", "created_at")
    list_filter = ("status", "season")
    search_fields = ("season__name", "created_by__username")


@admin.register(SeasonExport)
class SeasonExportAdmin(ReadOnlyAdmin):
    """Season files built in the worker (league/transfer/exports.py); removed when they expire."""

    club_path = "season__club"
    list_display = ("id", "season", "kind", "status", "done", "total", "size", "requested_by", "created_at",
                    "expires_at")
    list_filter = ("kind", "status")
    search_fields = ("season__name", "requested_by__username")


@admin.register(IdempotencyKey)
class IdempotencyKeyAdmin(ReadOnlyAdmin):
    """Once-only keys of the forms and the API (docs/idempotency.md); no club: superusers only."""

    list_display = ("created_at", "scope", "user", "object_type", "object_id")
    list_filter = ("scope",)
    search_fields = ("key", "user__username")
    date_hierarchy = "created_at"

    def has_view_permission(self, request, obj=None):
        return request.user.is_superuser

    def has_module_permission(self, request):
        return request.user.is_superuser


from league.whatif import admin as whatif_admin  # noqa: E402,F401  (registers the what-if runs)
