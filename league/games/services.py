"""Writes of the table screens: games (start, cancel) and their hands (record, edit, delete, undo).

Every function is keyword-only, atomic and leaves an AuditEntry (before/after/why). The
hand records themselves go through ``league.games.records`` (replayed, never invalid); a
penalty event sent as a hand is the referee's (``league.referee.services``).
"""
from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from club.models import Member
from league import permissions
from league.audit import audit, snapshot
from league.error_codes import LeagueErrorCode as Code
from league.errors import HandRefused, SeatedElsewhere
from league.games import records
from league.games import selectors as game_selectors
from league.games.selectors import game_members
from league.models import AuditEntry, Game, GameSeat, HandRecord, Ruleset, Season
from league.once import Once, claim_key, mark_claimed
from league.permissions import Action, require
from league.referee import services as referee_services
from league.validation import storable
from scoring.errors import ScoringError


# --- games ------------------------------------------------------------------------------------
def _game_after(game: Game) -> dict[str, Any]:
    data = snapshot(game)
    data["seats"] = [m.display_name for m in game_members(game)]
    return data


@transaction.atomic
def game_start(
    *, season: Season, table_label: str = "", members: Sequence[Member], random_seats: bool = False, by=None,
    started_at: datetime.datetime | None = None, source: str = Game.Source.TABLE, external_id: str | None = None,
    once: Once | None = None,
    override_seated: bool = False,
) -> Game:
    """Start a game: ``members`` in seat order (0 = first dealer), or shuffled with ``random_seats``.

    With ``once`` (the form's entry token or the API's ``Idempotency-Key``) a second submission
    starts nothing and raises :class:`AlreadyDone` (its ``result`` is the game started first).
    A member already seated at a game in progress of the club cannot be seated at another
    (:class:`SeatedElsewhere`), unless a referee or admin overrides it (``override_seated``).
    The system (``by=None``: imports, restores) is not checked.
    """
    club = season.club
    require(by, Action.START_GAME, club=club)
    if season.closed_at is not None and source == Game.Source.TABLE:
        raise ValidationError(
            gettext("The season %(name)s is closed: it takes no new games.") % {"name": season.name},
            code=Code.SEASON_CLOSED,
        )
    storable(table_label, "table_label")
    claim = claim_key(once, scope="game_start", by=by)
    ruleset = season.ruleset
    try:
        engine_rules = ruleset.to_scoring()
    except ScoringError as exc:
        raise ValidationError(exc.message, code=Code.RULESET) from exc
    members = list(members)
    if len(members) != engine_rules.players:
        raise ValidationError(
            f"The ruleset {ruleset.name} is for {engine_rules.players} players; {len(members)} were given.",
            code=Code.SEATS,
        )
    if len({m.pk for m in members}) != len(members):
        raise ValidationError("A member can take only one seat.", code=Code.SEATS)
    for m in members:
        if m.club_id != club.pk:
            raise ValidationError(f"{m.display_name} is not a member of {club.name}.", code=Code.SEATS)
        if not m.active:
            raise ValidationError(f"{m.display_name} is not an active member.", code=Code.SEATS)
    overridden = ""
    if by is not None and source == Game.Source.TABLE:
        busy = list(GameSeat.objects.filter(member__in=members, game__club=club, game__status=Game.Status.IN_PROGRESS)
                    .select_related("member", "game").order_by("game_id", "seat"))
        if busy and not override_seated:
            raise SeatedElsewhere([(s.member.display_name, s.game.table_label, s.game_id) for s in busy])
        if busy:
            if not permissions.is_referee_or_admin(by, club):
                raise PermissionDenied("Only a referee or an admin may seat a player who is at another game.")
            overridden = "Seated although at another game in progress: " + ", ".join(
                f"{s.member.display_name} (game {s.game_id})" for s in busy)
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
    audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="game", object_id=game.pk,
           after=_game_after(game), reason=overridden)
    mark_claimed(claim, game, "game")
    return game


@transaction.atomic
def game_cancel(*, game: Game, by=None, reason: str) -> Game:
    game = records.locked(game)
    if not permissions.started_empty_game(by, game):  # whoever started a game by mistake may cancel it while empty
        require(by, Action.CANCEL_GAME, club=game.club, game=game)
    if game.status == Game.Status.CANCELLED:
        return game
    if not reason or not reason.strip():
        raise ValidationError("Say why the game is cancelled.", code=Code.REASON)
    storable(reason, "reason")
    before = snapshot(game)
    was_finished = game.status == Game.Status.FINISHED
    game.status = Game.Status.CANCELLED
    game.cancel_reason = reason
    game.save(update_fields=["status", "cancel_reason"])
    audit(club=game.club, by=by, action=AuditEntry.Action.CANCEL, object_type="game", object_id=game.pk,
           before=before, after=snapshot(game), reason=reason)
    if was_finished:
        records.queue_recompute(game.season_id)
    return game


def hand_record(*, game: Game, position: int | None, event: dict[str, Any], by=None,
                once: Once | None = None) -> HandRecord:
    """Record ``event`` as the hand at ``position`` (the position the client believes is next).

    Idempotent: the same event again at a taken position returns the stored record. A different
    event there raises :class:`HandConflict`; a position beyond the next, or an event the rules
    refuse, raises :class:`HandRefused` with a message for the table. ``position=None`` appends
    (safe to retry only with ``once``). A ``penalty`` event (or a deliberate chombo) is a
    referee's penalty whichever way it comes: :func:`penalty_give` does it.
    """
    return hand_append(game=game, position=position, event=event, by=by, once=once)[0]  # atomic there


