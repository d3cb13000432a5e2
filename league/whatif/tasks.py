"""The what-if lab's Celery task (eager without a broker); Celery finds it (``config/celery_app.py``)."""
from __future__ import annotations

import datetime

from celery import shared_task
from django.utils import timezone

from core.queueing import send

UNSTARTED_AFTER = datetime.timedelta(minutes=1)
"""A run still pending this long after it was made was lost on its way (a broker outage): queued again."""


@shared_task(name="league.whatif_run")
def whatif_run(run_id: int) -> dict:
    from league.whatif.services import run_execute

    run = run_execute(run_id=run_id)
    if run is None:
        return {"run": run_id, "missing": True}
    return {"run": run.pk, "status": run.status, "done": run.done, "total": run.total}


def queue_whatif_run(run_id: int) -> bool:
    return send(whatif_run, run_id, "what-if run")


def unstarted_runs(now: datetime.datetime | None = None):
    from league.whatif.models import WhatIfRun

    cutoff = (now or timezone.now()) - UNSTARTED_AFTER
    return WhatIfRun.objects.filter(status=WhatIfRun.Status.PENDING, created_at__lte=cutoff)


@shared_task(name="league.season_preview_build")
def season_preview_build(season_id: int, changes: dict, key: str) -> dict:
    """A season settings page's preview of a ruleset change (``league.whatif.previews``), kept under ``key``."""
    from league.whatif.previews import preview_build

    value = preview_build(season_id=season_id, changes=changes, key=key)
    return {"season": season_id, "key": key, "built": value is not None}
