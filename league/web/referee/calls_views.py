"""Calling a referee: the table's button, its live box, the referee's list of open calls."""
from __future__ import annotations

import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from club.models import Club
from core.once import ENTRY_TOKEN_FIELD, Once
from league import permissions
from league.models import Game, RefereeCall
from league.referee import calls
from league.web.games.table_code import code_allows, entry_by, login_or_table_code


@login_or_table_code
@require_POST
def referee_call(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if entry_by(request) is None and not code_allows(request, game):  # a table code: its own game in progress
        return redirect_to_login(request.get_full_path())
    try:
        created = calls.referee_call(game=game, reason=request.POST.get("reason", ""), by=entry_by(request),
                                     note=request.POST.get("note", ""),
                                     once=Once.form(request.user, request.POST.get(ENTRY_TOKEN_FIELD)))[1]
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("A referee has been called.") if created
                         else _("A referee was already called for this table: nothing changed."))
    return redirect("league:game_table", game.pk)


@require_GET
def referee_call_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The table's call box: 304 until the call changes (a referee acknowledged it)."""
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if not (permissions.can_view_club(request.user, game.club) or code_allows(request, game, write=False)):
        raise Http404  # another club's game, or an anonymous visitor without its code: the answer of a missing id
    etag = f'"rc-{calls.call_version(game)}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = render(request, "league/referee/_call_box.html", {"game": game, "live": True})
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def _calls_context(club: Club) -> dict:
    return {"club": club, "calls": list(calls.open_calls(club))}


def referee_calls(request: HttpRequest, slug: str) -> HttpResponse:
    """The referee's screen: every open call of the club, oldest first, with the table and the time."""
    club = get_object_or_404(Club, slug=slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not permissions.is_referee_or_admin(request.user, club):
        raise PermissionDenied
    context = _calls_context(club)
    etag = '"calls-' + hashlib.sha1(repr([c.pk for c in context["calls"]]).encode()).hexdigest()[:16] + '"'
    if not request.GET.get("fragment"):
        return render(request, "league/referee/calls.html", {**context, "etag": etag})
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = render(request, "league/referee/_calls_list.html", context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@login_required
@require_POST
def referee_call_acknowledge(request: HttpRequest, pk: int) -> HttpResponse:
    call = get_object_or_404(RefereeCall.objects.select_related("game__club"), pk=pk)
    if not permissions.is_referee_or_admin(request.user, call.game.club):
        raise PermissionDenied
    calls.referee_call_acknowledge(call=call, by=request.user)
    messages.success(request, _("The table sees that a referee is coming."))
    back = request.POST.get("next", "")
    if back.startswith("/") and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return HttpResponseRedirect(back)  # a path of this site only ("abc" is no URL name to look up)
    return redirect("league:referee_calls", call.game.club.slug)
