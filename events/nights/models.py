"""Club nights (``events`` app, tables ``events_*``): who is here tonight, the rounds seated from them,
and each round's tables.

Each table is a league :class:`~league.models.Game` (entered on the table screen as any game);
the night only remembers which round seated it, the round's time limit and a table's extra
time. Meetings tonight, sit-outs and winds are derived from the rounds' games, never stored twice.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from events.timed import TimedRound, TimedTable
from league.models import EndRule


class ClubNight(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        CLOSED = "closed", _("Closed")

    club = models.ForeignKey("club.Club", on_delete=models.CASCADE, related_name="nights")
    hosts = models.ManyToManyField(
        "club.Member", blank=True, related_name="hosted_nights", verbose_name=_("hosts of the event"),
        help_text=_("Table hosts who may enter hands at any table of it, not only where they sit (issue 42)."))
    season = models.ForeignKey("league.Season", on_delete=models.PROTECT, related_name="nights",
                               help_text=_("The season the night's 4-player games count for."))
    sanma_season = models.ForeignKey(
        "league.Season", null=True, blank=True, on_delete=models.PROTECT, related_name="sanma_nights",
        help_text=_("A season under a 3-player ruleset: a leftover three plays there (empty: leftovers sit out)."),
    )
    title = models.CharField(_("title"), max_length=120, blank=True)
    date = models.DateField(_("date"), default=timezone.localdate)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.OPEN)
    round_minutes = models.PositiveSmallIntegerField(
        _("round time limit (minutes)"), null=True, blank=True, default=80, help_text=_("Empty: no time limit."))
    end_rule = models.CharField(_("end-of-time rule"), max_length=16, choices=EndRule.choices,
                                default=EndRule.FINISH_HAND)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("club night")
        verbose_name_plural = _("club nights")
        constraints = [
            models.CheckConstraint(condition=Q(status__in=["open", "closed"]), name="clubnight_status_valid"),
            models.CheckConstraint(condition=Q(end_rule__in=[r.value for r in EndRule]),
                                   name="clubnight_end_rule_valid"),
            models.CheckConstraint(condition=Q(round_minutes__isnull=True) | Q(round_minutes__gte=1),
                                   name="clubnight_round_minutes_positive"),
        ]

    def __str__(self) -> str:
        return self.title or f"{self.season} · {self.date:%Y-%m-%d}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class CheckIn(models.Model):
    """A member here tonight. ``left_at`` set: gone (dropped from later rounds; checking in again undoes it)."""

    night = models.ForeignKey(ClubNight, on_delete=models.CASCADE, related_name="checkins")
    member = models.ForeignKey("club.Member", on_delete=models.PROTECT, related_name="checkins")
    checked_in_at = models.DateTimeField(default=timezone.now)
    checked_in_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="+")
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["checked_in_at", "id"]
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        constraints = [models.UniqueConstraint(fields=["night", "member"], name="checkin_unique_member")]

    def __str__(self) -> str:
        return f"{self.night_id}: {self.member}"

    @property
    def present(self) -> bool:
        return self.left_at is None


class NightRound(TimedRound):
    event_field = "night"

    night = models.ForeignKey(ClubNight, on_delete=models.CASCADE, related_name="rounds")
    minutes = models.PositiveSmallIntegerField(null=True, blank=True, help_text=_("The time limit of this round."))

    class Meta:
        ordering = ["night", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="nightround_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="nightround_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.night} · {self.number}"


class NightTable(TimedTable):
    round = models.ForeignKey(NightRound, on_delete=models.CASCADE, related_name="tables")
    game = models.OneToOneField("league.Game", on_delete=models.CASCADE, related_name="night_table")
    extra_minutes = models.PositiveSmallIntegerField(default=0, help_text=_("Extra time a referee gave this table."))

    class Meta:
        ordering = ["round", "id"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
