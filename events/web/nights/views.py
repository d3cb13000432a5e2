"""Club-night screens: the desk (check-in, rounds), the phone check-in, a table's referee tools,
the projector board and its live fragment (ETag/304), and the watch view's change check."""
from __future__ import annotations

from http import HTTPStatus
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from club.models import Club, Member
from core.once import AlreadyDone, Once
from events import access, open_games
from events.nights import selectors, services
from events.nights.models import ClubNight, NightTable
from events.web import pages
from events.web.nights import forms, myseat
from league import permissions as league_permissions
from league.models import Game
from league.web.ui.confirm import confirm_page, confirmed
from league.web.ui.params import posted_ids
from scoring.messages import settle_particles


def _night(pk: int) -> ClubNight:
    return get_object_or_404(ClubNight.objects.select_related("club", "season", "sanma_season"), pk=pk)


def _back(night: ClubNight) -> HttpResponse:
    return redirect("events:night_detail", night.pk)


# --- nights of a club -----------------------------------------------------------------------
def night_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not access.can_view_night(request.user, club):
        return pages.refuse(request)
    can_open = access.can_open_night(request.user, club)
    form = forms.NightOpenForm(request.POST or None, club=club) if can_open else None
    if request.method == "POST":
        if not can_open:
            return pages.refuse(request)
        if form.is_valid():
            data = form.cleaned_data
            try:
                night = services.night_open(
                    club=club, season=data["season"], sanma_season=data["sanma_season"], title=data["title"],
                    round_minutes=data["round_minutes"], end_rule=data["end_rule"], by=request.user,
                    once=pages.form_once(request))
            except AlreadyDone as done:
                messages.info(request, _("This was already saved: nothing was saved again."))
                return redirect("events:night_detail", done.record.object_id) if done.record.object_id \
                    else redirect("events:night_list", club.slug)
            except ValidationError as exc:
                form.add_error(None, pages.refusal_text(exc))
            else:
                messages.success(request, _("The club night is open: members can check in now."))
                return _back(night)
        status = HTTPStatus.UNPROCESSABLE_ENTITY
    else:
        status = HTTPStatus.OK
    return render(request, "events/night_list.html", {
        "club": club, "nights": selectors.nights_for_club(club), "form": form, "can_open": can_open,
    }, status=status)


# --- the desk -------------------------------------------------------------------------------
@require_GET
def night_detail(request: HttpRequest, pk: int) -> HttpResponse:
    night = _night(pk)
    if not access.can_view_night(request.user, night.club):
        return pages.refuse(request)
    can_run = access.can_run_night(request.user, night.club)
    me = access.member_for(request.user, night.club)
    checkins = selectors.checkins(night)
    busy = services.busy_member_ids(night.club)
    counts = selectors.seat_counts(night)
    rows = [{"checkin": c, "member": c.member, "busy": c.member_id in busy,
             **counts.get(c.member_id, {"games": 0, "sat_out": 0})} for c in checkins]
    return render(request, "events/night_detail.html", {
        "night": night, "club": night.club, "rows": rows, "rounds": selectors.rounds(night),
        "present": sum(1 for c in checkins if c.present), "next_number": selectors.next_round_number(night),
        "free": sum(1 for c in checkins if c.present and c.member_id not in busy),
        "can_run": can_run, "can_open": access.can_open_night(request.user, night.club),
        "others": selectors.members_not_checked_in(night) if can_run else [],
        "my_checkin": next((c for c in checkins if me and c.member_id == me.pk), None), "me": me,
        "sanma": services.sanma_allowed(night),
        "host_candidates": selectors.host_candidates(night) if can_run else [],
        "hosts": set(night.hosts.values_list("pk", flat=True)) if can_run else set(),
    })


