"""The club's audit log: every write, with before, after and why."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    class Action(models.TextChoices):
        CREATE = "create", _("Create")
        EDIT = "edit", _("Edit")
        DELETE = "delete", _("Delete")
        CANCEL = "cancel", _("Cancel")

    club = models.ForeignKey(
        "club.Club", verbose_name=_("club"), on_delete=models.CASCADE, related_name="audit_entries"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("actor"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
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
