"""Writes of the referee: penalties given and cancelled.

A penalty the engine scores (penalty point, yellow card, agari-forbidden, warning, chombo,
deliberate chombo, a ruling's transfer) is also a hand of its game, stored through
``league.games.records`` like any hand; the rest are Penalty rows only.
"""
from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from club.models import Member
from core.audit import audit, snapshot
from core.models import AuditEntry
from core.once import Once, claim_key, mark_claimed
from core.validation import storable
from league import permissions
from league.error_codes import LeagueErrorCode as Code
from league.games import records
from league.games import selectors as game_selectors
from league.games import services as game_services
from league.games.errors import HandRefused
from league.models import Game, HandRecord, Penalty, PenaltyKind, Season
from league.permissions import Action, require
from league.signals import penalty_given
from scoring.errors import ScoringError
from scoring.vocabulary import EVENT_PENALTIES, PenaltyType


@transaction.atomic
def penalty_hand(*, game: Game, position: int | None, event: dict[str, Any], by=None,
                 once: Once | None = None) -> tuple[HandRecord, bool]:
    """A penalty event sent as a hand (the API, the table screen): checked like any hand
    (``league.games.services.next_position``), then given as the referee's penalty at that position.
    Returns (record, created) like ``hand_append``; a retry of a stored hand returns it."""
    game = records.locked(game)
    require(by, Action.ENTER_HAND, club=game.club, game=game)
    claim = claim_key(once, scope="hand", by=by)
    position = game_services.next_position(game=game, position=position, event=event, by=by)
    if isinstance(position, int) and not isinstance(position, bool) and position < game.hands.count():
        hand, created = records.append(game=game, position=position, event=event, by=by)  # a retry, or a conflict
    else:
        hand, created = event_penalty(game=game, position=position, event=event, by=by)
    mark_claimed(claim, hand, "hand")
    return hand, created


def event_penalty(*, game: Game, position: int, event: dict[str, Any], by) -> tuple[HandRecord, bool]:
    """A penalty event sent as a hand: the referee's service, with its permission and Penalty row."""
    if by is not None and not permissions.can(by, Action.GIVE_PENALTY, club=game.club, game=game):
        raise HandRefused(records.REFEREE_ONLY, hand=position, code=Code.REFEREE_ONLY)
    kind = event.get("type") if event.get("kind") == "penalty" else PenaltyKind.DELIBERATE_CHOMBO.value
    seat = event.get("player") if event.get("kind") == "penalty" else event.get("offender")
    seats = {s.seat: s.member for s in game.seat_set.select_related("member")}
    if isinstance(seat, bool) or seat not in seats:
        try:
            records.replay_events(game, [h.event for h in game_selectors.game_hand_records(game)] + [event])
        except ScoringError as exc:
            raise records.refused(exc) from exc
        raise HandRefused("A penalty needs the seat of the player it is given to.", hand=position)
    to = event.get("to")
    penalty = penalty_give_locked(
        game=game, member=seats[seat], type=str(kind), reason=str(event.get("note") or ""), by=by,
        amount=event.get("amount"), beneficiary=seats.get(to) if isinstance(to, int) else None,
        riichi=event.get("riichi") or (), position=position)
    return penalty.hand_record, True


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
    riichi: Sequence[int] = (), once: Once | None = None,
) -> Penalty:
    """Log a penalty.

    With ``game``: a penalty that the engine scores (penalty point, yellow card, agari-forbidden,
    verbal warning, chombo, deliberate chombo) is appended to the game as a contract event
    (``penalty`` or ``chombo``) plus a Penalty row linked to it. Expulsion, declaration void
    and rulings are Penalty rows only. Without ``game``: a season-level Penalty row
    (``season_deduction`` needs ``points``).
    """
    try:
        PenaltyKind(type)
    except ValueError:
        raise ValidationError(f"Unknown penalty type {type!r}.", code=Code.TYPE) from None
    storable(reason, "reason")
    if game is not None:
        game = records.locked(game)
        season = game.season
    if season is None:
        raise ValidationError("A penalty needs a game or a season.", code=Code.SEASON)
    require(by, Action.GIVE_PENALTY, club=season.club, game=game)
    claim = claim_key(once, scope="penalty", by=by)
    penalty = penalty_give_locked(member=member, type=type, reason=reason, by=by, game=game, season=season,
                                   points=points, amount=amount, beneficiary=beneficiary, riichi=riichi)
    mark_claimed(claim, penalty, "penalty")
    penalty_given.send(sender=Penalty, penalty=penalty)  # inside the transaction (notify's outbox)
    return penalty


