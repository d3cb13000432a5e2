"""The Tenhou import as a Celery task (eager without a broker).

Registered when imported: ``league.importers.batch_create`` imports it, and
``league.tasks`` should import it too so that a worker knows it.
"""
from __future__ import annotations

from celery import shared_task


@shared_task(name="league.import_tenhou6_batch")
def import_batch(batch_id: int, logs: list, mapping: dict, create_members: bool) -> dict:
    from league.importers import batch_run
    from league.models import ImportBatch

    batch = ImportBatch.objects.filter(pk=batch_id).first()
    if batch is None:
        return {"batch": batch_id, "missing": True}
    batch = batch_run(batch=batch, logs=[(n, log) for n, log in logs], mapping=mapping, create_members=create_members)
    return {"batch": batch.pk, "done": batch.done, "errors": len(batch.errors)}
