"""Tournament screens: the club's tournaments (an admin creates one), the desk (registration,
approval, check-in, withdrawal, seating rounds, final scores, penalties), the public results page
and its CSV/XLSX export. Tables are entered hand by hand on the league table screen."""
from __future__ import annotations

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from club.models import Club, Member
from core.once import AlreadyDone, Once
from events import access
from events.tournaments import exports, selectors, services, standings
from events.tournaments.models import Entrant, SeatingMethod, Tournament, TournamentTable
from events.web import pages
from events.web.tournaments import forms
from league.games import selectors as game_selectors
from league.models import Game
from league.web.ui.confirm import confirm_page, confirmed
from league.web.ui.params import posted_ids


def _host_candidates(club) -> list[Member]:
    from club.models import ClubRole

    return list(Member.objects.filter(club=club, active=True, roles__role=ClubRole.Role.HOST).distinct()
                .order_by("display_name"))


def _tournament(pk: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("club", "ruleset", "sanma_ruleset", "season"), pk=pk)


def _back(tournament: Tournament) -> HttpResponse:
    return redirect("events:tournament_detail", tournament.pk)


def tournament_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    can_create = access.can_open_night(request.user, club)
    tournaments = [t for t in selectors.tournaments_for_club(club)
                   if access.can_view_tournament(request.user, t)]
    if not tournaments and not access.can_view_night(request.user, club):
        return pages.refuse(request)  # a private club with no public tournament: nothing to show, not even its name
    form = forms.TournamentForm(request.POST or None, club=club, initial={"starts_on": None}) if can_create else None
    status = HTTPStatus.OK
    if request.method == "POST":
        if not can_create:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied
        if form.is_valid():
            data = form.cleaned_data
            try:
                tournament = services.tournament_create(
                    club=club, by=request.user, name=data["name"], ruleset=data["ruleset"],
                    sanma_ruleset=data["sanma_ruleset"], starts_on=data["starts_on"], ends_on=data["ends_on"],
                    rounds=data["rounds"], round_minutes=data["round_minutes"], end_rule=data["end_rule"],
                    registration_opens=data["registration_opens"], registration_closes=data["registration_closes"],
                    player_cap=data["player_cap"], team_size=data["team_size"], seating_method=data["seating"],
                    cut_after=data["cut_after"], cut_to=data["cut_to"], carry=data["carry"],
                    withdrawal_policy=data["withdrawal_policy"], public_results=data["public_results"],
                    once=pages.form_once(request))
            except AlreadyDone as done:
                messages.info(request, _("This was already saved: nothing was saved again."))
                return redirect("events:tournament_detail", done.record.object_id) if done.record.object_id \
                    else redirect("events:tournament_list", club.slug)
            except ValidationError as exc:
                form.add_error(None, pages.refusal_text(exc))
            else:
                messages.success(request, _("The tournament is created: players can register now."))
                return _back(tournament)
        status = HTTPStatus.UNPROCESSABLE_ENTITY
    return render(request, "events/tournaments/list.html", {
        "club": club, "tournaments": tournaments, "form": form, "can_create": can_create,
    }, status=status)


@require_GET
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser's desk; a member sees their registration and the rounds."""
    tournament = _tournament(pk)
    club = tournament.club
    if not access.can_view_tournament(request.user, tournament):
        return pages.refuse(request)
    can_run = access.can_run_night(request.user, club)
    me = access.member_for(request.user, club)
    entrants = selectors.entrants(tournament)
    mine = next((e for e in entrants if me and e.member_id == me.pk), None)
    rounds = selectors.rounds(tournament)
    rows = standings.standings(tournament)
    next_number = selectors.next_round_number(tournament)
    by_status: dict[str, list[Entrant]] = {s.value: [] for s in Entrant.Status}
    for e in entrants:
        by_status[e.status].append(e)
    approved = by_status[Entrant.Status.APPROVED]
    seat_form = forms.SeatForm(initial={"number": next_number,
                                        "method": SeatingMethod.BY_RANK if tournament.stage_of(next_number) == 2
                                        and tournament.seating != SeatingMethod.PREDEFINED
                                        else tournament.seating})
    return render(request, "events/tournaments/detail.html", {
        "tournament": tournament, "club": club, "can_run": can_run, "me": me, "mine": mine,
        "can_publish": access.can_open_night(request.user, club),
        "by_status": by_status, "approved": approved, "checked_in": sum(1 for e in approved if e.checked_in_at),
        "not_in": sum(1 for e in approved if not e.checked_in_at),
        "rounds": rounds, "standings": rows[:8], "next_number": next_number, "seat_form": seat_form,
        "all_seated": next_number > tournament.rounds,
        "others": selectors.members_not_entered(tournament) if can_run else [],
        "next_stage": tournament.stage_of(next_number), "score_tables": _score_tables(rounds) if can_run else [],
        "reserves": selectors.reserves(tournament) if can_run and tournament.status == "running" else [],
        "host_candidates": _host_candidates(tournament.club) if can_run else [],
        "hosts": set(tournament.hosts.values_list("pk", flat=True)) if can_run else set(),
    })


