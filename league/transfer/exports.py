"""A season's files built in the Celery worker (issue 22, item 7).

The hands CSV, the games CSV and the season export stream from the request (``league/api/imports.py``),
but a sync web worker is stopped after 30 s: a season of 10,000 games takes longer (the hands CSV:
69 s on SQLite, 30 s on PostgreSQL). A season of more than ``LEAGUE_EXPORT_SYNC_MAX_GAMES`` games is
therefore asked for on the season's files page (``export_request``): a ``SeasonExport`` row is made,
and after the commit the worker (``league.season_export_build``) writes the same bytes the request
would have streamed into the default storage under ``exports/`` (``MEDIA_ROOT``; never a static URL),
counting the games done on the row. The page shows the progress, then a link to the download view,
which checks the reader's right to that kind of file in the season's club each time.

A file is kept ``LEAGUE_EXPORT_KEEP_HOURS`` (the link answers 410 after), then removed with its row by
``exports_cleanup`` (beat, hourly, and the season's expired ones whenever a file is asked for), which
also queues again a build whose message was lost (broker down) or whose worker died.
"""
from __future__ import annotations

import datetime
import logging
import tempfile
from collections.abc import Callable, Iterator

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core.once import Once, claim_key, mark_claimed
from core.queueing import on_commit, send
from league import permissions
from league.models import Game, Season, SeasonExport
from league.permissions import Action
from league.transfer.tasks import season_export_build as season_export_build_task

logger = logging.getLogger(__name__)

KIND_ACTION = {
    SeasonExport.Kind.HANDS: Action.VIEW_CLUB,
    SeasonExport.Kind.GAMES: Action.VIEW_CLUB,
    SeasonExport.Kind.SEASON: Action.MANAGE_LEAGUE,
}
"""Who may ask for and fetch each kind: the same right as its streamed API answer."""

STALLED_AFTER = datetime.timedelta(minutes=5)
"""A build that has not moved for this long lost its message or its worker (a chunk of games takes seconds)."""


def may_fetch(user, *, season: Season, kind: str) -> bool:
    return permissions.can(user, KIND_ACTION[SeasonExport.Kind(kind)], club=season.club)


def builds_in_worker(season: Season) -> bool:
    """More games than a request may stream within the web worker's timeout (``LEAGUE_EXPORT_SYNC_MAX_GAMES``)."""
    return Game.objects.filter(season=season).count() > settings.LEAGUE_EXPORT_SYNC_MAX_GAMES


def season_exports(season: Season, user) -> list[SeasonExport]:
    """The season's files the user may fetch, not expired, newest first."""
    kinds = [kind for kind in SeasonExport.Kind if may_fetch(user, season=season, kind=kind)]
    return list(SeasonExport.objects.filter(season=season, kind__in=kinds)
                .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now())))


@transaction.atomic
def export_request(*, season: Season, kind: str, by, once: Once | None = None) -> SeasonExport:
    """Ask for the season's file of ``kind``; the worker builds it after the commit (eager: at once).

    Refuses (``PermissionDenied``) a user without the kind's right. A build of the same file still
    pending or running is returned instead of a second one (three organisers asking at once queue one
    build); ``once``, the form's entry token, makes Back + resubmit return the first request
    (``AlreadyDone``).
    """
    kind = SeasonExport.Kind(kind)
    if not may_fetch(by, season=season, kind=kind):
        raise PermissionDenied(_("You may not export this file of the season."))
    claim = claim_key(once, scope="season_export", by=by)
    Season.objects.select_for_update().filter(pk=season.pk).first()  # two devices at once: one build
    _remove(SeasonExport.objects.filter(season=season, expires_at__lte=timezone.now()))
    export = SeasonExport.objects.filter(
        season=season, kind=kind, status__in=[SeasonExport.Status.PENDING, SeasonExport.Status.RUNNING]).first()
    if export is None:
        export = SeasonExport.objects.create(
            season=season, kind=kind, requested_by=by if getattr(by, "is_authenticated", False) else None,
            total=Game.objects.filter(season=season).count())
        on_commit(season_export_build_task, export.pk, "season export")
    mark_claimed(claim, export, "season_export")
    return export


