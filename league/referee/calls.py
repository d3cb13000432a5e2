"""Calling a referee to a table (issue 27 item 2): writes and reads.

A call is open until a referee (or admin) acknowledges it. One open call per game: a unique
constraint on the open call, the game's row lock and the form's once-token make a second tap (or a
second phone) the same call: ``(call, False)``. Every call and acknowledgement is audited.
"""
from __future__ import annotations

import hashlib

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Club
from core.audit import audit
from core.models import AuditEntry
from core.once import AlreadyDone, Once, claim_key, mark_claimed
from league import permissions
from league.error_codes import LeagueErrorCode as Code
from league.games import records
from league.models import Game, RefereeCall
from league.signals import referee_called


def may_call(user, game: Game) -> bool:
    """The host or any seated player (whoever may enter the game's hands), a referee or an admin; and the system
    (``None``: a phone with the game's table code, checked by the view)."""
    if user is None:
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    return permissions.can_enter_hands(user, game) or game.created_by_id == user.pk


def _after(call: RefereeCall) -> dict:
    return {"game": call.game_id, "reason": call.reason, "note": call.note,
            "acknowledged": call.acknowledged_at is not None}


@transaction.atomic
def referee_call(*, game: Game, reason: str, by, note: str = "", once: Once | None = None
                 ) -> tuple[RefereeCall, bool]:
    """Call a referee to ``game``'s table. Returns ``(call, created)``; while a call is open a second
    call (a double tap, another phone) returns the open one and writes nothing."""
    if not may_call(by, game):
        raise PermissionDenied(_("Only the table's players can call a referee."))
    if reason not in RefereeCall.Reason.values:
        raise ValidationError(_("Choose a reason: score dispute, chombo or other."), code=Code.REASON)
    game = records.locked(game)
    if game.status != Game.Status.IN_PROGRESS:
        raise ValidationError(_("This game is over: ask a referee directly."), code=Code.CLOSED)
    try:
        claim = claim_key(once, scope="referee_call", by=by)
    except AlreadyDone as done:
        call = done.result or game.referee_calls.filter(acknowledged_at__isnull=True).first()
        if call is not None:
            return call, False
        raise
    open_call = game.referee_calls.filter(acknowledged_at__isnull=True).first()
    if open_call is not None:
        mark_claimed(claim, open_call, "referee_call")
        return open_call, False
    try:
        with transaction.atomic():
            call = RefereeCall.objects.create(game=game, reason=reason, note=(note or "").strip()[:200],
                                              called_by=by)
    except IntegrityError:  # without row locks (SQLite) a second phone at the same moment: the first call
        return game.referee_calls.get(acknowledged_at__isnull=True), False
    mark_claimed(claim, call, "referee_call")
    audit(club=game.club, by=by, action=AuditEntry.Action.CREATE, object_type="referee_call", object_id=call.pk,
          after=_after(call))
    referee_called.send(sender=RefereeCall, call=call, acknowledged=False)
    return call, True


@transaction.atomic
def referee_call_acknowledge(*, call: RefereeCall, by) -> tuple[RefereeCall, bool]:
    """A referee (or admin) says they are coming. Acknowledging twice changes nothing: ``(call, False)``."""
    call = RefereeCall.objects.select_for_update(of=("self",)).select_related("game__club").get(pk=call.pk)
    if not permissions.is_referee_or_admin(by, call.game.club):
        raise PermissionDenied(_("Only a referee or an admin can answer a call."))
    if call.acknowledged_at is not None:
        return call, False
    call.acknowledged_at, call.acknowledged_by = timezone.now(), by
    call.save(update_fields=["acknowledged_at", "acknowledged_by"])
    audit(club=call.game.club, by=by, action=AuditEntry.Action.EDIT, object_type="referee_call", object_id=call.pk,
          before={"acknowledged": False}, after=_after(call))
    referee_called.send(sender=RefereeCall, call=call, acknowledged=True)
    return call, True


# --- reads ----------------------------------------------------------------------------------
def open_calls(club: Club) -> QuerySet[RefereeCall]:
    return (RefereeCall.objects.filter(game__club=club, acknowledged_at__isnull=True)
            .select_related("game", "called_by").order_by("called_at", "id"))


def call_version(game: Game) -> str:
    """A short digest of the table's latest call and its acknowledgement (the referee-call panel's ETag)."""
    return version_of(latest_call(game))


def version_of(call: RefereeCall | None) -> str:
    """:func:`call_version` of a call already read."""
    parts = [call.pk, call.acknowledged_at] if call is not None else []
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:16]


LATEST_CALL_ID = "latest_referee_call_id"
"""The annotation :func:`latest_call_id` gives a read of games."""


def latest_call_id() -> dict[str, Subquery]:
    """An annotation for a read of games: the id of each game's latest call (None where it has none), which
    :func:`latest_call` then takes from the game instead of asking (the table screen's game read, in the same
    statement)."""
    calls = RefereeCall.objects.filter(game=OuterRef("pk")).order_by("-called_at", "-pk").values("pk")[:1]
    return {LATEST_CALL_ID: Subquery(calls)}


def latest_call(game: Game) -> RefereeCall | None:
    """The table's open call, else its last call (so the table sees the acknowledgement).

    Every table GET and every poll of the call box (each table, every 3 s) asks it, and most tables have no
    call: whether there is one comes with the screen's game read (:func:`latest_call_id`), or else is a plain
    statement (the ORM took longer to build the query than the database to answer it); the call is read only where
    there is one, and its acknowledging referee only where it was acknowledged (``acknowledged_by``), not joined
    into every read."""
    if hasattr(game, LATEST_CALL_ID):  # read with the game
        call_id = getattr(game, LATEST_CALL_ID)
        return None if call_id is None else RefereeCall.objects.filter(pk=call_id).first()
    meta, quote = RefereeCall._meta, connection.ops.quote_name

    def col(name: str) -> str:
        return quote(meta.get_field(name).column)

    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {quote(meta.pk.column)} FROM {quote(meta.db_table)} WHERE {col('game')} = %s "
                       f"ORDER BY {col('called_at')} DESC, {quote(meta.pk.column)} DESC LIMIT 1", [game.pk])
        row = cursor.fetchone()
    return None if row is None else RefereeCall.objects.filter(pk=row[0]).first()  # gone meanwhile: none
