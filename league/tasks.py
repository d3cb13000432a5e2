"""Background tasks (Celery; eager when no broker is configured)."""
from __future__ import annotations

import logging

from celery import shared_task

logger = logging.getLogger(__name__)


@shared_task(name="league.season_recompute")
def season_recompute(season_id: int) -> None:
    """Recompute a season's standings snapshot (after a game finished, changed or was cancelled).

    The work is ``league.standings.standings_refresh``. Until that module exists the task
    still records that it ran: the snapshot's ``computed_at`` and ``games_count``.
    """
    try:
        from league.standings import standings_refresh
    except ModuleNotFoundError as exc:
        if exc.name != "league.standings":
            raise
        _touch_snapshot(season_id)
        return
    standings_refresh(season_id=season_id)


def _touch_snapshot(season_id: int) -> None:
    from django.utils import timezone

    from league.models import Game, Season, StandingsSnapshot

    if not Season.objects.filter(pk=season_id).exists():
        logger.warning("season_recompute: season %s is gone", season_id)
        return
    count = Game.objects.filter(season_id=season_id, status=Game.Status.FINISHED).count()
    StandingsSnapshot.objects.update_or_create(
        season_id=season_id, defaults={"computed_at": timezone.now(), "games_count": count}
    )
