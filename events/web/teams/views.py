"""Team league screens (issue 37): the club's team leagues (an admin creates one from a preset), a stage's
team table ("이전 단계 / × carry / 이번 단계 / 합계"), a team's page, the schedule with its line-ups (a
captain picks on their phone; the organiser closes the line-ups and seats the games), the individual
ranking, the venue's board (1920×1080) and the CSV/XLSX export. Thin: the services write, the selectors
and ``events.teams.standings`` read."""
from __future__ import annotations

import datetime
from http import HTTPStatus

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from club.models import Club, Member
from core.once import AlreadyDone
from events import access
from events.teams import exports, selectors, services, standings
from events.teams.models import Fixture, MatchDay, RosterEntry, Slot, Stage, Team, TeamLeague
from events.teams.presets import Format
from events.web import pages
from league.models import Ruleset

FORMAT_CHOICES = [(Format.M_LEAGUE.value, gettext_lazy("M-League style (teams of 3–4, semifinal and final)")),
                  (Format.CLUB_EXCHANGE.value, gettext_lazy("Club exchange (teams of 2 from each club, 4 rounds)")),
                  (Format.ROUND_ROBIN.value, gettext_lazy("Round-robin team nights (forfeits allowed)"))]


class LeagueForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=100)
    ruleset = forms.ModelChoiceField(label=gettext_lazy("Ruleset"), queryset=Ruleset.objects.none())
    format = forms.ChoiceField(label=gettext_lazy("Format"), choices=FORMAT_CHOICES)

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = Ruleset.objects.filter(club=club).order_by("name")


def _league(pk: int) -> TeamLeague:
    return get_object_or_404(TeamLeague.objects.select_related("club", "season"), pk=pk)


def _stage(league: TeamLeague, request: HttpRequest) -> Stage | None:
    number = request.GET.get("stage")
    if number and number.isdigit() and len(number) <= 4:
        return league.stages.filter(number=int(number)).first() or selectors.current_stage(league)
    return selectors.current_stage(league)


def _common(request: HttpRequest, league: TeamLeague, stage: Stage | None) -> dict:
    return {"league": league, "club": league.club, "stage": stage, "stages": list(league.stages.order_by("number")),
            "organiser": selectors.can_organise(request.user, league)}


def league_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    can_create = access.can_open_night(request.user, club)
    leagues = [lg for lg in selectors.leagues_for_club(club) if selectors.can_view(request.user, lg)]
    if not leagues and not access.can_view_night(request.user, club):
        return pages.refuse(request)  # a private club with no public team league: not even its name
    form = LeagueForm(request.POST or None, club=club) if can_create else None
    status = HTTPStatus.OK
    if request.method == "POST":
        if form is None:
            raise PermissionDenied
        if form.is_valid():
            try:
                league = services.team_league_create(club=club, by=request.user, name=form.cleaned_data["name"],
                                                     ruleset=form.cleaned_data["ruleset"],
                                                     format=form.cleaned_data["format"], once=pages.form_once(request))
            except AlreadyDone as done:
                messages.info(request, _("This was already saved: nothing was saved again."))
                return redirect("events:team_league", done.record.object_id) if done.record.object_id \
                    else redirect("events:team_league_list", club.slug)
            except ValidationError as exc:
                form.add_error(None, pages.refusal_text(exc))
            else:
                messages.success(request, _("The team league is created: add its teams and rosters."))
                return redirect("events:team_league", league.pk)
        status = HTTPStatus.UNPROCESSABLE_ENTITY
    return render(request, "events/teams/list.html", {"club": club, "leagues": leagues, "form": form},
                  status=status)


