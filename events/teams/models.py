"""The team league's rows (``events`` app): league → team → roster entry; league → stage → match day →
fixture → slot, and each fixture's :class:`~league.models.Game` (started and written by ``league.games``).

Points are never stored here: a team's points are its players' games' final points (the games' own
result), summed by :mod:`events.teams.standings`.
"""
from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from events.teams.presets import Format


class LeagueFormat(models.TextChoices):
    """The presets' formats (``events.teams.presets.Format``) in words."""

    M_LEAGUE = Format.M_LEAGUE.value, _("M-League style")
    CLUB_EXCHANGE = Format.CLUB_EXCHANGE.value, _("Club exchange")
    ROUND_ROBIN = Format.ROUND_ROBIN.value, _("Round-robin team nights")


class TeamLeague(models.Model):
    club = models.ForeignKey("club.Club", on_delete=models.CASCADE, related_name="team_leagues",
                             help_text=_("The host club: every player's game is played as its member."))
    name = models.CharField(_("name"), max_length=100)
    format = models.CharField(_("format"), max_length=20, choices=LeagueFormat.choices)
    season = models.OneToOneField("league.Season", on_delete=models.PROTECT, related_name="team_league")
    team_min_players = models.PositiveSmallIntegerField(_("players per team (fewest)"), default=3)
    team_max_players = models.PositiveSmallIntegerField(_("players per team (most)"), default=4)
    lineup_deadline_minutes = models.PositiveSmallIntegerField(
        _("line-ups close (minutes before the match day)"), default=60)
    forfeit_points = models.DecimalField(
        _("forfeit score"), max_digits=7, decimal_places=1, null=True, blank=True,
        help_text=_("Points of a team that forfeits a seat (empty: forfeits are not allowed)."))
    public_results = models.BooleanField(_("results public"), default=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("team league")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    league = models.ForeignKey(TeamLeague, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("team name"), max_length=60)
    colour = models.CharField(_("colour"), max_length=7, default="#1f4e79")
    colour_second = models.CharField(_("second colour"), max_length=7, blank=True)
    captain = models.ForeignKey("club.Member", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                                verbose_name=_("captain"))
    logo = models.ImageField(_("logo"), upload_to="team-logos/", blank=True)
    home_club = models.ForeignKey("club.Club", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                                  help_text=_("The club the team comes from (a club exchange)."))

    class Meta:
        ordering = ["league", "id"]
        constraints = [models.UniqueConstraint(fields=["league", "name"], name="team_unique_name_per_league")]

    def __str__(self) -> str:
        return self.name


class RosterEntry(models.Model):
    class Role(models.TextChoices):
        PLAYER = "player", _("Player")
        SUBSTITUTE = "substitute", _("Substitute")

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="roster")
    member = models.ForeignKey("club.Member", on_delete=models.PROTECT, related_name="team_roster_entries",
                               help_text=_("The player's membership at the league's host club."))
    role = models.CharField(_("role"), max_length=12, choices=Role.choices, default=Role.PLAYER)
    joined_on = models.DateField(_("joined on"))
    left_on = models.DateField(_("left on"), null=True, blank=True)
    order = models.PositiveSmallIntegerField(default=0, help_text=_("The order a late line-up takes players in."))

    class Meta:
        ordering = ["team", "order", "id"]

    def __str__(self) -> str:
        return f"{self.team} · {self.member}"

    def on(self, day) -> bool:
        return self.joined_on <= day and (self.left_on is None or day <= self.left_on)


class Stage(models.Model):
    league = models.ForeignKey(TeamLeague, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(_("stage name"), max_length=60)
    carry = models.DecimalField(_("carry factor"), max_digits=4, decimal_places=3, default=Decimal(1),
                                help_text=_("The previous stage's total is multiplied by this (1, 0.5, 0)."))
    advancing = models.PositiveSmallIntegerField(_("teams advancing"), null=True, blank=True)
    games_per_team = models.PositiveSmallIntegerField(_("games per team"))
    player_min_games = models.PositiveSmallIntegerField(_("player's fewest games"), default=0)
    player_max_games = models.PositiveSmallIntegerField(_("player's most games"), null=True, blank=True)
    tables_per_day = models.PositiveSmallIntegerField(_("tables per match day"), default=1)
    teams = models.ManyToManyField(Team, blank=True, related_name="stages")
    opened_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["league", "number"]
        constraints = [models.UniqueConstraint(fields=["league", "number"], name="stage_unique_number")]

    def __str__(self) -> str:
        return self.name


class MatchDay(models.Model):
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="match_days")
    number = models.PositiveSmallIntegerField()
    starts_at = models.DateTimeField(_("starts at"))
    venue = models.CharField(_("venue"), max_length=100, blank=True)
    night = models.ForeignKey("events.ClubNight", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    lineups_closed_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["stage", "number"]
        constraints = [models.UniqueConstraint(fields=["stage", "number"], name="matchday_unique_number")]

    def __str__(self) -> str:
        return f"{self.stage} · {self.number}"

    @property
    def deadline(self):
        return self.starts_at - timezone.timedelta(minutes=self.stage.league.lineup_deadline_minutes)


class Fixture(models.Model):
    match_day = models.ForeignKey(MatchDay, on_delete=models.CASCADE, related_name="fixtures")
    table = models.PositiveSmallIntegerField(_("table"), default=1)
    order = models.PositiveSmallIntegerField(_("game of the day"), default=1)
    game = models.OneToOneField("league.Game", null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="team_fixture")
    forfeited = models.BooleanField(default=False)

    class Meta:
        ordering = ["match_day", "order", "table"]
        constraints = [models.UniqueConstraint(fields=["match_day", "order", "table"], name="fixture_unique_place")]

    def __str__(self) -> str:
        return f"{self.match_day} · {self.table}"


class Slot(models.Model):
    class Source(models.TextChoices):
        CAPTAIN = "captain", _("Captain")
        ORGANISER = "organiser", _("Organiser")
        FALLBACK = "fallback", _("Roster order (late line-up)")

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="slots")
    seat = models.PositiveSmallIntegerField()  # 0 = East
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="slots")
    member = models.ForeignKey("club.Member", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    source = models.CharField(max_length=12, choices=Source.choices, blank=True)
    chosen_at = models.DateTimeField(null=True, blank=True)
    forfeit = models.BooleanField(default=False)

    class Meta:
        ordering = ["fixture", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["fixture", "seat"], name="slot_unique_seat"),
            models.UniqueConstraint(fields=["fixture", "team"], name="slot_one_per_team"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="slot_seat_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.fixture} · {self.seat}"