def _score_tables(rounds) -> list[dict]:
    out = []
    for rnd in rounds:
        for t in rnd.tables.all():
            if t.game.status == Game.Status.IN_PROGRESS and not t.game.hands.exists():
                out.append({"table": t, "round": rnd, "form": forms.ScoresForm(seats=t.game.seats, prefix=f"t{t.pk}"),
                            "seats": t.seats_sorted})
    return out


@login_required
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    """A member signs themself up, or withdraws (``action=withdraw``)."""
    tournament = _tournament(pk)
    me = access.member_for(request.user, tournament.club)
    if me is None:
        raise PermissionDenied
    try:
        if request.POST.get("action") == "withdraw":
            entrant = get_object_or_404(Entrant, tournament=tournament, member=me)
            if not confirmed(request):
                return confirm_page(request, back=reverse("events:tournament_detail", args=[tournament.pk]),
                                    question=_("Withdraw from the tournament? You are not seated in later rounds."),
                                    button=_("Yes, withdraw"))
            services.withdraw(entrant=entrant, by=request.user)
            messages.success(request, _("You have withdrawn from the tournament."))
        else:
            _entrant, created = services.register(tournament=tournament, member=me, by=request.user,
                                           team=request.POST.get("team", ""))
            messages.success(request, _("You are registered: the organiser will approve your place.") if created
                             else _("You were already registered: nothing changed."))
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    return _back(tournament)


