"""What the federation does when the layers below announce a change (connected in ``federation.apps``).

Each receiver only schedules its work for after the commit (the change may still roll back) and returns
nothing: a tournament finished → its shared results are stored again and the MERS seasons update the persons
in it; a game finished → the rating seasons it is shared with apply it; a season's results changed → the
rating seasons recompute whole (and a finished tournament's results are stored again)."""
from __future__ import annotations

from typing import Any

from django.db import transaction
from django.dispatch import receiver

from events.signals import tournament_finished
from federation import services
from federation.models import FederationClub
from league.signals import game_finished, season_results_changed


def _shares(club_id: int) -> bool:
    return FederationClub.objects.filter(club_id=club_id).exists()


@receiver(tournament_finished, dispatch_uid="federation.tournament_finished")
def record_finished_tournament(sender, *, tournament, **kwargs: Any) -> None:
    if _shares(tournament.club_id):
        transaction.on_commit(lambda: services.tournament_results_changed(tournament=tournament))


@receiver(game_finished, dispatch_uid="federation.game_finished")
def add_finished_game(sender, *, game, **kwargs: Any) -> None:
    if _shares(game.club_id):
        transaction.on_commit(lambda: services.game_finished(game=game))


@receiver(season_results_changed, dispatch_uid="federation.season_results_changed")
def recompute_changed_season(sender, *, season_id: int, **kwargs: Any) -> None:
    from league.models import Season

    club_id = Season.objects.filter(pk=season_id).values_list("club_id", flat=True).first()
    if club_id is not None and _shares(club_id):
        transaction.on_commit(lambda: services.season_results_changed(season_id=season_id))
