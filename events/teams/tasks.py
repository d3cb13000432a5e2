"""The team league's beat task: line-ups close on their own at the deadline (``CELERY_BEAT_SCHEDULE``)."""
from __future__ import annotations

from celery import shared_task


@shared_task(name="events.team_lineups_due")
def team_lineups_due() -> list[int]:
    """Close the line-ups of every match day past its deadline; the ids of the days closed."""
    from events.teams import services

    return [day.pk for day in services.lineups_close_due()]