@login_required
def tournament_hosts(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament's hosts: table hosts who may enter hands at every table of it."""
    tournament = _tournament(pk)
    if request.method != "POST":
        return _back(tournament)
    if not access.can_run_night(request.user, tournament.club):
        raise PermissionDenied
    ids = posted_ids(request, "host")
    chosen = list(Member.objects.filter(club=tournament.club, pk__in=ids, active=True))
    services.tournament_hosts_set(tournament=tournament, members=chosen, by=request.user)
    messages.success(request, _("This night's hosts: %(names)s.")
                     % {"names": ", ".join(m.display_name for m in chosen) or "—"})
    return _back(tournament)


@login_required
def entrants_paste(request: HttpRequest, pk: int) -> HttpResponse:
    """A pasted list, one name a line (issue 42 item 3): a member of that name is registered, anyone else added
    as a guest; each line says how it went."""
    tournament = _tournament(pk)
    if request.method != "POST":
        return _back(tournament)
    if not access.can_run_night(request.user, tournament.club):
        raise PermissionDenied
    names = [" ".join(line.split()) for line in request.POST.get("names", "").splitlines()]
    added, refused = [], []
    for name in dict.fromkeys(n for n in names if n):
        try:
            member = Member.objects.filter(club=tournament.club, display_name=name, active=True).first()
            if member is not None:
                entrant, _created = services.register(tournament=tournament, member=member, by=request.user)
                services.approve(entrant=entrant, by=request.user)
            else:
                services.register_guest(tournament=tournament, name=name, by=request.user)
            added.append(name)
        except ValidationError as exc:
            refused.append(f"{name}: {pages.refusal_text(exc)}")
    if added:
        messages.success(request, _("Registered: %(names)s.") % {"names": ", ".join(added)})
    for line in refused:
        messages.error(request, line)
    return _back(tournament)


@login_required
@require_POST
def entrant_add(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser signs a member up (approved at once) or a guest by name."""
    tournament = _tournament(pk)
    if not access.can_run_night(request.user, tournament.club):
        raise PermissionDenied
    form = forms.EntrantForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a member or write a guest's name."))
        return _back(tournament)
    data = form.cleaned_data
    try:
        if data.get("member"):
            member = get_object_or_404(Member, pk=data["member"], club=tournament.club)
            entrant, _created = services.register(tournament=tournament, member=member, by=request.user,
                                                  team=data["team"])
            entrant = services.approve(entrant=entrant, by=request.user)
        elif data.get("name"):
            entrant = services.register_guest(tournament=tournament, name=data["name"], team=data["team"],
                                              by=request.user,
                                              once=Once.form(request.user, request.POST.get("entry_token")))
        else:
            raise ValidationError(_("Choose a member or write a guest's name."))
    except AlreadyDone:
        messages.info(request, _("Already added: nothing was added again."))
        return _back(tournament)
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    else:
        messages.success(request, _("%(name)s: %(status)s.") % {"name": entrant.member.display_name,
                                                                "status": entrant.get_status_display()})
    return _back(tournament)


@login_required
@require_POST
def entrant_action(request: HttpRequest, pk: int) -> HttpResponse:
    entrant = get_object_or_404(Entrant.objects.select_related("tournament__club", "member"), pk=pk)
    tournament = entrant.tournament
    action = request.POST.get("action")
    name = entrant.member.display_name
    try:
        if action == "approve":
            entrant = services.approve(entrant=entrant, by=request.user)
            messages.success(request, _("%(name)s: %(status)s.") % {"name": name,
                                                                    "status": entrant.get_status_display()})
        elif action == "reject":
            services.approve(entrant=entrant, by=request.user, approve=False)
            messages.success(request, _("%(name)s's request is rejected.") % {"name": name})
        elif action == "check_in":
            services.check_in(entrant=entrant, by=request.user)
            messages.success(request, _("%(name)s is checked in.") % {"name": name})
        elif action == "undo_check_in":
            services.check_in(entrant=entrant, by=request.user, present=False)
            messages.success(request, _("%(name)s is no longer checked in.") % {"name": name})
        elif action == "withdraw":
            if not (entrant.member.user_id == request.user.pk
                    or access.can_run_night(request.user, tournament.club)):  # before the question names them
                raise PermissionDenied
            if not confirmed(request):
                return confirm_page(request, back=reverse("events:tournament_detail", args=[tournament.pk]),
                                    question=_("Withdraw %(name)s from the tournament? They are not seated in "
                                               "later rounds.") % {"name": name},
                                    button=_("Yes, withdraw"))
            services.withdraw(entrant=entrant, by=request.user)
            messages.success(request, _("%(name)s has withdrawn: not seated in later rounds.") % {"name": name})
        else:
            raise Http404
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    return _back(tournament)


@login_required
@require_POST
def check_in_all(request: HttpRequest, pk: int) -> HttpResponse:
    """The desk checks every approved player in at once."""
    tournament = _tournament(pk)
    try:
        done = services.check_in_all(tournament=tournament, by=request.user)
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    else:
        if done:
            messages.success(request, ngettext("%(n)s player checked in.", "%(n)s players checked in.", len(done))
                             % {"n": len(done)})
        else:
            messages.info(request, _("No player left to check in: everyone approved is in."))
    return _back(tournament)


@login_required
@require_POST
def round_seat(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament(pk)
    form = forms.SeatForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, _("This screen is out of date, or the seating method is missing. Reload the page."))
        return _back(tournament)
    data = form.cleaned_data
    text = ""
    if data["method"] == SeatingMethod.PREDEFINED:
        upload = data.get("csv_file")
        if upload is None:
            messages.error(request, _("Upload the seating as a CSV file for a predefined round."))
            return _back(tournament)
        raw = upload.read(200_000)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            messages.error(request, _("The CSV file must be saved as UTF-8."))
            return _back(tournament)
    try:
        rnd, created = services.round_seat(tournament=tournament, number=data["number"], by=request.user,
                                           method=data["method"], csv_text=text)
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
        return _back(tournament)
    pages.say_round_seated(request, rnd, created)
    return _back(tournament)


@login_required
def table_scores(request: HttpRequest, pk: int) -> HttpResponse:
    """Final scores only for one table (the desk's form posts here; a correction needs a reason)."""
    table = get_object_or_404(TournamentTable.objects.select_related("round__tournament__club", "game"), pk=pk)
    tournament = table.round.tournament
    if not access.can_run_night(request.user, tournament.club):
        raise PermissionDenied
    seats = sorted(table.game.seat_set.select_related("member"), key=lambda s: s.seat)
    form = forms.ScoresForm(request.POST or None, seats=table.game.seats, prefix=f"t{table.pk}",
                            initial={f"score{i}": v for i, v in enumerate(
                                (game_selectors.entered_result(table.game) or {}).get("scores") or [])})
    status = HTTPStatus.OK
    if request.method == "POST":
        if form.is_valid():
            try:
                services.table_scores(table=table, scores=form.scores(), sticks=form.cleaned_data["sticks"] or 0,
                                      by=request.user, reason=form.cleaned_data["reason"])
            except ValidationError as exc:
                form.add_error(None, pages.refusal_text(exc))
            else:
                messages.success(request, _("Round %(round)s, table %(table)s: the result is saved.") % {
                    "round": table.round.number, "table": table.label})
                return _back(tournament)
        status = HTTPStatus.UNPROCESSABLE_ENTITY
    return render(request, "events/tournaments/scores.html", {
        "tournament": tournament, "club": tournament.club, "table": table, "form": form,
        "fields": [(s, form[f"score{s.seat}"]) for s in seats],
        "total": services.start_total(table)[0],
    }, status=status)


@login_required
@require_POST
def table_action(request: HttpRequest, pk: int) -> HttpResponse:
    """A referee's tools for one table from the desk: extra minutes, or cancel its game (with a reason)."""
    table = get_object_or_404(TournamentTable.objects.select_related("round__tournament__club", "game"), pk=pk)
    tournament = table.round.tournament
    try:
        if request.POST.get("action") == "substitute":
            leaving = get_object_or_404(Member, pk=pages.posted_id(request.POST.get("leaving")), club=tournament.club)
            sub = get_object_or_404(Member, pk=pages.posted_id(request.POST.get("substitute")), club=tournament.club)
            services.table_substitute(table=table, leaving=leaving, substitute=sub, by=request.user,
                                      reason=request.POST.get("reason", ""))
            messages.success(request, _("%(sub)s takes %(name)s's seat.") % {"sub": sub.display_name,
                                                                             "name": leaving.display_name})
        elif request.POST.get("action") == "cancel":
            form = forms.ReasonForm(request.POST)
            if not form.is_valid():
                raise ValidationError(_("Say why the game is cancelled."))
            services.table_cancel(table=table, by=request.user, reason=form.cleaned_data["reason"])
            messages.success(request, _("The game at table %(t)s was cancelled.") % {"t": table.label})
        else:
            try:
                minutes = int(request.POST.get("minutes", ""))
            except ValueError:
                raise ValidationError(_("Extra time is a whole number of minutes from 1 to 120.")) from None
            try:
                services.table_extra_time(table=table, minutes=minutes, by=request.user,
                                          reason=request.POST.get("reason", ""), once=pages.form_once(request))
            except AlreadyDone:
                messages.info(request, _("This was already saved: nothing was saved again."))
                return _back(tournament)
            messages.success(request, _("Table %(t)s has %(m)s more minutes.") % {"t": table.label, "m": minutes})
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    return _back(tournament)


@login_required
@require_POST
def penalty(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament(pk)
    form = forms.PenaltyForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("A penalty needs the player, the points and a reason."))
        return _back(tournament)
    member = get_object_or_404(Member, pk=form.cleaned_data["member"], club=tournament.club)
    try:
        services.penalty(tournament=tournament, member=member, points=form.cleaned_data["points"],
                         reason=form.cleaned_data["reason"], by=request.user, once=pages.form_once(request))
    except AlreadyDone:
        messages.info(request, _("This deduction was already logged: nothing was logged again."))
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    else:
        messages.success(request, _("%(name)s: %(points)s points deducted.") % {
            "name": member.display_name, "points": form.cleaned_data["points"]})
    return _back(tournament)


@login_required
@require_POST
def finish(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament(pk)
    try:
        services.tournament_finish(tournament=tournament, by=request.user)
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    else:
        messages.success(request, _("The tournament is over: the results are final."))
    return redirect("events:tournament_results", tournament.pk)


@login_required
@require_POST
def publish(request: HttpRequest, pk: int) -> HttpResponse:
    """The 결과 공개 switch (a club admin): results, board and exports for everyone, or for members only."""
    tournament = _tournament(pk)
    public = request.POST.get("public") == "1"
    services.tournament_publish(tournament=tournament, public=public, by=request.user)
    messages.success(request, _("The results are public now.") if public
                     else _("The results are for the club's members only now."))
    return _back(tournament)


@require_GET
def results(request: HttpRequest, pk: int) -> HttpResponse:
    """The results page: standings after each round, team standings, every table's result (members, or
    everyone when the tournament's results are public)."""
    tournament = _tournament(pk)
    if not access.can_view_tournament(request.user, tournament):
        return pages.refuse(request)
    rounds = selectors.rounds(tournament)
    finished_rounds = [r.number for r in rounds if r.finished]
    after = request.GET.get("after")
    up_to = int(after) if after and after.isdigit() and int(after) in finished_rounds else None
    rows = standings.standings(tournament, up_to_round=up_to)
    return render(request, "events/tournaments/results.html", {
        "tournament": tournament, "club": tournament.club, "rows": rows, "rounds": rounds,
        "teams": standings.team_standings(tournament, rows), "finished_rounds": finished_rounds, "up_to": up_to,
    })


@require_GET
def export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    tournament = _tournament(pk)
    if not access.can_view_tournament(request.user, tournament):
        return pages.refuse(request)
    filename = f"tournament-{tournament.pk}"
    if fmt == "csv":
        response = HttpResponse(exports.to_csv(tournament).encode("utf-8-sig"), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    elif fmt == "xlsx":
        response = HttpResponse(
            exports.to_xlsx(tournament),
            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        response["Content-Disposition"] = f'attachment; filename="{filename}.xlsx"'
    else:
        raise Http404
    return response


# --- the board ----------------------------------------------------------------------------------
def _board_context(tournament: Tournament) -> dict:
    last = tournament.round_set.order_by("-number").first()
    return {"tournament": tournament, "club": tournament.club, "tables": selectors.board_tables(tournament),
            "rows": standings.standings(tournament), "other_language": pages.other_language(),
            "rounds_count": last.number if last else 0, "stage": last.stage if last else 1}


@require_GET
def board(request: HttpRequest, pk: int) -> HttpResponse:
    """The projector page (1920×1080): the round's tables live, the standings, a QR code to the results."""
    tournament = _tournament(pk)
    if not access.can_view_tournament(request.user, tournament):
        return pages.refuse(request)
    results_url = request.build_absolute_uri(reverse("events:tournament_results", args=[tournament.pk]))
    return render(request, "events/tournaments/board.html", {
        **_board_context(tournament), "qr": pages.qr_svg(results_url), "results_url": results_url,
        "live_url": reverse("events:tournament_board_live", args=[tournament.pk]),
        "etag": pages.etag(selectors.board_version(tournament)), "interval": pages.LIVE_INTERVAL_MS})


@require_GET
def board_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The board's live fragment: 304 while nothing changed (If-None-Match), else the fragment."""
    tournament = _tournament(pk)
    if not access.can_view_tournament(request.user, tournament):
        return HttpResponse(status=HTTPStatus.FORBIDDEN)
    return pages.live_fragment(request, etag=pages.etag(selectors.board_version(tournament)),
                               template="events/tournaments/_board_live.html",
                               context=lambda: _board_context(tournament))
