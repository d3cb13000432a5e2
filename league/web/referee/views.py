"""Referee screens: penalties by the ruleset's tiers, cancellations, season deductions, audit log."""
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

from club.models import Club, Member
from core.once import AlreadyDone
from core.web import entry_once, refusable, refuse
from league import permissions
from league.games import selectors as game_selectors
from league.games.errors import refusal_message
from league.games.words import event_words, table_words
from league.models import Game, GameSeat, HandRecord, Penalty, PenaltyKind, Season
from league.referee import selectors as referee_selectors
from league.referee import services as referee_services
from league.web.games.forms import ReasonForm
from league.web.referee.forms import PenaltyForm, SeasonDeductionForm
from league.web.ui.params import BadParameter, bad_parameter, id_param
from league.web.ui.views import load_game

KIND_LABELS = dict(PenaltyKind.choices)


def _with_payments(penalties) -> list[Penalty]:
    """The penalties, each with ``payment``: what its in-game event moved for the offender (None without one).

    A second yellow card's chombo payment, a penalty point, a ruling: replayed game by game, each
    amount where the penalty was given (the replay's rows would fold it into the next hand).
    """
    from league.games.entry_screen import game_view

    penalties = list(penalties)
    games = {p.game_id: p.game for p in penalties if p.hand_record_id and p.game_id}
    moved: dict[int, list[tuple[int, ...]]] = {}
    seats: dict[int, dict[int, int]] = {}
    hands: dict[int, dict[int, str]] = {}
    for game_id, game in games.items():
        moved[game_id] = game_view(game).event_deltas()
        seats[game_id] = dict(GameSeat.objects.filter(game_id=game_id).values_list("member_id", "seat"))
        hands[game_id] = game_selectors.hand_names(game)
    for p in penalties:
        p.payment = None
        p.hand_name = hands[p.game_id].get(p.hand_record.position, "") if p.game_id in hands and p.hand_record else ""
        if p.game_id in moved and p.hand_record is not None:
            deltas, seat = moved[p.game_id], seats[p.game_id].get(p.member_id)
            if seat is not None and p.hand_record.position < len(deltas):
                p.payment = deltas[p.hand_record.position][seat]
    return penalties


def _referee_check(user, game) -> bool:
    return permissions.can_give_penalty(user, game.club)


@never_cache
@refusable
def game_penalties(request: HttpRequest, pk: int) -> HttpResponse:
    """A game's penalties; referees and admins log new ones here (in-game events or rows)."""
    game = load_game(request, pk)
    can_give = permissions.can_give_penalty(request.user, game.club)
    form = None
    status = HTTPStatus.OK
    closed = game.status != Game.Status.IN_PROGRESS
    if can_give and closed:
        # Said up front: a finished (or cancelled) game takes no more in-game penalties or rulings.
        if request.method == "POST":
            status = HTTPStatus.CONFLICT
        penalties = _with_payments(referee_selectors.penalties_for(game=game, include_cancelled=True))
        return render(request, "league/referee/game.html",
                      {"game": game, "form": None, "penalties": penalties, "can_give": can_give, "closed": True,
                       **_end_context(game, can_give)},
                      status=status)
    if can_give:
        seats = [(s.member_id, s.member.display_name) for s in game.seat_set.select_related("member")]
        form = PenaltyForm(request.POST or None, seats=seats, ruleset=game.effective_ruleset.to_scoring(),
                           kind_labels=KIND_LABELS)
    if request.method == "POST":
        if form is None:
            return refuse(request)
        if form.is_valid():
            data = form.cleaned_data
            beneficiary = Member.objects.get(pk=data["beneficiary"]) if data.get("beneficiary") else None
            try:
                referee_services.penalty_give(
                    member=Member.objects.get(pk=data["member"], club=game.club), type=data["type"],
                    reason=data["reason"], by=request.user, game=game, amount=data.get("amount"),
                    beneficiary=beneficiary, once=entry_once(request),
                )
            except AlreadyDone:
                messages.info(request, _("This penalty was already logged: nothing was logged again."))
                return redirect("league:game_penalties", game.pk)
            except ValidationError as exc:
                form.add_error(None, refusal_message(exc, game))
            else:
                messages.success(request, _("The penalty was logged."))
                return redirect("league:game_penalties", game.pk)
        status = HTTPStatus.UNPROCESSABLE_ENTITY
    penalties = _with_payments(referee_selectors.penalties_for(game=game, include_cancelled=True))
    return render(request, "league/referee/game.html",
                  {"game": game, "form": form, "penalties": penalties, "can_give": can_give,
                   **_end_context(game, can_give)}, status=status)