@require_GET
def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The stage's team table; the organiser's buttons to open and schedule the stage."""
    league = _league(pk)
    if not selectors.can_view(request.user, league):
        return pages.refuse(request)
    stage = _stage(league, request)
    rows = standings.stage_table(stage) if stage else []
    return render(request, "events/teams/league.html", {
        **_common(request, league, stage), "rows": rows, "teams": list(league.teams.select_related("captain")),
        "days": stage.match_days.count() if stage else 0,
        "cut": stage.advancing if stage and stage.advancing else None})


@require_POST
def stage_action(request: HttpRequest, pk: int) -> HttpResponse:
    stage = get_object_or_404(Stage.objects.select_related("league__club"), pk=pk)
    back = reverse("events:team_league", args=[stage.league_id]) + f"?stage={stage.number}"
    try:
        if request.POST.get("action") == "open":
            services.stage_open(stage=stage, by=request.user)
            messages.success(request, _("The stage is open: its teams are fixed."))
        elif request.POST.get("action") == "schedule":
            first = datetime.datetime.fromisoformat(request.POST.get("first_day", ""))
            first = timezone.make_aware(first) if timezone.is_naive(first) else first
            between = int(request.POST.get("days_between") or 7)
            if not 0 <= between <= 366:
                raise ValueError(between)
            days = services.stage_schedule(stage=stage, by=request.user, first_day=first, days_between=between,
                                           venue=request.POST.get("venue", ""))
            messages.success(request, _("The stage is scheduled: %(n)s match days.") % {"n": len(days)})
        else:
            raise Http404
    except (ValueError, OverflowError):
        messages.error(request, _("Enter the first match day's date and time, and the days between match days "
                                  "(0 to 366)."))
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    return redirect(back)


@require_POST
def team_add(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser adds a team (name and colour)."""
    league = _league(pk)
    try:
        team = services.team_add(league=league, by=request.user, name=request.POST.get("name", ""),
                                 colour=request.POST.get("colour") or "#1f4e79")
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
        return redirect("events:team_league", league.pk)
    messages.success(request, _("%(team)s is added: now its roster.") % {"team": team.name})
    return redirect("events:team_league_team", team.pk)


def team_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A team's roster, games and each player's points; the organiser adds players here."""
    team = get_object_or_404(Team.objects.select_related("league__club", "captain"), pk=pk)
    league = team.league
    if not selectors.can_view(request.user, league):
        return pages.refuse(request)
    organiser = selectors.can_organise(request.user, league)
    if request.method == "POST":
        if not organiser:
            raise PermissionDenied
        member = get_object_or_404(Member, pk=pages.posted_id(request.POST.get("member")), club=league.club)
        role = request.POST.get("role") or RosterEntry.Role.PLAYER
        if role not in RosterEntry.Role.values:
            messages.error(request, _("Choose the player's role from the list."))
            return redirect("events:team_league_team", team.pk)
        try:
            services.roster_add(team=team, member=member, by=request.user,
                                role=role,
                                captain=bool(request.POST.get("captain")))
        except ValidationError as exc:
            messages.error(request, pages.refusal_text(exc))
        else:
            messages.success(request, _("%(name)s is on the roster.") % {"name": member.display_name})
        return redirect("events:team_league_team", team.pk)
    on_roster = set(RosterEntry.objects.filter(team__league=league, left_on__isnull=True)
                    .values_list("member_id", flat=True))
    candidates = (list(Member.objects.filter(club=league.club, active=True).exclude(pk__in=on_roster)
                       .order_by("display_name")) if organiser else [])
    return render(request, "events/teams/team.html", {**_common(request, league, None),
                                                       "page": selectors.team_page(team), "team": team,
                                                       "candidates": candidates, "roles": RosterEntry.Role.choices})


@require_GET
def schedule(request: HttpRequest, pk: int) -> HttpResponse:
    """The stage's match days with their line-ups; a captain's pick forms on their team's slots."""
    league = _league(pk)
    if not selectors.can_view(request.user, league):
        return pages.refuse(request)
    stage = _stage(league, request)
    days = selectors.schedule(stage, user=request.user) if stage else []
    mine = selectors.captain_team_ids(request.user, league)
    choices = {}
    organiser = selectors.can_organise(request.user, league)
    for team in league.teams.all():
        if organiser or team.pk in mine:
            choices[team.pk] = [e.member for e in team.roster.select_related("member").order_by("order", "id")
                                if e.left_on is None]
    rows = [(d, [(f, [(s, choices.get(s.team.pk)) for s in f.slots]) for f in d.fixtures]) for d in days]
    return render(request, "events/teams/schedule.html", {**_common(request, league, stage), "rows": rows})


def _back_to_day(day: MatchDay) -> HttpResponse:
    return redirect(reverse("events:team_league_schedule", args=[day.stage.league_id])
                    + f"?stage={day.stage.number}#day-{day.number}")


