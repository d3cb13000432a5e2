"""Unfinished games never block silently (issue 21, item 5).

Reads: every unfinished game of a club with where it is played (a night's table, a tournament's
table, a casual game, a plain league game), its age and players (:func:`open_games`); the checked-in
players a night's seating skips because a game holds them (:func:`held_elsewhere`).

Writes go through the games service (``league.games.services``: the only writer of a game's state):
:func:`settle_game` ends a game at time or by a referee, or cancels it (closing a night settles its
tables still playing with it: ``events.nights.services.night_close_settling``).

Shared by every kind of event: it reads the events' tables through the game's reverse relations and
imports no event's package.
"""
from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Club, Member
from events import access
from league.error_codes import LeagueErrorCode
from league.games import services as game_services
from league.games.errors import refusal_message
from league.models import Game, GameSeat, HandRecord

if TYPE_CHECKING:
    from events.nights.models import ClubNight


class Where(enum.StrEnum):
    NIGHT = "night"
    TOURNAMENT = "tournament"
    CASUAL = "casual"
    LEAGUE = "league"


class Settle(enum.StrEnum):
    """What the organiser does with an unfinished game."""

    END_AT_TIME = "time"
    """End it at its current scores, at time (the night or the round is over)."""
    END_BY_REFEREE = "referee"
    """A referee ends it at its current scores (a note says why)."""
    CANCEL = "cancel"
    """Cancel it (a reason says why): it counts for nothing."""
    KEEP = "keep"
    """Leave it playing."""


@dataclass(frozen=True)
class OpenGame:
    game: Game
    where: Where
    label: str
    """The night's or tournament's name and table, or the game's own table label."""
    players: tuple[str, ...]
    age: datetime.timedelta
    hands: int


def open_games(club: Club, *, night: ClubNight | None = None) -> list[OpenGame]:
    """Every unfinished game of the club (or of one night), oldest first."""
    games = (Game.objects.filter(club=club, status=Game.Status.IN_PROGRESS)
             .select_related("season", "night_table__round__night", "tournament_table__round__tournament",
                             "season__casual")
             .prefetch_related("seat_set__member").order_by("started_at", "id"))
    if night is not None:
        games = games.filter(night_table__round__night=night)
    now = timezone.now()
    counts = dict(HandRecord.objects.filter(game__in=games).values_list("game_id").annotate(n=Count("id")))
    out = []
    for game in games:
        table = getattr(game, "night_table", None)
        ttable = getattr(game, "tournament_table", None)
        if table is not None:
            where = Where.NIGHT
            night_name = table.round.night.title or str(table.round.night.date)
            label = game.table_label or f"{night_name} · " + _("Round %(round)s · table %(table)s") % {
                "round": table.round.number, "table": table.label}
        elif ttable is not None:
            where = Where.TOURNAMENT
            name = ttable.round.tournament.name
            label = game.table_label if game.table_label.startswith(name) else f"{name} · {game.table_label}"
        elif hasattr(game.season, "casual"):
            where, label = Where.CASUAL, game.table_label or str(game.pk)
        else:
            where, label = Where.LEAGUE, game.table_label or str(game.pk)
        seats = sorted(game.seat_set.all(), key=lambda s: s.seat)
        out.append(OpenGame(game=game, where=where, label=label, players=tuple(s.member.display_name for s in seats),
                            age=now - game.started_at, hands=counts.get(game.pk, 0)))
    return out


def held_elsewhere(night: ClubNight) -> list[tuple[Member, Game]]:
    """Each checked-in player the night's seating skips, with the unfinished game that holds them."""
    present = night.checkins.filter(left_at__isnull=True).values_list("member_id", flat=True)
    seats = (GameSeat.objects.filter(member_id__in=present, game__club=night.club,
                                     game__status=Game.Status.IN_PROGRESS)
             .select_related("member", "game").order_by("member__display_name", "game_id"))
    return [(s.member, s.game) for s in seats]


def settle_game(*, game: Game, action: Settle | str, note: str = "", by) -> Game:
    """End (at time or by a referee) or cancel an unfinished game, through the games service."""
    if by is not None and not access.can_run_night(by, game.club):
        raise PermissionDenied(_("Only a referee or a club admin can end or cancel a game here."))
    action = Settle(action)
    if action is Settle.KEEP:
        return game
    if action is Settle.CANCEL:
        return game_services.game_cancel(game=game, by=by, reason=note)
    return game_services.game_end(game=game, reason=action.value, note=note, by=by)


def refusal_words(exc: ValidationError) -> str:
    """A games-service refusal in the table's words (league's codes); an events refusal as it was raised."""
    if getattr(exc, "code", None) in {c.value for c in LeagueErrorCode}:
        return refusal_message(exc)
    return " ".join(exc.messages)


__all__ = ["OpenGame", "Settle", "Where", "held_elsewhere", "open_games", "refusal_words", "settle_game"]
