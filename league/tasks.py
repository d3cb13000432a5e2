"""Background tasks (Celery; eager when no broker is configured)."""
from __future__ import annotations

from celery import shared_task

from league import import_tasks  # noqa: F401  (registers the Tenhou import task with workers)
from league.whatif import tasks as whatif_tasks  # noqa: F401  (registers the what-if lab's task)


@shared_task(name="league.season_recompute")
def season_recompute(season_id: int) -> None:
    """Recompute a season's standings snapshot (after a game finished, changed or was cancelled)."""
    from league.standings import standings_refresh

    standings_refresh(season_id=season_id)
