"""Who may run club nights and tournaments, and the three checks every events service starts with.

The permission predicates (plain functions over ``league.permissions``' lookup):

- open or close a night, create or finish a tournament: a club admin;
- check members in or out, seat rounds, give a table extra time, seat a substitute or cancel
  a table: a club admin or referee;
- check oneself in (or out): the member themself (an active member with a login);
- see the night and its board: a member, or anyone when the club's standings are public;
- see a tournament (its page, results, board, exports): a member, or anyone when the tournament's
  results are public (결과 공개, per tournament; off by default for a private club).

The services' checks (one copy for nights and tournaments): :func:`actor` (who a row records as its
author), :func:`require` (``PermissionDenied`` in the event's words), :func:`locked` (the event's row,
locked for the write, so two desks pressing at once are served one after the other).
"""
from __future__ import annotations

import enum
from typing import TypeVar

from django.core.exceptions import PermissionDenied
from django.db import models
from django.utils.translation import gettext as _

from club.models import ClubRole, Member
from league.permissions import membership_for

ADMIN, REFEREE = ClubRole.Role.ADMIN.value, ClubRole.Role.REFEREE.value

EventRow = TypeVar("EventRow", bound=models.Model)


def can_open_night(user, club) -> bool:
    s = membership_for(user, club)
    return s.superuser or (s.member and ADMIN in s.roles)


def can_run_night(user, club) -> bool:
    s = membership_for(user, club)
    return s.superuser or (s.member and bool(s.roles & {ADMIN, REFEREE}))


def can_check_in(user, member: Member, club=None) -> bool:
    if user is not None and getattr(user, "is_authenticated", False) and member.user_id == user.pk and member.active:
        return True
    return can_run_night(user, club if club is not None else member.club)


def can_view_night(user, club) -> bool:
    s = membership_for(user, club)
    return s.superuser or s.member or club.public_standings


def can_view_tournament(user, tournament) -> bool:
    if tournament.public_results:
        return True
    s = membership_for(user, tournament.club)
    return s.superuser or s.member


def member_for(user, club) -> Member | None:
    """The user's active membership of ``club`` (None for visitors)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Member.objects.filter(user=user, club=club, active=True).first()


# --- the services' checks ---------------------------------------------------------------------
class Occasion(enum.Enum):
    """What a refused user was trying to act on: the refusal names it."""

    NIGHT = "night"
    TOURNAMENT = "tournament"


def actor(by):
    """The user a row records as its author: None for the system (``by=None``) or an anonymous user."""
    return by if by is not None and getattr(by, "is_authenticated", False) else None


def require(ok: bool, occasion: Occasion) -> None:
    """Refuse (``PermissionDenied``) unless ``ok``; the message names the night or the tournament."""
    if ok:
        return
    if occasion is Occasion.NIGHT:
        raise PermissionDenied(_("You may not do this for tonight's club night."))
    raise PermissionDenied(_("You may not do this for this tournament."))


def locked(row: EventRow, *related: str) -> EventRow:
    """``row`` read again under a row lock (its own row only: ``of=("self",)``), with ``related`` joined."""
    return type(row).objects.select_for_update(of=("self",)).select_related(*related).get(pk=row.pk)
