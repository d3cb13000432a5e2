"""The permission matrix (role x action), and the lookups behind it against the database."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from league import permissions
from league.permissions import Action, Membership
from tests.factories import ClubFactory, MemberFactory, UserFactory

A = Action
ANON = Membership()
OUTSIDER = Membership(authenticated=True)
MEMBER = Membership(authenticated=True, member=True)
PLAYER = Membership(authenticated=True, member=True, player=True)
HOST = Membership(authenticated=True, member=True, roles=frozenset({"host"}))
HOST_PLAYING = Membership(authenticated=True, member=True, player=True, roles=frozenset({"host"}))
REFEREE = Membership(authenticated=True, member=True, roles=frozenset({"referee"}))
ADMIN = Membership(authenticated=True, member=True, roles=frozenset({"admin"}))
SUPERUSER = Membership(authenticated=True, superuser=True)
# A role left over on an inactive member (the lookup returns no membership) grants nothing.
STALE_ROLE = Membership(authenticated=True, member=False, roles=frozenset({"admin"}))

STANDINGS = {
    "anonymous": ANON, "outsider": OUTSIDER, "member": MEMBER, "player": PLAYER, "host": HOST,
    "host-playing": HOST_PLAYING, "referee": REFEREE, "admin": ADMIN, "superuser": SUPERUSER,
    "stale-role": STALE_ROLE,
}

# role -> the actions it may take (public_standings off). Everything else is refused.
MATRIX = {
    "anonymous": set(),
    "outsider": set(),
    "stale-role": set(),
    "member": {A.VIEW_STANDINGS, A.VIEW_CLUB},
    "player": {A.VIEW_STANDINGS, A.VIEW_CLUB, A.ENTER_HAND},
    "host": {A.VIEW_STANDINGS, A.VIEW_CLUB, A.START_GAME},
    "host-playing": {A.VIEW_STANDINGS, A.VIEW_CLUB, A.START_GAME, A.ENTER_HAND},
    "referee": {A.VIEW_STANDINGS, A.VIEW_CLUB, A.START_GAME, A.ENTER_HAND, A.CANCEL_GAME, A.GIVE_PENALTY},
    "admin": set(Action),
    "superuser": set(Action),
}


@pytest.mark.parametrize(
    ("role", "action"),
    [pytest.param(role, action, id=f"{role}-{action}") for role in MATRIX for action in Action],
)
def test_permission_matrix(role, action):
    assert permissions.allowed(STANDINGS[role], action) is (action in MATRIX[role])


@pytest.mark.parametrize(
    ("role", "public", "expected"),
    [
        pytest.param("anonymous", True, True, id="anonymous-see-public-standings"),
        pytest.param("anonymous", False, False, id="anonymous-never-see-private-standings"),
        pytest.param("outsider", True, True, id="outsider-see-public-standings"),
        pytest.param("outsider", False, False, id="outsider-never-see-private-standings"),
    ],
)
def test_public_standings(role, public, expected):
    assert permissions.allowed(STANDINGS[role], Action.VIEW_STANDINGS, public_standings=public) is expected


@pytest.mark.parametrize("action", [a for a in Action if a != Action.VIEW_STANDINGS], ids=str)
def test_public_standings_open_nothing_else_to_anonymous(action):
    assert permissions.allowed(ANON, action, public_standings=True) is False


# --- the database lookups ---------------------------------------------------------------------
@pytest.mark.django_db
def test_membership_for_seated_player_and_roles(game, players, referee, host):
    club = game.club

    assert permissions.membership_for(players[0].user, club, game=game) == PLAYER
    assert permissions.membership_for(players[0].user, club) == MEMBER
    assert permissions.membership_for(referee.user, club, game=game) == REFEREE
    assert permissions.membership_for(host.user, club, game=game) == HOST
    assert permissions.membership_for(AnonymousUser(), club) == ANON
    assert permissions.membership_for(None, club) == ANON


@pytest.mark.django_db
def test_membership_in_another_club_gives_nothing(game, referee):
    other_club = ClubFactory()

    assert permissions.membership_for(referee.user, other_club) == OUTSIDER
    assert permissions.can_give_penalty(referee.user, other_club) is False
    assert permissions.can_give_penalty(referee.user, game.club) is True


@pytest.mark.django_db
def test_inactive_member_loses_access(club_admin):
    club_admin.active = False
    club_admin.save()

    assert permissions.can_manage_league(club_admin.user, club_admin.club) is False
    assert permissions.can_view_club(club_admin.user, club_admin.club) is False


@pytest.mark.django_db
def test_can_helpers(game, players, host, club):
    superuser = UserFactory(is_superuser=True)
    bystander = MemberFactory(club=club, user=UserFactory())

    assert permissions.can_enter_hands(players[1].user, game) is True
    assert permissions.can_enter_hands(bystander.user, game) is False
    assert permissions.can_enter_hands(host.user, game) is False
    assert permissions.can_cancel_game(players[1].user, game) is False
    assert permissions.can_start_game(host.user, club) is True
    assert permissions.can_view_club(bystander.user, club) is True
    assert permissions.can_manage_league(superuser, club) is True
    club.public_standings = True
    assert permissions.can_view_standings(AnonymousUser(), club) is True
    club.public_standings = False
    assert permissions.can_view_standings(AnonymousUser(), club) is False
