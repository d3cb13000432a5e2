"""A club admin's notifications page: connect Discord / Telegram, choose the events, see the outbox."""
from __future__ import annotations

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from club.models import Club, Member
from core.once import AlreadyDone
from core.web import entry_once, refuse
from league import permissions
from notify import delivery, personal, selectors, services
from notify.models import CHANNEL_EVENT_CHOICES, CHANNEL_EVENTS, Channel, MemberTelegram, Outbox
from notify.web import forms


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
    initial = {"kind": "discord", "events": [e.value for e in CHANNEL_EVENTS]}
    form = forms.ChannelForm(request.POST or None, initial=initial)
    status = HTTPStatus.OK
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                services.channel_connect(club=club, kind=data["kind"], secret=data["secret"], chat_id=data["chat_id"],
                                         label=data["label"], events=data["events"], by=request.user,
                                         bot_username=data["bot_username"],
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
        "event_choices": CHANNEL_EVENT_CHOICES}, status=status)


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


@login_required
@require_POST
def channel_test(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """"테스트 메시지": one message through the outbox, sent now; the answer is shown (Korean first)."""
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    channel = get_object_or_404(Channel, pk=pk, club=club)
    try:
        row = services.channel_test(channel=channel, by=request.user, once=entry_once(request))
    except AlreadyDone:
        messages.info(request, _("This test message was already sent; it was not sent again."))
        return redirect("notify:channels", club.slug)
    outcome = delivery.deliver(row.pk)  # after the commit; a worker that took it first: shown as waiting
    row.refresh_from_db()
    if row.status == Outbox.Status.SENT:
        messages.success(request, _("Test message sent: look in the chat."))
    elif row.status == Outbox.Status.FAILED:
        messages.error(request, _("The test message failed: %(reason)s") % {"reason": row.last_error})
    else:
        reason = row.last_error or outcome.reason
        messages.warning(request, _("The test message is not sent yet; it will be tried again. %(reason)s")
                         % {"reason": reason})
    return redirect("notify:channels", club.slug)


def _own_member(request: HttpRequest) -> Member | None:
    """The login's membership at the session's current club (issue 36: a login may belong to several)."""
    from club.web.current import current_member

    return current_member(request)


def my_telegram_section(request: HttpRequest, member: Member) -> str | None:
    """The member's own Telegram panel on "내 정보" (``club.web.views.self_service.me``); nothing when
    their club has no Telegram bot and they have no link."""
    link = MemberTelegram.objects.select_related("channel").filter(member=member).first()
    bot = personal.club_bot(member)
    if bot is None and link is None:
        return None
    waiting = link is not None and link.code and link.code_expires_at and link.code_expires_at > timezone.now()
    return render_to_string("notify/_my_telegram.html", {
        "link": link, "bot": bot, "waiting": waiting, "deep_link": personal.deep_link(link) if waiting else None},
        request=request)


@login_required
@require_POST
def my_telegram(request: HttpRequest) -> HttpResponse:
    """The member's own Telegram: ``link`` (a new code), ``check`` (read the bot's updates now), ``unlink``."""
    member = _own_member(request)
    if member is None:
        return refuse(request)
    action = request.POST.get("action")
    try:
        if action == "unlink":
            services_done = personal.unlink(member=member, by=request.user)
            messages.success(request, _("Telegram unlinked: you get no more messages there.") if services_done
                             else _("Your Telegram was not linked."))
        elif action == "check":
            link = MemberTelegram.objects.select_related("channel").filter(member=member).first()
            if link is not None and link.code:
                personal.poll_updates(link.channel)
                link.refresh_from_db()
            if link is not None and link.linked and not link.code:
                messages.success(request, _("Telegram linked: your seat, calls and results go there."))
            else:
                messages.warning(request, _("Not linked yet: send the code to the bot, then check again."))
        else:
            personal.link_start(member=member, by=request.user)
            messages.info(request, _("Send the code to the club's bot within 30 minutes."))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("club:me")
