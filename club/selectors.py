from __future__ import annotations

from django.db.models import QuerySet

from club.models import Club, ClubRole, Member


def clubs_for_user(*, user) -> QuerySet[Club]:
    """Clubs a user belongs to; anonymous visitors get the clubs with public standings."""
    if user is None or not user.is_authenticated:
        return Club.objects.filter(public_standings=True)
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(members__user=user, members__active=True).distinct()


def member_for(*, user, club: Club) -> Member | None:
    if user is None or not user.is_authenticated:
        return None
    return Member.objects.filter(user=user, club=club).first()


def roles_for(*, user, club: Club) -> set[str]:
    if user is None or not user.is_authenticated:
        return set()
    return set(ClubRole.objects.filter(club=club, member__user=user).values_list("role", flat=True))
