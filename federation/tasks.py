"""The federation's updates as Celery tasks (eager without a broker), queued by ``federation.receivers`` once the
change commits (``core.queueing.on_commit``: a broker that is down is logged, never failing the request that
finished the tournament or the game). Each task imports its service inside its body."""
from __future__ import annotations

from celery import shared_task


@shared_task(name="federation.tournament_changed")
def tournament_changed(tournament_id: int) -> None:
    from events.tournaments.models import Tournament
    from federation.services import tournament_results_changed

    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is not None:
        tournament_results_changed(tournament=tournament)


@shared_task(name="federation.game_finished")
def game_finished(game_id: int) -> None:
    from federation import services
    from federation.models import FederationClub
    from league.models import Game

    game = Game.objects.filter(pk=game_id).first()
    if game is not None and FederationClub.objects.filter(club_id=game.club_id).exists():
        services.game_finished(game=game)


@shared_task(name="federation.season_results_changed")
def season_results_changed(season_id: int) -> None:
    from federation import services

    services.season_results_changed(season_id=season_id)


@shared_task(name="federation.record_moved")
def record_moved(member_id: int) -> None:
    from federation import services

    services.record_moved(member_id=member_id)


@shared_task(name="federation.rankings_refresh")
def rankings_refresh() -> list[int]:
    """Beat's hourly check (``CELERY_BEAT_SCHEDULE``): the MERS seasons whose results aged since they were
    computed (each once a day), and the seasons marked changed, are computed again."""
    from federation import services

    return services.rankings_refresh()
