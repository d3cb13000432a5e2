"""Background tasks (Celery; eager when no broker is configured).

Queueing happens after the commit and never fails the request that committed: a broker that
is down (or a recompute that fails in eager mode) is logged, and ``league.requeue_stale`` —
run by Celery beat (``CELERY_BEAT_SCHEDULE``) and once when a worker starts — queues again
every season whose snapshot is older than its last change and every import batch that
stopped moving (a broker outage, a worker killed mid-batch).
"""
from __future__ import annotations

import datetime
import logging

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from league import import_tasks  # noqa: F401  (registers the Tenhou import task with workers)
from league.whatif import tasks as whatif_tasks  # noqa: F401  (registers the what-if lab's task)

logger = logging.getLogger(__name__)

# A pending or running import batch that has not moved for this long is stalled.
STALLED_AFTER = datetime.timedelta(minutes=5)
# A season changed this long ago whose snapshot is still older is stale (its recompute was lost).
STALE_SEASON_AFTER = datetime.timedelta(minutes=1)


@shared_task(name="league.season_recompute")
def season_recompute(season_id: int) -> None:
    """Recompute a season's standings snapshot (after a game finished, changed or was cancelled)."""
    from league.standings import standings_refresh

    standings_refresh(season_id=season_id)


def _send(task, arg: int, what: str) -> bool:
    """``task.delay(arg)``; a failure (broker down, or the eager task itself) is logged, not raised."""
    try:
        task.delay(arg)
    except Exception:  # noqa: BLE001 - after the commit nothing may fail the request
        logger.exception("Could not run or queue %s %s; league.requeue_stale will retry it.", what, arg)
        return False
    return True


def queue_season_recompute(season_id: int) -> bool:
    return _send(season_recompute, season_id, "the standings recompute of season")


def queue_import_batch(batch_id: int) -> bool:
    return _send(import_tasks.import_batch, batch_id, "import batch")


def season_recompute_on_commit(season_id: int) -> None:
    """Mark the season's standings changed (in this transaction) and recompute them on commit."""
    from league.models import Season

    Season.objects.filter(pk=season_id).update(standings_changed_at=timezone.now())
    if settings.CELERY_TASK_ALWAYS_EAGER and getattr(settings, "LEAGUE_RECOMPUTE_AFTER_RESPONSE", False):
        # No broker (the embedded default): not inside the host's request, but after its response.
        from league.middleware import after_response

        transaction.on_commit(lambda: after_response(("season_recompute", season_id),
                                                     lambda: queue_season_recompute(season_id)))
        return
    transaction.on_commit(lambda: queue_season_recompute(season_id))


def import_batch_on_commit(batch_id: int) -> None:
    transaction.on_commit(lambda: queue_import_batch(batch_id))


def stale_seasons(now: datetime.datetime | None = None):
    from league.models import Season

    cutoff = (now or timezone.now()) - STALE_SEASON_AFTER
    return Season.objects.filter(standings_changed_at__lte=cutoff).filter(
        Q(standings_snapshot__isnull=True) | Q(standings_snapshot__computed_at__lt=F("standings_changed_at"))
    )


def stalled_batches(now: datetime.datetime | None = None):
    from league.models import ImportBatch

    cutoff = (now or timezone.now()) - STALLED_AFTER
    moving = ImportBatch.objects.filter(status__in=[ImportBatch.Status.PENDING, ImportBatch.Status.RUNNING])
    return moving.filter(Q(progress_at__lte=cutoff) | Q(progress_at__isnull=True, created_at__lte=cutoff))


def batch_is_stalled(batch, now: datetime.datetime | None = None) -> bool:
    """Pending or running, and nothing moved for ``STALLED_AFTER`` (what the progress shows)."""
    from league.models import ImportBatch

    if batch.status not in (ImportBatch.Status.PENDING, ImportBatch.Status.RUNNING):
        return False
    last = batch.progress_at or batch.created_at
    return last <= (now or timezone.now()) - STALLED_AFTER


@shared_task(name="league.requeue_stale")
def requeue_stale() -> dict:
    """Queue again what a broker outage or a crash left behind (see the module docstring)."""
    seasons = list(stale_seasons().values_list("pk", flat=True))
    batches = list(stalled_batches().values_list("pk", flat=True))
    for season_id in seasons:
        queue_season_recompute(season_id)
    for batch_id in batches:
        queue_import_batch(batch_id)
    if seasons or batches:
        logger.warning("requeue_stale: seasons %s, import batches %s queued again", seasons, batches)
    return {"seasons": seasons, "batches": batches}


@worker_ready.connect
def _requeue_on_worker_start(sender=None, **kwargs) -> None:
    """A worker that starts (after a crash, a deploy) picks up what was left behind."""
    try:
        requeue_stale.delay()
    except Exception:  # noqa: BLE001
        logger.exception("requeue_stale could not be queued at worker start")
