"""Writes. Every function is keyword-only, atomic and leaves an AuditEntry (before/after/why).

Hand records are validated by replaying the whole game record with the change through
``scoring.game.replay``: nothing invalid is ever stored, and a change that would make a
later hand impossible is refused with the engine's message. After every write the game's
cache (``final_*``, ``ended_by``, ``status``) is refreshed from the replay, and the season's
standings are recomputed (on commit) when a finished game appears, changes or is cancelled.
"""
from __future__ import annotations

import datetime
import json
import random
from decimal import Decimal
from typing import Any, Sequence

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.forms.models import model_to_dict
from django.utils import timezone

from club.models import Club, Member
from league import permissions
from league.models import AuditEntry, Game, GameSeat, HandRecord, Penalty, PenaltyKind, Ruleset, Season
from league.permissions import Action
from league.selectors import build_record, game_members
from scoring.errors import ScoringError
from scoring.record import EVENT_PENALTIES, parse_event
from scoring.rules import PenaltyType


# --- errors -------------------------------------------------------------------------------
class HandRefused(ValidationError):
    """A hand (or a change to one) that cannot be stored. ``hand`` is the event index, if any.

    ``error`` is the engine's refusal behind it, if any: the views show it in the page's
    language (``error.localized(lang)``); ``message`` stays the English text (the API's).
    """

    def __init__(self, message: str, *, hand: int | None = None, code: str = "invalid",
                 error: ScoringError | None = None) -> None:
        super().__init__(message, code=code)
        self.hand = hand
        self.error = error

    def to_json(self) -> dict[str, Any]:
        return {"error": {"hand": self.hand, "message": self.message}}


class HandConflict(HandRefused):
    """A different event is already stored at that position (someone else was quicker)."""

    def __init__(self, message: str, *, hand: int, existing: HandRecord) -> None:
        super().__init__(message, hand=hand, code="conflict")
        self.existing = existing


# --- helpers ------------------------------------------------------------------------------
def _json(value: Any) -> Any:
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def _snapshot(obj) -> dict[str, Any]:
    data = model_to_dict(obj)
    data["id"] = obj.pk
    return _json(data)


def _audit(
    *, club: Club, by, action: str, obj=None, object_type: str, object_id: Any,
    before: Any = None, after: Any = None, reason: str = "",
) -> AuditEntry:
    return AuditEntry.objects.create(
        club=club,
        actor=by if by is not None and getattr(by, "is_authenticated", False) else None,
        action=action,
        object_type=object_type,
        object_id=str(object_id),
        before=_json(before) if before is not None else None,
        after=_json(after) if after is not None else None,
        reason=reason or "",
    )


def _require(by, action: Action, *, club: Club, game: Game | None = None) -> None:
    """``by=None`` is the system (management commands, imports); users must be allowed."""
    if by is None:
        return
    if not permissions.can(by, action, club=club, game=game):
        raise PermissionDenied(f"You may not {action.value.replace('_', ' ')} here.")


def _locked(game: Game) -> Game:
    return Game.objects.select_for_update(of=("self",)).select_related("season", "ruleset", "club").get(pk=game.pk)


def _replay(game: Game, events: list[dict[str, Any]]):
    from league.selectors import replay_record

    return replay_record(build_record(game, events))


def _canonical(game: Game, event: Any) -> Any:
    """An event in a normal form, so a resubmission with defaults spelled out still matches."""
    try:
        parsed = parse_event(event, players=game.seats)
    except ScoringError:
        return event
    out = parsed.to_dict()
    if isinstance(event, dict) and event.get("note"):
        out["note"] = event["note"]
    return out


def _check_writable(game: Game) -> None:
    if game.status == Game.Status.CANCELLED:
        raise HandRefused("This game was cancelled; its hands cannot change.", code="cancelled")


