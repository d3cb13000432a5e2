""""다른 클럽에서" (issue 36): the games a member's person played at other clubs, as one viewer may see them —
read-only, and only the clubs that show their standings publicly (or to this viewer as a member), or all of
them when the viewer is the person themself."""
from __future__ import annotations

from club.models import Member
from club.persons import is_persons_login, other_memberships
from league import permissions
from league.games import selectors as game_selectors

ELSEWHERE_GAMES = 20
"""Games from other clubs a member page lists (the latest first)."""


def visible_club_ids(*, viewer, member: Member) -> list[int]:
    others = list(other_memberships(member))
    if is_persons_login(user=viewer, person=member.person):
        return sorted({m.club_id for m in others})
    return sorted({m.club_id for m in others if permissions.can_view_standings(viewer, m.club)})


def games_elsewhere(*, viewer, member: Member, limit: int = ELSEWHERE_GAMES) -> list:
    clubs = visible_club_ids(viewer=viewer, member=member)
    if not clubs:
        return []
    return list(game_selectors.games_elsewhere(member=member, club_ids=clubs)[:limit])