@require_POST
def slot_pick(request: HttpRequest, pk: int) -> HttpResponse:
    """A captain (or the organiser) picks the slot's player."""
    slot = get_object_or_404(Slot.objects.select_related("fixture__match_day__stage__league__club", "team"), pk=pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    member = get_object_or_404(Member, pk=pages.posted_id(request.POST.get("member")))
    try:
        services.lineup_set(slot=slot, member=member, by=request.user)
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    else:
        messages.success(request, _("%(team)s's player is set: %(name)s.") % {"team": slot.team.name,
                                                                             "name": member.display_name})
    return _back_to_day(slot.fixture.match_day)


@require_POST
def day_action(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser closes a match day's line-ups (shown to all from then on)."""
    day = get_object_or_404(MatchDay.objects.select_related("stage__league__club"), pk=pk)
    try:
        services.lineups_close(match_day=day, by=request.user)
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    else:
        messages.success(request, _("The line-ups are closed and shown to all."))
    return _back_to_day(day)


@require_POST
def fixture_action(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser seats a fixture's game (or records a team's forfeit)."""
    fixture = get_object_or_404(Fixture.objects.select_related("match_day__stage__league__club"), pk=pk)
    try:
        if request.POST.get("action") == "forfeit":
            team = get_object_or_404(Team, pk=pages.posted_id(request.POST.get("team")),
                                     league=fixture.match_day.stage.league)
            services.fixture_forfeit(fixture=fixture, team=team, by=request.user)
            messages.success(request, _("%(team)s forfeits this table.") % {"team": team.name})
        else:
            fixture = services.fixture_seat(fixture=fixture, by=request.user)
            messages.success(request, _("The game is seated: enter its hands on the table screen."))
    except ValidationError as exc:
        messages.error(request, pages.refusal_text(exc))
    return _back_to_day(fixture.match_day)


@require_GET
def ranking(request: HttpRequest, pk: int) -> HttpResponse:
    """The individual ranking of the regular stage (as M-League counts its titles)."""
    league = _league(pk)
    if not selectors.can_view(request.user, league):
        return pages.refuse(request)
    regular = league.stages.order_by("number").first()
    minimum = request.GET.get("min", "")
    default = regular.player_min_games if regular else 0
    min_games = int(minimum) if minimum.isdigit() and len(minimum) <= 4 else default
    rows = standings.individual_ranking(league, stage=regular, min_games=min_games)
    return render(request, "events/teams/ranking.html", {
        **_common(request, league, regular), "rows": rows, "min_games": min_games,
        "best": sorted((r for r in rows if r.best is not None), key=lambda r: -r.best)[:3],
        "avoid": sorted((r for r in rows if r.games), key=lambda r: -r.fourth_avoidance)[:3],
        "wins": sorted((r for r in rows if r.games), key=lambda r: -r.win_rate)[:3]})


def _board_context(league: TeamLeague) -> dict:
    day = selectors.board_day(league)
    stage = day.stage if day else selectors.current_stage(league)
    return {"league": league, "club": league.club, "day": day, "stage": stage,
            "tables": selectors.board_tables(day) if day else [],
            "rows": standings.stage_table(stage) if stage else [], "other_language": pages.other_language()}


@require_GET
def board(request: HttpRequest, pk: int) -> HttpResponse:
    """The venue's board (1920×1080): the match day's tables live, the stage's team table, a QR code."""
    league = _league(pk)
    if not selectors.can_view(request.user, league):
        return pages.refuse(request)
    url = request.build_absolute_uri(reverse("events:team_league", args=[league.pk]))
    return render(request, "events/teams/board.html", {
        **_board_context(league), "qr": pages.qr_svg(url), "results_url": url,
        "live_url": reverse("events:team_league_board_live", args=[league.pk]),
        "etag": pages.etag(selectors.board_version(league)), "interval": pages.LIVE_INTERVAL_MS})


@require_GET
def board_live(request: HttpRequest, pk: int) -> HttpResponse:
    league = _league(pk)
    if not selectors.can_view(request.user, league):
        return HttpResponse(status=HTTPStatus.FORBIDDEN)
    return pages.live_fragment(request, etag=pages.etag(selectors.board_version(league)),
                               template="events/teams/_board_live.html",
                               context=lambda: _board_context(league))


@require_GET
def export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    league = _league(pk)
    if not selectors.can_view(request.user, league):
        return pages.refuse(request)
    filename = f"team-league-{league.pk}"
    if fmt == "csv":
        response = HttpResponse(exports.to_csv(league).encode("utf-8-sig"), content_type="text/csv; charset=utf-8")
    elif fmt == "xlsx":
        response = HttpResponse(exports.to_xlsx(league),
                                content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    else:
        raise Http404
    response["Content-Disposition"] = f'attachment; filename="{filename}.{fmt}"'
    return response
