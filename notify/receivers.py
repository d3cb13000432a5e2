"""The lower layers' signals → outbox rows, in the sender's transaction (notify sits above club,
league and events; they never import it). Each message is worded in its reader's language (issue 38):
a club's channels in the club's (``Club.language``), a member's own in the member's
(``club.selectors.member_language``: their login's choice, else their club's)."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from django.dispatch import receiver
from django.utils import translation

from club.selectors import club_language, member_language
from events.signals import (
    night_closed,
    round_seated,
    team_lineups_closed,
    team_match_day_finished,
    tournament_cut,
    tournament_finished,
    tournament_round_finished,
    tournament_round_seated,
)
from league.models import Game
from league.signals import game_finished, penalty_given, referee_called, season_closed
from notify import messages, selectors, services
from notify.models import EventKind


def _to_club(club_id: int, event: EventKind, build: Callable[[], messages.Message | None], *,
             active: list | None = None) -> None:
    """The club's channels that chose ``event`` get the message built in the club's language; with none (most
    clubs, most events) nothing is built: a game's end reads its seats and words its table only to send them.
    ``active``: the club's active channels, already read."""
    listening = selectors.channels_listening(club_id, event, active=active)
    if not listening:
        return
    with translation.override(club_language(club_id=club_id)):
        message = build()
    if message is not None:
        services.outbox_write(club_id=club_id, message=message, channels=listening)


def _to_members(member_ids: Iterable[int], build: Callable[[int], messages.Message | None], *,
                linked: list[int] | None = None) -> None:
    """Each member who linked their Telegram gets their own message, built in their own language (``linked``:
    those of them already known to have linked it)."""
    by_member = {}
    for member_id in (selectors.linked_member_ids(member_ids) if linked is None else linked):
        with translation.override(member_language(member_id=member_id)):
            message = build(member_id)
        if message is not None:
            by_member[member_id] = message
    services.personal_write_each(by_member=by_member)  # the links of all of them in one query


def _my_seats(tables, event, number: int) -> None:
    """Each seated member who linked their Telegram gets their own seat (and only theirs)."""
    for table in tables.select_related("game"):
        seated = list(table.game.seat_set.values_list("member_id", flat=True))
        _to_members(seated, lambda member_id, table=table: messages.my_seats(
            table, messages.round_heading(event, number)).get(member_id))


@receiver(round_seated, dispatch_uid="notify.round_seated")
def _round_seated(sender, round, **kwargs) -> None:  # the signal's argument
    _to_club(round.night.club_id, EventKind.ROUND_SEATED, lambda: messages.round_seated(round))
    _my_seats(round.tables, round.night, round.number)


@receiver(game_finished, dispatch_uid="notify.game_finished")
def _game_finished(sender, game, **kwargs) -> None:
    if game.source == Game.Source.IMPORT:
        return  # a game played elsewhere, stored afterwards (a log import of hundreds): news to nobody
    active = selectors.active_channels(game.club_id)
    _to_club(game.club_id, EventKind.GAME_ENDED, lambda: messages.game_ended(game), active=active)
    if not active:
        # A member's own Telegram is linked through their club's bot (notify.personal.club_bot), one of the club's
        # active channels, and a game seats only its club's members: with none, nobody seated has one linked (most
        # clubs: a game's end inside its save asks nothing more).
        return
    # the seats read inside the links' query (a game's end is inside its save)
    _to_members((), lambda member_id: messages.my_result(game).get(member_id),
                linked=selectors.linked_seated_member_ids(game.pk))


@receiver(night_closed, dispatch_uid="notify.night_closed")
def _night_closed(sender, night, **kwargs) -> None:
    _to_club(night.club_id, EventKind.NIGHT_ENDED, lambda: messages.night_ended(night))
    _to_club(night.club_id, EventKind.NIGHT_AWARDS, lambda: messages.night_awards(night))


@receiver(penalty_given, dispatch_uid="notify.penalty_given")
def _penalty_given(sender, penalty, **kwargs) -> None:
    _to_club(penalty.season.club_id, EventKind.PENALTY_GIVEN, lambda: messages.penalty_given(penalty))


@receiver(tournament_round_seated, dispatch_uid="notify.tournament_round_seated")
def _tournament_round_seated(sender, round, **kwargs) -> None:  # the signal's argument
    _to_club(round.tournament.club_id, EventKind.TOURNAMENT_ROUND_SEATED,
             lambda: messages.tournament_round_seated(round))
    _my_seats(round.tables, round.tournament.name, round.number)


@receiver(tournament_round_finished, dispatch_uid="notify.tournament_round_finished")
def _tournament_round_finished(sender, round, **kwargs) -> None:  # the signal's argument
    _to_club(round.tournament.club_id, EventKind.TOURNAMENT_ROUND_RESULTS,
             lambda: messages.tournament_round_results(round))


@receiver(season_closed, dispatch_uid="notify.season_closed")
def _season_closed(sender, season, **kwargs) -> None:
    _to_club(season.club_id, EventKind.SEASON_AWARDS, lambda: messages.season_awards(season))


@receiver(referee_called, dispatch_uid="notify.referee_called")
def _referee_called(sender, call, acknowledged, **kwargs) -> None:
    """The players at the table who linked their Telegram: the call, then "the referee is coming"."""
    seated = list(call.game.seat_set.values_list("member_id", flat=True))
    _to_members(seated, lambda _member_id: messages.my_call(call, acknowledged=acknowledged))


@receiver(tournament_cut, dispatch_uid="notify.tournament_cut")
def _tournament_cut(sender, tournament, **kwargs) -> None:
    _to_club(tournament.club_id, EventKind.TOURNAMENT_CUT, lambda: messages.tournament_cut(tournament))


@receiver(tournament_finished, dispatch_uid="notify.tournament_finished")
def _tournament_finished(sender, tournament, **kwargs) -> None:
    _to_club(tournament.club_id, EventKind.TOURNAMENT_RESULTS, lambda: messages.tournament_results(tournament))


@receiver(team_lineups_closed, dispatch_uid="notify.team_lineups_closed")
def _team_lineups_closed(sender, match_day, **kwargs) -> None:
    _to_club(match_day.stage.league.club_id, EventKind.TEAM_LINEUPS, lambda: messages.team_lineups(match_day))


@receiver(team_match_day_finished, dispatch_uid="notify.team_match_day_finished")
def _team_match_day_finished(sender, match_day, **kwargs) -> None:
    _to_club(match_day.stage.league.club_id, EventKind.TEAM_MATCH_DAY_RESULTS,
             lambda: messages.team_match_day_results(match_day))
