"""The membership lookup (``league.permissions._lookup_membership``) is one plain SQL statement: it must answer
exactly what the same question asked through the ORM answers, for every kind of member."""
from __future__ import annotations

import pytest
from django.db.models import Exists, FilteredRelation, OuterRef, Q, Value

from club.models import Member
from league import permissions
from league.models import GameSeat
from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def orm_membership(user, club, game) -> permissions.Membership:
    """The reference: the membership, its roles in this club and the seat, as the ORM asks it."""
    rows = Member.objects.filter(user=user, club=club, active=True).annotate(
        club_roles=FilteredRelation("roles", condition=Q(roles__club=club)))
    if game is not None:
        rows = rows.annotate(seated=Exists(GameSeat.objects.filter(game=game, member=OuterRef("pk"))))
    else:
        rows = rows.annotate(seated=Value(False))
    found = list(rows.values_list("pk", "club_roles__role", "seated", "visitor"))
    if not found:
        return permissions.Membership(authenticated=True)
    if found[0][3]:
        return permissions.Membership(authenticated=True, visitor=True, player=bool(found[0][2]))
    roles = frozenset(role for _, role, _seated, _visitor in found if role is not None)
    return permissions.Membership(authenticated=True, member=True, player=bool(found[0][2]), roles=roles)


def _member(club, *roles, active=True):
    member = MemberFactory(club=club, user=UserFactory(), active=active)
    for role in roles:
        ClubRoleFactory(club=club, member=member, role=role)
    return member


@pytest.mark.parametrize("case", [
    "seated player", "seated host", "referee not seated", "admin and referee", "inactive member",
    "not a member", "member of another club with roles there", "seated visitor", "visitor not seated",
])
@pytest.mark.parametrize("with_game", [True, False], ids=["at a game", "club only"])
def test_lookup_answers_what_the_orm_answers(case, with_game, club, game, players):
    other = ClubFactory()
    if case == "seated player":
        user = players[1].user
    elif case == "seated host":
        ClubRoleFactory(club=club, member=players[0], role="host")
        user = players[0].user
    elif case == "referee not seated":
        user = _member(club, "referee").user
    elif case == "admin and referee":
        user = _member(club, "admin", "referee").user
    elif case == "inactive member":
        user = _member(club, "admin", active=False).user
    elif case == "not a member":
        user = UserFactory()
    elif case == "seated visitor":
        Member.objects.filter(pk=players[2].pk).update(visitor=True)
        user = players[2].user
    elif case == "visitor not seated":
        user = MemberFactory(club=club, user=UserFactory(), visitor=True).user
    else:
        user = _member(other, "admin", "host").user
    at = game if with_game else None
    assert permissions._lookup_membership(user, club, at) == orm_membership(user, club, at)


def test_roles_in_another_club_do_not_count(club):
    member = _member(club)
    ClubRoleFactory(club=ClubFactory(), member=member, role="admin")
    membership = permissions._lookup_membership(member.user, club, None)
    assert membership.member
    assert membership.roles == frozenset()


@pytest.mark.parametrize(("seated", "enters_hands"), [(True, True), (False, False)])
def test_a_visitor_enters_hands_only_at_their_own_table_and_never_sees_the_club(seated, enters_hands):
    visitor = permissions.Membership(authenticated=True, visitor=True, player=seated)
    assert permissions.allowed(visitor, permissions.Action.ENTER_HAND) is enters_hands
    assert not permissions.allowed(visitor, permissions.Action.VIEW_CLUB)
    assert not permissions.allowed(visitor, permissions.Action.VIEW_STANDINGS)
    assert permissions.allowed(visitor, permissions.Action.VIEW_STANDINGS, public_standings=True)
