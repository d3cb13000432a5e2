"""A season's standings as last computed (written only by the recompute task; pages read it)."""
from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models.rulesets import Season


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
