"""The floor's two tables: the audit log (every write, with before, after and why) and the once-only keys of
writes (docs/idempotency.md).

They moved here from ``league`` (issue 24) and keep their tables (``db_table``: no data moved). The audit
entry's owner is named by a setting (``AUDIT_OWNER_MODEL``, the club), so the floor imports no domain; the
field keeps its name ``club`` and its column.
"""
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
        settings.AUDIT_OWNER_MODEL, verbose_name=_("club"), on_delete=models.CASCADE, related_name="audit_entries"
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
        db_table = "league_auditentry"
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
        db_table = "league_idempotencykey"
        verbose_name = _("idempotency key")
        verbose_name_plural = _("idempotency keys")
        indexes = [models.Index(fields=["created_at"])]

    def __str__(self) -> str:
        return f"{self.scope} {self.key[:24]}"