def _chunks(export: SeasonExport, on_chunk: Callable[[int], None]) -> Iterator[bytes]:
    """The same bytes the request streams for this kind (``league/api/imports.py``)."""
    from league.transfer.csv import games_csv_chunks, hands_csv_chunks
    from league.transfer.season_file import export_season_chunks

    if export.kind == SeasonExport.Kind.HANDS:
        return hands_csv_chunks(export.season, on_chunk)
    if export.kind == SeasonExport.Kind.GAMES:
        return games_csv_chunks(export.season, on_chunk)
    return export_season_chunks(export.season, on_chunk=on_chunk)


def _claim(export_id: int) -> bool:
    """Take the build for this worker: one conditional UPDATE, so a message delivered twice builds once."""
    return bool(SeasonExport.objects.filter(pk=export_id, status=SeasonExport.Status.PENDING)
                .update(status=SeasonExport.Status.RUNNING, done=0, progress_at=timezone.now()))


def export_build(*, export_id: int) -> SeasonExport | None:
    """Write the file (the worker's task); None when the row is gone or another worker has it.

    Not one transaction: the progress must be seen while it runs, and a long read holds no lock.
    A failure is kept on the row (the page says so, and the organiser asks again).
    """
    if not _claim(export_id):
        return None
    export = SeasonExport.objects.select_related("season__club").get(pk=export_id)

    def progress(games: int) -> None:
        SeasonExport.objects.filter(pk=export_id).update(done=F("done") + games, progress_at=timezone.now())

    try:
        with tempfile.TemporaryFile() as spool:
            size = 0
            for piece in _chunks(export, progress):
                spool.write(piece)
                size += len(piece)
            spool.seek(0)
            name = default_storage.save(export_file_name_for(export), File(spool))
    except Exception as exc:  # kept on the row, for the page; the worker goes on
        logger.exception("season export %s failed", export_id)
        SeasonExport.objects.filter(pk=export_id).update(
            status=SeasonExport.Status.FAILED, error=f"{exc.__class__.__name__}: {exc}"[:2000],
            finished_at=timezone.now())
    else:
        now = timezone.now()
        if not SeasonExport.objects.filter(pk=export_id).update(
                status=SeasonExport.Status.READY, file=name, size=size, finished_at=now, progress_at=now,
                expires_at=now + datetime.timedelta(hours=settings.LEAGUE_EXPORT_KEEP_HOURS)):
            default_storage.delete(name)  # the row was removed while the file was written
            return None
        SeasonExport.objects.filter(pk=export_id, done__lt=F("total")).update(done=F("total"))
    return SeasonExport.objects.filter(pk=export_id).first()


def export_file_name_for(export: SeasonExport) -> str:
    """The storage name (``SeasonExport.file``'s ``upload_to``: private, per club, unguessable)."""
    return export._meta.get_field("file").generate_filename(export, export.download_name())


def _remove(exports) -> int:
    removed = 0
    for export in exports:
        if export.file:
            default_storage.delete(export.file.name)
        export.delete()
        removed += 1
    return removed


def exports_cleanup(*, now: datetime.datetime | None = None) -> dict:
    """Remove every file past its time (and a failed build's row as long after); queue again a build
    that stopped moving (``STALLED_AFTER``: its message or its worker was lost)."""
    now = now or timezone.now()
    keep = datetime.timedelta(hours=settings.LEAGUE_EXPORT_KEEP_HOURS)
    removed = _remove(SeasonExport.objects.filter(
        Q(expires_at__lte=now) | Q(status=SeasonExport.Status.FAILED, finished_at__lte=now - keep)))
    cutoff = now - STALLED_AFTER
    moving = SeasonExport.objects.filter(status__in=[SeasonExport.Status.PENDING, SeasonExport.Status.RUNNING])
    stalled = list(moving.filter(Q(progress_at__lte=cutoff) | Q(progress_at__isnull=True, created_at__lte=cutoff))
                   .values_list("pk", flat=True))
    for export_id in stalled:
        SeasonExport.objects.filter(pk=export_id).update(status=SeasonExport.Status.PENDING, progress_at=now)
        send(season_export_build_task, export_id, "season export")
    if removed or stalled:
        logger.info("season exports: %s removed, %s queued again", removed, stalled)
    return {"removed": removed, "requeued": stalled}
