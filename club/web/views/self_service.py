"""What a user does for themself: ask to join a club, use an invite code, rename, see their own record."""
from __future__ import annotations

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from club import selectors, services
from club.models import Club, Member, Request
from club.web import throttle
from club.web.forms import InviteCodeForm, JoinForm, LanguageForm, RenameForm, SignupForm
from events.web.nights.myseat import my_seat_section
from league.games import selectors as game_selectors
from league.referee import selectors as referee_selectors
from notify.web.views import my_telegram_section

MEMBER_PAGE_GAMES = 50
"""Games a member's own page lists (the latest first)."""


def _signup_form(request: HttpRequest) -> SignupForm | None:
    """Anonymous visitors make a login on the same page (prefix keeps the two forms apart)."""
    if request.user.is_authenticated:
        return None
    return SignupForm(request.POST or None, prefix="signup")


def _throttled(request: HttpRequest, template: str, context: dict) -> HttpResponse:
    form = context["form"]
    form.add_error(None, throttle.message())
    return render(request, template, context, status=HTTPStatus.TOO_MANY_REQUESTS)


@never_cache
def join(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    signup = _signup_form(request)
    form = JoinForm(request.POST or None)
    already = Member.objects.filter(user=request.user).first() if request.user.is_authenticated else None
    limits = (throttle.SIGNUPS, throttle.JOIN_REQUESTS_PER_USER)
    if request.method == "POST" and throttle.blocked(request, *limits):
        return _throttled(request, "club/join.html",
                          {"club": club, "form": form, "signup": signup, "already": already})
    if request.method == "POST" and already is None and form.is_valid() and (signup is None or signup.is_valid()):
        try:
            with transaction.atomic():
                user = signup.save() if signup is not None else request.user
                services.join_request_create(club=club, user=user, display_name=form.cleaned_data["display_name"],
                                             message=form.cleaned_data["message"])
        except ValidationError as exc:
            for message in exc.messages:
                form.add_error("display_name", message)
        else:
            throttle.hit(request, *limits)
            if signup is not None:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Your request was sent. An admin of %(club)s will answer it.")
                             % {"club": club.name})
            return redirect("club:me")
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "club/join.html", {"club": club, "form": form, "signup": signup, "already": already},
                  status=status)


@never_cache
def invite_redeem(request: HttpRequest, code: str = "") -> HttpResponse:
    signup = _signup_form(request)
    form = InviteCodeForm(request.POST or None, initial={"code": code})
    if request.method == "POST" and throttle.blocked(request, throttle.INVITE_GUESSES, throttle.SIGNUPS):
        return _throttled(request, "club/invite.html", {"form": form, "signup": signup})
    if request.method == "POST" and form.is_valid() and (signup is None or signup.is_valid()):
        try:
            with transaction.atomic():
                user = signup.save() if signup is not None else request.user
                member = services.invite_redeem(code=form.cleaned_data["code"], user=user)
        except ValidationError as exc:
            throttle.hit(request, throttle.INVITE_GUESSES)  # a wrong (used, expired) code: a guess
            for message in exc.messages:
                form.add_error("code", message)
        else:
            if signup is not None:
                throttle.hit(request, throttle.SIGNUPS)
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome, %(name)s: your login is linked to %(club)s.")
                             % {"name": member.display_name, "club": member.club.name})
            return redirect("club:me")
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "club/invite.html", {"form": form, "signup": signup}, status=status)


@login_required
@never_cache
def me(request: HttpRequest) -> HttpResponse:
    """The member's own page: name (with a rename request), games and penalties, open requests."""
    member = Member.objects.select_related("club").filter(user=request.user).first()
    form = RenameForm(request.POST or None, initial={"display_name": member.display_name} if member else None)
    if member is not None and request.method == "POST" and form.is_valid():
        try:
            services.rename_request_create(member=member, user=request.user,
                                           display_name=form.cleaned_data["display_name"])
        except ValidationError as exc:
            for message in exc.messages:
                form.add_error("display_name", message)
        else:
            messages.success(request, _("Your new name waits for an admin's approval."))
            return redirect("club:me")
    chosen = selectors.language_of(user=request.user)
    context = {
        "member": member, "form": form, "games": [], "penalties": [], "sections": [],
        "language_form": LanguageForm(initial={"language": chosen or translation.get_language()}, auto_id="my-%s"),
        "requests": selectors.my_requests(user=request.user),
        "pending_rename": Request.objects.filter(user=request.user, kind=Request.Kind.RENAME,
                                                 status=Request.Status.PENDING).first(),
    }
    if member is not None:  # each domain's part of the page, asked of its own reads
        context["games"] = game_selectors.member_games(member=member)[:MEMBER_PAGE_GAMES]
        context["penalties"] = referee_selectors.penalties_for(member=member, include_cancelled=True)
        # panels: tonight's seat (events), my Telegram (notify)
        context["sections"] = [html for html in (my_seat_section(request, member), my_telegram_section(request, member))
                               if html]
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "club/me.html", context, status=status)
