"""The tournament report (issue 26 item 5): one printable page, Korean first — final standings, the
cut, each round's tables, the awards and the penalties. Every number is read where the results page
reads it (``events.tournaments.standings``/``selectors``) and the awards where the league stores them
(the tournament's season's standings: ``league.standings``). The same context is drawn as a PDF and a
PNG for sharing (``report_files``)."""
from __future__ import annotations

from http import HTTPStatus

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.html import escape
from django.utils.http import content_disposition_header
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from club.web import throttle
from events import access
from events.tournaments import report_store
from events.tournaments.models import Tournament
from events.tournaments.report_data import report_context


def _viewable(request: HttpRequest, pk: int) -> Tournament | HttpResponse:
    tournament = get_object_or_404(Tournament.objects.select_related("club", "ruleset", "season"), pk=pk)
    if not access.can_view_tournament(request.user, tournament):  # as the results page: 결과 공개 or members
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    return tournament


@require_GET
def report(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _viewable(request, pk)
    if isinstance(tournament, HttpResponse):
        return tournament
    return render(request, "events/tournaments/report.html", report_context(tournament))


def _file(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """The report's file, built by the worker once per version of its data (``report_store``): served from
    its file; "being prepared" (202, the page reloads) until it is built; 429 past the member's limit."""
    tournament = _viewable(request, pk)
    if isinstance(tournament, HttpResponse):
        return tournament
    if throttle.blocked(request, throttle.RENDERS):
        return too_many(request)
    throttle.hit(request, throttle.RENDERS)
    path = report_store.request_report(tournament, kind, get_language() or "ko")
    if path is None:
        return being_prepared(request)
    response = HttpResponse(path.read_bytes(), content_type="application/pdf" if kind == "pdf" else "image/png")
    # Inline: a phone opens it to look at or share; the name says which tournament it is.
    response["Content-Disposition"] = content_disposition_header(False, f"{tournament.name} 보고서.{kind}")
    response["Cache-Control"] = "private, no-cache"
    return response


@require_GET
def report_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    return _file(request, pk, "pdf")


@require_GET
def report_png(request: HttpRequest, pk: int) -> HttpResponse:
    return _file(request, pk, "png")


def being_prepared(request: HttpRequest) -> HttpResponse:
    """202: the file is being built; the page asks again in a few seconds."""
    text = escape(_("The report is being prepared. This page reloads in a few seconds."))
    response = HttpResponse(f'<!doctype html><html lang="{get_language() or "ko"}"><meta charset="utf-8">'
                            f'<meta http-equiv="refresh" content="{report_store.RETRY_SECONDS}"><p>{text}</p></html>',
                            status=HTTPStatus.ACCEPTED)
    response["Retry-After"] = str(report_store.RETRY_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def too_many(request: HttpRequest) -> HttpResponse:
    """429: the member asked for report files too often (``club.web.throttle.RENDERS``)."""
    text = escape(_("Too many report downloads from this account. Wait a minute and try again."))
    response = HttpResponse(f'<!doctype html><html lang="{get_language() or "ko"}"><meta charset="utf-8">'
                            f'<p>{text}</p></html>', status=HTTPStatus.TOO_MANY_REQUESTS)
    response["Retry-After"] = "60"
    return response
