"""The table-host screen: enter a hand (quick or full), preview it, undo, stop, edit, delete."""
from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from core.once import AlreadyDone
from core.web import Refused, entry_once, refusable
from league import permissions
from league.error_codes import LeagueErrorCode as Code
from league.games import needs as needs_selectors
from league.games import records as game_records
from league.games import selectors as game_selectors
from league.games import services as game_services
from league.games.entry_screen import GameView, game_view, preview_context, table_screen
from league.games.errors import (
    HandConflict,
    HandRefused,
    already_saved_message,
    cancelled_message,
    refusal_message,
    undone_message,
)
from league.games.words import event_words
from league.models import Game, HandRecord
from league.referee import services as referee_services
from league.web.games.forms import FullHandForm, HandEntryForm, PositionForm, ReasonForm, event_initial
from league.web.games.offline import OWNER_HEADER, page_owner
from league.web.games.table_code import code_allows, code_card, entry_by, login_or_table_code
from league.web.ui.views import load_game
from scoring.errors import ScoringError


def _enter_check(request: HttpRequest) -> Callable[[Any, Game], bool]:
    """Who may change the game's hands: the members who may (``permissions.can_enter_hands``), and a visitor
    who came in with this game's table code (``league.web.games.table_code``)."""
    def check(user, game) -> bool:
        return permissions.can_enter_hands(user, game) or code_allows(request, game)
    return check


def _view_check(request: HttpRequest) -> Callable[[Any, Game], bool]:
    def check(user, game) -> bool:
        return (permissions.can(user, permissions.Action.VIEW_CLUB, club=game.club, game=game)
                or code_allows(request, game, write=False))
    return check


def _cancelled(game: Game) -> bool:
    return game.status == Game.Status.CANCELLED


def _table_context(request: HttpRequest, gv: GameView, **extra: Any) -> dict[str, Any]:
    """The table screen's context (``entry_screen.table_screen``) with the entry form when hands may follow."""
    ctx = table_screen(gv, user=request.user, continue_play=request.GET.get("continue") == "1",
                       by_code=code_allows(request, gv.game), **extra)
    if "form" not in ctx and gv.replay.final is None and not ctx["cancelled"]:
        ctx["form"] = HandEntryForm(table=gv.table())
    if gv.replay.final is None and not ctx["cancelled"] and ctx.get("can_enter"):
        ctx["time_over"] = game_services.time_over(gv.game)
    if not ctx["by_code"] and request.user.is_authenticated:
        ctx["code_card"] = code_card(request, gv.game)
    return ctx


def _preview(gv: GameView, form, position: int) -> dict[str, Any]:
    """``preview`` or ``preview_error`` for a valid form (``league.games.entry_screen.preview_context``)."""
    return preview_context(gv, form.event, position, hand=getattr(form, "hand", None))


def _writable_game(request: HttpRequest, pk: int) -> Game:
    """The game for a hand-changing screen; a cancelled game refuses (``Refused``) with its reason.

    A GET goes back to the table screen, which says the game was cancelled; a POST gets that
    screen with 409 Conflict, so nothing posted is lost silently.
    """
    game = load_game(request, pk, _enter_check(request), table_screen=True)
    if _cancelled(game):
        if request.method == "POST":
            response = render(request, "league/games/table.html", _table_context(request, game_view(game)),
                              status=HTTPStatus.CONFLICT)
        else:
            messages.error(request, cancelled_message(game))
            response = redirect("league:game_table", game.pk)
        raise Refused(response)
    return game


