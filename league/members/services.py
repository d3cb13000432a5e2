"""Merging a duplicate member into the original: one service above club that calls each domain's own.

club checks and locks both rows (``club.services.member_merge_lock``), the games move the seats
(refusing two who sat at the same game), the referee moves the penalties and rulings, and club records
the merge (roles, login, audit: ``club.services.member_merge_record``), which announces ``member_changed``
so the standings that show the member's name are refreshed. All in one transaction: a refusal anywhere
leaves every row as it was.
"""
from __future__ import annotations

from django.db import transaction

from club import services as club_services
from club.models import Member
from league.games import seats as game_seats
from league.referee import services as referee_services


@transaction.atomic
def member_merge(*, source: Member, target: Member, by=None, reason: str = "") -> Member:
    """Merge ``source`` (a duplicate) into ``target``: its games, penalties, roles and login move over.

    ``source`` stays (inactive, pointing at ``target``) so that the audit trail still names it."""
    source, target = club_services.member_merge_lock(source=source, target=target, by=by)
    moved = {"seats": game_seats.seats_member_move(source=source, target=target),
             **referee_services.penalties_member_move(source=source, target=target)}
    return club_services.member_merge_record(source=source, target=target, moved=moved, by=by, reason=reason)
