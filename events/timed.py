"""What a club night's and a tournament's rounds and tables share: a round seated at a time with a
time limit and an end-of-time rule, and a table (one league game) that may get extra minutes.

Abstract models: each event keeps its own tables (``events_nightround``, ``events_tournamentround``,
…) and declares its own foreign keys, names and constraints; the fields and the clock live here once.
``league.games.clock`` asks a game's limit through ``events.signals``, which reads it here
(:attr:`TimedTable.ends_at`).
"""
from __future__ import annotations

import datetime
from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models import EndRule


class TimedRound(models.Model):
    """A round of an event: seated at ``seated_at``; ``minutes`` (None: no limit) then ``end_rule``.

    ``event_field`` names the round's foreign key to its event (``night``, ``tournament``)."""

    event_field: ClassVar[str]

    number = models.PositiveSmallIntegerField(_("round"))
    seated_at = models.DateTimeField(default=timezone.now)
    seated_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+")
    minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    end_rule = models.CharField(max_length=16, choices=EndRule.choices, default=EndRule.FINISH_HAND)
    sitting_out = models.JSONField(default=list, blank=True, help_text=_("Member ids who sat this round out."))

    class Meta:
        abstract = True

    @property
    def event(self) -> models.Model:
        """The night or tournament the round belongs to."""
        return getattr(self, self.event_field)

    @property
    def ends_at(self) -> datetime.datetime | None:
        return self.seated_at + datetime.timedelta(minutes=self.minutes) if self.minutes else None


class TimedTable(models.Model):
    """A table of a round: its league game (declared by each event: the reverse names differ), the
    room's label, and the extra minutes a referee gave it."""

    label = models.CharField(max_length=40)
    extra_minutes = models.PositiveSmallIntegerField(default=0)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.round} · {self.label}"

    @classmethod
    def round_model(cls) -> type[TimedRound]:
        return cls._meta.get_field("round").related_model

    @property
    def ends_at(self) -> datetime.datetime | None:
        ends = self.round.ends_at
        return ends + datetime.timedelta(minutes=self.extra_minutes) if ends else None
