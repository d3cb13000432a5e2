"""Game list per club and season, starting a game, and the game page (hands + chart)."""
from __future__ import annotations

from http import HTTPStatus
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from club.models import Club, Member
from core.once import AlreadyDone
from core.web import entry_once, refusable, refuse
from league import permissions
from league.games import selectors as game_selectors
from league.games import services as game_services
from league.games.entry_screen import game_view, next_game_context
from league.games.errors import SeatedElsewhere, refusal_message, seated_elsewhere_words
from league.models import Game, Season
from league.web.games import filters as game_filters
from league.web.games import picker
from league.web.games.forms import GameStartForm, ReasonForm
from league.web.ui import charts as charts
from league.web.ui.params import BadParameter, bad_parameter, id_param
from league.web.ui.views import load_game


@require_GET
def game_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's games, a page at a time, newest first; by season, status and player (issue 29)."""
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_view_club(request.user, club):
        return refuse(request)
    try:
        season_id = id_param(request, "season")
        member_id = id_param(request, "member")
    except BadParameter as exc:
        return bad_parameter(request, exc)
    season = get_object_or_404(Season, club=club, pk=season_id) if season_id is not None else None
    member = get_object_or_404(Member, club=club, pk=member_id) if member_id is not None else None
    found = game_filters.GameListFilter(request.GET, queryset=game_filters.club_games(club=club), club=club)
    if not found.is_valid():
        return render(request, "league/bad_request.html", {
            "message": _("The address has a filter this list does not know. Open the game list from its link again."),
        }, status=HTTPStatus.BAD_REQUEST)
    page = Paginator(found.qs, game_filters.GAMES_PER_PAGE).get_page(request.GET.get("page"))
    keep = request.GET.copy()
    keep.pop("page", None)
    return render(request, "league/games/list.html", {
        "club": club, "seasons": found.filters["season"].queryset, "season": season, "member": member,
        "statuses": Game.Status.choices, "status": found.form.cleaned_data.get("status") or "",
        "player": found.form.cleaned_data.get("player") or "",
        "rows": game_filters.game_rows(page.object_list), "page": page, "keep": keep.urlencode(),
        "can_start": permissions.can_start_game(request.user, club),
        "can_referee": permissions.can_give_penalty(request.user, club),
    })


