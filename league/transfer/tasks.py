"""The Tenhou import as a Celery task (eager without a broker).

The batch row holds the logs, the nickname mapping and the options, so the task takes
only the batch id. ``config/celery_app.py`` names this package so that a worker knows the task.
``league.transfer.tenhou6.batch_submit`` queues it on commit (importing it at the top as
``import_batch_task``); the task imports its service inside its body.
"""
from __future__ import annotations

import datetime

from celery import shared_task
from django.db.models import Q
from django.utils import timezone

from core.queueing import send
from league.models import ImportBatch

# A pending or running import batch that has not moved for this long is stalled: its worker died
# (a live one marks progress before and after every log, and one log takes seconds). The running
# worker's claim (``claim_batch``) keeps a requeued or redelivered message from running it twice.
STALLED_AFTER = datetime.timedelta(seconds=60)


@shared_task(name="league.import_tenhou6_batch")
def import_batch(batch_id: int) -> dict:
    from league.transfer.tenhou6 import batch_run
    batch = ImportBatch.objects.filter(pk=batch_id).first()
    if batch is None:
        return {"batch": batch_id, "missing": True}
    if not claim_batch(batch_id):
        return {"batch": batch_id, "skipped": True}  # another worker is running it, or it is finished
    batch = batch_run(
        batch=batch, logs=[(name, log) for name, log in batch.logs], mapping=batch.mapping,
        create_members=batch.create_members,
    )
    return {"batch": batch.pk, "done": batch.done, "errors": len(batch.errors)}


def queue_import_batch(batch_id: int) -> bool:
    return send(import_batch, batch_id, "import batch")


def claim_batch(batch_id: int, now: datetime.datetime | None = None) -> bool:
    """Take the batch for this worker: pending, or running but stalled (its worker died). One
    conditional UPDATE: of two workers given the same batch at once, only one gets it."""
    now = now or timezone.now()
    cutoff = now - STALLED_AFTER
    takeable = Q(status=ImportBatch.Status.PENDING) | Q(
        Q(status=ImportBatch.Status.RUNNING)
        & (Q(progress_at__lte=cutoff) | Q(progress_at__isnull=True, created_at__lte=cutoff)))
    return bool(ImportBatch.objects.filter(takeable, pk=batch_id)
                .update(status=ImportBatch.Status.RUNNING, progress_at=now))


def stalled_batches(now: datetime.datetime | None = None):
    cutoff = (now or timezone.now()) - STALLED_AFTER
    moving = ImportBatch.objects.filter(status__in=[ImportBatch.Status.PENDING, ImportBatch.Status.RUNNING])
    return moving.filter(Q(progress_at__lte=cutoff) | Q(progress_at__isnull=True, created_at__lte=cutoff))


def batch_is_stalled(batch, now: datetime.datetime | None = None) -> bool:
    """Pending or running, and nothing moved for ``STALLED_AFTER`` (what the progress shows)."""
    if batch.status not in (ImportBatch.Status.PENDING, ImportBatch.Status.RUNNING):
        return False
    last = batch.progress_at or batch.created_at
    return last <= (now or timezone.now()) - STALLED_AFTER


# --- season files built in the worker (league.transfer.exports) -----------------------------------------
@shared_task(name="league.season_export_build")
def season_export_build(export_id: int) -> dict:
    from league.transfer.exports import export_build

    export = export_build(export_id=export_id)
    if export is None:
        return {"export": export_id, "skipped": True}  # gone, or another worker has it
    return {"export": export.pk, "status": export.status, "size": export.size}


@shared_task(name="league.season_exports_cleanup")
def season_exports_cleanup() -> dict:
    """Beat, hourly: remove the files past their time; queue again a build whose worker died."""
    from league.transfer.exports import exports_cleanup

    return exports_cleanup()
