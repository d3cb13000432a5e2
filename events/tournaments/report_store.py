"""The tournament report's PDF and PNG, built once per version of their data and served as files
(issue 35, item 1).

Drawing them takes seconds at a large tournament (200 entrants, 4 rounds: the PNG ~4 MB), so a request
never draws: it serves the file of the current version when it is there, and otherwise asks the worker
to build it (``events.tournament_report_build``) and answers "being prepared" (the page reloads). One
build per version at a time (a cache lock); a new version (a result, a penalty, a withdrawal, the cut:
``selectors.board_version``) makes a new file and the older ones of that tournament are removed. On the
embedded default (no broker: tasks run eagerly) the build runs in the request that asked first.

Files: ``MEDIA_ROOT/tournament-reports/<id>/<version>-<language>.<kind>``.
"""
from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from events.tournaments import selectors
from events.tournaments.models import Tournament

logger = logging.getLogger(__name__)

KINDS = ("pdf", "png")
FORMAT = "2"  # bump when the drawing changes: every stored file is then out of date
BUILD_LOCK_SECONDS = 300
RETRY_SECONDS = 3


def _folder(tournament_id: int) -> Path:
    return Path(settings.MEDIA_ROOT) / "tournament-reports" / str(tournament_id)


def version(tournament: Tournament) -> str:
    """The version of what the report shows (its results, penalties, entrants, name and cut)."""
    parts = [FORMAT, selectors.board_version(tournament), tournament.name, tournament.status,
             str(tournament.finalists), tournament.season_id]
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:20]


def file_path(tournament: Tournament, kind: str, lang: str, ver: str | None = None) -> Path:
    return _folder(tournament.pk) / f"{ver or version(tournament)}-{lang}.{kind}"


def ready_file(tournament: Tournament, kind: str, lang: str) -> Path | None:
    """The stored file of the current version, or None."""
    path = file_path(tournament, kind, lang)
    return path if path.exists() else None


def report_build(*, tournament_id: int, kind: str, lang: str) -> Path | None:
    """Draw the report's ``kind`` file for the tournament's current version (the worker's task), write it
    whole (a temporary file renamed), and remove the tournament's older files of that kind and language."""
    from events.tournaments import report_files
    from events.tournaments.report_data import report_context

    tournament = (Tournament.objects.select_related("club", "ruleset", "season").filter(pk=tournament_id).first())
    if tournament is None or kind not in KINDS:
        return None
    ver = version(tournament)
    path = file_path(tournament, kind, lang, ver)
    try:
        if path.exists():
            return path
        with translation.override(lang):
            sheet = report_files.report_sheet(report_context(tournament))
            body = report_files.sheet_pdf(sheet) if kind == "pdf" else report_files.sheet_png(sheet)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".building-")
        with os.fdopen(fd, "wb") as f:
            f.write(body)
        os.replace(tmp, path)
        for old in path.parent.glob(f"*-{lang}.{kind}"):
            if old != path:
                old.unlink(missing_ok=True)
        return path
    finally:
        cache.delete(_lock_key(tournament_id, kind, lang, ver))


def _lock_key(tournament_id: int, kind: str, lang: str, ver: str) -> str:
    return f"tournament-report-build:{tournament_id}:{ver}:{lang}:{kind}"


def request_report(tournament: Tournament, kind: str, lang: str) -> Path | None:
    """The current file if it is there; otherwise queue its build once (others asking meanwhile find the
    lock taken) and return the file if the build already ran (eager tasks), else None: "being prepared"."""
    path = ready_file(tournament, kind, lang)
    if path is not None:
        return path
    key = _lock_key(tournament.pk, kind, lang, version(tournament))
    try:
        first = cache.add(key, 1, timeout=BUILD_LOCK_SECONDS)
    except Exception:
        logger.warning("report build lock: the cache is unavailable", exc_info=True)
        first = True
    if first:
        from events.tournaments.tasks import tournament_report_build

        try:
            tournament_report_build.delay(tournament.pk, kind, lang)
        except Exception:
            logger.exception("Could not queue the report of tournament %s (%s)", tournament.pk, kind)
            cache.delete(key)
    return ready_file(tournament, kind, lang)