def _refresh(game: Game, rep, *, was_finished: bool, force_recompute: bool = False) -> Game:
    """Refresh the game's cache from the replay; queue the season recompute when it matters."""
    final = rep.to_json().get("final") if rep is not None else None
    cached = ("status", "final_scores", "final_points", "final_ranks", "ended_by", "finished_at")
    before = tuple(getattr(game, f) for f in cached)
    if final:
        game.status = Game.Status.FINISHED
        game.final_scores = final.get("scores")
        game.final_points = final.get("points")
        game.final_ranks = final.get("ranks")
        game.ended_by = final.get("ended_by") or ""
        if game.finished_at is None:
            game.finished_at = max(timezone.now(), game.started_at)
    else:
        game.status = Game.Status.IN_PROGRESS
        game.final_scores = game.final_points = game.final_ranks = None
        game.ended_by = ""
        game.finished_at = None
    if tuple(getattr(game, f) for f in cached) != before:  # most hands change nothing of it: no UPDATE
        game.save(update_fields=list(cached))
    if was_finished or game.status == Game.Status.FINISHED or force_recompute:
        _queue_recompute(game.season_id)
    return game


def _queue_recompute(season_id: int) -> None:
    from league.tasks import season_recompute

    if settings.CELERY_TASK_ALWAYS_EAGER and getattr(settings, "LEAGUE_RECOMPUTE_AFTER_RESPONSE", False):
        # No broker (the embedded default): not inside the host's request, but after its response.
        from league.middleware import after_response

        transaction.on_commit(lambda: after_response(("season_recompute", season_id),
                                                     lambda: season_recompute.delay(season_id)))
        return
    season_recompute.delay_on_commit(season_id)


def _refused(exc: ScoringError, *, prefix: str = "") -> HandRefused:
    return HandRefused(f"{prefix}{exc.message}", hand=exc.hand, error=exc)


# --- rulesets and seasons -------------------------------------------------------------------
@transaction.atomic
def ruleset_create(
    *, club: Club | None, key: str, name: str, base: str, overrides: dict[str, Any] | None = None,
    version: str = "1", by=None,
) -> Ruleset:
    if club is not None:
        _require(by, Action.MANAGE_LEAGUE, club=club)
    ruleset = Ruleset(club=club, key=key, name=name, base=base, overrides=dict(overrides or {}), version=str(version))
    try:
        ruleset.to_scoring()
    except ScoringError as exc:
        raise ValidationError(exc.message, code="ruleset") from exc
    ruleset.full_clean()
    ruleset.save()
    if club is not None:
        _audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="ruleset",
               object_id=ruleset.pk, after=_snapshot(ruleset))
    return ruleset


def _next_version(ruleset: Ruleset) -> str:
    versions = Ruleset.objects.filter(club=ruleset.club, key=ruleset.key).values_list("version", flat=True)
    numeric = [int(v) for v in versions if str(v).isdigit()]
    if str(ruleset.version).isdigit():
        return str(max(numeric) + 1)
    n = 2
    while f"{ruleset.version}.{n}" in set(versions):
        n += 1
    return f"{ruleset.version}.{n}"


@transaction.atomic
def ruleset_derive(
    *, ruleset: Ruleset, overrides: dict[str, Any], by=None, name: str | None = None,
    version: str | None = None, club: Club | None = None,
) -> Ruleset:
    """A new version of ``ruleset`` with more overrides (the old version stays for its games)."""
    return ruleset_create(
        club=club if club is not None else ruleset.club,
        key=ruleset.key,
        name=name or ruleset.name,
        base=ruleset.base,
        overrides={**(ruleset.overrides or {}), **overrides},
        version=version or _next_version(ruleset),
        by=by,
    )


@transaction.atomic
def ruleset_update(*, ruleset: Ruleset, overrides: dict[str, Any], by=None, name: str | None = None) -> Ruleset:
    """Change a ruleset: in place while no game uses it, as a new version once it is frozen."""
    ruleset = Ruleset.objects.select_for_update().get(pk=ruleset.pk)
    if ruleset.frozen:
        return ruleset_derive(ruleset=ruleset, overrides=overrides, by=by, name=name)
    if ruleset.club is not None:
        _require(by, Action.MANAGE_LEAGUE, club=ruleset.club)
    before = _snapshot(ruleset)
    ruleset.overrides = {**(ruleset.overrides or {}), **overrides}
    if name:
        ruleset.name = name
    try:
        ruleset.to_scoring()
    except ScoringError as exc:
        raise ValidationError(exc.message, code="ruleset") from exc
    ruleset.save()
    if ruleset.club is not None:
        _audit(club=ruleset.club, by=by, action=AuditEntry.Action.EDIT, object_type="ruleset",
               object_id=ruleset.pk, before=before, after=_snapshot(ruleset))
    return ruleset


