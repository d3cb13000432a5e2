"""Seat corrections (issue 21, item 7; Pantheon's issue #778): the seats were entered wrong.

A referee or club admin swaps two players' seats, or replaces one member with another, in a game
in progress or finished. The hands stay as they are (a record speaks of seats, not of people):
who sat in each seat changes, so the game is replayed under the new names, its cache refreshed
and, for a finished game, the season's standings recomputed whole (as for an edit). A penalty
given through a hand follows its seat (the table points it moved are the seat's); a beneficiary
of a ruling too. Every correction is audited (who, when, before, after) with its reason, which
is required.

Keyword-only, atomic, under the game's row lock (``league.games.records.locked``), like the
other writes of a game.

The referee's tool: the penalties (the referee's rows) follow their seats here; the seats themselves are
written by the games (``league.games.seats.seats_rewrite``), their one writer.
"""
from __future__ import annotations

import enum
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from club.models import Member
from core.audit import audit
from core.models import AuditEntry
from core.once import Once, claim_key
from core.validation import storable
from league import permissions
from league.error_codes import LeagueErrorCode as Code
from league.games import records
from league.games.seats import seats_rewrite
from league.models import Game, GameSeat, Penalty
from scoring.messages import settle_particles


class Correction(enum.StrEnum):
    SWAP = "swap"
    """Two seated players change seats."""
    REPLACE = "replace"
    """A member who did not play the game takes a seated member's place."""


class SeatCorrectionRefused(ValidationError):
    """A seat correction that cannot be made; ``code`` is a :class:`LeagueErrorCode`, the message is
    in the page's language."""

    def __init__(self, message: str, *, code: Code) -> None:
        super().__init__(message, code=code)


def can_correct_seats(user, game: Game) -> bool:
    """Referees and club admins (and superusers): never a host or a player of the game."""
    return permissions.is_referee_or_admin(user, game.club)


def _seats(game: Game) -> dict[int, Member]:
    return {s.seat: s.member for s in GameSeat.objects.filter(game=game).select_related("member").order_by("seat")}


def _snapshot(game: Game, seats: dict[int, Member]) -> dict[str, Any]:
    """An audit side: the table, its players' names in seat order (as the audit log words a game) and ids."""
    return {"table_label": game.table_label, "seats": [seats[i].display_name for i in sorted(seats)],
            "members": [seats[i].pk for i in sorted(seats)]}


def _seat_of(seats: dict[int, Member], member: Member) -> int:
    for seat, m in seats.items():
        if m.pk == member.pk:
            return seat
    raise SeatCorrectionRefused(_("%(name)s does not play in this game.") % {"name": member.display_name},
                                code=Code.SEATS)


def _start(game: Game, by, reason: str) -> Game:
    game = records.locked(game)
    if by is not None and not can_correct_seats(by, game):
        raise PermissionDenied(_("Only a referee or a club admin can correct a game's seats."))
    if game.status == Game.Status.CANCELLED:
        raise SeatCorrectionRefused(_("This game was cancelled: its seats can no longer change."),
                                    code=Code.CANCELLED)
    if not reason or not reason.strip():
        raise SeatCorrectionRefused(_("Say why the seats are corrected."), code=Code.REASON)
    storable(reason, "reason")
    return game


def _apply(game: Game, seats: dict[int, Member], moved: dict[int, Member], *, by, reason: str,
           kind: Correction) -> Game:
    """Seat ``moved`` (seat -> member) and replay; the rows of the other seats stay."""
    before = _snapshot(game, seats)
    old = {seat: seats[seat] for seat in moved}
    # A penalty given through a hand follows its seat (its event names the seat); so does a ruling's beneficiary.
    hands = Penalty.objects.filter(game=game, hand_record__isnull=False)
    member_moves = {seat: list(hands.filter(member=old[seat]).values_list("pk", flat=True)) for seat in moved}
    beneficiary_moves = {seat: list(hands.filter(beneficiary=old[seat]).values_list("pk", flat=True))
                         for seat in moved}
    for seat, member in moved.items():
        Penalty.objects.filter(pk__in=member_moves[seat]).update(member=member)
        Penalty.objects.filter(pk__in=beneficiary_moves[seat]).update(beneficiary=member)
    seats_rewrite(game=game, moved=moved)
    after = _snapshot(game, {**seats, **moved})
    audit(club=game.club, by=by, action=AuditEntry.Action.EDIT, object_type="game", object_id=game.pk,
          before=before, after={**after, "correction": kind.value,
                                "penalties_moved": sorted(p for ps in member_moves.values() for p in ps)},
          reason=reason)
    return game


@transaction.atomic
def seats_swap(*, game: Game, first: Member, second: Member, by, reason: str, once: Once | None = None) -> Game:
    """``first`` and ``second`` change seats (each takes the other's seat and everything it scored)."""
    game = _start(game, by, reason)
    claim_key(once, scope="seats", by=by)  # a double tap would swap them back
    seats = _seats(game)
    a, b = _seat_of(seats, first), _seat_of(seats, second)
    if a == b:
        raise SeatCorrectionRefused(_("Choose two different players to swap."), code=Code.SEATS)
    return _apply(game, seats, {a: seats[b], b: seats[a]}, by=by, reason=reason, kind=Correction.SWAP)


@transaction.atomic
def seat_replace(*, game: Game, leaving: Member, joining: Member, by, reason: str,
                 once: Once | None = None) -> Game:
    """``joining`` (an active member of the club not in the game) takes ``leaving``'s seat and its results."""
    game = _start(game, by, reason)
    claim_key(once, scope="seats", by=by)
    seats = _seats(game)
    seat = _seat_of(seats, leaving)
    if joining.club_id != game.club_id:
        raise SeatCorrectionRefused(_("%(name)s is not a member of this club.") % {"name": joining.display_name},
                                    code=Code.MEMBER)
    if not joining.active:
        raise SeatCorrectionRefused(
            settle_particles(_("%(name)s is not an active member.") % {"name": joining.display_name}),
            code=Code.MEMBER)
    if any(m.pk == joining.pk for m in seats.values()):
        raise SeatCorrectionRefused(
            _("%(name)s already plays in this game: swap their seats instead.") % {"name": joining.display_name},
            code=Code.SEATS)
    if game.status == Game.Status.IN_PROGRESS:
        elsewhere = (GameSeat.objects.filter(member=joining, game__club=game.club,
                                             game__status=Game.Status.IN_PROGRESS)
                     .exclude(game=game).select_related("game").first())
        if elsewhere is not None:
            raise SeatCorrectionRefused(
                _("%(name)s is playing another game (table %(table)s): finish or cancel it first.")
                % {"name": joining.display_name, "table": elsewhere.game.table_label or elsewhere.game_id},
                code=Code.SEATED_ELSEWHERE)
    return _apply(game, seats, {seat: joining}, by=by, reason=reason, kind=Correction.REPLACE)