def night_checkin(request: HttpRequest, pk: int) -> HttpResponse:
    """The page the board's QR code opens: a member checks in (or out) from their phone."""
    night = _night(pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    me = access.member_for(request.user, night.club)
    if me is None and not access.can_view_night(request.user, night.club):
        raise PermissionDenied  # another club's member: not even the night's title
    if request.method == "POST":
        if me is None:
            raise PermissionDenied
        try:
            if request.POST.get("action") == "leave":
                services.leave(night=night, member=me, by=request.user)
                messages.success(request, _("You are checked out: you will not be seated in later rounds."))
            else:
                created = services.check_in(night=night, member=me, by=request.user)[1]
                messages.success(request, _("You are checked in: you will be seated in the next round.") if created
                                 else _("You were already checked in: nothing changed."))
        except ValidationError as exc:
            messages.error(request, pages.refusal_text(exc))
        return redirect("events:night_checkin", night.pk)
    checkin = night.checkins.filter(member=me).first() if me else None
    return render(request, "events/checkin.html", {"night": night, "club": night.club, "checkin": checkin,
                                                    **myseat.context(night, me),
                                                    "my_seat_etag": myseat.live_attrs(night, me)["etag"]})


@login_required
@require_POST
def desk_checkin(request: HttpRequest, pk: int) -> HttpResponse:
    """An admin or referee checks a member in at the desk."""
    night = _night(pk)
    form = forms.MemberForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a member to check in."))
        return _back(night)
    # Only this club's members: another club's answers 404 like an id that does not exist (no name).
    member = get_object_or_404(Member, pk=form.cleaned_data["member"], club=night.club)
    try:
        created = services.check_in(night=night, member=member, by=request.user)[1]
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    else:
        if created:
            messages.success(request, _("%(name)s is checked in.") % {"name": member.display_name})
        else:
            messages.info(request, _("%(name)s was already checked in: nothing changed.")
                          % {"name": member.display_name})
    return _back(night)


@login_required
def night_hosts(request: HttpRequest, pk: int) -> HttpResponse:
    """"이 밤의 진행자": the organiser picks the table hosts who may enter hands at every table of the night."""
    night = _night(pk)
    if request.method != "POST":
        return _back(night)
    if not access.can_run_night(request.user, night.club):
        raise PermissionDenied
    ids = posted_ids(request, "host")
    chosen = list(Member.objects.filter(club=night.club, pk__in=ids, active=True))
    try:
        services.night_hosts_set(night=night, members=chosen, by=request.user)
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    else:
        messages.success(request, _("This night's hosts: %(names)s.")
                         % {"names": ", ".join(m.display_name for m in chosen) or "—"})
    return _back(night)


@login_required
def desk_walk_ins(request: HttpRequest, pk: int) -> HttpResponse:
    """The desk adds walk-ins by name, one a line: each a guest member, checked in (issue 42 item 3)."""
    night = _night(pk)
    if request.method != "POST":
        return _back(night)
    if not access.can_run_night(request.user, night.club):
        raise PermissionDenied
    names = request.POST.get("names", "").splitlines()
    try:
        added = services.walk_ins_add(night=night, names=names, by=request.user,
                                      once=Once.form(request.user, request.POST.get("entry_token")))
    except AlreadyDone:
        messages.info(request, _("Already added: nothing was added again."))
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    else:
        messages.success(request, _("Checked in as guests: %(names)s.")
                         % {"names": ", ".join(m.display_name for m in added)})
    return _back(night)


@login_required
def desk_check_in_all(request: HttpRequest, pk: int) -> HttpResponse:
    """"모두 체크인": every member on the desk's list, after a confirmation naming how many."""
    night = _night(pk)
    if request.method != "POST":
        return _back(night)
    if not access.can_run_night(request.user, night.club):
        raise PermissionDenied
    seen = posted_ids(request, "member")
    if not confirmed(request):
        return confirm_page(request, back=reverse("events:night_detail", args=[night.pk]),
                            question=_("Check in all %(n)s members on the list?") % {"n": len(seen)},
                            button=_("Yes, check them all in"))
    try:
        done = services.check_in_all(night=night, by=request.user, member_ids=seen)
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    else:
        messages.success(request, _("%(n)s members are checked in.") % {"n": len(done)})
    return _back(night)


@login_required
@require_POST
def desk_leave(request: HttpRequest, pk: int) -> HttpResponse:
    night = _night(pk)
    form = forms.MemberForm(request.POST)
    if not form.is_valid():
        return _back(night)
    member = get_object_or_404(Member, pk=form.cleaned_data["member"], club=night.club)
    if not access.can_check_in(request.user, member, night.club):  # before the question names them
        raise PermissionDenied
    if not confirmed(request):
        return confirm_page(request, back=reverse("events:night_detail", args=[night.pk]),
                            question=settle_particles(_("Mark %(name)s as left? They are not seated in later rounds.")
                                                      % {"name": member.display_name}),
                            button=_("Yes, mark as left"))
    try:
        services.leave(night=night, member=member, by=request.user)
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    else:
        messages.success(request, _("%(name)s has left: not seated in later rounds.") % {"name": member.display_name})
    return _back(night)


@login_required
@require_POST
def round_seat(request: HttpRequest, pk: int) -> HttpResponse:
    night = _night(pk)
    form = forms.RoundForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("This screen is out of date. Reload the page."))
        return _back(night)
    number = form.cleaned_data["number"]
    try:
        rnd, created = services.round_seat(night=night, number=number, by=request.user)
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
        return _back(night)
    pages.say_round_seated(request, rnd, created)
    return _back(night)