@transaction.atomic
def season_create(
    *, club: Club, name: str, ruleset: Ruleset, starts_on: datetime.date | None = None,
    ends_on: datetime.date | None = None, rating_method: str = Season.RatingMethod.TOTAL,
    rating_params: dict[str, Any] | None = None, min_games: int = 0, best_n: int | None = None, by=None,
) -> Season:
    _require(by, Action.MANAGE_LEAGUE, club=club)
    if ruleset.club_id not in (None, club.pk):
        raise ValidationError("That ruleset belongs to another club.", code="ruleset")
    season = Season(
        club=club, name=name, ruleset=ruleset, starts_on=starts_on or timezone.localdate(), ends_on=ends_on,
        rating_method=rating_method, rating_params=dict(rating_params or {}), min_games=min_games, best_n=best_n,
    )
    season.full_clean()
    season.save()
    _audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="season",
           object_id=season.pk, after=_snapshot(season))
    return season


# --- games ------------------------------------------------------------------------------------
def _game_after(game: Game) -> dict[str, Any]:
    data = _snapshot(game)
    data["seats"] = [m.display_name for m in game_members(game)]
    return data


@transaction.atomic
def game_start(
    *, season: Season, table_label: str = "", members: Sequence[Member], random_seats: bool = False, by=None,
    started_at: datetime.datetime | None = None, source: str = Game.Source.TABLE, external_id: str | None = None,
) -> Game:
    """Start a game: ``members`` in seat order (0 = first dealer), or shuffled with ``random_seats``."""
    club = season.club
    _require(by, Action.START_GAME, club=club)
    ruleset = season.ruleset
    try:
        engine_rules = ruleset.to_scoring()
    except ScoringError as exc:
        raise ValidationError(exc.message, code="ruleset") from exc
    members = list(members)
    if len(members) != engine_rules.players:
        raise ValidationError(
            f"The ruleset {ruleset.name} is for {engine_rules.players} players; {len(members)} were given.",
            code="seats",
        )
    if len({m.pk for m in members}) != len(members):
        raise ValidationError("A member can take only one seat.", code="seats")
    for m in members:
        if m.club_id != club.pk:
            raise ValidationError(f"{m.display_name} is not a member of {club.name}.", code="seats")
        if not m.active:
            raise ValidationError(f"{m.display_name} is not an active member.", code="seats")
    if random_seats:
        random.SystemRandom().shuffle(members)
    game = Game.objects.create(
        club=club, season=season, ruleset=ruleset, table_label=table_label, seats=len(members),
        started_at=started_at or timezone.now(), created_by=by if getattr(by, "is_authenticated", False) else None,
        source=source, external_id=external_id or None,
    )
    GameSeat.objects.bulk_create(GameSeat(game=game, seat=i, member=m) for i, m in enumerate(members))
    if not ruleset.frozen:
        Ruleset.objects.filter(pk=ruleset.pk).update(frozen=True)
        ruleset.frozen = True
    _audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="game", object_id=game.pk,
           after=_game_after(game))
    return game


@transaction.atomic
def game_cancel(*, game: Game, by=None, reason: str) -> Game:
    game = _locked(game)
    _require(by, Action.CANCEL_GAME, club=game.club, game=game)
    if game.status == Game.Status.CANCELLED:
        return game
    if not reason or not reason.strip():
        raise ValidationError("Say why the game is cancelled.", code="reason")
    before = _snapshot(game)
    was_finished = game.status == Game.Status.FINISHED
    game.status = Game.Status.CANCELLED
    game.cancel_reason = reason
    game.save(update_fields=["status", "cancel_reason"])
    _audit(club=game.club, by=by, action=AuditEntry.Action.CANCEL, object_type="game", object_id=game.pk,
           before=before, after=_snapshot(game), reason=reason)
    if was_finished:
        _queue_recompute(game.season_id)
    return game


# --- hands ------------------------------------------------------------------------------------
def _hand_after(hand: HandRecord) -> dict[str, Any]:
    return {"game": hand.game_id, "position": hand.position, "event": hand.event}


