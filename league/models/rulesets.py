"""Rulesets (versioned, frozen once played) and seasons (a club's league period and its rating settings)."""
from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

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
        return f"{self.name} (v{self.version})"  # the key is a code word: not on a Korean page

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
    # Counts the changes a game-by-game update of the standings cannot follow (a past game edited
    # or cancelled, a penalty, the season's settings, a merge): a snapshot made at another epoch
    # is recomputed whole; only a game newly finished leaves it as it is.
    standings_epoch = models.PositiveIntegerField(_("standings epoch"), default=0, editable=False)

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
