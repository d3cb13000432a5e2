"""What a user does for themself: ask to join a club, use an invite code, rename, see their own record."""
from __future__ import annotations

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from club import claims, persons, selectors, services
from club.models import Club, Member, Request
from club.qr import qr_svg
from club.web import current, throttle
from club.web.elsewhere import games_elsewhere
from club.web.forms import ClaimForm, InviteCodeForm, JoinForm, LanguageForm, PersonForm, RenameForm, SignupForm
from events.web.nights.myseat import my_seat_section
from league import permissions
from league.games import selectors as game_selectors
from league.referee import selectors as referee_selectors
from league.web.ui.params import posted_ids
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
    already = (Member.objects.filter(user=request.user, club=club, visitor=False).first()
               if request.user.is_authenticated else None)
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
                login(request, user, backend="club.auth.UserBackend")
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
                login(request, user, backend="club.auth.UserBackend")
            messages.success(request, _("Welcome, %(name)s: your login is linked to %(club)s.")
                             % {"name": member.display_name, "club": member.club.name})
            return redirect("club:me")
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "club/invite.html", {"form": form, "signup": signup}, status=status)


@login_required
@never_cache
def me(request: HttpRequest) -> HttpResponse:
    """"내 정보": my clubs (switch between them), my name at the current club (with a rename request), my
    details across clubs and my card (the QR another club's desk scans), my games and penalties here, my
    games at other clubs ("다른 클럽에서"), my claims and requests."""
    member = current.current_member(request)
    action = request.POST.get("action", "rename") if request.method == "POST" else ""
    form = RenameForm(request.POST if action == "rename" else None,
                      initial={"display_name": member.display_name} if member else None)
    person = member.person if member is not None else None
    person_form = (PersonForm(request.POST if action == "person" else None, initial=PersonForm.initial_for(person))
                   if person is not None else None)
    if member is not None and action == "rename" and form.is_valid():
        try:
            services.rename_request_create(member=member, user=request.user,
                                           display_name=form.cleaned_data["display_name"])
        except ValidationError as exc:
            for message in exc.messages:
                form.add_error("display_name", message)
        else:
            messages.success(request, _("Your new name waits for an admin's approval."))
            return redirect("club:me")
    if person_form is not None and action == "person" and person_form.is_valid():
        data = person_form.cleaned_data
        try:
            persons.person_update(person=person, by=request.user, club=member.club, latin_name=data["latin_name"],
                                  aliases=person_form.aliases_list(), federation_id=data["federation_id"],
                                  ema_id=data["ema_id"], country=data["country"], findable=data["findable"])
        except ValidationError as exc:
            for message in exc.messages:
                person_form.add_error(None, message)
        else:
            messages.success(request, _("Saved."))
            return redirect("club:me")
    chosen = selectors.language_of(user=request.user)
    context = {
        "member": member, "form": form, "person_form": person_form, "games": [], "penalties": [], "sections": [],
        "language_form": LanguageForm(initial={"language": chosen or translation.get_language()}, auto_id="my-%s"),
        "memberships": current.memberships(request), "visits": selectors.my_visits(user=request.user),
        "requests": selectors.my_requests(user=request.user),
        "pending_rename": Request.objects.filter(user=request.user, kind=Request.Kind.RENAME,
                                                 status=Request.Status.PENDING).first(),
    }
    if member is not None:  # each domain's part of the page, asked of its own reads
        context["games"] = game_selectors.member_games(member=member)[:MEMBER_PAGE_GAMES]
        context["penalties"] = referee_selectors.penalties_for(member=member, include_cancelled=True)
        context["elsewhere"] = games_elsewhere(viewer=request.user, member=member)
        context["claims"] = list(claims.claims_of(person=person)[:20])
        card_url = request.build_absolute_uri(reverse("events:visit_card", args=[persons.card_token(person)]))
        context["card_qr"] = qr_svg(card_url, label=_("My card"))
        # panels: tonight's seat (events), my Telegram (notify)
        context["sections"] = [html for html in (my_seat_section(request, member), my_telegram_section(request, member))
                               if html]
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "club/me.html", context, status=status)


@login_required
@require_POST
def switch_club(request: HttpRequest) -> HttpResponse:
    """The header's switcher and "내 정보"'s list: the session's current club becomes the chosen one."""
    club_ids = posted_ids(request, "club")  # no number, or none a row could have: no club of mine
    member = current.switch_to(request, club_ids[0]) if club_ids else None
    if member is None:
        messages.error(request, _("You are not a member of that club."))
    else:
        messages.success(request, _("Now at %(club)s.") % {"club": member.club.name})
    target = request.POST.get("next", "")
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        target = reverse("club:me")  # a path of this site only ("abc" or a number is no page: 500 in redirect())
    return redirect(target)


@login_required
@never_cache
def claim_create(request: HttpRequest, member_id: int) -> HttpResponse:
    """"이 기록은 저입니다": claim another club's record (seen on its public pages) as mine. Both clubs' admins
    approve on their claims pages."""
    target = get_object_or_404(Member.objects.select_related("club"), pk=member_id, merged_into__isnull=True)
    mine = current.current_member(request)
    if not permissions.can_view_standings(request.user, target.club) and not (
            mine is not None and target.person_id == mine.person_id):
        raise Http404  # a record the user cannot see is not named
    form = ClaimForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and mine is not None and form.is_valid():
        try:
            claims.claim_create(claimant_member=mine, target=target, by=request.user,
                                message=form.cleaned_data["message"])
        except ValidationError as exc:
            for message in exc.messages:
                form.add_error(None, message)
        else:
            messages.success(request, _("Your claim was sent: the admins of both clubs will answer it."))
            return redirect("club:me")
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "club/claim.html", {"target": target, "mine": mine, "form": form}, status=status)
