"""A federation: a group of clubs with its own admins, ranking persons across what the clubs share (issue 36).

A club's data stays the club's: the federation reads only what a club chose to share (its tournaments' final
standings, its seasons' games) and stores its own copy — one :class:`FederationResult` per person and
tournament, one :class:`RankingRow` per person and federation season — so its pages never read a club's
private tables. Tournaments held elsewhere come in as imported results (the EMA workbook, the portal CSV).
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.ratings import OPENSKILL, P_RATING, TENHOU_R, TOTAL

MERS = "mers"


class Federation(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    country = models.CharField(_("country"), max_length=40, default="Korea",
                               help_text=_("As the EMA workbook lists the players of its clubs."))
    admins = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="federations_admin",
                                    verbose_name=_("federation admins"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("federation")
        verbose_name_plural = _("federations")

    def __str__(self) -> str:
        return self.name


class FederationClub(models.Model):
    """A club in a federation, and what it shares: its tournaments' results, its seasons' results, or nothing."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="memberships",
                                   verbose_name=_("federation"))
    club = models.ForeignKey("club.Club", on_delete=models.CASCADE, related_name="federation_memberships",
                             verbose_name=_("club"))
    share_tournaments = models.BooleanField(_("shares tournament results"), default=False)
    share_seasons = models.BooleanField(_("shares season results"), default=False)
    joined_at = models.DateTimeField(_("joined at"), default=timezone.now)

    class Meta:
        ordering = ["federation", "club"]
        verbose_name = _("federation club")
        verbose_name_plural = _("federation clubs")
        constraints = [models.UniqueConstraint(fields=["federation", "club"], name="federationclub_unique")]

    def __str__(self) -> str:
        return f"{self.federation} · {self.club}"


