"""Games, their seats and their hand records (one game-record contract event each).

A game's state is never stored as truth: the hand records are replayed by
``scoring.game.replay``. The ``final_*``/``ended_by`` fields on :class:`Game` are a cache
refreshed by ``league.games.records`` after every write."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models.rulesets import Ruleset, Season


class EndRule(models.TextChoices):
    """When a timed game's time is up (its night's or tournament's round chose it; ``league.games.clock``)."""

    FINISH_HAND = "finish_hand", _("Finish the hand in play")
    ONE_MORE_HAND = "one_more_hand", _("Play one more hand")
    ALL_LAST = "all_last", _("The next hand is all-last")


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("In progress")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class Source(models.TextChoices):
        TABLE = "table", _("Entered at the table")
        IMPORT = "import", _("Imported")

    club = models.ForeignKey("club.Club", verbose_name=_("club"), on_delete=models.CASCADE, related_name="games")
    season = models.ForeignKey(Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="games")
    ruleset = models.ForeignKey(
        Ruleset, verbose_name=_("ruleset"), null=True, blank=True, on_delete=models.PROTECT, related_name="games",
        help_text=_("The ruleset version the game is played under (empty: the season's)."),
    )
    table_label = models.CharField(_("table"), max_length=120, blank=True)
    seats = models.PositiveSmallIntegerField(_("seats"), default=4)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.IN_PROGRESS)
    started_at = models.DateTimeField(_("started at"), default=timezone.now)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("created by"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    source = models.CharField(_("source"), max_length=16, choices=Source.choices, default=Source.TABLE)
    # DJ001 is wrong for this field: NULL (not "") means "no external id", and the partial unique
    # constraint (season, external_id) below relies on it to skip games entered at the table.
    external_id = models.CharField(_("external id"), max_length=120, null=True, blank=True)  # noqa: DJ001
    cancel_reason = models.TextField(_("cancel reason"), blank=True)
    # --- cache from the replay (never the truth) ---
    final_scores = models.JSONField(_("final scores"), null=True, blank=True)
    final_points = models.JSONField(_("final points"), null=True, blank=True)
    final_ranks = models.JSONField(_("final ranks"), null=True, blank=True)
    ended_by = models.CharField(_("ended by"), max_length=32, blank=True)
    final_stats = models.JSONField(
        _("final statistics"), null=True, blank=True,
        help_text=_("Each seat's hand statistics and full-hand wins, for the standings (league.games.game_stats)."),
    )
    # The time rule the game is played under, given by whoever seated it (a club night's or a tournament's
    # round; a referee's extra time moves ``time_ends_at``): the game never asks the event (issue 34).
    time_ends_at = models.DateTimeField(_("time is up at"), null=True, blank=True)
    time_rule = models.CharField(_("when time is up"), max_length=16, choices=EndRule.choices, blank=True)
    # The table code (issue 42): typed at /t/ or read from the table's QR, it opens this game's table screen
    # alone, without a login, while the game is in progress. Written by league.games.services (table_code_*);
    # NULL: no code (a game started from the game list, an import).
    # Issue 42 item 2: members whose table-host role counts at this game although they do not sit at it (the night's
    # or tournament's hosts, "이 밤의 진행자"), by member id; given by whoever seats the game (league.games.services).
    table_hosts = models.JSONField(_("hosts of this table"), default=list, blank=True, editable=False)
    table_code = models.CharField(_("table code"), max_length=8, null=True, blank=True, unique=True,
                                  editable=False)

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.CheckConstraint(condition=Q(seats__in=[3, 4]), name="game_seats_3_or_4"),
            models.CheckConstraint(
                condition=Q(status__in=["in_progress", "finished", "cancelled"]), name="game_status_valid"
            ),
            models.CheckConstraint(condition=Q(source__in=["table", "import"]), name="game_source_valid"),
            models.UniqueConstraint(
                fields=["season", "external_id"], condition=Q(external_id__isnull=False),
                name="game_unique_external_id_per_season",
            ),
            models.CheckConstraint(
                condition=Q(finished_at__isnull=True) | Q(finished_at__gte=models.F("started_at")),
                name="game_finishes_after_start",
            ),
        ]
        indexes = [
            models.Index(fields=["season", "status"]),
            # The games finished after the standings' last one (standings.services.standings_add_games), found
            # without reading every game of the season. Only for a query that bounds ``finished_at`` (the
            # condition says so): SQLite drove a member's game list (standings.selectors.player_games, ordered
            # by finish) from a (season, status, finished_at) index, through every game of the season.
            models.Index(fields=["season", "finished_at"], condition=Q(status="finished", finished_at__isnull=False),
                         name="game_finished_order"),
        ]

    def __str__(self) -> str:
        return f"{self.season} · {self.table_label or '#' + str(self.pk)} · {self.started_at:%Y-%m-%d}"

    @property
    def effective_ruleset(self) -> Ruleset:
        return self.ruleset if self.ruleset_id else self.season.ruleset


class GameSeat(models.Model):
    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="seat_set")
    seat = models.PositiveSmallIntegerField(_("seat"), help_text=_("0 = East at East 1 (first dealer)."))
    member = models.ForeignKey(
        "club.Member", verbose_name=_("member"), on_delete=models.PROTECT, related_name="game_seats"
    )

    class Meta:
        ordering = ["game", "seat"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="gameseat_unique_seat"),
            models.UniqueConstraint(fields=["game", "member"], name="gameseat_unique_member"),
            models.CheckConstraint(condition=Q(seat__gte=0) & Q(seat__lte=3), name="gameseat_seat_range"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.seat} {self.member}"


class HandRecord(models.Model):
    """One contract event of a game record, at ``position`` (0-based) in the record."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="hands")
    position = models.PositiveIntegerField(_("position"))
    event = models.JSONField(_("event"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("entered by"), null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["game", "position"]
        verbose_name = _("hand record")
        verbose_name_plural = _("hand records")
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="handrecord_unique_position"),
            models.CheckConstraint(condition=Q(position__gte=0), name="handrecord_position_nonnegative"),
        ]

    def __str__(self) -> str:
        kind = self.event.get("kind", "?") if isinstance(self.event, dict) else "?"
        return f"{self.game_id}#{self.position} {kind}"
