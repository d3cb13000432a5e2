"""Once-only keys of writes (docs/idempotency.md)."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


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
