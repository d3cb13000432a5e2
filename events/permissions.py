"""Who may run a club night (plain functions over ``league.permissions``' membership).

- open or close a night: a club admin;
- check members in or out, seat rounds, give a table extra time, seat a substitute or cancel
  a night's table: a club admin or referee;
- check oneself in (or out): the member themself (an active member with a login);
- see the night and its board: a member, or anyone when the club's standings are public;
- see a tournament (its page, results, board, exports): a member, or anyone when the tournament's
  results are public (결과 공개, per tournament; off by default for a private club).
"""
from __future__ import annotations

from club.models import ClubRole, Member
from league.permissions import membership_for

ADMIN, REFEREE = ClubRole.Role.ADMIN.value, ClubRole.Role.REFEREE.value


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
