"""A season's file built in the Celery worker (issue 22, item 7): the hands CSV, the games CSV or the
season export of a season too large to answer within a web worker's timeout.

The file is kept in the default storage under ``exports/`` (``MEDIA_ROOT``, never served as a static
URL): only the download view hands it out, to the club's users allowed to read that kind of file.
"""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models.rulesets import Season


def export_file_name(export: SeasonExport, filename: str) -> str:
    """A private name: a folder per club, and a random part, so that no name can be guessed from another."""
    return f"exports/club-{export.season.club_id}/{secrets.token_hex(16)}-{filename}"


class SeasonExport(models.Model):
    class Kind(models.TextChoices):
        HANDS = "hands", _("Hands (CSV)")
        GAMES = "games", _("Games (CSV)")
        SEASON = "season", _("Season file (JSON)")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        RUNNING = "running", _("Running")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="exports")
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("requested by"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    total = models.PositiveIntegerField(_("total"), default=0, help_text=_("Games in the season when asked."))
    done = models.PositiveIntegerField(_("done"), default=0, help_text=_("Games written so far."))
    file = models.FileField(_("file"), upload_to=export_file_name, max_length=255, blank=True)
    size = models.PositiveBigIntegerField(_("size"), default=0)
    error = models.TextField(_("error"), blank=True)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    # Last sign of life (claimed, or a chunk of games written): a build that stops moving is queued again.
    progress_at = models.DateTimeField(_("progress at"), null=True, blank=True, editable=False)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    expires_at = models.DateTimeField(_("expires at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("season export")
        verbose_name_plural = _("season exports")
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=["hands", "games", "season"]), name="seasonexport_kind_valid"),
            models.CheckConstraint(condition=Q(status__in=["pending", "running", "ready", "failed"]),
                                   name="seasonexport_status_valid"),
        ]

    def __str__(self) -> str:
        return f"export {self.pk} ({self.kind}, {self.status})"

    def download_name(self) -> str:
        return f"season-{self.season_id}-{self.kind}.{'json' if self.kind == self.Kind.SEASON else 'csv'}"
