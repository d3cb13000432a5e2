"""A what-if run: one season under one proposal, its progress and its result (``league.whatif``).

Registered with the league app (``league.models`` imports this module); the row holds the
proposal so the Celery task takes only the run's id, and the page polls ``done``/``total``.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class WhatIfRun(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    season = models.ForeignKey("league.Season", on_delete=models.CASCADE, related_name="whatif_runs",
                               verbose_name=_("season"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=_("created by"),
    )
    proposal = models.JSONField(
        _("proposal"), default=dict,
        help_text=_("{ruleset: {base, overrides} or null, rating_method, rating_params, label}."),
    )
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    total = models.PositiveIntegerField(_("total"), default=0)
    done = models.PositiveIntegerField(_("done"), default=0)
    result = models.JSONField(_("result"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True, default="")
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        app_label = "league"
        ordering = ["-created_at", "-id"]
        verbose_name = _("what-if run")
        verbose_name_plural = _("what-if runs")
        constraints = [
            models.CheckConstraint(condition=Q(done__lte=models.F("total")), name="whatifrun_done_le_total"),
        ]

    def __str__(self) -> str:
        return f"what-if {self.pk} ({self.done}/{self.total})"
