"""A game's hand records as stored: the primitives every write to them goes through.

Hand records are validated by replaying the whole game record with the change through
``scoring.game.replay``: nothing invalid is ever stored, and a change that would make a
later hand impossible is refused with the engine's message. After every write the game's
cache (``final_*``, ``ended_by``, ``status``) is refreshed from the replay (:func:`refresh`),
and ``league.signals.season_results_changed`` is sent when a finished game appears, changes or
is cancelled (:func:`queue_recompute`): the standings receive it; games never imports them.

Used by ``league.games.services`` (hands, games) and ``league.referee.services`` (penalty
events); neither is imported here. Callers lock the game first (:func:`locked`).
"""
from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.audit import audit
from core.models import AuditEntry
from core.prepared import PreparedRead
from core.validation import BadInput, check_value, storable
from league.error_codes import LeagueErrorCode as Code
from league.games.errors import HandConflict, HandRefused
from league.games.game_stats import stats_of_replay
from league.games.selectors import build_record, game_hand_records, replay_record
from league.models import Game, HandRecord, Penalty
from league.signals import game_finished, penalty_hand_deleted, season_results_changed
from scoring.errors import ScoringError
from scoring.record import parse_event


def storable_event(event: Any, position: int | None) -> None:
    try:
        check_value(event)
    except BadInput as exc:
        raise HandRefused(f"The hand {exc.message}. Nothing was stored.", hand=position) from None


_LOCKED = PreparedRead("a game under its row lock", Game, lambda *, pk: Game.objects.select_for_update(
    of=("self",)).select_related("season", "ruleset", "club").filter(pk=pk))


def locked(game: Game) -> Game:
    """The game read again under its row lock (with the seat names the request already read), in SQL compiled once
    per process (``core.prepared``: every save asks for it)."""
    using = game._state.db or "default"
    if transaction.get_autocommit(using):  # what select_for_update checks as it compiles
        raise transaction.TransactionManagementError("select_for_update cannot be used outside of a transaction.")
    found = _LOCKED.rows(pk=game.pk, using=using)
    if not found:
        raise Game.DoesNotExist(f"Game {game.pk} does not exist.")
    fresh = found[0]
    if getattr(game, "_seat_names", None) is not None:
        fresh._seat_names = game._seat_names
    return fresh


def replay_events(game: Game, events: list[dict[str, Any]]):
    return replay_record(build_record(game, events))


def canonical(game: Game, event: Any) -> Any:
    """An event in a normal form, so a resubmission with defaults spelled out still matches."""
    try:
        parsed = parse_event(event, players=game.seats)
    except ScoringError:
        return event
    out = parsed.to_dict()
    if isinstance(event, dict) and event.get("note"):
        out["note"] = event["note"]
    return out


def check_writable(game: Game) -> None:
    if game.status == Game.Status.CANCELLED:
        raise HandRefused("This game was cancelled; its hands cannot change.", code=Code.CANCELLED)


def refresh(game: Game, rep, *, was_finished: bool, force_recompute: bool = False) -> Game:
    """Refresh the game's cache from the replay; queue the season recompute when it matters.

    A finished game also caches its seats' hand statistics and full-hand wins (``final_stats``,
    ``league.games.game_stats.stats_of_replay``), so the standings never read its hands. A game
    that has just finished is one the standings may add to their snapshot; any other change to a
    finished game makes them recompute whole (``league.standings.services.season_changed``)."""
    final = rep.to_json().get("final") if rep is not None else None
    cached = ("status", "final_scores", "final_points", "final_ranks", "ended_by", "finished_at", "final_stats")
    before = tuple(getattr(game, f) for f in cached)
    if final:
        game.status = Game.Status.FINISHED
        game.final_scores = final.get("scores")
        game.final_points = final.get("points")
        game.final_ranks = final.get("ranks")
        game.ended_by = final.get("ended_by") or ""
        game.final_stats = stats_of_replay(rep)
        if game.finished_at is None:
            game.finished_at = max(timezone.now(), game.started_at)
    else:
        game.status = Game.Status.IN_PROGRESS
        game.final_scores = game.final_points = game.final_ranks = game.final_stats = None
        game.ended_by = ""
        game.finished_at = None
    if tuple(getattr(game, f) for f in cached) != before:  # most hands change nothing of it: no UPDATE
        game.save(update_fields=list(cached))
    finished = game.status == Game.Status.FINISHED
    just_finished = finished and not was_finished
    if just_finished:
        # Inside the transaction: the standings add it to their snapshot (unless its season is recomputed whole,
        # just below), notify writes its outbox, a tournament sees its round end.
        game_finished.send(sender=Game, game=game, standings_may_add=not force_recompute)
    if was_finished or force_recompute:
        queue_recompute(game.season_id)
    return game


def queue_recompute(season_id: int) -> None:
    """Say the season's results changed (``season_results_changed``, in this transaction): the standings
    recompute on commit, a failure to queue or to compute logged, never the request's error. (A game that has
    just finished says ``game_finished`` instead: the standings may add it.)"""
    season_results_changed.send(sender=Game, season_id=season_id)


