"""The lower layers' signals → outbox rows, in the sender's transaction (notify sits above club,
league and events; they never import it)."""
from __future__ import annotations

from django.dispatch import receiver

from events.signals import (
    night_closed,
    round_seated,
    tournament_cut,
    tournament_finished,
    tournament_round_seated,
)
from league.signals import game_finished, penalty_given, requeue_requested
from notify import messages, services


@receiver(round_seated, dispatch_uid="notify.round_seated")
def _round_seated(sender, round, **kwargs) -> None:  # noqa: A002 - the signal's argument
    services.outbox_write(club_id=round.night.club_id, message=messages.round_seated(round))


@receiver(game_finished, dispatch_uid="notify.game_finished")
def _game_finished(sender, game, **kwargs) -> None:
    services.outbox_write(club_id=game.club_id, message=messages.game_ended(game))


@receiver(night_closed, dispatch_uid="notify.night_closed")
def _night_closed(sender, night, **kwargs) -> None:
    services.outbox_write(club_id=night.club_id, message=messages.night_ended(night))


@receiver(penalty_given, dispatch_uid="notify.penalty_given")
def _penalty_given(sender, penalty, **kwargs) -> None:
    services.outbox_write(club_id=penalty.season.club_id, message=messages.penalty_given(penalty))


@receiver(tournament_round_seated, dispatch_uid="notify.tournament_round_seated")
def _tournament_round_seated(sender, round, **kwargs) -> None:  # noqa: A002 - the signal's argument
    services.outbox_write(club_id=round.tournament.club_id, message=messages.tournament_round_seated(round))


@receiver(tournament_cut, dispatch_uid="notify.tournament_cut")
def _tournament_cut(sender, tournament, **kwargs) -> None:
    services.outbox_write(club_id=tournament.club_id, message=messages.tournament_cut(tournament))


@receiver(tournament_finished, dispatch_uid="notify.tournament_finished")
def _tournament_finished(sender, tournament, **kwargs) -> None:
    services.outbox_write(club_id=tournament.club_id, message=messages.tournament_results(tournament))


@receiver(requeue_requested, dispatch_uid="notify.requeue")
def _requeue(sender, **kwargs) -> dict:
    from notify.delivery import requeue_stale

    return requeue_stale()
