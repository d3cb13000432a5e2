"""The standings' answers to the signals of the layers below them (connected in ``league.apps``):
games and seasons say a season's results changed; the standings are marked stale in that
transaction and updated on commit (``services.season_changed``)."""
from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from league.signals import season_results_changed
from league.standings import services


@receiver(season_results_changed, dispatch_uid="league.standings.season_results_changed")
def mark_season_changed(sender, *, season_id: int, game_finished: bool = False, **kwargs: Any) -> None:
    services.season_changed(season_id, game_finished=game_finished)