@login_required
@require_POST
def round_add_table(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser adds a table to the round in play (late arrivals, those sitting out)."""
    night = _night(pk)
    if not access.can_run_night(request.user, night.club):  # an invalid form must not redirect outsiders
        raise PermissionDenied
    form = forms.AddTableForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("This screen is out of date. Reload the page."))
        return _back(night)
    try:
        table, created = services.round_add_table(night=night, number=form.cleaned_data["number"],
                                                  tables_seen=form.cleaned_data["tables"], by=request.user)
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
        return _back(night)
    names = " · ".join(s.member.display_name for s in table.game.seat_set.select_related("member").order_by("seat"))
    if created:
        messages.success(request, _("Table %(t)s is added to round %(n)s: %(names)s.") % {
            "t": table.label, "n": table.round.number, "names": names})
    else:
        messages.info(request, _("Table %(t)s was already added (by someone else?): nothing changed.")
                      % {"t": table.label})
    return _back(night)


@login_required
@require_POST
def night_close(request: HttpRequest, pk: int) -> HttpResponse:
    night = _night(pk)
    if not access.can_run_night(request.user, night.club):  # before saying anything about its tables
        raise PermissionDenied
    if night.is_open and open_games.open_games(night.club, night=night):  # tables still playing: ask about each first
        return redirect("events:night_close_ask", night.pk)
    if night.is_open and not confirmed(request):  # nothing playing: one confirming tap (issue 25 item 5)
        if not access.can_open_night(request.user, night.club):
            raise PermissionDenied
        return confirm_page(request, back=reverse("events:night_detail", args=[night.pk]),
                            question=_("Close the club night %(night)s? Nobody can check in and no round can be "
                                       "seated after that.") % {"night": night},
                            button=_("Yes, close the night"))
    services.night_close(night=night, by=request.user)
    messages.success(request, _("The club night is closed."))
    return _back(night)


@login_required
@never_cache
def night_close_ask(request: HttpRequest, pk: int) -> HttpResponse:
    """Close the night: for each table still playing, end at current scores, cancel, or keep."""
    night = get_object_or_404(ClubNight.objects.select_related("club"), pk=pk)
    if not access.can_open_night(request.user, night.club):
        raise PermissionDenied
    playing = open_games.open_games(night.club, night=night)
    status = HTTPStatus.OK
    if request.method == "POST":
        decisions = {g.game.pk: request.POST.get(f"game_{g.game.pk}", "") for g in playing}
        decisions = {k: v for k, v in decisions.items() if v in {s.value for s in open_games.Settle}}
        try:
            _night_closed, refused = services.night_close_settling(night=night, by=request.user,
                                                                   decisions=decisions,
                                                                   note=request.POST.get("note", ""))
        except ValidationError as exc:
            messages.error(request, open_games.refusal_words(exc))
            status = HTTPStatus.UNPROCESSABLE_ENTITY
        else:
            messages.success(request, _("The club night is closed."))
            for line in refused:  # the table that could not be settled as asked: still playing, named
                messages.warning(request, _("Still playing: %(table)s") % {"table": line})
            return redirect("events:night_detail", night.pk)
    return render(request, "events/close_night.html", {"night": night, "club": night.club, "games": playing},
                  status=status)


# --- one table of the night ---------------------------------------------------------------------
@login_required
def table_manage(request: HttpRequest, pk: int) -> HttpResponse:
    """Referee tools for one table: extra time, a substitute for a leaver, or cancel the game."""
    table = get_object_or_404(NightTable.objects.select_related("round__night__club", "game"), pk=pk)
    night = table.round.night
    if not access.can_run_night(request.user, night.club):
        raise PermissionDenied
    seats = list(table.game.seat_set.select_related("member").order_by("seat"))
    busy = services.busy_member_ids(night.club)
    free = [c.member for c in selectors.checkins(night) if c.present and c.member_id not in busy]
    extra_form, sub_form, cancel_form = forms.ExtraTimeForm(), forms.SubstituteForm(), forms.CancelForm()
    status = HTTPStatus.OK
    if request.method == "POST":
        action = request.POST.get("action")
        form = {"extra": forms.ExtraTimeForm, "substitute": forms.SubstituteForm,
                "cancel": forms.CancelForm}.get(action, forms.CancelForm)(request.POST)
        try:
            if not form.is_valid():
                raise ValidationError(_("Fill in every field of the form."))
            data = form.cleaned_data
            if action == "extra":
                try:
                    services.table_extra_time(table=table, minutes=data["minutes"], by=request.user,
                                              reason=data["reason"], once=pages.form_once(request))
                except AlreadyDone:
                    messages.info(request, _("This was already saved: nothing was saved again."))
                    return redirect("events:table_manage", table.pk)
                messages.success(request, _("Table %(t)s has %(m)s more minutes.") % {"t": table.label,
                                                                                      "m": data["minutes"]})
            elif action == "substitute":
                leaving = get_object_or_404(Member, pk=data["leaving"])
                sub = get_object_or_404(Member, pk=data["substitute"])
                services.seat_substitute(table=table, leaving=leaving, substitute=sub, by=request.user,
                                         reason=data["reason"])
                messages.success(request, _("%(sub)s takes %(name)s's seat.") % {"sub": sub.display_name,
                                                                                 "name": leaving.display_name})
            else:
                leaving = get_object_or_404(Member, pk=data["leaving"]) if data.get("leaving") else None
                services.table_cancel(table=table, leaving=leaving, by=request.user, reason=data["reason"])
                messages.success(request, _("The game at table %(t)s was cancelled.") % {"t": table.label})
            return redirect("events:table_manage", table.pk)
        except ValidationError as exc:
            form.add_error(None, pages.refusal_text(exc))
            extra_form = form if action == "extra" else extra_form
            sub_form = form if action == "substitute" else sub_form
            cancel_form = form if action not in ("extra", "substitute") else cancel_form
            status = HTTPStatus.UNPROCESSABLE_ENTITY
    return render(request, "events/table.html", {
        "table": table, "night": night, "club": night.club, "game": table.game, "seats": seats, "free": free,
        "extra_form": extra_form, "sub_form": sub_form, "cancel_form": cancel_form,
        "playing": table.game.status == Game.Status.IN_PROGRESS,
    }, status=status)


@login_required
@require_GET
def table_next_game(request: HttpRequest, pk: int) -> HttpResponse:
    """Asked before the final table's "next game, same players" starts a game outside the night's rounds."""
    table = get_object_or_404(NightTable.objects.select_related("round__night__club", "game__season"), pk=pk)
    game, night = table.game, table.round.night
    if not league_permissions.can_start_game(request.user, night.club):
        raise PermissionDenied
    seats = list(game.seat_set.select_related("member").order_by("seat"))
    query = {"season": game.season_id, "table_label": game.table_label, "random_seats": 1,
             **{f"seat_{s.seat}": s.member_id for s in seats}}
    start_url = reverse("league:game_start", args=[night.club.slug]) + "?" + urlencode(query)
    return render(request, "events/next_game.html", {
        "table": table, "night": night, "club": night.club, "game": game, "players": [s.member for s in seats],
        "start_url": start_url, "next_number": selectors.next_round_number(night),
    })


# --- the board ------------------------------------------------------------------------------
def _board_context(request: HttpRequest, night: ClubNight) -> dict:
    return {"night": night, "club": night.club, "tables": selectors.board_tables(night),
            "results": selectors.tonight_results(night), "standings": selectors.season_standings(night),
            "other_language": pages.other_language(), "rounds_count": night.rounds.count(),
            "present": night.checkins.filter(left_at__isnull=True).count(),
            "referee_calls": selectors.open_referee_calls(night)}


@require_GET
def board(request: HttpRequest, pk: int) -> HttpResponse:
    """The projector page (1920×1080): every table, tonight's results, the season's standings."""
    night = _night(pk)
    if not access.can_view_night(request.user, night.club):
        return pages.refuse(request)
    checkin_url = request.build_absolute_uri(reverse("events:night_checkin", args=[night.pk]))
    version = selectors.board_version(night)
    return render(request, "events/board.html", {
        **_board_context(request, night), "qr": pages.qr_svg(checkin_url), "checkin_url": checkin_url,
        "live_url": reverse("events:board_live", args=[night.pk]), "etag": pages.etag(version),
        "interval": pages.LIVE_INTERVAL_MS})


@require_GET
def board_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The board's live fragment: 304 while nothing changed (If-None-Match), else the fragment."""
    night = _night(pk)
    if not access.can_view_night(request.user, night.club):
        return HttpResponse(status=HTTPStatus.FORBIDDEN)
    return pages.live_fragment(request, etag=pages.etag(selectors.board_version(night)),
                               template="events/_board_live.html",
                               context=lambda: _board_context(request, night))


@require_GET
def game_live(request: HttpRequest, pk: int) -> HttpResponse:
    """Whether a game's table screen changed (the watch view reloads its screen when it did)."""
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if not league_permissions.can_view_club(request.user, game.club):
        return HttpResponse(status=HTTPStatus.FORBIDDEN)
    etag = f'"{selectors.game_version(game)}"'
    response = HttpResponseNotModified() if request.headers.get("If-None-Match") == etag else HttpResponse(
        etag, content_type="text/plain")
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response