@login_required
@never_cache
def game_start(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_start_game(request.user, club):
        return refuse(request)
    # a closed season takes no game; a tournament's and the casual games' own seasons take theirs from their own
    # pages (issue 42 item 11: "[대회 #1] …" offered for a game of the league)
    seasons = (club.seasons.filter(closed_at__isnull=True, tournament__isnull=True, sanma_tournament__isnull=True,
                                   casual__isnull=True).select_related("ruleset"))
    members = Member.objects.filter(club=club, active=True)
    # "Find" (the member picker without JavaScript) sends the form back to be shown again with each seat's
    # search; ``?season=`` (a season's game list) and ``?seat_0=..&seat_3=`` (a table's next game) fill it.
    finding = request.method == "POST" and "find" in request.POST
    source = request.POST if finding else request.GET
    initial = {k: source[k] for k in ("season", "table_label", "seat_0", "seat_1", "seat_2", "seat_3")
               if source.get(k)} or None
    if initial and source.get("random_seats"):
        initial["random_seats"] = True
    data = None if finding else (request.POST or None)
    values = data or initial or {}
    queries = _seat_queries(request.POST if request.method == "POST" else request.GET)
    form = GameStartForm(data, seasons=seasons, members=members, initial=initial,
                         seat_choices=_seat_choices(club, values, queries))
    staff = permissions.is_referee_or_admin(request.user, club)
    ask_override = False
    if data is not None and form.is_valid():
        seated_self = any(m.user_id == request.user.pk for m in form.cleaned_data["players"])
        if not seated_self and not staff:
            # A host enters the hands of a game they sit at: a game they are not at would be stuck.
            form.add_error(None, _("You are not seated at this game, so you could not enter its hands. Start it from "
                                   "the phone of one of its players, or ask a referee or a club admin."))
            return render(request, "league/games/start.html", {"club": club, "form": form, "staff": staff,
                                                               "queries": queries},
                          status=HTTPStatus.UNPROCESSABLE_ENTITY)
        try:
            game = game_services.game_start(
                season=form.cleaned_data["season"], table_label=form.cleaned_data["table_label"],
                members=form.cleaned_data["players"], random_seats=form.cleaned_data["random_seats"],
                by=request.user, override_seated=staff and form.cleaned_data["override_seated"],
                once=entry_once(request),
            )
        except AlreadyDone as done:  # the same form again (a double tap, Back): that game, once
            messages.info(request, _("This game was already started."))
            game = done.result
            return redirect("league:game_table", game.pk) if game else redirect("league:game_list", club.slug)
        except SeatedElsewhere as exc:
            form.add_error(None, _seated_elsewhere_message(exc, staff=staff))
            ask_override = staff
        except ValidationError as exc:
            form.add_error(None, refusal_message(exc))
        else:
            if not permissions.can_enter_hands(request.user, game):
                messages.warning(request, _("The game is started. You are not seated at it, so its hands are entered "
                                            "by its players (logged in on their phones), a referee or a club admin."))
            return redirect("league:game_table", game.pk)
    status = HTTPStatus.UNPROCESSABLE_ENTITY if data is not None else HTTPStatus.OK
    return render(request, "league/games/start.html", {"club": club, "form": form, "ask_override": ask_override,
                                                       "queries": queries}, status=status)


def _seat_queries(params: Any) -> list[str]:
    """What the host typed in each seat's search box (``seat_N_q``)."""
    return [params.get(f"seat_{i}_q", "").strip()[:60] for i in range(4)]


def _seat_choices(club: Club, values: Any, queries: list[str]) -> dict[int, list]:
    chosen = {i: next(iter(picker.chosen_ids([values.get(f"seat_{i}")])), None) for i in range(4)}
    return picker.seat_choices(club=club, chosen=chosen, queries=dict(enumerate(queries)))


@login_required
@never_cache
@require_GET
def game_start_members(request: HttpRequest, slug: str) -> HttpResponse:
    """One seat's list of the member picker, for htmx (``?seat_N_q=<part of a name>&seat_N=<chosen id>``):
    the ``<select>`` again, with the members whose name holds the text and the one chosen."""
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_start_game(request.user, club):
        return refuse(request)
    seat = next((i for i in range(4) if f"seat_{i}_q" in request.GET), 0)
    chosen = request.GET.get(f"seat_{seat}")
    mine = next(iter(picker.chosen_ids([chosen])), None)
    found = picker.member_choices(club=club, query=_seat_queries(request.GET)[seat], chosen=[mine] if mine else [])
    choices = dict.fromkeys(range(4), [])
    choices[seat] = picker.widget_choices(found, selected=mine)
    form = GameStartForm(seasons=club.seasons.none(), members=Member.objects.none(),
                         initial={f"seat_{seat}": chosen}, seat_choices=choices)
    return HttpResponse(str(form[f"seat_{seat}"]))


def _seated_elsewhere_message(exc: SeatedElsewhere, *, staff: bool) -> str:
    text = seated_elsewhere_words(exc.seats)
    if staff:
        text += " " + _("As a referee or admin you may seat them anyway: tick the box below and start again.")
    return text


@require_GET
@refusable
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Hand by hand: round, honba, sticks, the result in words, deltas and scores; the chart."""
    game = load_game(request, pk)
    gv = game_view(game)
    rows_by_event: dict[int, Any] = {}
    for row in gv.replay.rows:
        rows_by_event[row.event_index] = row
    hands = []
    steps = gv.event_scores()
    belongs = game_selectors.hand_names(game)  # a penalty or a stop: the hand it belongs to, not a number
    number = 0
    for hand in game_selectors.game_hands(game=game):
        row = rows_by_event.get(hand.position)
        number += row is not None
        # What this event itself moved (a penalty's payment on its own row, not folded into the next hand).
        after = steps[hand.position + 1] if hand.position + 1 < len(steps) else None
        deltas = [b - a for a, b in zip(steps[hand.position], after, strict=False)] if after is not None else None
        if row is None and deltas is not None and not any(deltas):
            deltas = None  # a stop, a warning: nothing moved
        hands.append({"record": hand, "row": row, "deltas": deltas, "scores": after,
                      "number": number if row is not None else None, "belongs": belongs.get(hand.position, "")})
    chart = ""
    if gv.replay.rows:
        chart = mark_safe(charts.scores_chart_svg(gv.replay.rows, gv.players))  # escaped by charts
    return render(request, "league/games/detail.html", {
        "game": game, "gv": gv, "replay": gv.replay, "state": gv.replay.state, "players": gv.players,
        "hands": hands, "chart": chart, "final_rows": gv.final_rows(),
        "can_edit": permissions.can_enter_hands(request.user, game) and game.status != game.Status.CANCELLED
        and (game.status != game.Status.FINISHED or permissions.can_give_penalty(request.user, game.club)),
        "can_referee": permissions.can_give_penalty(request.user, game.club),
        "can_cancel": permissions.can_cancel_game(request.user, game) and game.status != game.Status.CANCELLED,
        **next_game_context(request.user, game),
    })


@login_required
@never_cache
@refusable
def game_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    """Cancel a game, with a reason (club admins and referees): it stays listed, marked cancelled."""
    game = load_game(request, pk, permissions.can_cancel_game)
    if game.status == Game.Status.CANCELLED:
        messages.info(request, _("This game is already cancelled."))
        return redirect("league:game_detail", game.pk)
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game_services.game_cancel(game=game, by=request.user, reason=form.cleaned_data["reason"])
        except ValidationError as exc:
            form.add_error(None, refusal_message(exc, game))
        else:
            messages.success(request, _("The game was cancelled."))
            return redirect("league:game_detail", game.pk)
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "league/games/cancel.html", {"game": game, "form": form, "players": game_view(game).players},
                  status=status)