def _store(request: HttpRequest, gv: GameView, form, template: str,
           ctx_extra: dict[str, Any] | Callable[[], dict[str, Any]]) -> HttpResponse:
    """Save the form's event at its position: redirect on success, the screen with the message if not."""
    position = form.cleaned_data["position"]
    if callable(ctx_extra):  # built lazily by the caller: not needed when the hand is saved
        build = ctx_extra
    else:
        def build():
            return ctx_extra
    try:
        if entry_by(request) is None:  # a table code: what a seated player may do, no more
            _code_guard(gv.game, events=[form.event])
        if game_selectors.is_penalty_event(form.event):  # a deliberate chombo: the referee's, who may be the host
            hand, _created = referee_services.penalty_hand(game=gv.game, position=position, event=form.event,
                                                           by=entry_by(request), once=entry_once(request))
        else:
            hand = game_services.hand_record(game=gv.game, position=position, event=form.event, by=entry_by(request),
                                             once=entry_once(request))
    except AlreadyDone as done:  # a form rendered before that save (Back, a double tap): the table as it is now
        if done.undone:  # ...and another phone undid that hand since
            messages.warning(request, undone_message())
        else:
            messages.info(request, already_saved_message())
        return redirect("league:game_table", gv.game.pk)
    except HandConflict as exc:
        return render(request, template, {**build(), "form": form, "conflict": refusal_message(exc, gv.game)},
                      status=HTTPStatus.CONFLICT)
    except ValidationError as exc:
        if getattr(exc, "code", None) == "cancelled":  # cancelled while the host was entering
            gv.game.refresh_from_db()
            return render(request, "league/games/table.html", _table_context(request, gv), status=HTTPStatus.CONFLICT)
        form.add_error(None, refusal_message(exc, gv.game))
        return render(request, template, {**build(), "form": form}, status=HTTPStatus.UNPROCESSABLE_ENTITY)
    _say_saved(request, gv, hand)
    if request.POST.get(ANSWER_FIELD) == ANSWER_SCREEN:
        answer = _next_screen(request, gv.game, saved=hand)
        if answer is not None:
            return answer
    return redirect("league:game_table", gv.game.pk)


ANSWER_FIELD, ANSWER_SCREEN = "answer", "screen"
"""The quick-entry form's ``answer=screen`` (added by static/league/table.js, which also puts the table's own address
in the answer's place): the save is answered with the next table screen itself, not a redirect to it."""


def _next_screen(request: HttpRequest, game: Game, *, saved: HandRecord | None = None) -> HttpResponse | None:
    """The table screen after a save, drawn as its GET (:func:`game_table`) draws it, as the save's own answer: one
    request a hand instead of the save, its redirect and the screen's GET (a round trip less on a phone's network,
    and the request's fixed costs paid once). The hand that ended the game is answered with the final table the
    same way, from the game's row as the save left it (its result and end time: the row the save locked and wrote,
    which ``saved`` holds, not read again). None where that screen is no longer the viewer's to see: the save's
    redirect, as before."""
    as_saved = saved is not None and _as_the_save_left_it(game, saved)
    # The hands as the save left them (the row it locked holds them), not read again after the commit.
    gv = game_view(game, penalty_marks=True, hands=game_records.hands_as_saved(saved.game) if as_saved else None)
    if gv.replay.final is not None:
        if as_saved:
            if not _view_check(request)(request.user, game):
                return None
        else:  # the saved row is not at hand: read the game again
            try:
                game = load_game(request, game.pk, _view_check(request))
            except Refused:
                return None
            gv = game_view(game, penalty_marks=True)
    table = reverse("league:game_table", args=[game.pk])
    # The answer is the table screen at the table's address: what it links back to "this page" by (the language
    # menu's and the club switcher's next, a login's next) is the table, not the save.
    request.path = table
    return _table_page(request, gv, answers_save=table)


def _as_the_save_left_it(game: Game, saved: HandRecord) -> bool:
    """``game`` (the screen's, with its seat names and the viewer's membership) given the columns of the row the save
    locked and wrote (its status, result, end time: ``league.games.records.refresh``), when ``saved`` holds that
    row. Returns whether it did."""
    if not HandRecord.game.is_cached(saved) or saved.game.pk != game.pk:
        return False
    row = saved.game
    for field in Game._meta.concrete_fields:
        if not field.is_relation:
            setattr(game, field.attname, getattr(row, field.attname))
    return True


def _code_guard(game: Game, *, events=(), hands=()) -> None:
    """A visitor with the table code writes as the system (``by=None``), which the services do not check: refuse
    here what a seated player may not do (a penalty is a referee's; the game must be in progress)."""
    if any(game_selectors.is_penalty_event(e) for e in events) or any(game_selectors.holds_penalty(h) for h in hands):
        raise HandRefused(game_records.REFEREE_ONLY, code=Code.REFEREE_ONLY)
    if game.status != Game.Status.IN_PROGRESS:
        raise HandRefused("This game is over: its table code has ended.", code=Code.CLOSED)


def _say_saved(request: HttpRequest, gv: GameView, hand) -> None:
    """At the top of the next screen, what was saved, in words: "3국 저장: 조도윤 론 ← 윤하은 · 3판 30부 5,800".

    Built from the screen's record and the stored event: no second load of the game (the replay of
    that record is the one the save made, remembered by its content).
    """
    record = {**gv.record, "hands": [*gv.events[:hand.position], hand.event]}
    after = GameView(game=gv.game, record=record, replay=game_selectors.replay_record(record))
    words = event_words(hand.event, after.players, after.row_at(hand.position), after.ruleset)
    text = format_html(_("Hand {n} saved: {what}"), n=hand.position + 1, what=words)
    messages.success(request, text, extra_tags="saved")


