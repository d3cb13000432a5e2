"""League data: rulesets, seasons, games, hand records, penalties, audit, standings.

A game's state is never stored as truth: the hand records (one game-record contract
event each) are replayed by ``scoring.game.replay``. The ``final_*``/``ended_by`` fields
on :class:`Game` are a cache refreshed by ``league.services`` after every write.
"""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.rules import PenaltyType
from scoring.rules import Ruleset as ScoringRuleset
from scoring.rules import resolve


class Ruleset(models.Model):
    """A club's ruleset version: a preset plus overrides. Frozen once a game uses it."""

    club = models.ForeignKey(
        "club.Club", verbose_name=_("club"), null=True, blank=True, on_delete=models.CASCADE, related_name="rulesets",
        help_text=_("Empty for a ruleset every club may use."),
    )
    key = models.SlugField(_("key"), max_length=60)
    name = models.CharField(_("name"), max_length=120)
    base = models.CharField(_("base preset"), max_length=60, help_text=_("A scoring preset key, e.g. juki-agit-2026."))
    overrides = models.JSONField(_("overrides"), default=dict, blank=True)
    version = models.CharField(_("version"), max_length=32, default="1")
    frozen = models.BooleanField(_("frozen"), default=False, help_text=_("Used by a game: edits make a new version."))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["key", "version"]
        verbose_name = _("ruleset")
        verbose_name_plural = _("rulesets")
        constraints = [
            models.UniqueConstraint(fields=["club", "key", "version"], name="ruleset_unique_version"),
            models.UniqueConstraint(
                fields=["key", "version"], condition=Q(club__isnull=True), name="ruleset_unique_version_global"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.key} v{self.version})"

    def spec(self) -> dict[str, Any]:
        """The contract's ruleset object: ``{"base", "overrides"}``."""
        return {"base": self.base, "overrides": dict(self.overrides or {})}

    def to_scoring(self) -> ScoringRuleset:
        """The engine's ruleset (validated; raises ``ScoringError`` on a bad override)."""
        return resolve(self.spec()).derive(key=self.key, name=self.name, version=str(self.version))


class Season(models.Model):
    class RatingMethod(models.TextChoices):
        TOTAL = "total", _("Total points")
        P_RATING = "p_rating", _("P-rating")
        TENHOU_R = "tenhou_r", _("Tenhou R")
        OPENSKILL = "openskill", _("OpenSkill")

    club = models.ForeignKey("club.Club", verbose_name=_("club"), on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=120)
    ruleset = models.ForeignKey(Ruleset, verbose_name=_("ruleset"), on_delete=models.PROTECT, related_name="seasons")
    starts_on = models.DateField(_("starts on"), default=timezone.localdate)
    ends_on = models.DateField(_("ends on"), null=True, blank=True)
    rating_method = models.CharField(
        _("rating method"), max_length=16, choices=RatingMethod.choices, default=RatingMethod.TOTAL
    )
    rating_params = models.JSONField(_("rating parameters"), default=dict, blank=True)
    min_games = models.PositiveIntegerField(_("minimum games"), default=0)
    best_n = models.PositiveIntegerField(
        _("best N games"), null=True, blank=True, help_text=_("Count only a player's best N games (empty: all).")
    )
    closed_at = models.DateTimeField(
        _("closed at"), null=True, blank=True, help_text=_("A closed season takes no new games."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    # Set (with the recompute queued on commit) whenever a change moves the standings; a
    # snapshot older than this is stale and the periodic task recomputes it (broker down...).
    standings_changed_at = models.DateTimeField(_("standings changed at"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-starts_on", "name"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_unique_name_per_club"),
            models.CheckConstraint(
                condition=Q(ends_on__isnull=True) | Q(ends_on__gte=models.F("starts_on")),
                name="season_ends_after_start",
            ),
            models.CheckConstraint(
                condition=Q(rating_method__in=["total", "p_rating", "tenhou_r", "openskill"]),
                name="season_rating_method_valid",
            ),
            models.CheckConstraint(condition=Q(best_n__isnull=True) | Q(best_n__gte=1), name="season_best_n_positive"),
        ]

    def __str__(self) -> str:
        return self.name


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("In progress")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class Source(models.TextChoices):
        TABLE = "table", _("Entered at the table")
        IMPORT = "import", _("Imported")

    club = models.ForeignKey("club.Club", verbose_name=_("club"), on_delete=models.CASCADE, related_name="games")
    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="games")
    ruleset = models.ForeignKey(
        Ruleset, verbose_name=_("ruleset"), null=True, blank=True, on_delete=models.PROTECT, related_name="games",
        help_text=_("The ruleset version the game is played under (empty: the season's)."),
    )
    table_label = models.CharField(_("table"), max_length=40, blank=True)
    seats = models.PositiveSmallIntegerField(_("seats"), default=4)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.IN_PROGRESS)
    started_at = models.DateTimeField(_("started at"), default=timezone.now)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("created by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    source = models.CharField(_("source"), max_length=16, choices=Source.choices, default=Source.TABLE)
    external_id = models.CharField(_("external id"), max_length=120, null=True, blank=True)
    cancel_reason = models.TextField(_("cancel reason"), blank=True)
    # --- cache from the replay (never the truth) ---
    final_scores = models.JSONField(_("final scores"), null=True, blank=True)
    final_points = models.JSONField(_("final points"), null=True, blank=True)
    final_ranks = models.JSONField(_("final ranks"), null=True, blank=True)
    ended_by = models.CharField(_("ended by"), max_length=32, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.CheckConstraint(condition=Q(seats__in=[3, 4]), name="game_seats_3_or_4"),
            models.CheckConstraint(
                condition=Q(status__in=["in_progress", "finished", "cancelled"]), name="game_status_valid"
            ),
            models.CheckConstraint(condition=Q(source__in=["table", "import"]), name="game_source_valid"),
            models.UniqueConstraint(
                fields=["season", "external_id"], condition=Q(external_id__isnull=False),
                name="game_unique_external_id_per_season",
            ),
            models.CheckConstraint(
                condition=Q(finished_at__isnull=True) | Q(finished_at__gte=models.F("started_at")),
                name="game_finishes_after_start",
            ),
        ]
        indexes = [models.Index(fields=["season", "status"])]

    def __str__(self) -> str:
        return f"{self.season} · {self.table_label or '#' + str(self.pk)} · {self.started_at:%Y-%m-%d}"

    @property
    def effective_ruleset(self) -> Ruleset:
        return self.ruleset if self.ruleset_id else self.season.ruleset


class GameSeat(models.Model):
    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="seat_set")
    seat = models.PositiveSmallIntegerField(_("seat"), help_text=_("0 = East at East 1 (first dealer)."))
    member = models.ForeignKey("club.Member", verbose_name=_("member"), on_delete=models.PROTECT, related_name="game_seats")

    class Meta:
        ordering = ["game", "seat"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="gameseat_unique_seat"),
            models.UniqueConstraint(fields=["game", "member"], name="gameseat_unique_member"),
            models.CheckConstraint(condition=Q(seat__gte=0) & Q(seat__lte=3), name="gameseat_seat_range"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.seat} {self.member}"