class FederationSeason(models.Model):
    class Method(models.TextChoices):
        MERS = MERS, _("MERS-style tournament ranking")
        OPENSKILL = OPENSKILL, _("Cross-club OpenSkill")
        TOTAL = TOTAL, _("Total points")
        P_RATING = P_RATING, _("P rating")
        TENHOU_R = TENHOU_R, _("Tenhou R")

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="seasons",
                                   verbose_name=_("federation"))
    name = models.CharField(_("name"), max_length=120)
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"), null=True, blank=True)
    method = models.CharField(_("ranking method"), max_length=16, choices=Method.choices, default=Method.MERS)
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True, editable=False)
    changed_at = models.DateTimeField(_("changed at"), null=True, blank=True, editable=False,
                                      help_text=_("A shared result changed after the ranking was computed."))
    games_count = models.PositiveIntegerField(_("games"), default=0, editable=False)
    folded_up_to = models.JSONField(_("last game folded in"), null=True, blank=True, editable=False,
                                    help_text=_("[finished at, game id] of the last game the rating applied."))
    # MERS results age by the day: the day the whole ranking was last reckoned on (a tournament's update
    # reckons only its persons), so the daily ageing recomputes a season once that day has passed.
    reckoned_on = models.DateField(_("ranking day"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["federation", "-starts_on", "-id"]
        verbose_name = _("federation season")
        verbose_name_plural = _("federation seasons")
        constraints = [
            models.CheckConstraint(condition=Q(ends_on__isnull=True) | Q(ends_on__gte=models.F("starts_on")),
                                   name="federationseason_dates_ordered"),
            models.CheckConstraint(condition=Q(method__in=[MERS, OPENSKILL, TOTAL, P_RATING, TENHOU_R]),
                                   name="federationseason_method_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.federation} · {self.name}"

    @property
    def is_mers(self) -> bool:
        return self.method == MERS


class FederationTournament(models.Model):
    """A tournament in the federation's records: a member club's (shared, finished) or one held elsewhere."""

    class Source(models.TextChoices):
        CLUB = "club", _("A member club's tournament")
        EMA = "ema", _("Imported EMA results workbook")
        PORTAL = "portal", _("Imported mahjong-portal CSV")

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="tournaments",
                                   verbose_name=_("federation"))
    tournament = models.ForeignKey("events.Tournament", null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="federation_records", verbose_name=_("tournament"))
    club = models.ForeignKey("club.Club", null=True, blank=True, on_delete=models.CASCADE, related_name="+",
                             verbose_name=_("club"))
    source = models.CharField(_("source"), max_length=8, choices=Source.choices, default=Source.CLUB)
    title = models.CharField(_("title"), max_length=200)
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))
    days = models.PositiveSmallIntegerField(_("days"), default=1)
    players = models.PositiveIntegerField(_("players"), default=0)
    countries = models.PositiveSmallIntegerField(_("countries"), default=1)
    qualification = models.BooleanField(_("players qualified"), default=False)
    rules = models.CharField(_("rules"), max_length=120, blank=True)
    country = models.CharField(_("country"), max_length=40, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-ends_on", "-id"]
        verbose_name = _("federation tournament")
        verbose_name_plural = _("federation tournaments")
        constraints = [
            models.UniqueConstraint(fields=["federation", "tournament"], condition=Q(tournament__isnull=False),
                                    name="federationtournament_unique_club_tournament"),
            models.CheckConstraint(condition=Q(ends_on__gte=models.F("starts_on")),
                                   name="federationtournament_dates_ordered"),
        ]

    def __str__(self) -> str:
        return self.title


class FederationResult(models.Model):
    """One person's final result at a federation tournament, as the EMA workbook lists it."""

    tournament = models.ForeignKey(FederationTournament, on_delete=models.CASCADE, related_name="results",
                                   verbose_name=_("tournament"))
    person = models.ForeignKey("club.Person", on_delete=models.CASCADE, related_name="federation_results",
                               verbose_name=_("person"))
    place = models.PositiveIntegerField(_("place"))
    first_name = models.CharField(_("first name"), max_length=80, blank=True)
    last_name = models.CharField(_("last name"), max_length=80, blank=True)
    ema_id = models.CharField(_("EMA ID"), max_length=16, blank=True)
    table_points = models.DecimalField(_("table points"), max_digits=10, decimal_places=1, default=0)
    score = models.DecimalField(_("score"), max_digits=12, decimal_places=1, default=0)
    country = models.CharField(_("country"), max_length=40, blank=True)
    games = models.PositiveSmallIntegerField(_("games"), default=0)

    class Meta:
        ordering = ["tournament", "place", "id"]
        verbose_name = _("federation result")
        verbose_name_plural = _("federation results")
        constraints = [models.UniqueConstraint(fields=["tournament", "person"], name="federationresult_unique")]
        indexes = [models.Index(fields=["person", "tournament"])]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.place}"


class RankingRow(models.Model):
    """One person's line of a federation season's stored ranking (the page reads these, never computes)."""

    season = models.ForeignKey(FederationSeason, on_delete=models.CASCADE, related_name="rows",
                               verbose_name=_("federation season"))
    person = models.ForeignKey("club.Person", on_delete=models.CASCADE, related_name="+", verbose_name=_("person"))
    name = models.CharField(_("name"), max_length=120)
    value = models.DecimalField(_("ranking"), max_digits=14, decimal_places=3, null=True, blank=True)
    listed = models.BooleanField(_("listed"), default=False)
    detail = models.JSONField(_("detail"), default=dict, blank=True)
    state = models.JSONField(_("rating state"), null=True, blank=True)

    class Meta:
        ordering = ["season", "-value", "name", "person_id"]
        verbose_name = _("ranking row")
        verbose_name_plural = _("ranking rows")
        constraints = [models.UniqueConstraint(fields=["season", "person"], name="rankingrow_unique")]
        indexes = [models.Index(fields=["season", "listed", "-value", "name", "person"], name="rankingrow_page")]

    def __str__(self) -> str:
        return f"{self.season} · {self.name}"


class FederationLog(models.Model):
    """What a federation's admins did (a federation is no club: ``core.audit`` logs per club): who, when,
    what, and the values before and after. Written by ``federation.services`` only."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="log",
                                   verbose_name=_("federation"))
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+", verbose_name=_("actor"))
    at = models.DateTimeField(_("at"), default=timezone.now)
    action = models.CharField(_("action"), max_length=40)
    object_type = models.CharField(_("object type"), max_length=60)
    object_id = models.CharField(_("object id"), max_length=60)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("federation log entry")
        verbose_name_plural = _("federation log entries")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_type}#{self.object_id}"
