"""A season's standings as last computed (written only by the recompute task; pages read it).

``StandingsSnapshot`` is the season's small header (when, how many games, the epoch and settings it
was made at, the ratings document, the awards); each member's row of the table and the tallies the
next game is added to live in their own ``StandingRow`` (issue 28), so a finished game rewrites its
players' rows, the places that moved and the header, never the whole season."""
from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models.rulesets import Season


class StandingsSnapshot(models.Model):
    """The season's standings as last computed by ``league.standings.tasks.season_recompute``."""

    season = models.OneToOneField(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="standings_snapshot"
    )
    computed_at = models.DateTimeField(_("computed at"), default=timezone.now)
    ratings = models.JSONField(_("ratings"), default=dict, blank=True)
    games_count = models.PositiveIntegerField(_("games count"), default=0)
    header = models.JSONField(
        _("state"), default=dict, blank=True,
        help_text=_("What the next game is added to, besides each member's row: the epoch and settings it was "
                    "made at, the games it covers and the last of them."),
    )
    awards = models.JSONField(
        _("awards"), default=list, blank=True,
        help_text=_("The season's awards, made with the standings."),
    )
    club_figures = models.JSONField(
        _("club figures"), default=dict, blank=True,
        help_text=_("Every row's counts added up: the club's figures on a player page."),
    )

    class Meta:
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")

    def __str__(self) -> str:
        return f"{self.season} @ {self.computed_at:%Y-%m-%d %H:%M}"

    def __init__(self, *args, **kwargs) -> None:
        rows = kwargs.pop("rows", None)
        super().__init__(*args, **kwargs)
        if rows is not None:
            self.rows = rows

    def save(self, *args, **kwargs) -> None:
        super().save(*args, **kwargs)
        if self.__dict__.pop("_rows_given", False):
            self.standing_rows.all().delete()
            StandingRow.objects.bulk_create(
                StandingRow(snapshot=self, member_id=row.get("member_id"), position=i, rank=row.get("rank"),
                            row={**row, "rank": None}) for i, row in enumerate(self.__dict__["_rows"]))

    @property
    def rows(self) -> list[dict]:
        """Every member's row in display order, each with its rank (read once per instance: 1 query)."""
        cached = self.__dict__.get("_rows")
        if cached is None:
            cached = [] if self.pk is None else [
                {**row, "rank": rank} for row, rank in
                self.standing_rows.order_by("position").values_list("row", "rank")]
            self.__dict__["_rows"] = cached
        return cached

    @rows.setter
    def rows(self, rows: list[dict]) -> None:
        """Rows given whole (a season built by hand): stored as the members' rows by :meth:`save`."""
        self.__dict__["_rows"] = list(rows)
        self.__dict__["_rows_given"] = True

    @property
    def state(self) -> dict:
        """The whole table as ``league.standings.stats.StandingsState.state`` made it: the header with each member's
        tally and rating state read back from the rows (1 query; for checks and tools, never a page)."""
        doc = dict(self.header or {})
        tallies, players = [], []
        for member_id, tally, rating in self.standing_rows.order_by("id").values_list(
                "member_id", "tally", "rating_state"):
            if tally is not None:
                tallies.append(tally)
            if rating is not None:
                players.append([member_id, *rating])
        if "rating" in doc:
            doc["rating"] = {**doc["rating"], "players": players}
        doc["tallies"] = tallies
        return doc

    def refresh_from_db(self, *args, **kwargs) -> None:
        self.__dict__.pop("_rows", None)
        super().refresh_from_db(*args, **kwargs)


class RatingHistory(models.Model):
    """One member's rating after each of their games, in game order (written with the snapshot).

    A row per member, apart from the snapshot, so a finished game appends to its four players'
    rows only and a player page reads one row."""

    snapshot = models.ForeignKey(
        StandingsSnapshot, verbose_name=_("standings snapshot"), on_delete=models.CASCADE, related_name="histories"
    )
    member_id = models.PositiveIntegerField(_("member id"))
    steps = models.JSONField(_("steps"), default=list, blank=True, help_text=_("[[game id, rating after], ...]"))

    class Meta:
        verbose_name = _("rating history")
        verbose_name_plural = _("rating histories")
        constraints = [models.UniqueConstraint(fields=["snapshot", "member_id"], name="ratinghistory_unique_member")]

    def __str__(self) -> str:
        return f"{self.snapshot_id}:{self.member_id} ({len(self.steps or ())} games)"


class StandingRow(models.Model):
    """One member's line of a season's standings (written with the snapshot, read by the pages).

    ``position`` is the display order and ``rank`` the member's place among the qualified: kept
    apart from ``row`` so a game that moves others' places rewrites two numbers of theirs, not
    their rows. ``tally`` and ``rating_state`` are what the member's next game is added to."""

    snapshot = models.ForeignKey(
        StandingsSnapshot, verbose_name=_("standings snapshot"), on_delete=models.CASCADE,
        related_name="standing_rows",
    )
    member_id = models.PositiveIntegerField(_("member id"), null=True, blank=True,
                                            help_text=_("Empty only in rows given by hand without a member."))
    position = models.PositiveIntegerField(_("position"), help_text=_("Display order, from 0."))
    rank = models.PositiveIntegerField(_("rank"), null=True, blank=True)
    row = models.JSONField(_("row"), default=dict, blank=True)
    tally = models.JSONField(_("tally"), null=True, blank=True)
    rating_state = models.JSONField(_("rating state"), null=True, blank=True,
                                    help_text=_("[games, ...the rating's values]"))

    class Meta:
        verbose_name = _("standing row")
        verbose_name_plural = _("standing rows")
        constraints = [models.UniqueConstraint(fields=["snapshot", "member_id"], name="standingrow_unique_member")]
        indexes = [models.Index(fields=["snapshot", "position"], name="standingrow_position")]

    def __str__(self) -> str:
        return f"{self.snapshot_id}:{self.member_id} #{self.rank or '-'}"
