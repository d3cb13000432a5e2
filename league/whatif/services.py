"""What-if runs: create one (checked, audited, queued) and execute it (progress on the row).

A run changes no league data; it is audited like every write (object type "whatif", through the one
writer ``core.audit``) so the club sees who compared what. It is queued by the one policy
(``core.queueing``): after the commit, never failing the request; with the broker unreachable it runs
here instead, so the admin still gets the comparison (only slower).
"""
from __future__ import annotations

from datetime import timedelta

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from core.audit import audit
from core.models import AuditEntry
from core.queueing import on_commit
from league import permissions
from league.models import Season
from league.permissions import Action
from league.whatif.models import WhatIfRun
from league.whatif.selectors import Proposal, ProposalError, check_proposal, compare
from league.whatif.tasks import whatif_run as whatif_run_task

RESUBMIT_WINDOW = timedelta(seconds=30)
"""The same proposal submitted again within this time returns the run already made."""
PROGRESS_EVERY = 20
"""Write the progress to the row every this many games (and at the end)."""


@transaction.atomic
def run_create(*, season: Season, proposal: Proposal, by, run: bool = True) -> WhatIfRun:
    """Record a run of ``proposal`` on ``season`` and queue its task once committed (eager without a broker).

    ``by=None`` is the system (the management command). Refuses a proposal that is not a valid
    ruleset or rating (``ProposalError`` with the engine's reason) and users who may not manage the league.
    """
    if by is not None and not permissions.can(by, Action.MANAGE_LEAGUE, club=season.club):
        raise PermissionDenied("Only the club's admins may run the what-if lab.")
    check_proposal(proposal)
    actor = by if getattr(by, "is_authenticated", False) else None
    # A double tap (or Back + resubmit) shortly after: the same run, not a second one. The season
    # row is locked so that two devices submitting at once queue one run.
    Season.objects.select_for_update().filter(pk=season.pk).first()
    recent = (WhatIfRun.objects.filter(season=season, created_by=actor, proposal=proposal.to_json(),
                                       created_at__gte=timezone.now() - RESUBMIT_WINDOW)
              .exclude(status=WhatIfRun.Status.FAILED).order_by("-created_at", "-pk").first())
    if recent is not None:
        return recent
    total = season.games.filter(status="finished").count()
    whatif = WhatIfRun.objects.create(season=season, created_by=actor, proposal=proposal.to_json(), total=total)
    audit(club=season.club, by=by, action=AuditEntry.Action.CREATE, object_type="whatif", object_id=whatif.pk,
          after={"season": season.pk, **proposal.to_json()})
    if run:
        on_commit(whatif_run_task, whatif.pk, "what-if run", run_here_if_unreachable=True)
    return whatif


def run_execute(*, run_id: int) -> WhatIfRun | None:
    """Compare the run's season under its proposal, counting progress on the row; store the result."""
    whatif = WhatIfRun.objects.select_related("season__ruleset", "season__club").filter(pk=run_id).first()
    if whatif is None:
        return None
    WhatIfRun.objects.filter(pk=run_id).update(status=WhatIfRun.Status.RUNNING, done=0)

    def progress(done: int, total: int) -> None:
        if done == total or done % PROGRESS_EVERY == 0:
            WhatIfRun.objects.filter(pk=run_id).update(done=done, total=max(total, done))

    try:
        result = compare(whatif.season, Proposal.from_json(whatif.proposal), progress=progress)
    except ProposalError as exc:  # the engine changed since the run was queued
        WhatIfRun.objects.filter(pk=run_id).update(status=WhatIfRun.Status.FAILED, error=exc.message,
                                                   finished_at=timezone.now())
    else:
        WhatIfRun.objects.filter(pk=run_id).update(
            status=WhatIfRun.Status.DONE, result=result.to_json(), total=result.games, done=result.games,
            finished_at=timezone.now(),
        )
    whatif.refresh_from_db()
    return whatif


__all__ = ["run_create", "run_execute"]
