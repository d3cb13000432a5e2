"""Who may do what, as plain functions (used by views, the API and the services).

The decision itself is :func:`allowed`, a pure function of the actor's membership in the
club and the action: the permission matrix in ``tests/league/test_permissions_services.py``
tests it row by row. The ``can_*`` helpers look the membership up for a user and an object.

Membership (strongest wins where it matters):
- ``anonymous``: not logged in; ``outsider``: logged in, not a member of the club;
- ``member``: an active member; ``player``: a member seated at the game in question;
- ``host`` / ``referee`` / ``admin``: the club roles; ``superuser``: Django superuser.
"""
from __future__ import annotations

import contextlib
import contextvars
import enum
from dataclasses import dataclass, field, replace

from django.core.exceptions import PermissionDenied
from django.db import connections, router

from club.models import Club, ClubRole, Member
from core.memo import Memo
from league.models import Game, GameSeat


class Action(enum.StrEnum):
    VIEW_STANDINGS = "view_standings"
    """See a season's standings and ratings."""
    VIEW_CLUB = "view_club"
    """See games, hand records, penalties, members and the audit log of the club."""
    START_GAME = "start_game"
    ENTER_HAND = "enter_hand"
    """Record, edit, delete or undo a hand of a game."""
    CANCEL_GAME = "cancel_game"
    GIVE_PENALTY = "give_penalty"
    """Log or cancel a penalty (in-game or season-level)."""
    MANAGE_LEAGUE = "manage_league"
    """Create or change rulesets and seasons, import games."""


@dataclass(frozen=True)
class Membership:
    """An actor's membership in one club (and, for game actions, at one game)."""

    authenticated: bool = False
    superuser: bool = False
    member: bool = False
    player: bool = False
    roles: frozenset[str] = field(default_factory=frozenset)
    member_id: int | None = field(default=None, compare=False)
    hosting: bool = False
    """A table host assigned to the game's night or tournament ("이 밤의 진행자", ``Game.table_hosts``)."""
    visitor: bool = False
    """A member of another club who plays here as a visitor (``Member.visitor``): no member of this club — they
    see what the club shows everyone — but a player at their own table (issue 36)."""


ADMIN, REFEREE, HOST = ClubRole.Role.ADMIN.value, ClubRole.Role.REFEREE.value, ClubRole.Role.HOST.value


def allowed(membership: Membership, action: Action, *, public_standings: bool = False) -> bool:
    """The permission matrix. Pure: no database access."""
    if membership.superuser:
        return True
    roles = membership.roles if membership.member else frozenset()
    staff = bool(roles & {ADMIN, REFEREE})
    match action:
        case Action.VIEW_STANDINGS:
            return public_standings or membership.member
        case Action.VIEW_CLUB:
            return membership.member
        case Action.START_GAME:
            return bool(roles & {ADMIN, REFEREE, HOST})
        case Action.ENTER_HAND:
            return (staff or (membership.member and (membership.player or (membership.hosting and HOST in roles)))
                    or (membership.visitor and membership.player))
        case Action.CANCEL_GAME | Action.GIVE_PENALTY:
            return staff
        case Action.MANAGE_LEAGUE:
            return ADMIN in roles
    return False


# Within one request (``league.web.middleware.RequestMembershipsMiddleware``) a membership is looked up once:
# a table screen asks up to five questions of the same user, club and game. Outside a request
# (services called by commands, tasks, tests) nothing is kept, so a role given is seen at once.
_request_memberships: contextvars.ContextVar[dict | None] = contextvars.ContextVar("league_memberships", default=None)


@contextlib.contextmanager
def memberships_memo():
    """Remember the standings looked up inside the block (one HTTP request)."""
    token = _request_memberships.set({})
    try:
        yield
    finally:
        _request_memberships.reset(token)


def _lookup_membership(user, club: Club, game) -> Membership:
    """One query: the active membership, its roles and (for a game) whether the member is seated.

    Every request of a table asks it, so it is one plain statement (``_membership_sql``): the ORM's
    FilteredRelation and Exists took ten times as long to put together as the database to answer.
    ``tests/league/test_permissions_lookup.py`` checks it against the same question in the ORM.
    """
    connection = connections[router.db_for_read(Member)]
    with connection.cursor() as cursor:
        cursor.execute(_membership_sql(connection),
                       [getattr(game, "pk", None), club.pk, user.pk, club.pk, True])
        found = cursor.fetchall()
    return _membership_of(found, game)


