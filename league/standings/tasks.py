"""The standings recompute as a Celery task (eager without a broker).

``league.standings.services.season_changed`` queues it on commit (importing it at the top as
``season_recompute_task``); the task imports its service inside its body.
"""
from __future__ import annotations

import datetime

from celery import shared_task
from django.db.models import F, Q
from django.utils import timezone

from core.queueing import send, starting
from league.models import Season

# A season changed this long ago whose snapshot is still older is stale (its recompute was lost).
STALE_SEASON_AFTER = datetime.timedelta(minutes=1)


@shared_task(name="league.season_recompute")
def season_recompute(season_id: int) -> None:
    """Update a season's standings snapshot (after a game finished, changed or was cancelled): the
    games just finished added to it, or a full recompute (``league.standings.services.standings_update``)."""
    from league.standings.services import standings_update

    starting(season_recompute, season_id)  # a change from now on queues it again (the season's update is gathered)
    standings_update(season_id=season_id)


def queue_season_recompute(season_id: int) -> bool:
    return send(season_recompute, season_id, "the standings recompute of season")


def stale_seasons(now: datetime.datetime | None = None):
    cutoff = (now or timezone.now()) - STALE_SEASON_AFTER
    return Season.objects.filter(standings_changed_at__lte=cutoff).filter(
        Q(standings_snapshot__isnull=True) | Q(standings_snapshot__computed_at__lt=F("standings_changed_at"))
    )
