from __future__ import annotations

from django.db import connection
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from club.models import Club, ClubRole, Member, Preference


def clubs_for_user(*, user) -> QuerySet[Club]:
    """Clubs a user belongs to; anonymous visitors get the clubs with public standings."""
    if user is None or not user.is_authenticated:
        return Club.objects.filter(public_standings=True)
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(members__user=user, members__active=True, members__visitor=False).distinct()


def member_for(*, user, club: Club) -> Member | None:
    if user is None or not user.is_authenticated:
        return None
    return Member.objects.filter(user=user, club=club).first()


def roles_for(*, user, club: Club) -> set[str]:
    if user is None or not user.is_authenticated:
        return set()
    return set(ClubRole.objects.filter(club=club, member__user=user).values_list("role", flat=True))


def club_members(*, club: Club, query: str = "") -> QuerySet[Member]:
    """Every member (or those whose name or login holds ``query``), active first, with roles and login
    (the admin's member list, shown a page at a time)."""
    qs = Member.objects.filter(club=club)
    if query := query.strip():
        qs = qs.filter(Q(display_name__icontains=query) | Q(user__username__icontains=query))
    return qs.select_related("user", "merged_into").prefetch_related("roles").order_by("-active", "display_name", "pk")


def pending_requests(*, club: Club):
    from club.models import Request

    return Request.objects.filter(club=club, status=Request.Status.PENDING).select_related("user", "member")


def open_invite(*, member: Member):
    from django.utils import timezone

    return member.invites.filter(used_at__isnull=True, expires_at__gt=timezone.now()).first()


def my_requests(*, user) -> QuerySet:
    from club.models import Request

    if user is None or not user.is_authenticated:
        return Request.objects.none()
    return Request.objects.filter(user=user).select_related("club").order_by("-created_at")[:10]


def may_manage(*, user, club: Club) -> bool:
    """May ``user`` manage ``club``'s members and settings: a superuser, or an active member who is the
    club's admin (the league's matrix, ``league.permissions.allowed``, gives its MANAGE_LEAGUE the same row)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return ClubRole.objects.filter(club=club, member__user=user, member__active=True, member__visitor=False,
                                   role=ClubRole.Role.ADMIN).exists()


def language_of(*, user) -> str:
    """The language a login chose (``Preference``), or "" when it chose none (the browser decides)."""
    if user is None or not user.is_authenticated:
        return ""
    return Preference.objects.filter(user=user).values_list("language", flat=True).first() or ""


def member_language(*, member_id: int) -> str:
    """The language of a member's own messages: their login's choice, else their club's language."""
    row = (Member.objects.filter(pk=member_id)
           .values_list("user__preference__language", "club__language").first())
    if row is None:
        return "ko"
    return row[0] or row[1] or "ko"


def club_language(*, club_id: int) -> str:
    """The language of the club's notification channels (``Club.language``)."""
    return Club.objects.filter(pk=club_id).values_list("language", flat=True).first() or "ko"


def my_memberships(*, user) -> list[Member]:
    """A login's memberships as a member (not a visitor, not merged away), oldest first: the clubs "내 정보"
    lists and the header switches between."""
    if user is None or not user.is_authenticated:
        return []
    return list(_counted_members().filter(user=user).select_related("club").order_by("joined_at", "pk"))


MEMBERSHIPS_COUNTED = "memberships_counted"
"""The annotation :func:`counted_memberships` gives a user read: :func:`membership_count` as of that read."""


def _counted_members() -> QuerySet[Member]:
    """The memberships :func:`my_memberships` lists and :func:`membership_count` counts, for any login."""
    return Member.objects.filter(visitor=False, merged_into__isnull=True)


def counted_memberships() -> dict[str, Coalesce]:
    """An annotation for a read of users: each one's :func:`membership_count`, in the same statement (the signed-in
    user's read, ``club.auth``, which every request makes)."""
    count = (_counted_members().filter(user=OuterRef("pk")).order_by().values("user")
             .annotate(n=Count("pk")).values("n"))
    return {MEMBERSHIPS_COUNTED: Coalesce(Subquery(count), 0)}


def membership_count(*, user) -> int:
    """How many memberships :func:`my_memberships` lists for a login: the header asks it on every page and shows the
    club switcher only from two (most logins have one club). Counted with the signed-in user's read
    (:func:`counted_memberships`) when the request's user came from it; else one plain statement (the ORM took
    ~0.9 ms to build and read the list a page)."""
    if user is None or not user.is_authenticated:
        return 0
    counted = getattr(user, MEMBERSHIPS_COUNTED, None)
    if counted is not None:
        return counted
    meta, quote = Member._meta, connection.ops.quote_name

    def col(name: str) -> str:
        return quote(meta.get_field(name).column)

    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {quote(meta.db_table)} WHERE {col('user')} = %s "
                       f"AND {col('visitor')} = %s AND {col('merged_into')} IS NULL", [user.pk, False])
        return cursor.fetchone()[0]


def my_visits(*, user) -> list[Member]:
    """A login's visitor memberships (clubs where they played as a visitor)."""
    if user is None or not user.is_authenticated:
        return []
    return list(Member.objects.filter(user=user, visitor=True).select_related("club").order_by("club__name"))
