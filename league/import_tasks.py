"""The Tenhou import as a Celery task (eager without a broker).

The batch row holds the logs, the nickname mapping and the options, so the task takes
only the batch id. ``league.tasks`` imports this module so that a worker knows the task.
"""
from __future__ import annotations

from celery import shared_task


@shared_task(name="league.import_tenhou6_batch")
def import_batch(batch_id: int) -> dict:
    from league.importers import batch_run
    from league.models import ImportBatch

    batch = ImportBatch.objects.filter(pk=batch_id).first()
    if batch is None:
        return {"batch": batch_id, "missing": True}
    batch = batch_run(
        batch=batch, logs=[(name, log) for name, log in batch.logs], mapping=batch.mapping,
        create_members=batch.create_members,
    )
    return {"batch": batch.pk, "done": batch.done, "errors": len(batch.errors)}
