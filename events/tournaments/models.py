"""Tournaments (``events`` app): the event, its entrants, its rounds and each round's tables.

Each table is a league :class:`~league.models.Game` in a season the tournament owns (created with
it, named after it), entered on the table screen hand by hand, or by its final scores only
(:func:`events.tournaments.services.table_scores`). Standings are derived from the games, never stored.
Rounds and tables share their fields and clock with the club nights' (``events.timed``).
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from events.timed import TimedRound, TimedTable
from league.models import EndRule


class SeatingMethod(models.TextChoices):
    BALANCED = "balanced", _("Balanced (fewest repeated meetings)")
    RANDOM = "random", _("Random")
    SWISS = "swiss", _("Swiss (by standings, strongest together)")
    PREDEFINED = "predefined", _("Predefined (uploaded CSV)")
    BY_RANK = "by_rank", _("By rank (1–4, 5–8 …)")
    """The final stage's own default (issue 42 item 11): the standings cut into tables, whoever met before."""


class Carry(models.TextChoices):
    FULL = "full", _("Carried in full")
    HALF = "half", _("Halved")
    RESET = "reset", _("Reset to zero")


class WithdrawalPolicy(models.TextChoices):
    KEEP = "keep", _("Keep the points of the games played")
    DROP = "drop", _("Drop the player from the standings")


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    club = models.ForeignKey("club.Club", on_delete=models.CASCADE, related_name="tournaments")
    hosts = models.ManyToManyField(
        "club.Member", blank=True, related_name="hosted_tournaments", verbose_name=_("hosts of the event"),
        help_text=_("Table hosts who may enter hands at any table of it, not only where they sit (issue 42)."))
    name = models.CharField(_("name"), max_length=100)
    starts_on = models.DateField(_("starts on"), default=timezone.localdate)
    ends_on = models.DateField(_("ends on"), null=True, blank=True)
    ruleset = models.ForeignKey("league.Ruleset", on_delete=models.PROTECT, related_name="tournaments")
    sanma_ruleset = models.ForeignKey(
        "league.Ruleset", null=True, blank=True, on_delete=models.PROTECT, related_name="sanma_tournaments",
        help_text=_("A 3-player ruleset for leftover tables of 3 (empty: the remainder sits out in turn)."))
    season = models.OneToOneField("league.Season", null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="tournament")
    sanma_season = models.OneToOneField("league.Season", null=True, blank=True, on_delete=models.PROTECT,
                                        related_name="sanma_tournament")
    rounds = models.PositiveSmallIntegerField(_("rounds (hanchan)"), default=4)
    round_minutes = models.PositiveSmallIntegerField(_("round time limit (minutes)"), null=True, blank=True,
                                                     default=90)
    end_rule = models.CharField(_("end-of-time rule"), max_length=16, choices=EndRule.choices,
                                default=EndRule.FINISH_HAND)
    registration_opens = models.DateTimeField(_("registration opens"), null=True, blank=True)
    registration_closes = models.DateTimeField(_("registration closes"), null=True, blank=True)
    player_cap = models.PositiveSmallIntegerField(_("player cap"), null=True, blank=True)
    team_size = models.PositiveSmallIntegerField(_("team size"), default=1, help_text=_("1 = individual."))
    seating = models.CharField(_("seating"), max_length=16, choices=SeatingMethod.choices,
                               default=SeatingMethod.BALANCED)
    cut_after = models.PositiveSmallIntegerField(_("cut after round"), null=True, blank=True)
    cut_to = models.PositiveSmallIntegerField(_("players after the cut"), null=True, blank=True)
    carry = models.CharField(_("points carried into the final stage"), max_length=8, choices=Carry.choices,
                             default=Carry.FULL)
    finalists = models.JSONField(default=list, blank=True, help_text=_("Member ids who made the cut."))
    withdrawal_policy = models.CharField(_("when a player withdraws"), max_length=8,
                                         choices=WithdrawalPolicy.choices, default=WithdrawalPolicy.KEEP)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    public_results = models.BooleanField(
        _("public results"), default=False,
        help_text=_("Anyone, also visitors who are not members of the club, may see the results, the board and "
                    "the exports. Otherwise only the club's members."))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-id"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(condition=Q(rounds__gte=1), name="tournament_rounds_positive"),
            models.CheckConstraint(condition=Q(team_size__gte=1), name="tournament_team_size_positive"),
            models.CheckConstraint(condition=Q(ends_on__isnull=True) | Q(ends_on__gte=models.F("starts_on")),
                                   name="tournament_dates_ordered"),
            models.CheckConstraint(condition=Q(status__in=["registration", "running", "finished"]),
                                   name="tournament_status_valid"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def has_cut(self) -> bool:
        return bool(self.cut_after and self.cut_to)

    def stage_of(self, number: int) -> int:
        return 2 if self.has_cut and number > self.cut_after else 1


class Entrant(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Awaiting approval")
        APPROVED = "approved", _("Approved")
        WAITING = "waiting", _("Waiting list")
        REJECTED = "rejected", _("Rejected")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    member = models.ForeignKey("club.Member", on_delete=models.PROTECT, related_name="tournament_entries")
    guest = models.BooleanField(default=False, help_text=_("Registered by the organiser by name (not a club login)."))
    team = models.CharField(_("team"), max_length=60, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    registered_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["registered_at", "id"]
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")
        constraints = [models.UniqueConstraint(fields=["tournament", "member"], name="entrant_unique_member")]

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.member}"


class TournamentRound(TimedRound):
    event_field = "tournament"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    stage = models.PositiveSmallIntegerField(default=1)
    method = models.CharField(max_length=16, choices=SeatingMethod.choices)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("tournament round")
        verbose_name_plural = _("tournament rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="tournamentround_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="tournamentround_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"


class TournamentTable(TimedTable):
    class Entry(models.TextChoices):
        HANDS = "hands", _("Hand by hand")
        SCORES = "scores", _("Final scores only")

    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="tables")
    game = models.OneToOneField("league.Game", on_delete=models.CASCADE, related_name="tournament_table")
    entry = models.CharField(max_length=8, choices=Entry.choices, default=Entry.HANDS)

    class Meta:
        ordering = ["round", "id"]
        verbose_name = _("tournament table")
        verbose_name_plural = _("tournament tables")