def penalty_give_locked(
    *, member: Member, type: str, reason: str, by, game: Game | None = None, season: Season | None = None,
    points: Decimal | float | int | None = None, amount: int | None = None, beneficiary: Member | None = None,
    riichi: Sequence[int] = (), position: int | None = None,
) -> Penalty:
    """:func:`penalty_give` once the game (if any) is locked; ``position`` where its event goes."""
    try:
        kind = PenaltyKind(type).value
    except ValueError:
        raise ValidationError(f"Unknown penalty type {type!r}.", code=Code.TYPE) from None
    if game is not None:
        season = game.season
    club = season.club
    require(by, Action.GIVE_PENALTY, club=club, game=game)
    if game is not None and game.status == Game.Status.FINISHED and by is not None and not (reason or "").strip():
        raise HandRefused("This game is finished: say why the penalty is given.", code=Code.REASON)
    if member.club_id != club.pk:
        raise ValidationError(f"{member.display_name} is not a member of {club.name}.", code=Code.MEMBER)
    if kind == PenaltyKind.SEASON_DEDUCTION and points is None:
        raise ValidationError("A season deduction needs the points to deduct.", code=Code.POINTS)
    if points is not None:
        try:
            points = Decimal(str(points))
        except ArithmeticError:
            raise ValidationError({"points": ["The points are a number, e.g. 10.0."]}, code=Code.POINTS) from None
        if not points.is_finite() or abs(points) >= 10_000_000:
            raise ValidationError({"points": ["The points are a number below 10,000,000."]}, code=Code.POINTS)
    if kind == PenaltyKind.SEASON_DEDUCTION and points <= 0:
        # One rule for the form and the API: a deduction takes points away (it is never a bonus).
        raise ValidationError(
            {"points": ["A season deduction is a positive number of points to take away (e.g. 10.0)."]},
            code=Code.POINTS,
        )
    if kind == PenaltyKind.RULING and amount is None and points is None:
        raise ValidationError("A ruling needs an amount (table points) or points.", code=Code.AMOUNT)
    event = None
    if game is not None:
        seat = game.seat_set.filter(member=member).values_list("seat", flat=True).first()
        if seat is None:
            raise ValidationError(f"{member.display_name} does not play in this game.", code=Code.MEMBER)
        to = None
        if beneficiary is not None:
            to = game.seat_set.filter(member=beneficiary).values_list("seat", flat=True).first()
            if to is None:
                raise ValidationError(f"{beneficiary.display_name} does not play in this game.", code=Code.BENEFICIARY)
        event = _penalty_event(kind, seat, riichi, amount=amount, to=to)
        if event is not None and kind != PenaltyKind.RULING:
            allowed = game.effective_ruleset.to_scoring().penalties
            if PenaltyType(kind) not in allowed and not (
                kind == PenaltyKind.DELIBERATE_CHOMBO and PenaltyType.CHOMBO in allowed
            ):
                raise ValidationError(
                    f"The ruleset {game.effective_ruleset.name} has no {PenaltyKind(kind).label} penalty.",
                    code=Code.TYPE,
                )
    elif kind not in (PenaltyKind.SEASON_DEDUCTION, *_ROW_ONLY):
        raise ValidationError(
            f"A {PenaltyKind(kind).label} penalty is given during a game: choose the game.", code=Code.GAME
        )
    hand = None
    if event is not None:
        hand, _ = records.append(game=game, position=game.hands.count() if position is None else position, event=event,
                          by=by, reason=reason)
    penalty = Penalty.objects.create(
        season=season, game=game, member=member, type=kind,
        points=Decimal(str(points)) if points is not None else None, amount=amount, beneficiary=beneficiary,
        hand_record=hand, reason=reason, given_by=by if getattr(by, "is_authenticated", False) else None,
    )
    if hand is not None:
        hand.active_penalty = True  # made with it (records.hands_as_saved: the hands as this save leaves them)
    audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="penalty", object_id=penalty.pk,
           after=snapshot(penalty) | ({"event": event} if event else {}), reason=reason)
    if game is None or (kind == PenaltyKind.RULING and game.status == Game.Status.FINISHED):
        records.queue_recompute(season.pk)
    return penalty


