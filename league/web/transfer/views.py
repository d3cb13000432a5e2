"""A season's files page and the download of a file the worker built (``league.transfer.exports``).

Thin: the service asks for a file, the selector lists them; the download checks the reader's right to
that kind of file in the season's club on every request and streams the stored file.
"""
from __future__ import annotations

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from core.once import AlreadyDone
from core.web import entry_once, refuse
from league import permissions
from league.models import Season, SeasonExport
from league.transfer import exports

KIND_URLS = {
    SeasonExport.Kind.HANDS: "/api/seasons/{}/csv/hands/",
    SeasonExport.Kind.GAMES: "/api/seasons/{}/csv/games/",
    SeasonExport.Kind.SEASON: "/api/seasons/{}/export/?format=json",
}
"""The streamed answers of a season small enough for the request (``league/api/imports.py``)."""


def _kinds(request: HttpRequest, season: Season) -> list[dict]:
    return [{"kind": kind, "label": kind.label, "direct": KIND_URLS[kind].format(season.pk)}
            for kind in SeasonExport.Kind if exports.may_fetch(request.user, season=season, kind=kind)]


@login_required
@never_cache
def season_files(request: HttpRequest, season_id: int) -> HttpResponse:
    """GET: the season's files (a small season's links, a large one's builds with progress); POST: build one."""
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    kinds = _kinds(request, season)
    if not kinds:
        return refuse(request, hide=permissions.outsider(request.user, season.club))
    if request.method == "POST":
        kind = request.POST.get("kind", "")
        if kind not in {k["kind"] for k in kinds}:
            messages.error(request, _("Choose one of the files on this page."))
            return redirect("league:season_files", season.pk)
        try:
            exports.export_request(season=season, kind=kind, by=request.user, once=entry_once(request))
        except AlreadyDone:
            messages.info(request, _("This file was already asked for; it is below."))
        else:
            messages.success(request, _("The file is being prepared: this page shows when it is ready."))
        return redirect("league:season_files", season.pk)
    files = exports.season_exports(season, request.user)
    return render(request, "league/transfer/files.html", {
        "season": season, "kinds": kinds, "in_worker": exports.builds_in_worker(season), "files": files,
        "preparing": any(f.status in (SeasonExport.Status.PENDING, SeasonExport.Status.RUNNING) for f in files),
    })


@login_required
def export_download(request: HttpRequest, export_id: int) -> HttpResponse:
    """The built file, to a user allowed to read that kind of file in its club (others: 404 / login)."""
    export = get_object_or_404(SeasonExport.objects.select_related("season__club"), pk=export_id)
    if not exports.may_fetch(request.user, season=export.season, kind=export.kind):
        return refuse(request, hide=permissions.outsider(request.user, export.season.club))
    if export.expires_at is not None and export.expires_at <= timezone.now():
        return render(request, "league/transfer/not_ready.html", {
            "season": export.season, "message": _("This file has expired and was removed. Ask for it again.")},
            status=HTTPStatus.GONE)
    if export.status != SeasonExport.Status.READY or not export.file:
        return render(request, "league/transfer/not_ready.html", {
            "season": export.season, "message": _("This file is not ready yet (preparing).")},
            status=HTTPStatus.CONFLICT)
    try:
        stored = export.file.open("rb")
    except FileNotFoundError:
        raise Http404 from None
    response = FileResponse(stored, as_attachment=True, filename=export.download_name(),
                            content_type="application/json" if export.kind == SeasonExport.Kind.SEASON
                            else "text/csv; charset=utf-8")
    response["Cache-Control"] = "private, no-store"
    return response


__all__ = ["export_download", "season_files"]
