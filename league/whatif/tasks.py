"""The what-if lab's Celery task (eager without a broker); ``league.tasks`` imports this module."""
from __future__ import annotations

from celery import shared_task


@shared_task(name="league.whatif_run")
def whatif_run(run_id: int) -> dict:
    from league.whatif.services import run_execute

    run = run_execute(run_id=run_id)
    if run is None:
        return {"run": run_id, "missing": True}
    return {"run": run.pk, "status": run.status, "done": run.done, "total": run.total}