def _append(*, game: Game, position: int, event: dict[str, Any], by, reason: str = "") -> tuple[HandRecord, bool]:
    """Store ``event`` at ``position`` of a locked game. Returns (record, created)."""
    _check_writable(game)
    if not isinstance(event, dict):
        raise HandRefused("A hand must be an object with a kind.", hand=position)
    if isinstance(position, bool) or not isinstance(position, int) or position < 0:
        raise HandRefused("The position must be a whole number from 0.", code="position")
    hands = list(game.hands.order_by("position"))
    if position < len(hands):
        existing = hands[position]
        if _canonical(game, existing.event) == _canonical(game, event):
            return existing, False
        raise HandConflict(
            f"Hand {position + 1} was already entered differently (by someone else?). "
            "Reload the game to see it, then edit it if it is wrong.",
            hand=position, existing=existing,
        )
    if position > len(hands):
        raise HandRefused(
            f"Hand {position + 1} cannot be entered yet: the next hand of this game is hand {len(hands) + 1}.",
            hand=position, code="position",
        )
    was_finished = game.status == Game.Status.FINISHED
    try:
        rep = _replay(game, [h.event for h in hands] + [event])
    except ScoringError as exc:
        raise _refused(exc) from exc
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
        if _canonical(game, existing.event) == _canonical(game, event):
            return existing, False
        raise HandConflict(
            f"Hand {position + 1} was already entered differently.", hand=position, existing=existing
        ) from None
    _audit(club=game.club, by=by, action=AuditEntry.Action.CREATE, object_type="hand", object_id=hand.pk,
           after=_hand_after(hand), reason=reason)
    _refresh(game, rep, was_finished=was_finished)
    return hand, True


@transaction.atomic
def hand_record(*, game: Game, position: int, event: dict[str, Any], by=None) -> HandRecord:
    """Record ``event`` as the hand at ``position`` (the position the client believes is next).

    Idempotent: the same event again at a taken position returns the stored record. A different
    event there raises :class:`HandConflict`; a position beyond the next, or an event the rules
    refuse, raises :class:`HandRefused` with a message for the table.
    """
    game = _locked(game)
    _require(by, Action.ENTER_HAND, club=game.club, game=game)
    hand, _created = _append(game=game, position=position, event=event, by=by)
    return hand


@transaction.atomic
def hand_edit(*, hand: HandRecord, event: dict[str, Any], by=None, reason: str = "") -> HandRecord:
    """Replace a hand's event; the hands after it are replayed. Refused if one becomes impossible."""
    game = _locked(hand.game)
    _require(by, Action.ENTER_HAND, club=game.club, game=game)
    _check_writable(game)
    hand = HandRecord.objects.get(pk=hand.pk)
    if not isinstance(event, dict):
        raise HandRefused("A hand must be an object with a kind.", hand=hand.position)
    hands = list(game.hands.order_by("position"))
    events = [h.event for h in hands]
    if _canonical(game, events[hand.position]) == _canonical(game, event) and events[hand.position] == event:
        return hand
    events[hand.position] = event
    was_finished = game.status == Game.Status.FINISHED
    try:
        rep = _replay(game, events)
    except ScoringError as exc:
        if exc.hand is not None and exc.hand > hand.position:
            raise HandRefused(
                f"This change makes hand {exc.hand + 1} impossible: {exc.message} Nothing was changed.",
                hand=exc.hand, code="later_hand", error=exc,
            ) from exc
        raise _refused(exc) from exc
    before = _hand_after(hand)
    hand.event = event
    hand.save(update_fields=["event", "updated_at"])
    _audit(club=game.club, by=by, action=AuditEntry.Action.EDIT, object_type="hand", object_id=hand.pk,
           before=before, after=_hand_after(hand), reason=reason)
    _refresh(game, rep, was_finished=was_finished)
    return hand