def refused(exc: ScoringError, *, prefix: str = "") -> HandRefused:
    return HandRefused(f"{prefix}{exc.message}", hand=exc.hand, error=exc)


def hand_after(hand: HandRecord) -> dict[str, Any]:
    return {"game": hand.game_id, "position": hand.position, "event": hand.event}


def append(*, game: Game, position: int, event: dict[str, Any], by, reason: str = "") -> tuple[HandRecord, bool]:
    """Store ``event`` at ``position`` of a locked game. Returns (record, created)."""
    check_writable(game)
    if not isinstance(event, dict):
        raise HandRefused("A hand must be an object with a kind.", hand=position)
    storable_event(event, position if isinstance(position, int) else None)
    storable(reason, "reason")
    if isinstance(position, bool) or not isinstance(position, int) or position < 0:
        raise HandRefused("The position must be a whole number from 0.", code=Code.POSITION)
    # With their penalty marks: the hands as this save leaves them are the table screen's answer (hands_as_saved).
    hands = game_hand_records(game, penalty_marks=True)
    if position < len(hands):
        existing = hands[position]
        if canonical(game, existing.event) == canonical(game, event):
            return existing, False
        raise HandConflict(
            f"Hand {position + 1} was already entered differently (by someone else?). "
            "Reload the game to see it, then edit it if it is wrong.",
            hand=position, existing=existing,
        )
    if position > len(hands):
        raise HandRefused(
            f"Hand {position + 1} cannot be entered yet: the next hand of this game is hand {len(hands) + 1}.",
            hand=position, code=Code.POSITION,
        )
    was_finished = game.status == Game.Status.FINISHED
    try:
        rep = replay_events(game, [h.event for h in hands] + [event])
    except ScoringError as exc:
        raise refused(exc) from exc
    try:
        # No savepoint: PostgreSQL holds the game's row lock (no other writer can be here), and SQLite
        # begins its transactions IMMEDIATE (config/settings/base.py), so it holds the write lock;
        # should a race still happen, SQLite rolls back only the failed statement.
        hand = HandRecord.objects.create(
            game=game, position=position, event=event,
            entered_by=by if getattr(by, "is_authenticated", False) else None,
        )
    except IntegrityError:
        # Only reachable without row locks (SQLite): the other writer won the race.
        existing = HandRecord.objects.get(game=game, position=position)
        if canonical(game, existing.event) == canonical(game, event):
            return existing, False
        raise HandConflict(
            f"Hand {position + 1} was already entered differently.", hand=position, existing=existing
        ) from None
    hand.active_penalty = False  # made now: no penalty was made with it yet (the referee's service marks its own)
    game._hands_as_saved = [*hands, hand]
    audit(club=game.club, by=by, action=AuditEntry.Action.CREATE, object_type="hand", object_id=hand.pk,
           after=hand_after(hand), reason=reason)
    refresh(game, rep, was_finished=was_finished)
    return hand, True


def hands_as_saved(game: Game) -> list[HandRecord] | None:
    """The hands of a game row a save locked and appended to (``hand.game`` of the hand it stored), in order, each
    with its penalty mark (``active_penalty``), as the transaction left them: what the table screen that answers
    the save shows, without reading them again after the commit. None where no hand was appended to that row."""
    return getattr(game, "_hands_as_saved", None)


def delete(*, game: Game, hand: HandRecord, by, reason: str, cancel_penalty: bool = True) -> dict[str, Any]:
    hands = game_hand_records(game)
    events = [h.event for i, h in enumerate(hands) if i != hand.position]
    was_finished = game.status == Game.Status.FINISHED
    try:
        rep = replay_events(game, events)
    except ScoringError as exc:
        if exc.hand is None:
            raise refused(exc) from exc
        original = exc.hand if exc.hand < hand.position else exc.hand + 1
        raise HandRefused(
            f"Deleting this hand makes hand {original + 1} impossible: {exc.message} Nothing was changed.",
            hand=original, code=Code.LATER_HAND, error=exc,
        ) from exc
    before = hand_after(hand)
    if cancel_penalty and Penalty.objects.filter(hand_record=hand, cancelled_at__isnull=True).exists():
        # The referee's row: its service cancels it (league.referee.receivers), before the hand it points at goes.
        penalty_hand_deleted.send(sender=HandRecord, hand=hand, by=by, reason=reason or "hand deleted")
    hand_pk = hand.pk
    hand.delete()
    for later in hands[before["position"] + 1:]:
        later.position -= 1
        later.save(update_fields=["position"])
    audit(club=game.club, by=by, action=AuditEntry.Action.DELETE, object_type="hand", object_id=hand_pk,
           before=before, reason=reason)
    refresh(game, rep, was_finished=was_finished)
    return before


def current(hand: HandRecord) -> HandRecord:
    """The hand as stored now (under the game's lock): refused if someone deleted it meanwhile."""
    current = HandRecord.objects.filter(pk=hand.pk).first()
    if current is None:
        raise HandRefused("This hand was already deleted (by someone else?): nothing was changed. "
                          "Reload the game to see it as it is now.", code=Code.GONE)
    return current


REFEREE_ONLY = ("Penalties are a referee's: only a referee or a club admin can give, change or remove them "
                "(on the referee screen).")
