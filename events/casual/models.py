from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class CasualSeason(models.Model):
    """The season a club's casual games under one ruleset are kept in (it counts for nothing)."""

    club = models.ForeignKey("club.Club", on_delete=models.CASCADE, related_name="casual_seasons")
    ruleset = models.ForeignKey("league.Ruleset", on_delete=models.PROTECT, related_name="+")
    season = models.OneToOneField("league.Season", on_delete=models.PROTECT, related_name="casual")

    class Meta:
        verbose_name = _("casual games' season")
        verbose_name_plural = _("casual games' seasons")
        constraints = [models.UniqueConstraint(fields=["club", "ruleset"], name="casualseason_unique_ruleset")]

    def __str__(self) -> str:
        return str(self.season)