@require_GET
@never_cache
@refusable
def game_table(request: HttpRequest, pk: int) -> HttpResponse:
    """The table-host screen (members of the club may watch; hand entry needs the right)."""
    game = load_game(request, pk, _view_check(request), table_screen=True)
    return _table_page(request, game_view(game, penalty_marks=True))


@require_GET
@never_cache
@refusable
def game_needs(request: HttpRequest, pk: int) -> HttpResponse:
    """What each player needs to come first: the rows of the table screen's needs panel, searched when the panel is
    opened (at all-last a search of some hundred settlements, once per record: ``league.games.needs``), not for
    every screen of a hand whether anyone opens it or not. The panel's htmx asks for the rows; without JavaScript
    its link opens this page with the panel open. A game that is over says so in the engine's words."""
    game = load_game(request, pk, _view_check(request))
    gv = game_view(game)
    ctx: dict[str, Any] = {"game": game, "needs_panel": None, "needs_error": None}
    if gv.replay.final is not None or _cancelled(game):
        try:
            needs_selectors.game_needs(game, gv.record)
        except ScoringError as exc:  # no next hand
            ctx["needs_error"] = refusal_message(exc, game)
    else:
        ctx["needs_panel"] = needs_selectors.needs_panel(game, gv.record, gv.replay.state, gv.ruleset)
    if request.htmx:
        return render(request, "league/games/_needs_rows.html", ctx)
    return render(request, "league/games/needs.html", ctx)


def _table_page(request: HttpRequest, gv: GameView, **extra: Any) -> HttpResponse:
    """The table screen as its GET and a save's answer send it: with whose it is, by which the service worker keeps
    its copy (league/web/games/offline.py)."""
    response = render(request, "league/games/table.html", _table_context(request, gv, **extra))
    response[OWNER_HEADER] = page_owner(request)
    return response


@login_or_table_code
@require_POST
@never_cache
@refusable
def hand_create(request: HttpRequest, pk: int) -> HttpResponse:
    """Quick entry: ``action=preview`` shows the payments, ``action=save`` stores the hand."""
    game = _writable_game(request, pk)
    gv = game_view(game)
    form = HandEntryForm(request.POST, table=gv.table())

    def ctx():  # only when a page is drawn: a saved hand redirects
        return _table_context(request, gv, form=form)

    if not form.is_valid():
        return render(request, "league/games/table.html", ctx(), status=HTTPStatus.UNPROCESSABLE_ENTITY)
    if request.POST.get("action") == "preview":
        return render(request, "league/games/table.html",
                      {**ctx(), **_preview(gv, form, form.cleaned_data["position"])})
    return _store(request, gv, form, "league/games/table.html", ctx)


