"""Reads of the referee's screens: penalties (of a season, a game or a member) and the audit log."""
from __future__ import annotations

from django.db.models import Q, QuerySet

from club.models import Club, Member
from core.models import AuditEntry
from league.models import Game, Penalty, Season


def penalties_for(
    *,
    season: Season | None = None,
    game: Game | None = None,
    member: Member | None = None,
    include_cancelled: bool = False,
) -> QuerySet[Penalty]:
    qs = Penalty.objects.select_related("member", "game", "season", "hand_record")
    if season is not None:
        qs = qs.filter(season=season)
    if game is not None:
        qs = qs.filter(game=game)
    if member is not None:
        qs = qs.filter(member=member)
    if not include_cancelled:
        qs = qs.filter(cancelled_at__isnull=True)
    return qs.order_by("-given_at", "-id")


def audit_entries(
    *, club: Club, object_type: str | None = None, object_id: int | str | None = None, game: Game | None = None
) -> QuerySet[AuditEntry]:
    """The club's audit log; ``game=`` gives the entries of the game and its hands and penalties."""
    qs = AuditEntry.objects.filter(club=club).select_related("actor")
    if object_type is not None:
        qs = qs.filter(object_type=object_type)
    if object_id is not None:
        qs = qs.filter(object_id=str(object_id))
    if game is not None:
        hand_ids = [str(pk) for pk in game.hands.values_list("pk", flat=True)]
        pen_ids = [str(pk) for pk in game.penalties.values_list("pk", flat=True)]
        qs = qs.filter(
            Q(object_type="game", object_id=str(game.pk))
            | Q(object_type="hand", after__game=game.pk)
            | Q(object_type="hand", before__game=game.pk)
            | Q(object_type="hand", object_id__in=hand_ids)
            | Q(object_type="penalty", object_id__in=pen_ids)
        )
    return qs.order_by("-at", "-id")
