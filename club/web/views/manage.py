"""A club admin's pages: members (add, edit, roles, deactivate, merge, invite), requests, settings."""
from __future__ import annotations

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from club import claims, persons, selectors, services
from club.bulk import parse_member_lines
from club.models import Claim, Club, ClubRole, Member, Request
from club.qr import qr_svg
from club.web.forms import (
    ClubSettingsForm,
    DecideForm,
    MemberAddForm,
    MemberEditForm,
    MemberMergeForm,
    PersonForm,
)
from core.once import AlreadyDone, Once
from core.web import refuse
from league.members import services as member_services


def _admin_club(request: HttpRequest, slug: str) -> Club | HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not selectors.may_manage(user=request.user, club=club):
        return refuse(request)
    return club


def _add_errors(form, exc: ValidationError, field: str | None = None) -> None:
    for message in exc.messages:
        form.add_error(field, message)


@login_required
@never_cache
def members(request: HttpRequest, slug: str) -> HttpResponse:
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    form = MemberAddForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            member = services.member_add(club=club, display_name=form.cleaned_data["display_name"],
                                         roles=form.cleaned_data["roles"], by=request.user,
                                         once=Once.form(request.user, request.POST.get("entry_token")))
        except AlreadyDone:
            messages.info(request, _("Already added: nothing was added again."))
            return redirect("club:members", club.slug)
        except ValidationError as exc:
            _add_errors(form, exc, "display_name")
        else:
            # stays on the list: the next name goes in right away (the member's page is one tap away)
            messages.success(request, _("%(name)s added.") % {"name": member.display_name})
            return redirect("club:members", club.slug)
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return _members_page(request, club, form=form, status=status)


def _members_page(request: HttpRequest, club: Club, *, form=None, bulk=None, status=HTTPStatus.OK) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:60]
    page = Paginator(selectors.club_members(club=club, query=query), MEMBERS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "club/manage/members.html", {
        "club": club, "form": form or MemberAddForm(), "bulk": bulk or {},
        "members": page.object_list, "page": page, "q": query,
        "requests": selectors.pending_requests(club=club), "decide_form": DecideForm(),
    }, status=status)


MEMBERS_PER_PAGE = 100
"""Members the admin's member list shows at once (active first, by name); the rest on the next pages."""


@login_required
@require_POST
def members_bulk(request: HttpRequest, slug: str) -> HttpResponse:
    """Paste a list (one name a line, optional roles), preview it, add all: nobody is added until
    every line is right, and the same list sent twice adds nobody again (the form's once-token)."""
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    text = request.POST.get("lines", "")
    lines = parse_member_lines(text)
    taken = set(Member.objects.filter(club=club, display_name__in=[line.name for line in lines])
                .values_list("display_name", flat=True))
    bulk = {"text": text, "lines": lines, "taken": taken,
            "ok": bool(lines) and not taken and not any(line.error for line in lines)}
    if request.POST.get("action") != "add":
        return _members_page(request, club, bulk=bulk)
    try:
        added = services.members_add(club=club, lines=lines, by=request.user,
                                     once=Once.form(request.user, request.POST.get("entry_token")))
    except AlreadyDone:
        messages.info(request, _("Already added: nothing was added again."))
    except ValidationError as exc:
        bulk["error"] = " ".join(exc.messages)
        return _members_page(request, club, bulk=bulk, status=HTTPStatus.UNPROCESSABLE_ENTITY)
    else:
        messages.success(request, ngettext("%(n)s member added.", "%(n)s members added.", len(added))
                         % {"n": len(added)})
    return redirect("club:members", club.slug)


@login_required
@never_cache
def member_detail(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    member = get_object_or_404(Member, club=club, pk=member_id)
    roles = list(ClubRole.objects.filter(member=member).values_list("role", flat=True))
    form = MemberEditForm(request.POST or None, initial={
        "display_name": member.display_name, "roles": roles, "active": member.active})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.member_edit(member=member, display_name=data["display_name"], by=request.user)
            services.member_set_roles(member=member, roles=data["roles"], by=request.user)
            services.member_set_active(member=member, active=data["active"], by=request.user)
        except ValidationError as exc:
            _add_errors(form, exc)
        else:
            messages.success(request, _("Saved."))
            return redirect("club:member_detail", club.slug, member.pk)
    invite = selectors.open_invite(member=member)
    invite_url = request.build_absolute_uri(reverse("club:invite_redeem", args=[invite.code])) if invite else ""
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "club/manage/member.html", {
        "club": club, "member": member, "form": form, "merge_form": MemberMergeForm(member=member),
        "invite": invite, "invite_url": invite_url,
        "invite_qr": qr_svg(invite_url, label=_("Invite link")) if invite_url else "",
        "person_form": None if member.visitor else PersonForm(initial=PersonForm.initial_for(member.person),
                                                              own=False),
    }, status=status)