@login_or_table_code
@require_POST
@refusable
def hand_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The preview box alone (htmx swaps it in while the host taps)."""
    game = load_game(request, pk, _enter_check(request))
    if _cancelled(game):
        return render(request, "league/hands/_preview.html", {"preview_error": cancelled_message(game)})
    gv = game_view(game)
    full = request.POST.get("form") == "full"
    position = _int(request.POST.get("position"), len(gv.events))
    table = gv.table(position)
    form = (FullHandForm if full else HandEntryForm)(request.POST, table=table)
    ctx: dict[str, Any] = {"players": gv.players}
    if form.is_valid():
        ctx.update(_preview(gv, form, position))
    elif form.non_field_errors() and _enough(request.POST, full):
        ctx["preview_error"] = " ".join(form.non_field_errors())
    else:
        ctx["preview_hint"] = _("Choose the result: the payments show here before you save.")
    return render(request, "league/hands/_preview.html", ctx)


def _enough(data, full: bool) -> bool:
    """Whether the host has chosen enough for an error to be worth showing (not mid-way)."""
    if full:
        return bool(data.get("tiles") and data.get("win"))
    kind = data.get("kind")
    needed = {"ron": ("ron_winner", "ron_loser", "ron_value"), "tsumo": ("tsumo_winner", "tsumo_value"),
              "multi_ron": ("multi_loser", "multi_winners")}.get(kind, ())
    return all(data.get(n) for n in needed)


def _int(raw: Any, default: int) -> int:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return default


@login_or_table_code
@never_cache
@refusable
def hand_full(request: HttpRequest, pk: int) -> HttpResponse:
    """Full-hand entry through the tile picker; the engine scores the hand."""
    game = _writable_game(request, pk)
    gv = game_view(game)
    template = "league/hands/full.html"
    ctx: dict[str, Any] = {"game": game, "gv": gv, "replay": gv.replay, "state": gv.replay.state,
                           "players": gv.players, "suits": _tile_rows()}
    if gv.replay.final is not None:
        return redirect("league:game_table", game.pk)
    if request.method != "POST":
        return render(request, template, {**ctx, "form": FullHandForm(table=gv.table())})
    form = FullHandForm(request.POST, table=gv.table())
    ctx["form"] = form
    if not form.is_valid():
        return render(request, template, ctx, status=HTTPStatus.UNPROCESSABLE_ENTITY)
    if request.POST.get("action") == "preview":
        return render(request, template, {**ctx, **_preview(gv, form, form.cleaned_data["position"])})
    return _store(request, gv, form, template, ctx)


def _tile_rows() -> list[dict[str, Any]]:
    suit_names = {"m": _("man"), "p": _("pin"), "s": _("sou")}
    rows = []
    for suit in "mps":
        tiles = [{"code": f"{n}{suit}", "face": str(n), "sub": suit_names[suit]} for n in range(1, 10)]
        tiles.append({"code": f"0{suit}", "face": "5", "sub": _("red"), "red": True})
        rows.append({"suit": suit, "tiles": tiles})
    honors = [_("E"), _("S"), _("W"), _("N"), _("Wh"), _("Gr"), _("Rd")]
    rows.append({"suit": "z", "tiles": [{"code": f"{i + 1}z", "face": h, "sub": ""} for i, h in enumerate(honors)]})
    return rows


@login_or_table_code
@require_POST
@refusable
def hand_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo the last hand — only if it is still the hand the host saw (no double undo)."""
    game = _writable_game(request, pk)
    form = PositionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("That hand is no longer the last one: nothing was undone. Check the table."))
        return redirect("league:game_table", game.pk)
    try:
        if entry_by(request) is None:
            _code_guard(game, hands=list(game.hands.order_by("-position")[:1]))
        # The position the host saw is checked in the service, under the game's row lock.
        game_services.hand_undo_last(game=game, by=entry_by(request), position=form.cleaned_data["position"],
                                reason=str(request.POST.get("reason", ""))[:500], once=entry_once(request))
    except AlreadyDone:
        messages.info(request, _("That undo was already done: nothing more was removed."))
    except ValidationError as exc:
        if getattr(exc, "code", None) == "position":
            messages.error(request, _("That hand is no longer the last one: nothing was undone. Check the table."))
        else:
            messages.error(request, refusal_message(exc, game))
    else:
        messages.success(request, _("The last hand was removed."))
    return redirect("league:game_table", game.pk)


@login_or_table_code
@require_POST
@refusable
def game_stop(request: HttpRequest, pk: int) -> HttpResponse:
    """The all-last dealer ends the game (agari-yame where it is the dealer's choice)."""
    game = _writable_game(request, pk)
    form = PositionForm(request.POST)
    if form.is_valid():
        try:
            game_services.hand_record(game=game, position=form.cleaned_data["position"], event={"kind": "stop"},
                                 by=entry_by(request), once=entry_once(request))
        except AlreadyDone:
            pass
        except ValidationError as exc:
            messages.error(request, refusal_message(exc, game))
    return redirect("league:game_table", game.pk)


@login_or_table_code
@require_POST
@never_cache
@refusable
def game_end_time(request: HttpRequest, pk: int) -> HttpResponse:
    """The host's "종료" (confirmed): the game ends at time, when the end rule says it is over."""
    game = _writable_game(request, pk)
    try:
        if entry_by(request) is None and not game_services.time_over(game):  # the host's rule, not the system's
            raise ValidationError("The end rule does not say the game is over yet: play on.",
                                  code=Code.TIME_NOT_UP)
        game_services.game_end(game=game, reason="time", by=entry_by(request))
    except ValidationError as exc:
        messages.error(request, refusal_message(exc, game))
    return redirect("league:game_table", game.pk)


def _hand_name(gv: GameView, position: int) -> str:
    """The hand at ``position`` as the table names it ("동 2국 1본장"; a penalty: the hand it belongs to)."""
    return game_selectors.hand_names(gv.game, replay=gv.replay).get(position, "")


def _hand(game, position: int) -> HandRecord:
    return get_object_or_404(HandRecord, game=game, position=position)