class HandRecord(models.Model):
    """One contract event of a game record, at ``position`` (0-based) in the record."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="hands")
    position = models.PositiveIntegerField(_("position"))
    event = models.JSONField(_("event"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("entered by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["game", "position"]
        verbose_name = _("hand record")
        verbose_name_plural = _("hand records")
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="handrecord_unique_position"),
            models.CheckConstraint(condition=Q(position__gte=0), name="handrecord_position_nonnegative"),
        ]

    def __str__(self) -> str:
        kind = self.event.get("kind", "?") if isinstance(self.event, dict) else "?"
        return f"{self.game_id}#{self.position} {kind}"


class PenaltyKind(models.TextChoices):
    PENALTY_POINT = PenaltyType.PENALTY_POINT.value, _("Penalty point")
    YELLOW_CARD = PenaltyType.YELLOW_CARD.value, _("Yellow card")
    AGARI_FORBIDDEN = PenaltyType.AGARI_FORBIDDEN.value, _("Agari forbidden")
    VERBAL_WARNING = PenaltyType.VERBAL_WARNING.value, _("Verbal warning")
    CHOMBO = PenaltyType.CHOMBO.value, _("Chombo")
    DELIBERATE_CHOMBO = PenaltyType.DELIBERATE_CHOMBO.value, _("Deliberate chombo")
    EXPULSION = PenaltyType.EXPULSION.value, _("Expulsion")
    DECLARATION_VOID = PenaltyType.DECLARATION_VOID.value, _("Declaration void")
    SEASON_DEDUCTION = "season_deduction", _("Season point deduction")
    RULING = "ruling", _("Referee ruling")


class Penalty(models.Model):
    Kind = PenaltyKind

    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="penalties")
    game = models.ForeignKey(Game, verbose_name=_("game"), null=True, blank=True, on_delete=models.CASCADE, related_name="penalties")
    member = models.ForeignKey("club.Member", verbose_name=_("member"), on_delete=models.PROTECT, related_name="penalties")
    type = models.CharField(_("type"), max_length=24, choices=PenaltyKind.choices)
    points = models.DecimalField(
        _("points"), max_digits=8, decimal_places=1, null=True, blank=True,
        help_text=_("Season-level deduction in season points (positive = deducted)."),
    )
    amount = models.IntegerField(_("amount"), null=True, blank=True, help_text=_("Table points moved by a ruling."))
    beneficiary = models.ForeignKey(
        "club.Member", verbose_name=_("beneficiary"), null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        help_text=_("Ruling transfer: who receives the amount (empty: split among the others)."),
    )
    hand_record = models.OneToOneField(
        HandRecord, verbose_name=_("hand record"), null=True, blank=True, on_delete=models.SET_NULL, related_name="penalty",
        help_text=_("The in-game penalty/chombo event this penalty created."),
    )
    reason = models.TextField(_("reason"), blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("given by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    given_at = models.DateTimeField(_("given at"), default=timezone.now)
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("cancelled by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    cancel_reason = models.TextField(_("cancel reason"), blank=True)

    class Meta:
        ordering = ["-given_at", "-id"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        constraints = [
            models.CheckConstraint(
                condition=Q(type__in=[k.value for k in PenaltyKind]), name="penalty_type_valid"
            ),
            models.CheckConstraint(
                condition=~Q(type="season_deduction") | Q(points__isnull=False), name="penalty_deduction_has_points"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member} — {self.get_type_display()}"

    @property
    def is_active(self) -> bool:
        return self.cancelled_at is None


class AuditEntry(models.Model):
    class Action(models.TextChoices):
        CREATE = "create", _("Create")
        EDIT = "edit", _("Edit")
        DELETE = "delete", _("Delete")
        CANCEL = "cancel", _("Cancel")

    club = models.ForeignKey("club.Club", verbose_name=_("club"), on_delete=models.CASCADE, related_name="audit_entries")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("actor"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(_("at"), default=timezone.now)
    action = models.CharField(_("action"), max_length=16, choices=Action.choices)
    object_type = models.CharField(_("object type"), max_length=60)
    object_id = models.CharField(_("object id"), max_length=60)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        constraints = [
            models.CheckConstraint(
                condition=Q(action__in=["create", "edit", "delete", "cancel"]), name="auditentry_action_valid"
            ),
        ]
        indexes = [models.Index(fields=["object_type", "object_id"]), models.Index(fields=["club", "-at"])]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_type}#{self.object_id}"


class StandingsSnapshot(models.Model):
    """The season's standings as last computed by ``league.tasks.season_recompute``."""

    season = models.OneToOneField(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="standings_snapshot")
    computed_at = models.DateTimeField(_("computed at"), default=timezone.now)
    rows = models.JSONField(_("rows"), default=list, blank=True)
    ratings = models.JSONField(_("ratings"), default=dict, blank=True)
    games_count = models.PositiveIntegerField(_("games count"), default=0)

    class Meta:
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")

    def __str__(self) -> str:
        return f"{self.season} @ {self.computed_at:%Y-%m-%d %H:%M}"