def _membership_of(found, game) -> Membership:
    """The membership the lookup's rows say (``(member id, role, seated, visitor)`` each)."""
    if not found:
        return Membership(authenticated=True)
    member_id = found[0][0]
    if found[0][3]:  # a visitor: no roles, no view of the club; seated at their game
        return Membership(authenticated=True, visitor=True, player=bool(found[0][2]), member_id=member_id)
    roles = frozenset(role for pk, role, _seated, _visitor in found if pk == member_id and role is not None)
    hosting = member_id in (getattr(game, "table_hosts", None) or ())
    return Membership(authenticated=True, member=True, player=bool(found[0][2]), roles=roles, member_id=member_id,
                      hosting=hosting)


_MEMBERSHIP_SQL = Memo("membership sql", size=8)  # per database vendor


def _membership_sql_for(quote) -> str:
    m, r, s = Member._meta, ClubRole._meta, GameSeat._meta

    def col(meta, name: str) -> str:
        return quote(meta.get_field(name).column)

    member_pk = f"m.{quote(m.pk.column)}"
    return (
        f"SELECT {member_pk}, r.{col(r, 'role')}, "
        f"EXISTS(SELECT 1 FROM {quote(s.db_table)} s "
        f"WHERE s.{col(s, 'game')} = %s AND s.{col(s, 'member')} = {member_pk}), m.{col(m, 'visitor')} "
        f"FROM {quote(m.db_table)} m LEFT JOIN {quote(r.db_table)} r "
        f"ON r.{col(r, 'member')} = {member_pk} AND r.{col(r, 'club')} = %s "
        f"WHERE m.{col(m, 'user')} = %s AND m.{col(m, 'club')} = %s AND m.{col(m, 'active')} = %s"
    )


def _membership_sql(connection) -> str:
    """The membership, roles and seat of a user (parameters: game id or None, club, user, club, True)."""
    return _MEMBERSHIP_SQL.get(connection.vendor, lambda: _membership_sql_for(connection.ops.quote_name))


_WITH_GAME_SQL = {  # the lookup's rows as one JSON array, beside a game's row (``with_membership``)
    "postgresql": "(SELECT COALESCE(json_agg(json_build_array({cols})), '[]'::json)::text {rest})",
    "sqlite": "(SELECT json_group_array(json_array({cols})) {rest})",
}


def _with_game_sql(connection) -> str | None:
    outer = _WITH_GAME_SQL.get(connection.vendor)
    if outer is None:
        return None
    quote = connection.ops.quote_name
    m, r, s, g = Member._meta, ClubRole._meta, GameSeat._meta, Game._meta

    def col(meta, name: str) -> str:
        return quote(meta.get_field(name).column)

    member_pk, game_pk = f"m.{quote(m.pk.column)}", f"{quote(g.db_table)}.{quote(g.pk.column)}"
    game_club = f"{quote(g.db_table)}.{col(g, 'club')}"
    cols = (f"{member_pk}, r.{col(r, 'role')}, EXISTS(SELECT 1 FROM {quote(s.db_table)} s "
            f"WHERE s.{col(s, 'game')} = {game_pk} AND s.{col(s, 'member')} = {member_pk}), m.{col(m, 'visitor')}")
    rest = (f"FROM {quote(m.db_table)} m LEFT JOIN {quote(r.db_table)} r "
            f"ON r.{col(r, 'member')} = {member_pk} AND r.{col(r, 'club')} = {game_club} "
            f"WHERE m.{col(m, 'user')} = %s AND m.{col(m, 'club')} = {game_club} AND m.{col(m, 'active')} = %s")
    return outer.format(cols=cols, rest=rest)


def with_membership(games, user):
    """``games`` (a queryset of ``Game``) with ``user``'s membership lookup read in the same statement (issue 41:
    the table's GET, preview and save ask one statement less); :func:`keep_membership` then hands it to the
    request's memo. The same rows as :func:`_lookup_membership`'s, for the game's club and the game."""
    if not reads_membership_with_game(user, games.db):
        return games
    return with_membership_of(games, user.pk)


