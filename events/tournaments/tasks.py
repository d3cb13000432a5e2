"""The tournaments' background task: drawing a report's file (Celery finds it: ``config/celery_app.py``)."""
from __future__ import annotations

from celery import shared_task


@shared_task(name="events.tournament_report_build")
def tournament_report_build(tournament_id: int, kind: str, lang: str) -> str:
    """Draw a tournament report's PDF or PNG for its current version (``report_store.report_build``)."""
    from events.tournaments import report_store

    path = report_store.report_build(tournament_id=tournament_id, kind=kind, lang=lang)
    return str(path or "")
