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

from club.models import Member
from league import permissions
from league.permissions import Action

EventRow = TypeVar("EventRow", bound=models.Model)


# Each predicate is a row of the league's matrix (``league.permissions.allowed``): the roles are read there only.
def can_open_night(user, club) -> bool:
    """Open or close a night, create or finish a tournament: the club's admin."""
    return permissions.can(user, Action.MANAGE_LEAGUE, club=club)


def can_run_night(user, club) -> bool:
    """Check members in, seat rounds, give extra time, seat a substitute, cancel a table: a referee or admin."""
    return permissions.is_referee_or_admin(user, club)


def can_check_in(user, member: Member, club=None) -> bool:
    if user is not None and getattr(user, "is_authenticated", False) and member.user_id == user.pk and member.active:
        return True
    return can_run_night(user, club if club is not None else member.club)


def can_view_night(user, club) -> bool:
    """See a night and its board: who may see the club's standings (members, or anyone when they are public)."""
    return permissions.can_view_standings(user, club)


def can_view_tournament(user, tournament) -> bool:
    """See a tournament: anyone when its results are public, else who may see the club."""
    return tournament.public_results or permissions.can_view_club(user, tournament.club)


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
    TEAM_LEAGUE = "team_league"


def actor(by):
    """The user a row records as its author: None for the system (``by=None``) or an anonymous user."""
    return by if by is not None and getattr(by, "is_authenticated", False) else None


def require(ok: bool, occasion: Occasion) -> None:
    """Refuse (``PermissionDenied``) unless ``ok``; the message names the night or the tournament."""
    if ok:
        return
    if occasion is Occasion.NIGHT:
        raise PermissionDenied(_("You may not do this for tonight's club night."))
    if occasion is Occasion.TEAM_LEAGUE:
        raise PermissionDenied(_("You may not do this in this team league."))
    raise PermissionDenied(_("You may not do this for this tournament."))


def locked(row: EventRow, *related: str) -> EventRow:
    """``row`` read again under a row lock (its own row only: ``of=("self",)``), with ``related`` joined."""
    return type(row).objects.select_for_update(of=("self",)).select_related(*related).get(pk=row.pk)
