"""Penalties (in a game or for a season) and their kinds."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models.games import Game, HandRecord
from league.models.rulesets import Season
from scoring.vocabulary import PenaltyType


class PenaltyKind(models.TextChoices):
    PENALTY_POINT = PenaltyType.PENALTY_POINT.value, _("Penalty point")
    YELLOW_CARD = PenaltyType.YELLOW_CARD.value, _("Yellow card")
    AGARI_FORBIDDEN = PenaltyType.AGARI_FORBIDDEN.value, _("Agari forbidden")
    VERBAL_WARNING = PenaltyType.VERBAL_WARNING.value, _("Verbal warning")
    CHOMBO = PenaltyType.CHOMBO.value, _("Chombo")
    DELIBERATE_CHOMBO = PenaltyType.DELIBERATE_CHOMBO.value, _("Deliberate chombo")
    EXPULSION = PenaltyType.EXPULSION.value, _("Expulsion")
    DECLARATION_VOID = PenaltyType.DECLARATION_VOID.value, _("Declaration void")
    SEASON_DEDUCTION = "season_deduction", _("Season point deduction")
    RULING = "ruling", _("Referee ruling")


class Penalty(models.Model):
    Kind = PenaltyKind

    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="penalties")
    game = models.ForeignKey(
        Game, verbose_name=_("game"), null=True, blank=True, on_delete=models.CASCADE, related_name="penalties"
    )
    member = models.ForeignKey(
        "club.Member", verbose_name=_("member"), on_delete=models.PROTECT, related_name="penalties"
    )
    type = models.CharField(_("type"), max_length=24, choices=PenaltyKind.choices)
    points = models.DecimalField(
        _("points"), max_digits=8, decimal_places=1, null=True, blank=True,
        help_text=_("Season-level deduction in season points (positive = deducted)."),
    )
    amount = models.IntegerField(_("amount"), null=True, blank=True, help_text=_("Table points moved by a ruling."))
    beneficiary = models.ForeignKey(
        "club.Member", verbose_name=_("beneficiary"), null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        help_text=_("Ruling transfer: who receives the amount (empty: split among the others)."),
    )
    hand_record = models.OneToOneField(
        HandRecord, verbose_name=_("hand record"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="penalty",
        help_text=_("The in-game penalty/chombo event this penalty created."),
    )
    reason = models.TextField(_("reason"), blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("given by"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    given_at = models.DateTimeField(_("given at"), default=timezone.now)
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("cancelled by"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    cancel_reason = models.TextField(_("cancel reason"), blank=True)

    class Meta:
        ordering = ["-given_at", "-id"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        constraints = [
            models.CheckConstraint(
                condition=Q(type__in=[k.value for k in PenaltyKind]), name="penalty_type_valid"
            ),
            models.CheckConstraint(
                condition=~Q(type="season_deduction") | Q(points__isnull=False), name="penalty_deduction_has_points"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member} — {self.get_type_display()}"

    @property
    def is_active(self) -> bool:
        return self.cancelled_at is None


class RefereeCallReason(models.TextChoices):
    SCORE_DISPUTE = "score_dispute", _("Score dispute")
    CHOMBO = "chombo", _("Chombo")
    OTHER = "other", _("Other")


class RefereeCall(models.Model):
    """A table calls a referee (issue 27 item 2). Open until a referee acknowledges it; one open call
    per game (a second tap while it is open is the same call)."""

    Reason = RefereeCallReason

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="referee_calls", verbose_name=_("game"))
    reason = models.CharField(_("reason"), max_length=20, choices=RefereeCallReason.choices)
    note = models.CharField(_("note"), max_length=200, blank=True)
    called_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+", verbose_name=_("called by"))
    called_at = models.DateTimeField(_("called at"), default=timezone.now)
    acknowledged_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                        related_name="+", verbose_name=_("acknowledged by"))
    acknowledged_at = models.DateTimeField(_("acknowledged at"), null=True, blank=True)

    class Meta:
        ordering = ["called_at", "id"]
        verbose_name = _("referee call")
        verbose_name_plural = _("referee calls")
        constraints = [
            models.UniqueConstraint(fields=["game"], condition=Q(acknowledged_at__isnull=True),
                                    name="refereecall_one_open_per_game"),
            models.CheckConstraint(condition=Q(reason__in=[r.value for r in RefereeCallReason]),
                                   name="refereecall_reason_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}: {self.reason}"

    @property
    def is_open(self) -> bool:
        return self.acknowledged_at is None
