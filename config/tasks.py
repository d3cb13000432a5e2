"""The project's sweep task (Celery; eager when no broker is configured): it looks across every domain, so
it lives in the project's wiring, above them all.

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

from league.standings.tasks import queue_season_recompute, stale_seasons
from league.transfer.tasks import queue_import_batch, stalled_batches
from league.whatif.tasks import queue_whatif_run, unstarted_runs
from notify import delivery

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
    try:
        summary.update(delivery.requeue_stale())  # notify's outbox: sends a crash or an outage left behind
    except Exception:  # the league's sweep above still counts
        logger.exception("requeue_stale: the notification outbox could not be swept")
    return summary


@worker_ready.connect
def _requeue_on_worker_start(sender=None, **kwargs) -> None:
    """A worker that starts (after a crash, a deploy) picks up what was left behind."""
    try:
        requeue_stale.delay()
    except Exception:
        logger.exception("requeue_stale could not be queued at worker start")