def _delete(*, game: Game, hand: HandRecord, by, reason: str, cancel_penalty: bool = True) -> dict[str, Any]:
    hands = list(game.hands.order_by("position"))
    events = [h.event for i, h in enumerate(hands) if i != hand.position]
    was_finished = game.status == Game.Status.FINISHED
    try:
        rep = _replay(game, events)
    except ScoringError as exc:
        if exc.hand is None:
            raise _refused(exc) from exc
        original = exc.hand if exc.hand < hand.position else exc.hand + 1
        raise HandRefused(
            f"Deleting this hand makes hand {original + 1} impossible: {exc.message} Nothing was changed.",
            hand=original, code="later_hand", error=exc,
        ) from exc
    before = _hand_after(hand)
    penalty = Penalty.objects.filter(hand_record=hand, cancelled_at__isnull=True).first()
    if penalty is not None and cancel_penalty:
        pbefore = _snapshot(penalty)
        penalty.cancelled_at = timezone.now()
        penalty.cancelled_by = by if getattr(by, "is_authenticated", False) else None
        penalty.cancel_reason = reason or "hand deleted"
        penalty.save(update_fields=["cancelled_at", "cancelled_by", "cancel_reason"])
        _audit(club=game.club, by=by, action=AuditEntry.Action.CANCEL, object_type="penalty",
               object_id=penalty.pk, before=pbefore, after=_snapshot(penalty), reason=penalty.cancel_reason)
    hand_pk = hand.pk
    hand.delete()
    for later in hands[before["position"] + 1:]:
        later.position -= 1
        later.save(update_fields=["position"])
    _audit(club=game.club, by=by, action=AuditEntry.Action.DELETE, object_type="hand", object_id=hand_pk,
           before=before, reason=reason)
    _refresh(game, rep, was_finished=was_finished)
    return before


@transaction.atomic
def hand_delete(*, hand: HandRecord, by=None, reason: str = "") -> None:
    """Delete a hand; later hands move up one position and are replayed (refused if impossible)."""
    game = _locked(hand.game)
    _require(by, Action.ENTER_HAND, club=game.club, game=game)
    _check_writable(game)
    hand = HandRecord.objects.get(pk=hand.pk)
    _delete(game=game, hand=hand, by=by, reason=reason)


@transaction.atomic
def hand_undo_last(*, game: Game, by=None) -> dict[str, Any] | None:
    """Remove the game's last hand. Returns the removed event (None when there was none)."""
    game = _locked(game)
    _require(by, Action.ENTER_HAND, club=game.club, game=game)
    _check_writable(game)
    last = game.hands.order_by("-position").first()
    if last is None:
        return None
    return _delete(game=game, hand=last, by=by, reason="undo")["event"]


# --- penalties --------------------------------------------------------------------------------
_EVENT_KINDS = {PenaltyType(p).value for p in EVENT_PENALTIES}
_ROW_ONLY = {PenaltyKind.EXPULSION.value, PenaltyKind.DECLARATION_VOID.value, PenaltyKind.RULING.value}


def _penalty_event(
    kind: str, seat: int, riichi: Sequence[int], *, amount: int | None = None, to: int | None = None
) -> dict[str, Any] | None:
    if kind == PenaltyKind.RULING:
        # A ruling moves table points only when it names an amount; season points stay a row.
        if amount is None:
            return None
        event = {"kind": "penalty", "player": seat, "type": kind, "amount": amount}
        return event if to is None else event | {"to": to}
    if kind in _EVENT_KINDS:
        return {"kind": "penalty", "player": seat, "type": kind}
    if kind in (PenaltyKind.CHOMBO, PenaltyKind.DELIBERATE_CHOMBO):
        event: dict[str, Any] = {"kind": "chombo", "offender": seat}
        if kind == PenaltyKind.DELIBERATE_CHOMBO:
            event["deliberate"] = True
        if riichi:
            event["riichi"] = list(riichi)
        return event
    return None


