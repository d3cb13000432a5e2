"""The Tenhou import as a Celery task (eager without a broker).

The batch row holds the logs, the nickname mapping and the options, so the task takes
only the batch id. ``league.tasks`` imports this module so that a worker knows the task.
``league.transfer.tenhou6.batch_submit`` queues it on commit (importing it at the top as
``import_batch_task``); the task imports its service inside its body.
"""
from __future__ import annotations

import datetime

from celery import shared_task
from django.db.models import Q
from django.utils import timezone

from league.models import ImportBatch
from league.queueing import send

# A pending or running import batch that has not moved for this long is stalled.
STALLED_AFTER = datetime.timedelta(minutes=5)


@shared_task(name="league.import_tenhou6_batch")
def import_batch(batch_id: int) -> dict:
    from league.transfer.tenhou6 import batch_run
    batch = ImportBatch.objects.filter(pk=batch_id).first()
    if batch is None:
        return {"batch": batch_id, "missing": True}
    batch = batch_run(
        batch=batch, logs=[(name, log) for name, log in batch.logs], mapping=batch.mapping,
        create_members=batch.create_members,
    )
    return {"batch": batch.pk, "done": batch.done, "errors": len(batch.errors)}


def queue_import_batch(batch_id: int) -> bool:
    return send(import_batch, batch_id, "import batch")


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
