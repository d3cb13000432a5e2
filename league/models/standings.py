"""A season's standings as last computed (written only by the recompute task; pages read it)."""
from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models.rulesets import Season


class StandingsSnapshot(models.Model):
    """The season's standings as last computed by ``league.tasks.season_recompute``."""

    season = models.OneToOneField(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="standings_snapshot"
    )
    computed_at = models.DateTimeField(_("computed at"), default=timezone.now)
    rows = models.JSONField(_("rows"), default=list, blank=True)
    ratings = models.JSONField(_("ratings"), default=dict, blank=True)
    games_count = models.PositiveIntegerField(_("games count"), default=0)
    state = models.JSONField(
        _("state"), default=dict, blank=True,
        help_text=_("What the next game is added to: each player's tallies and the rating's state."),
    )
    awards = models.JSONField(
        _("awards"), default=list, blank=True,
        help_text=_("The season's awards, made with the standings."),
    )

    class Meta:
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")

    def __str__(self) -> str:
        return f"{self.season} @ {self.computed_at:%Y-%m-%d %H:%M}"


class RatingHistory(models.Model):
    """One member's rating after each of their games, in game order (written with the snapshot).

    A row per member, apart from the snapshot, so a finished game appends to its four players'
    rows only and a player page reads one row."""

    snapshot = models.ForeignKey(
        StandingsSnapshot, verbose_name=_("standings snapshot"), on_delete=models.CASCADE, related_name="histories"
    )
    member_id = models.PositiveIntegerField(_("member id"))
    steps = models.JSONField(_("steps"), default=list, blank=True, help_text=_("[[game id, rating after], ...]"))

    class Meta:
        verbose_name = _("rating history")
        verbose_name_plural = _("rating histories")
        constraints = [models.UniqueConstraint(fields=["snapshot", "member_id"], name="ratinghistory_unique_member")]

    def __str__(self) -> str:
        return f"{self.snapshot_id}:{self.member_id} ({len(self.steps or ())} games)"