@transaction.atomic
def penalty_cancel(*, penalty: Penalty, by=None, reason: str) -> Penalty:
    """Cancel a penalty; its in-game event (if any) is removed and the game replayed."""
    storable(reason, "reason")
    penalty = Penalty.objects.select_related("season__club", "game").get(pk=penalty.pk)
    club = penalty.season.club
    game = records.locked(penalty.game) if penalty.game_id else None
    # Then the penalty's row (the game first, as hand deletes do): of ten cancels at once, one
    # cancels and audits, the others find it cancelled.
    penalty = Penalty.objects.select_for_update(of=("self",)).select_related("season__club", "game").get(pk=penalty.pk)
    require(by, Action.GIVE_PENALTY, club=club, game=game)
    if penalty.cancelled_at is not None:
        return penalty
    before = snapshot(penalty)
    if penalty.hand_record_id is not None:
        records.check_writable(game)
        hand = HandRecord.objects.get(pk=penalty.hand_record_id)
        records.delete(game=game, hand=hand, by=by, reason=reason, cancel_penalty=False)
    if penalty.cancelled_at is None:
        penalty.cancelled_at = timezone.now()
    penalty.cancelled_by = by if getattr(by, "is_authenticated", False) else None
    penalty.cancel_reason = reason
    penalty.save(update_fields=["cancelled_at", "cancelled_by", "cancel_reason"])
    audit(club=club, by=by, action=AuditEntry.Action.CANCEL, object_type="penalty", object_id=penalty.pk,
           before=before, after=snapshot(penalty), reason=reason)
    if game is None:
        records.queue_recompute(penalty.season_id)
    return penalty


def penalties_member_move(*, source: Member, target: Member) -> dict[str, int]:
    """Every penalty given to ``source`` and every ruling in its favour become ``target``'s (a duplicate member
    merged into the original, ``league.members.services.member_merge``). Returns how many of each moved."""
    return {
        "penalties": Penalty.objects.filter(member=source).update(member=target),
        "rulings_received": Penalty.objects.filter(beneficiary=source).update(beneficiary=target),
    }


def penalty_record_restore(*, season: Season, game: Game | None, member: Member, type: str, points,
                           amount, reason: str, beneficiary: Member | None) -> Penalty:
    """A cancelled in-game penalty restored from a season file as history (its event was removed from the game,
    so it is no hand to give again). The system's write (``league.transfer.season_file``)."""
    return Penalty.objects.create(season=season, game=game, member=member, type=type, points=points,
                                  amount=amount, reason=reason, beneficiary=beneficiary)


def penalty_history_restore(*, penalty: Penalty, **recorded: Any) -> None:
    """Who gave or cancelled a restored penalty and when (``given_by``, ``given_at``, ``cancelled_by``,
    ``cancelled_at``, ``cancel_reason``), as the season file recorded it. The system's write."""
    allowed = {"given_by", "given_at", "cancelled_by", "cancelled_at", "cancel_reason"}
    if set(recorded) - allowed:
        raise TypeError(f"not a penalty's history: {sorted(set(recorded) - allowed)}")
    Penalty.objects.filter(pk=penalty.pk).update(**recorded)


def penalty_cancel_with_hand(*, hand: HandRecord, by, reason: str) -> None:
    """The live penalty ``hand`` holds is cancelled because the hand is being deleted from its game (the games'
    undo or delete, inside their transaction and row lock): audited, the hand's removal is the games'."""
    penalty = Penalty.objects.filter(hand_record=hand, cancelled_at__isnull=True).first()
    if penalty is None:
        return
    before = snapshot(penalty)
    penalty.cancelled_at = timezone.now()
    penalty.cancelled_by = by if getattr(by, "is_authenticated", False) else None
    penalty.cancel_reason = reason
    penalty.save(update_fields=["cancelled_at", "cancelled_by", "cancel_reason"])
    audit(club=hand.game.club, by=by, action=AuditEntry.Action.CANCEL, object_type="penalty", object_id=penalty.pk,
          before=before, after=snapshot(penalty), reason=reason)

