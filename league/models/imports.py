"""Tenhou import batches and their progress."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models.rulesets import Season


class ImportBatch(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="import_batches"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("created by"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    total = models.PositiveIntegerField(_("total"), default=0)
    done = models.PositiveIntegerField(_("done"), default=0)
    errors = models.JSONField(_("errors"), default=list, blank=True)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # What to import, kept on the row so the task needs only the batch id.
    logs = models.JSONField(_("logs"), default=list, blank=True, help_text=_("[file name, tenhou.net/6 log] pairs."))
    mapping = models.JSONField(
        _("mapping"), default=dict, blank=True, help_text=_("Online nickname to member id or name.")
    )
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
