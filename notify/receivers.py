"""The lower layers' signals → outbox rows, in the sender's transaction (notify sits above club,
league and events; they never import it)."""
from __future__ import annotations

from django.dispatch import receiver

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
from league.signals import game_finished, penalty_given, referee_called, season_closed
from notify import messages, services


def _my_seats(tables, heading: str) -> None:
    """Each seated member who linked their Telegram gets their own seat (and only theirs)."""
    for table in tables.select_related("game"):
        for member_id, message in messages.my_seats(table, heading).items():
            services.personal_write(member_ids=[member_id], message=message)


@receiver(round_seated, dispatch_uid="notify.round_seated")
def _round_seated(sender, round, **kwargs) -> None:  # the signal's argument
    services.outbox_write(club_id=round.night.club_id, message=messages.round_seated(round))
    _my_seats(round.tables, f"{round.night} · {round.number}라운드")


@receiver(game_finished, dispatch_uid="notify.game_finished")
def _game_finished(sender, game, **kwargs) -> None:
    services.outbox_write(club_id=game.club_id, message=messages.game_ended(game))
    for member_id, message in messages.my_result(game).items():
        services.personal_write(member_ids=[member_id], message=message)


@receiver(night_closed, dispatch_uid="notify.night_closed")
def _night_closed(sender, night, **kwargs) -> None:
    services.outbox_write(club_id=night.club_id, message=messages.night_ended(night))
    awards = messages.night_awards(night)
    if awards is not None:
        services.outbox_write(club_id=night.club_id, message=awards)


@receiver(penalty_given, dispatch_uid="notify.penalty_given")
def _penalty_given(sender, penalty, **kwargs) -> None:
    services.outbox_write(club_id=penalty.season.club_id, message=messages.penalty_given(penalty))


@receiver(tournament_round_seated, dispatch_uid="notify.tournament_round_seated")
def _tournament_round_seated(sender, round, **kwargs) -> None:  # the signal's argument
    services.outbox_write(club_id=round.tournament.club_id, message=messages.tournament_round_seated(round))
    _my_seats(round.tables, f"{round.tournament.name} · {round.number}라운드")


@receiver(tournament_round_finished, dispatch_uid="notify.tournament_round_finished")
def _tournament_round_finished(sender, round, **kwargs) -> None:  # the signal's argument
    services.outbox_write(club_id=round.tournament.club_id, message=messages.tournament_round_results(round))


@receiver(season_closed, dispatch_uid="notify.season_closed")
def _season_closed(sender, season, **kwargs) -> None:
    awards = messages.season_awards(season)
    if awards is not None:
        services.outbox_write(club_id=season.club_id, message=awards)


@receiver(referee_called, dispatch_uid="notify.referee_called")
def _referee_called(sender, call, acknowledged, **kwargs) -> None:
    """The players at the table who linked their Telegram: the call, then "the referee is coming"."""
    seated = list(call.game.seat_set.values_list("member_id", flat=True))
    services.personal_write(member_ids=seated, message=messages.my_call(call, acknowledged=acknowledged))


@receiver(tournament_cut, dispatch_uid="notify.tournament_cut")
def _tournament_cut(sender, tournament, **kwargs) -> None:
    services.outbox_write(club_id=tournament.club_id, message=messages.tournament_cut(tournament))


@receiver(tournament_finished, dispatch_uid="notify.tournament_finished")
def _tournament_finished(sender, tournament, **kwargs) -> None:
    services.outbox_write(club_id=tournament.club_id, message=messages.tournament_results(tournament))


@receiver(team_lineups_closed, dispatch_uid="notify.team_lineups_closed")
def _team_lineups_closed(sender, match_day, **kwargs) -> None:
    services.outbox_write(club_id=match_day.stage.league.club_id, message=messages.team_lineups(match_day))


@receiver(team_match_day_finished, dispatch_uid="notify.team_match_day_finished")
def _team_match_day_finished(sender, match_day, **kwargs) -> None:
    services.outbox_write(club_id=match_day.stage.league.club_id, message=messages.team_match_day_results(match_day))
