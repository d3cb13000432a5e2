"""A club admin's notifications page: connect Discord / Telegram, choose the events, see the outbox."""
from __future__ import annotations

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from club.models import Club
from core.once import AlreadyDone
from core.web import entry_once, refuse
from league import permissions
from notify import forms, selectors, services
from notify.models import Channel, EventKind


def _admin_club(request: HttpRequest, slug: str) -> Club | HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_manage_league(request.user, club):
        return refuse(request)
    return club


@never_cache
@login_required
def channels(request: HttpRequest, slug: str) -> HttpResponse:
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    form = forms.ChannelForm(request.POST or None, initial={"kind": "discord", "events": EventKind.values})
    status = HTTPStatus.OK
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                services.channel_connect(club=club, kind=data["kind"], secret=data["secret"], chat_id=data["chat_id"],
                                         label=data["label"], events=data["events"], by=request.user,
                                         once=entry_once(request))
            except AlreadyDone:  # the same form again (a double tap, Back): connected once
                messages.info(request, _("This channel was already connected; nothing was added again."))
                return redirect("notify:channels", club.slug)
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, _("Connected. Messages go out from the next event on."))
                return redirect("notify:channels", club.slug)
        status = HTTPStatus.UNPROCESSABLE_ENTITY
    return render(request, "notify/channels.html", {
        "club": club, "form": form, "channels": selectors.channels(club), "outbox": selectors.recent_outbox(club),
        "event_choices": EventKind.choices}, status=status)


@login_required
@require_POST
def channel_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    channel = get_object_or_404(Channel, pk=pk, club=club)
    if request.POST.get("action") == "delete":
        services.channel_delete(channel=channel, by=request.user)
        messages.success(request, _("Disconnected."))
    else:
        form = forms.ChannelEventsForm(request.POST)
        form.is_valid()
        services.channel_update(channel=channel, by=request.user, events=form.cleaned_data.get("events", []),
                                active=form.cleaned_data.get("active", False))
        messages.success(request, _("Saved."))
    return redirect("notify:channels", club.slug)