@transaction.atomic
def hand_append(*, game: Game, position: int | None, event: dict[str, Any], by=None,
                once: Once | None = None) -> tuple[HandRecord, bool]:
    """:func:`hand_record`, also saying whether this call stored the hand (False: it was there)."""
    game = records.locked(game)
    require(by, Action.ENTER_HAND, club=game.club, game=game)
    claim = claim_key(once, scope="hand", by=by)
    if position is None:
        position = game.hands.count()
    if game_selectors.is_penalty_event(event):
        if position < game.hands.count():
            hand, created = records.append(game=game, position=position, event=event, by=by)  # a retry, or a conflict
        else:
            hand, created = referee_services.event_penalty(game=game, position=position, event=event, by=by)
    else:
        hand, created = records.append(game=game, position=position, event=event, by=by)
    mark_claimed(claim, hand, "hand")
    return hand, created


def guard_change(game: Game, by, *, hands: Sequence[HandRecord] = (), events: Sequence[Any] = (),
                  reason: str = "") -> None:
    """Penalties belong to referees; a finished game is closed (a referee or admin, with a reason)."""
    if by is None:
        return
    staff = permissions.can(by, Action.GIVE_PENALTY, club=game.club, game=game)
    penalties = any(game_selectors.holds_penalty(h) for h in hands) or any(game_selectors.is_penalty_event(e) for e in events)
    if not staff and penalties:
        raise HandRefused(records.REFEREE_ONLY, code=Code.REFEREE_ONLY)
    if game.status == Game.Status.FINISHED:
        if not staff:
            raise HandRefused("This game is finished: only a referee or a club admin can change it, with a reason.",
                              code=Code.CLOSED)
        if not (reason or "").strip():
            raise HandRefused("This game is finished: say why it is changed.", code=Code.REASON)


@transaction.atomic
def hand_edit(*, hand: HandRecord, event: dict[str, Any], by=None, reason: str = "",
              once: Once | None = None) -> HandRecord:
    """Replace a hand's event; the hands after it are replayed. Refused if one becomes impossible."""
    game = records.locked(hand.game)
    require(by, Action.ENTER_HAND, club=game.club, game=game)
    records.check_writable(game)
    hand = records.current(hand)
    if not isinstance(event, dict):
        raise HandRefused("A hand must be an object with a kind.", hand=hand.position)
    records.storable_event(event, hand.position)
    storable(reason, "reason")
    guard_change(game, by, hands=[hand], events=[event], reason=reason)
    claim = claim_key(once, scope="hand_edit", by=by)
    hands = list(game.hands.order_by("position"))
    events = [h.event for h in hands]
    if records.canonical(game, events[hand.position]) == records.canonical(game,
                         event) and events[hand.position] == event:
        return hand
    events[hand.position] = event
    was_finished = game.status == Game.Status.FINISHED
    try:
        rep = records.replay_events(game, events)
    except ScoringError as exc:
        if exc.hand is not None and exc.hand > hand.position:
            raise HandRefused(
                f"This change makes hand {exc.hand + 1} impossible: {exc.message} Nothing was changed.",
                hand=exc.hand, code=Code.LATER_HAND, error=exc,
            ) from exc
        raise records.refused(exc) from exc
    before = records.hand_after(hand)
    hand.event = event
    hand.save(update_fields=["event", "updated_at"])
    audit(club=game.club, by=by, action=AuditEntry.Action.EDIT, object_type="hand", object_id=hand.pk,
           before=before, after=records.hand_after(hand), reason=reason)
    records.refresh(game, rep, was_finished=was_finished)
    mark_claimed(claim, hand, "hand")
    return hand


@transaction.atomic
def hand_delete(*, hand: HandRecord, by=None, reason: str = "", position: int | None = None,
                once: Once | None = None) -> None:
    """Delete a hand; later hands move up one position and are replayed (refused if impossible).

    ``hand`` is the record the host saw (by id) and ``position`` where they saw it: both are
    checked under the game's row lock, so a repeated or racing delete removes nothing more.
    """
    game = records.locked(hand.game)
    require(by, Action.ENTER_HAND, club=game.club, game=game)
    records.check_writable(game)
    storable(reason, "reason")
    claim = claim_key(once, scope="hand_delete", by=by)
    hand = records.current(hand)
    if position is not None and hand.position != position:
        raise HandRefused(f"That hand is now hand {hand.position + 1}, not hand {position + 1}: nothing was deleted. "
                          "Reload the game.", hand=hand.position, code=Code.POSITION)
    guard_change(game, by, hands=[hand], reason=reason)
    records.delete(game=game, hand=hand, by=by, reason=reason)
    mark_claimed(claim, game, "game")


@transaction.atomic
def hand_undo_last(*, game: Game, by=None, position: int | None, reason: str = "",
                   once: Once | None = None) -> dict[str, Any] | None:
    """Remove the game's last hand — only if it is still the hand at ``position`` (the last one the
    host saw), checked under the game's row lock: a double tap or two phones undo one hand.

    ``position=None`` (the system only) removes whatever is last. Returns the removed event
    (None when there was none).
    """
    game = records.locked(game)
    require(by, Action.ENTER_HAND, club=game.club, game=game)
    records.check_writable(game)
    claim = claim_key(once, scope="hand_undo", by=by)
    last = game.hands.order_by("-position").first()
    if position is not None and (last is None or last.position != position):
        raise HandRefused("That hand is no longer the last one: nothing was undone. Check the table.",
                          hand=position, code=Code.POSITION)
    if last is None:
        return None
    guard_change(game, by, hands=[last], reason=reason)
    removed = records.delete(game=game, hand=last, by=by, reason=reason or "undo")["event"]
    mark_claimed(claim, game, "game")
    return removed