@login_required
@require_POST
def member_person(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    """The admin edits the member's details across clubs (Latin name, other names, federation and EMA ids)."""
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    member = get_object_or_404(Member, club=club, pk=member_id, visitor=False)
    form = PersonForm(request.POST, own=False)
    if form.is_valid():
        data = form.cleaned_data
        try:
            persons.person_update(person=member.person, by=request.user, club=club, latin_name=data["latin_name"],
                                  aliases=form.aliases_list(), federation_id=data["federation_id"],
                                  ema_id=data["ema_id"], country=data["country"])
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("Saved."))
    return redirect("club:member_detail", club.slug, member.pk)


@login_required
@never_cache
def claims_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Claims on this club's records and by its members ("이 기록은 저입니다"): approve, decline or undo."""
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    rows = []
    for claim in claims.claims_for_club(club=club)[:100]:
        side = "target" if claim.target.club_id == club.pk else "home"
        approved_here = (claim.target_approved_at if side == "target" else claim.home_approved_at) is not None
        rows.append({"claim": claim, "side": side, "approved_here": approved_here})
    return render(request, "club/manage/claims.html", {"club": club, "rows": rows})


@login_required
@require_POST
def claim_decide(request: HttpRequest, slug: str, claim_id: int) -> HttpResponse:
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    claim = get_object_or_404(claims.claims_for_club(club=club), pk=claim_id)
    action = request.POST.get("action")
    try:
        if action == "approve":
            claim = claims.claim_approve(claim=claim, by=request.user)
            messages.success(request, _("Claim approved: the record is now the claimant's.")
                             if claim.status == Claim.Status.APPROVED
                             else _("Approved for this club: the other club's admins approve it too."))
        elif action == "decline":
            claims.claim_decline(claim=claim, by=request.user)
            messages.success(request, _("Claim declined."))
        elif action == "undo":
            claims.claim_undo(claim=claim, by=request.user)
            messages.success(request, _("Claim undone: the record is back as it was."))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("club:claims", club.slug)


@login_required
@require_POST
def member_invite(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    member = get_object_or_404(Member, club=club, pk=member_id)
    try:
        services.invite_create(member=member, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("club:member_detail", club.slug, member.pk)


@login_required
def member_make_member(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    """A guest (a walk-in added at the desk) stays on as a member, keeping their games (issue 42 item 3)."""
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    member = get_object_or_404(Member, club=club, pk=member_id)
    if request.method == "POST":
        services.guest_make_member(member=member, by=request.user)
        messages.success(request, _("%(name)s is a member now.") % {"name": member.display_name})
    return redirect("club:member_detail", club.slug, member.pk)


@login_required
@never_cache
def member_merge(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    member = get_object_or_404(Member, club=club, pk=member_id)
    form = MemberMergeForm(request.POST or None, member=member)
    if request.method == "POST" and form.is_valid():
        target = form.cleaned_data["target"]
        try:
            member_services.member_merge(source=member, target=target, by=request.user,
                                         reason=form.cleaned_data["reason"])
        except ValidationError as exc:
            _add_errors(form, exc)
        else:
            messages.success(request, _("%(a)s was merged into %(b)s.")
                             % {"a": member.display_name, "b": target.display_name})
            return redirect("club:member_detail", club.slug, target.pk)
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "club/manage/merge.html", {"club": club, "member": member, "form": form}, status=status)


@login_required
@require_POST
def request_decide(request: HttpRequest, slug: str, request_id: int) -> HttpResponse:
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    pending = get_object_or_404(Request, club=club, pk=request_id)
    form = DecideForm(request.POST)
    form.is_valid()
    approve = request.POST.get("decision") == "approve"
    try:
        services.request_decide(request=pending, approve=approve, by=request.user,
                                display_name=form.cleaned_data.get("display_name") or None,
                                note=form.cleaned_data.get("note", ""))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, (_("Approved: %(name)s") if approve else _("Declined: %(name)s"))
                         % {"name": pending.display_name})
    return redirect("club:members", club.slug)


@login_required
@never_cache
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = _admin_club(request, slug)
    if isinstance(club, HttpResponse):
        return club
    form = ClubSettingsForm(request.POST or None, initial={"name": club.name, "language": club.language,
                                                           "public_standings": club.public_standings,
                                                           "visitors_ranked": club.visitors_ranked})
    if request.method == "POST" and form.is_valid():
        try:
            services.club_update(club=club, by=request.user, name=form.cleaned_data["name"],
                                 public_standings=form.cleaned_data["public_standings"],
                                 language=form.cleaned_data["language"] or None,
                                 visitors_ranked=form.cleaned_data["visitors_ranked"])
        except ValidationError as exc:
            _add_errors(form, exc)
        else:
            messages.success(request, _("Saved."))
            return redirect("club:settings", club.slug)
    return render(request, "club/manage/settings.html", {"club": club, "form": form})