@transaction.atomic
def penalty_give(
    *, member: Member, type: str, reason: str, by=None, game: Game | None = None, season: Season | None = None,
    points: Decimal | float | int | None = None, amount: int | None = None, beneficiary: Member | None = None,
    riichi: Sequence[int] = (),
) -> Penalty:
    """Log a penalty.

    With ``game``: a penalty that the engine scores (penalty point, yellow card, agari-forbidden,
    verbal warning, chombo, deliberate chombo) is appended to the game as a contract event
    (``penalty`` or ``chombo``) plus a Penalty row linked to it. Expulsion, declaration void
    and rulings are Penalty rows only. Without ``game``: a season-level Penalty row
    (``season_deduction`` needs ``points``).
    """
    try:
        kind = PenaltyKind(type).value
    except ValueError:
        raise ValidationError(f"Unknown penalty type {type!r}.", code="type") from None
    if game is not None:
        game = _locked(game)
        season = game.season
    if season is None:
        raise ValidationError("A penalty needs a game or a season.", code="season")
    club = season.club
    _require(by, Action.GIVE_PENALTY, club=club, game=game)
    if member.club_id != club.pk:
        raise ValidationError(f"{member.display_name} is not a member of {club.name}.", code="member")
    if kind == PenaltyKind.SEASON_DEDUCTION and points is None:
        raise ValidationError("A season deduction needs the points to deduct.", code="points")
    if kind == PenaltyKind.RULING and amount is None and points is None:
        raise ValidationError("A ruling needs an amount (table points) or points.", code="amount")
    event = None
    if game is not None:
        seat = game.seat_set.filter(member=member).values_list("seat", flat=True).first()
        if seat is None:
            raise ValidationError(f"{member.display_name} does not play in this game.", code="member")
        to = None
        if beneficiary is not None:
            to = game.seat_set.filter(member=beneficiary).values_list("seat", flat=True).first()
            if to is None:
                raise ValidationError(f"{beneficiary.display_name} does not play in this game.", code="beneficiary")
        event = _penalty_event(kind, seat, riichi, amount=amount, to=to)
        if event is not None and kind != PenaltyKind.RULING:
            allowed = game.effective_ruleset.to_scoring().penalties
            if PenaltyType(kind) not in allowed and not (
                kind == PenaltyKind.DELIBERATE_CHOMBO and PenaltyType.CHOMBO in allowed
            ):
                raise ValidationError(
                    f"The ruleset {game.effective_ruleset.name} has no {PenaltyKind(kind).label} penalty.",
                    code="type",
                )
    elif kind not in (PenaltyKind.SEASON_DEDUCTION, *_ROW_ONLY):
        raise ValidationError(
            f"A {PenaltyKind(kind).label} penalty is given during a game: choose the game.", code="game"
        )
    hand = None
    if event is not None:
        position = game.hands.count()
        hand, _ = _append(game=game, position=position, event=event, by=by, reason=reason)
    penalty = Penalty.objects.create(
        season=season, game=game, member=member, type=kind,
        points=Decimal(str(points)) if points is not None else None, amount=amount, beneficiary=beneficiary,
        hand_record=hand, reason=reason, given_by=by if getattr(by, "is_authenticated", False) else None,
    )
    _audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="penalty", object_id=penalty.pk,
           after=_snapshot(penalty) | ({"event": event} if event else {}), reason=reason)
    if game is None or (kind == PenaltyKind.RULING and game.status == Game.Status.FINISHED):
        _queue_recompute(season.pk)
    return penalty


@transaction.atomic
def penalty_cancel(*, penalty: Penalty, by=None, reason: str) -> Penalty:
    """Cancel a penalty; its in-game event (if any) is removed and the game replayed."""
    penalty = Penalty.objects.select_related("season__club", "game").get(pk=penalty.pk)
    club = penalty.season.club
    game = _locked(penalty.game) if penalty.game_id else None
    _require(by, Action.GIVE_PENALTY, club=club, game=game)
    if penalty.cancelled_at is not None:
        return penalty
    before = _snapshot(penalty)
    if penalty.hand_record_id is not None:
        _check_writable(game)
        hand = HandRecord.objects.get(pk=penalty.hand_record_id)
        _delete(game=game, hand=hand, by=by, reason=reason, cancel_penalty=False)
    if penalty.cancelled_at is None:
        penalty.cancelled_at = timezone.now()
    penalty.cancelled_by = by if getattr(by, "is_authenticated", False) else None
    penalty.cancel_reason = reason
    penalty.save(update_fields=["cancelled_at", "cancelled_by", "cancel_reason"])
    _audit(club=club, by=by, action=AuditEntry.Action.CANCEL, object_type="penalty", object_id=penalty.pk,
           before=before, after=_snapshot(penalty), reason=reason)
    if game is None:
        _queue_recompute(penalty.season_id)
    return penalty