def _end_context(game: Game, can_give: bool) -> dict:
    """The referee's end of a game: end it now (in progress), or take back its time or referee end."""
    if not can_give:
        return {}
    last = game.hands.order_by("-position").first() if game.status == Game.Status.FINISHED else None
    last_end = last.event if last is not None and isinstance(last.event, dict) and last.event.get("kind") == "end" \
        else None
    return {"can_end": game.status == Game.Status.IN_PROGRESS, "last_end": last_end}


@login_required
@require_POST
@never_cache
@refusable
def game_end(request: HttpRequest, pk: int) -> HttpResponse:
    """A referee ends a game at its current scores (reason ``referee``, a note required)."""
    from league.games import services as game_services

    game = load_game(request, pk, _referee_check)
    try:
        game_services.game_end(game=game, reason="referee", note=request.POST.get("note", ""), by=request.user)
    except ValidationError as exc:
        messages.error(request, refusal_message(exc, game))
        return redirect("league:game_penalties", game.pk)
    messages.success(request, _("The referee ended the game at its current scores."))
    return redirect("league:game_table", game.pk)


@login_required
@require_POST
@never_cache
@refusable
def game_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """A referee takes back a time or referee end, with a reason: the game is in progress again."""
    from league.games import services as game_services

    game = load_game(request, pk, _referee_check)
    try:
        game_services.game_end_undo(game=game, reason=request.POST.get("reason", ""), by=request.user)
    except ValidationError as exc:
        messages.error(request, refusal_message(exc, game))
        return redirect("league:game_penalties", game.pk)
    messages.success(request, _("The game is open again."))
    return redirect("league:game_table", game.pk)


@login_required
@never_cache
def penalty_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    penalty = get_object_or_404(Penalty.objects.select_related("season__club", "game", "member"), pk=pk)
    club = penalty.season.club
    if not permissions.can_give_penalty(request.user, club):
        return refuse(request, hide=permissions.outsider(request.user, club))
    form = ReasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            referee_services.penalty_cancel(penalty=penalty, by=request.user, reason=form.cleaned_data["reason"])
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("The penalty was cancelled."))
            if penalty.game_id:
                return redirect("league:game_penalties", penalty.game_id)
            return redirect("league:season_penalties", club.slug, penalty.season_id)
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "league/referee/cancel.html", {"penalty": penalty, "form": form, "club": club},
                  status=status)