class ImportBatch(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="import_batches")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("created by"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    total = models.PositiveIntegerField(_("total"), default=0)
    done = models.PositiveIntegerField(_("done"), default=0)
    errors = models.JSONField(_("errors"), default=list, blank=True)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # What to import, kept on the row so the task needs only the batch id.
    logs = models.JSONField(_("logs"), default=list, blank=True, help_text=_("[file name, tenhou.net/6 log] pairs."))
    mapping = models.JSONField(_("mapping"), default=dict, blank=True, help_text=_("Online nickname to member id or name."))
    create_members = models.BooleanField(_("create members"), default=False)
    # Last sign of life (queued, or a log processed): a pending or running batch that has not
    # moved for a while is "stalled" and the periodic task queues it again (it resumes).
    progress_at = models.DateTimeField(_("progress at"), null=True, blank=True, editable=False)
    results = models.JSONField(_("results"), 
        default=list, blank=True,
        help_text=_("One entry per log processed: file, status (imported, already_imported, error), game, error."),
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("import batch")
        verbose_name_plural = _("import batches")
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["pending", "running", "done", "failed"]), name="importbatch_status_valid"
            ),
            models.CheckConstraint(condition=Q(done__lte=models.F("total")), name="importbatch_done_le_total"),
        ]

    def __str__(self) -> str:
        return f"import {self.pk} ({self.done}/{self.total})"


class IdempotencyKey(models.Model):
    """A create (or change) that has been done once: the entry token of a form, or an API client's
    ``Idempotency-Key``. Claimed inside the writing transaction (under the game's row lock where
    there is a game), so a second submission finds it and writes nothing; the API replays
    ``response``. ``fingerprint`` is a digest of what was asked (an API key reused for another
    request body is refused)."""

    key = models.CharField(_("key"), max_length=200, unique=True)
    scope = models.CharField(_("scope"), max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+",
        verbose_name=_("user"),
    )
    fingerprint = models.CharField(_("fingerprint"), max_length=64, blank=True)
    object_type = models.CharField(_("object type"), max_length=60, blank=True)
    object_id = models.CharField(_("object id"), max_length=60, blank=True)
    response = models.JSONField(_("response"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("idempotency key")
        verbose_name_plural = _("idempotency keys")
        indexes = [models.Index(fields=["created_at"])]

    def __str__(self) -> str:
        return f"{self.scope} {self.key[:24]}"


from league.whatif.models import WhatIfRun  # noqa: E402,F401  (the what-if lab's runs)
