"""Background tasks (Celery; eager when no broker is configured).

Queueing happens after the commit and never fails the request that committed: a broker that
is down (or a recompute that fails in eager mode) is logged, and ``league.requeue_stale`` —
run by Celery beat (``CELERY_BEAT_SCHEDULE``) and once when a worker starts — queues again
every season whose snapshot is older than its last change, every import batch that
stopped moving (a broker outage, a worker killed mid-batch) and every what-if run that never started.
"""
from __future__ import annotations

import logging

from celery import shared_task
from celery.signals import worker_ready

# Celery's autodiscovery imports ``league.tasks``: the domains' tasks are registered from here.
from league.signals import requeue_requested
from league.standings.tasks import queue_season_recompute, stale_seasons
from league.transfer.tasks import queue_import_batch, stalled_batches
from league.whatif.tasks import queue_whatif_run, unstarted_runs  # also registers the what-if lab's task

logger = logging.getLogger(__name__)


@shared_task(name="league.requeue_stale")
def requeue_stale() -> dict:
    """Queue again what a broker outage or a crash left behind (see the module docstring)."""
    seasons = list(stale_seasons().values_list("pk", flat=True))
    batches = list(stalled_batches().values_list("pk", flat=True))
    runs = list(unstarted_runs().values_list("pk", flat=True))
    for season_id in seasons:
        queue_season_recompute(season_id)
    for batch_id in batches:
        queue_import_batch(batch_id)
    for run_id in runs:
        queue_whatif_run(run_id)
    if seasons or batches or runs:
        logger.warning("requeue_stale: seasons %s, import batches %s, what-if runs %s queued again",
                       seasons, batches, runs)
    summary = {"seasons": seasons, "batches": batches, "whatif_runs": runs}
    for receiver, result in requeue_requested.send_robust(sender=None):  # the layers above (notify's outbox)
        if isinstance(result, Exception):
            logger.error("requeue_stale: %s failed: %r", receiver, result)
        elif isinstance(result, dict):
            summary.update(result)
    return summary


@worker_ready.connect
def _requeue_on_worker_start(sender=None, **kwargs) -> None:
    """A worker that starts (after a crash, a deploy) picks up what was left behind."""
    try:
        requeue_stale.delay()
    except Exception:  # noqa: BLE001
        logger.exception("requeue_stale could not be queued at worker start")