def reads_membership_with_game(user, using: str) -> bool:
    """Whether :func:`with_membership` reads ``user``'s membership with the games (a signed-in user who is no
    superuser, on PostgreSQL or SQLite, in a request whose memo keeps it)."""
    if user is None or not getattr(user, "is_authenticated", False) or user.is_superuser:
        return False
    # another database, or no request memo to keep it in: asked when needed
    return _with_game_sql(connections[using]) is not None and _request_memberships.get() is not None


def with_membership_of(games, user_id: int):
    """``games`` with the membership of the user ``user_id`` read with them (see :func:`with_membership`)."""
    from django.db.models.expressions import RawSQL

    return games.annotate(membership_read=RawSQL(_with_game_sql(connections[games.db]), (user_id, True)))


def keep_membership(user, game) -> None:
    """Put the membership :func:`with_membership` read with ``game`` into the request's memo."""
    read = getattr(game, "membership_read", None)
    memo = _request_memberships.get()
    if read is None or memo is None:
        return
    import json

    memo[(user.pk, game.club_id, game.pk)] = _membership_of([tuple(row) for row in json.loads(read)], game)


def membership_for(user, club: Club, *, game=None) -> Membership:
    """Look up ``user``'s membership in ``club`` (and whether they play ``game``)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Membership()
    if user.is_superuser:
        return Membership(authenticated=True, superuser=True, member=True)
    memo = _request_memberships.get()
    key = (user.pk, club.pk, getattr(game, "pk", None))
    if memo is not None and key in memo:
        return memo[key]
    if memo is not None and game is None:
        # Any game's membership in this club says the membership and roles; "player" is per game.
        known = next((st for (u, c, _g), st in memo.items() if u == user.pk and c == club.pk), None)
        if known is not None:
            memo[key] = replace(known, player=False, hosting=False)
            return memo[key]
    membership = _lookup_membership(user, club, game)
    if memo is not None:
        memo[key] = membership
    return membership


def outsider(user, club: Club) -> bool:
    """A logged-in user who is no active member of ``club`` (nor a superuser)."""
    membership = membership_for(user, club)
    return membership.authenticated and not (membership.superuser or membership.member)


def can(user, action: Action, *, club: Club, game=None) -> bool:
    return allowed(membership_for(user, club, game=game), action, public_standings=club.public_standings)


def can_view_standings(user, club: Club) -> bool:
    return can(user, Action.VIEW_STANDINGS, club=club)


def can_view_club(user, club: Club) -> bool:
    return can(user, Action.VIEW_CLUB, club=club)


def can_start_game(user, club: Club) -> bool:
    return can(user, Action.START_GAME, club=club)


def can_enter_hands(user, game) -> bool:
    """Record, edit, delete or undo the hands of ``game``."""
    return can(user, Action.ENTER_HAND, club=game.club, game=game)


def can_cancel_game(user, game) -> bool:
    """Referees and admins; and whoever started the game while it has no hands (a game started by mistake)."""
    return can(user, Action.CANCEL_GAME, club=game.club, game=game) or started_empty_game(user, game)


def started_empty_game(user, game) -> bool:
    """``user`` started ``game``, which is in progress and has no hands yet: they may cancel it."""
    if user is None or not getattr(user, "is_authenticated", False) or game.created_by_id != user.pk:
        return False
    return game.status == "in_progress" and not game.hands.exists()


def is_referee_or_admin(user, club: Club) -> bool:
    """A referee or admin of ``club`` (or a superuser): may override the table's safety checks."""
    membership = membership_for(user, club)
    return membership.superuser or bool(membership.member and membership.roles & {ADMIN, REFEREE})


def can_give_penalty(user, club: Club) -> bool:
    return can(user, Action.GIVE_PENALTY, club=club)


def can_manage_league(user, club: Club) -> bool:
    return can(user, Action.MANAGE_LEAGUE, club=club)


__all__ = [
    "Action", "Membership", "allowed", "can", "can_cancel_game", "can_enter_hands", "can_give_penalty",
    "can_manage_league", "can_start_game", "can_view_club", "can_view_standings", "is_referee_or_admin", "outsider",
    "membership_for", "memberships_memo", "started_empty_game",
]


def require(by, action: Action, *, club: Club, game=None) -> None:
    """``by=None`` is the system (management commands, imports); users must be allowed."""
    if by is None:
        return
    if not can(by, action, club=club, game=game):
        raise PermissionDenied(f"You may not {action.value.replace('_', ' ')} here.")
