"""A real Celery worker on Redis runs a what-if run and leaves its progress and result on the row."""
from __future__ import annotations

import pytest
from celery import Celery

from league.whatif import services as whatif_services
from league.whatif.models import WhatIfRun
from league.whatif.selectors import Proposal
from tests.workers import wait_for_worker

pytestmark = [pytest.mark.celery_worker, pytest.mark.waits, pytest.mark.postgres,
              pytest.mark.django_db(transaction=True)]


def test_worker_runs_the_whatif_lab(whatif_season, broker_url, worker):
    proposal = Proposal(ruleset={"base": "juki-agit-2026", "overrides": {"tobi": False}})
    run = whatif_services.run_create(season=whatif_season, by=None, run=False, proposal=proposal)
    assert (run.status, run.total, run.done) == ("pending", 2, 0)
    Celery(broker=broker_url, set_as_current=False).send_task("league.whatif_run", args=[run.pk])
    run = wait_for_worker(worker, lambda: WhatIfRun.objects.filter(pk=run.pk, status=WhatIfRun.Status.DONE).first(),
                          what="finish the run")
    assert (run.done, run.total) == (2, 2)
    assert [g["table_label"] for g in run.result["invalid"]] == ["G1"]