def _closed_to(request: HttpRequest, game: Game) -> None:
    """A finished game's hands change only by a referee or admin (with a reason): say so up front."""
    if game.status == Game.Status.FINISHED and not permissions.can_give_penalty(request.user, game.club):
        messages.error(request,
                       _("This game is finished: only a referee or a club admin can change it, with a reason."))
        raise Refused(redirect("league:game_detail", game.pk))


@login_required
@never_cache
@refusable
def hand_edit(request: HttpRequest, pk: int, position: int) -> HttpResponse:
    """Change a past hand, with a reason; the engine refuses changes that break later hands."""
    game = _writable_game(request, pk)
    _closed_to(request, game)
    hand = _hand(game, position)
    gv = game_view(game)
    table = gv.table(position)
    template = "league/hands/edit.html"
    ctx: dict[str, Any] = {"game": game, "hand": hand, "players": gv.players, "gv": gv,
                           "state": gv.replay.state, "replay": gv.replay, "full_hand": _is_full(hand.event),
                           "hand_row": gv.row_at(position), "hand_name": _hand_name(gv, position)}
    if request.method != "POST":
        initial = {} if ctx["full_hand"] else event_initial(hand.event)
        return render(request, template, {**ctx, "form": HandEntryForm(table=table, initial=initial),
                                          "reason_form": ReasonForm()})
    form = HandEntryForm(request.POST, table=table)
    reason_form = ReasonForm(request.POST)
    ctx.update(form=form, reason_form=reason_form)
    if request.POST.get("action") == "preview":  # a preview needs no reason yet
        typed = ReasonForm(initial={"reason": request.POST.get("reason", "")})
        if not form.is_valid():
            return render(request, template, {**ctx, "reason_form": typed}, status=HTTPStatus.UNPROCESSABLE_ENTITY)
        return render(request, template, {**ctx, "reason_form": typed, **_preview(gv, form, position)})
    if not (form.is_valid() and reason_form.is_valid()):
        return render(request, template, ctx, status=HTTPStatus.UNPROCESSABLE_ENTITY)
    try:
        game_services.hand_edit(hand=hand, event=form.event, by=request.user, reason=reason_form.cleaned_data["reason"],
                           once=entry_once(request))
    except AlreadyDone:
        messages.info(request, already_saved_message())
        return redirect("league:game_detail", game.pk)
    except ValidationError as exc:
        form.add_error(None, refusal_message(exc, game))
        return render(request, template, ctx, status=HTTPStatus.UNPROCESSABLE_ENTITY)
    messages.success(request, _("%(hand)s was changed.") % {"hand": ctx["hand_name"]})
    return redirect("league:game_detail", game.pk)


def _is_full(event: dict[str, Any]) -> bool:
    wins = event.get("wins") or [event]
    return any(w.get("hand") is not None for w in wins)


@login_required
@never_cache
@refusable
def hand_delete(request: HttpRequest, pk: int, position: int) -> HttpResponse:
    """Delete a past hand, with a reason; later hands move up and are replayed.

    The form names the hand the host saw (its id): if that hand was deleted meanwhile (a double
    tap, another phone), nothing else is deleted in its place.
    """
    game = _writable_game(request, pk)
    _closed_to(request, game)
    seen = _int(request.POST.get("hand"), 0) if request.method == "POST" and request.POST.get("hand") else None
    if seen is not None and not game.hands.filter(pk=seen).exists():
        messages.info(request, _("That hand was already deleted: nothing more was deleted."))
        return redirect("league:game_detail", game.pk)
    hand = _hand(game, position) if seen is None else game.hands.get(pk=seen)
    gv = game_view(game)
    reason_form = ReasonForm(request.POST or None)
    ctx = {"game": game, "hand": hand, "players": gv.players, "reason_form": reason_form,
           "hand_row": gv.row_at(hand.position), "rules": gv.ruleset, "hand_name": _hand_name(gv, hand.position)}
    if request.method == "POST" and reason_form.is_valid():
        try:
            game_services.hand_delete(hand=hand, by=request.user, reason=reason_form.cleaned_data["reason"],
                                 position=position, once=entry_once(request))
        except AlreadyDone:
            messages.info(request, _("That hand was already deleted: nothing more was deleted."))
            return redirect("league:game_detail", game.pk)
        except ValidationError as exc:
            if getattr(exc, "code", None) == "gone":
                messages.info(request, _("That hand was already deleted: nothing more was deleted."))
                return redirect("league:game_detail", game.pk)
            reason_form.add_error(None, refusal_message(exc, game))
        else:
            messages.success(request, _("%(hand)s was deleted.") % {"hand": ctx["hand_name"]})
            return redirect("league:game_detail", game.pk)
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "league/hands/delete.html", ctx, status=status)

