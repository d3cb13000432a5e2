"""Visitors at the desk (issue 36, item 2): a member of another club checks in at this club's night or
registers for its tournament, one tap at the desk — found by name (persons who chose to be findable) or by
their card (the QR on their "내 정보"). The visit gives them a visitor membership here
(``club.persons.visitor_membership``): the same person and login, no roles, so this club's data stays its own."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from club import persons
from club.models import Club, Person
from club.web.current import current_member
from events.nights import services as night_services
from events.nights.models import ClubNight
from events.tournaments import services as tournament_services
from events.tournaments.models import Entrant, Tournament
from events.web import pages
from league.web.ui.params import posted_ids


def _desk_club(request: HttpRequest, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not persons.may_run_desk(user=request.user, club=club):
        raise PermissionDenied  # only the club's desk: the search finds persons across clubs
    return club


def _events(club: Club) -> tuple[list[ClubNight], list[Tournament]]:
    nights = list(ClubNight.objects.filter(club=club, status=ClubNight.Status.OPEN).order_by("-date", "-pk"))
    tournaments = list(Tournament.objects.filter(club=club, status=Tournament.Status.REGISTRATION)
                       .order_by("-pk"))
    return nights, tournaments


def _row(person: Person) -> dict:
    homes = persons.home_memberships(person)
    return {"person": person, "names": [(m.display_name, m.club.name) for m in homes]}


@login_required
@never_cache
def visitor_desk(request: HttpRequest, slug: str) -> HttpResponse:
    """Find a visitor (``?q=`` a name, or ``?card=`` the token their QR carries), then one tap: check in at an
    open night, or register for a tournament taking entries."""
    return _desk_page(request, _desk_club(request, slug), card=request.GET.get("card", "").strip())


def _desk_page(request: HttpRequest, club: Club, *, card: str) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    rows, card_error = [], ""
    if card:
        try:
            rows = [_row(persons.person_from_card(card))]
        except ValidationError as exc:
            card_error = pages.refusal_text(exc)
    elif query:
        rows = [_row(p) for p in persons.findable_persons(query=query, club=club)]
    nights, tournaments = _events(club)
    return render(request, "events/visitors.html", {
        "club": club, "query": query, "card": card, "card_error": card_error, "rows": rows,
        "nights": nights, "tournaments": tournaments, "searched": bool(query or card)})


@login_required
@require_POST
def visitor_admit(request: HttpRequest, slug: str) -> HttpResponse:
    club = _desk_club(request, slug)
    card = request.POST.get("card", "")
    back = reverse("events:visitor_desk", args=[club.slug])
    try:
        if card:
            person = persons.person_from_card(card)
        else:
            person = get_object_or_404(Person, pk=next(iter(posted_ids(request, "person")), 0))
        member, created = persons.visitor_membership(club=club, person=person, by=request.user,
                                                     shown_card=bool(card))
        night_id = next(iter(posted_ids(request, "night")), None)  # no number, or none a row could have: none
        tournament_id = next(iter(posted_ids(request, "tournament")), None)
        if night_id is not None:
            night = get_object_or_404(ClubNight, pk=night_id, club=club)
            night_services.check_in(night=night, member=member, by=request.user)
            messages.success(request, _("%(name)s is checked in as a visitor.") % {"name": member.display_name})
            return redirect("events:night_detail", night.pk)
        if tournament_id is not None:
            tournament = get_object_or_404(Tournament, pk=tournament_id, club=club)
            entrant, _new = tournament_services.register(tournament=tournament, member=member, by=request.user)
            if entrant.status == Entrant.Status.PENDING:
                entrant = tournament_services.approve(entrant=entrant, by=request.user)
            messages.success(request, _("%(name)s is registered as a visitor: %(status)s.")
                             % {"name": member.display_name, "status": entrant.get_status_display()})
            return redirect("events:tournament_detail", tournament.pk)
        messages.info(request, _("%(name)s is a visitor here now.") % {"name": member.display_name}
                      if created else _("%(name)s was already here.") % {"name": member.display_name})
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
        if card:
            return redirect(f"{back}?{urlencode({'card': card})}")
    return redirect(back)


@login_required
@never_cache
def visit_card(request: HttpRequest, token: str) -> HttpResponse:
    """Where a player's card (the QR on "내 정보") leads: the visitor desk of the scanning user's current club, with
    that person ready to check in. Anyone else (the player themself) sees what the card is for."""
    mine = current_member(request)
    if mine is not None and persons.may_run_desk(user=request.user, club=mine.club):
        return _desk_page(request, mine.club, card=token)
    return render(request, "events/visit_card.html", {}, status=403)
