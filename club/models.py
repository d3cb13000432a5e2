"""Clubs, their members and the roles members hold."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    public_standings = models.BooleanField(
        _("public standings"), default=False, help_text=_("Anonymous visitors may see the standings.")
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="members")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"), null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="member",
    )
    display_name = models.CharField(_("display name"), max_length=60)
    active = models.BooleanField(_("active"), default=True)
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)

    class Meta:
        ordering = ["club", "display_name"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(fields=["club", "display_name"], name="member_unique_name_per_club"),
            models.CheckConstraint(condition=~models.Q(display_name=""), name="member_display_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.display_name


class ClubRole(models.Model):
    class Role(models.TextChoices):
        ADMIN = "admin", _("Club admin")
        REFEREE = "referee", _("Referee")
        HOST = "host", _("Table host")

    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="roles")
    member = models.ForeignKey(Member, verbose_name=_("member"), on_delete=models.CASCADE, related_name="roles")
    role = models.CharField(_("role"), max_length=16, choices=Role.choices)

    class Meta:
        ordering = ["club", "member", "role"]
        verbose_name = _("club role")
        verbose_name_plural = _("club roles")
        constraints = [
            models.UniqueConstraint(fields=["club", "member", "role"], name="clubrole_unique"),
            models.CheckConstraint(condition=models.Q(role__in=["admin", "referee", "host"]), name="clubrole_role_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.member} — {self.get_role_display()}"