@never_cache
def season_penalties(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    """A season's penalties; season-level point deductions are logged here."""
    club = get_object_or_404(Club, slug=slug)
    season = get_object_or_404(Season, club=club, pk=season_id)
    if not permissions.can_view_club(request.user, club):
        return refuse(request)
    can_give = permissions.can_give_penalty(request.user, club)
    members = Member.objects.filter(club=club, active=True).order_by("display_name")
    form = SeasonDeductionForm(request.POST or None, members=members) if can_give else None
    status = HTTPStatus.OK
    if request.method == "POST":
        if form is None:
            return refuse(request)
        if form.is_valid():
            try:
                referee_services.penalty_give(member=form.cleaned_data["member"], type=PenaltyKind.SEASON_DEDUCTION,
                                      reason=form.cleaned_data["reason"], by=request.user, season=season,
                                      points=form.cleaned_data["points"], once=entry_once(request))
            except AlreadyDone:
                messages.info(request, _("This deduction was already logged: nothing was logged again."))
                return redirect("league:season_penalties", club.slug, season.pk)
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                messages.success(request, _("The deduction was logged."))
                return redirect("league:season_penalties", club.slug, season.pk)
        status = HTTPStatus.UNPROCESSABLE_ENTITY
    penalties = _with_payments(referee_selectors.penalties_for(season=season, include_cancelled=True))
    return render(request, "league/referee/season.html", {
        "club": club, "season": season, "form": form, "penalties": penalties, "can_give": can_give,
    }, status=status)


def member_penalties(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    member = get_object_or_404(Member, club=club, pk=member_id)
    if not permissions.can_view_club(request.user, club):
        return refuse(request)
    penalties = _with_payments(referee_selectors.penalties_for(member=member, include_cancelled=True))
    return render(request, "league/referee/member.html", {
        "club": club, "member": member, "penalties": penalties,
        "can_give": permissions.can_give_penalty(request.user, club),
    })


def audit_log(request: HttpRequest, slug: str) -> HttpResponse:
    """Who changed what, when, before and after, and why (``?game=`` narrows to one game)."""
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_give_penalty(request.user, club):  # referees and admins only
        if not request.user.is_authenticated:
            return refuse(request)
        return render(request, "403.html", {"reason": _("The audit log is for the club's referees and admins.")},
                      status=HTTPStatus.FORBIDDEN)
    game = None
    try:
        game_id = id_param(request, "game")
    except BadParameter as exc:
        return bad_parameter(request, exc)
    if game_id is not None:
        game = get_object_or_404(club.games, pk=game_id)
    entries = list(referee_selectors.audit_entries(club=club, game=game)[:200])
    summaries = _audit_summaries(entries)
    actors = {e.actor_id for e in entries if e.actor_id}
    names = dict(Member.objects.filter(club=club, user_id__in=actors).values_list("user_id", "display_name"))
    for e in entries:
        e.summary = summaries.get(e.pk, "")
        e.who = names.get(e.actor_id) or (e.actor.get_username() if e.actor_id else _("system"))
    return render(request, "league/referee/audit.html", {"club": club, "game": game, "entries": entries})


def _sides(entry) -> list[dict]:
    return [side for side in (entry.before, entry.after) if isinstance(side, dict)]


def _audit_summaries(entries) -> dict[int, str]:
    """Hands and penalties of the log in words, with the players' names (the stored JSON has seat numbers and ids)."""
    game_ids = {side["game"] for e in entries for side in _sides(e) if isinstance(side.get("game"), int)}
    member_ids = {side[k] for e in entries for side in _sides(e) for k in ("member", "beneficiary")
                  if isinstance(side.get(k), int)}
    players: dict[int, list[str]] = {}
    for seat in GameSeat.objects.filter(game_id__in=game_ids).select_related("member").order_by("game_id", "seat"):
        players.setdefault(seat.game_id, []).append(seat.member.display_name)
    games = {g.pk: g for g in Game.objects.filter(pk__in=game_ids).select_related("ruleset")}
    tables = {pk: g.table_label or str(pk) for pk, g in games.items()}
    names = dict(Member.objects.filter(pk__in=member_ids).values_list("pk", "display_name"))
    hand_ids = {side["hand_record"] for e in entries for side in _sides(e) if isinstance(side.get("hand_record"), int)}
    positions = {pk: (game_id, position) for pk, game_id, position
                 in HandRecord.objects.filter(pk__in=hand_ids).values_list("pk", "game_id", "position")}
    replayed: dict[int, dict[int, str]] = {}

    def hand_names_of(game_id: int) -> dict[int, str]:
        """"동 3국 1본장" per stored position (penalties and stops named by their hand, not counted)."""
        if game_id not in replayed:
            replayed[game_id] = game_selectors.hand_names(games[game_id]) if game_id in games else {}
        return replayed[game_id]

    out: dict[int, str] = {}
    for e in entries:
        sides = _sides(e)
        if not sides:
            continue
        last = sides[-1]
        if e.object_type == "hand" and isinstance(last.get("game"), int) and last["game"] in players:
            seats = players[last["game"]]
            words = [event_words(side["event"], seats) for side in sides if isinstance(side.get("event"), dict)]
            if not words:
                continue
            what = " → ".join(dict.fromkeys(words)) if e.action == "edit" else words[-1]
            hand = hand_names_of(last["game"]).get(int(last.get("position", 0)), "")
            out[e.pk] = _("%(table)s, %(hand)s: %(what)s") % {
                "table": table_words(tables.get(last["game"], last["game"])), "hand": hand, "what": what}
        elif e.object_type == "game":
            seats = next((side["seats"] for side in reversed(sides) if isinstance(side.get("seats"), list)), [])
            text = table_words(last.get("table_label"))
            out[e.pk] = text + (": " + ", ".join(str(n) for n in seats) if seats else "")
        elif e.object_type == "tournament" and isinstance(last.get("names"), list) and last["names"]:
            out[e.pk] = _("Finalists after round %(n)s: %(names)s") % {
                "n": last.get("after_round") or "—", "names": ", ".join(str(n) for n in last["names"])}
        elif e.object_type in ("season", "ruleset") and last.get("name"):
            out[e.pk] = str(last["name"])
        elif e.object_type == "penalty" and last.get("member") in names:
            kind = str(KIND_LABELS.get(last.get("type"), last.get("type") or ""))
            extra = last.get("points") if last.get("points") is not None else last.get("amount")
            text = f"{names[last['member']]} · {kind}" + (f" ({extra})" if extra not in (None, "") else "")
            if isinstance(last.get("game"), int) and last["game"] in tables:
                text += " · " + table_words(tables[last["game"]])
                game_id, position = positions.get(last.get("hand_record"), (None, None))
                if game_id == last["game"] and hand_names_of(game_id).get(position):
                    text += " " + hand_names_of(game_id)[position]
            out[e.pk] = text
    return out


