"""The league's answers to club's signals (``club.signals``): club knows no league, so what a member's
change means for games, penalties and standings is said here (issue 24)."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.dispatch import receiver
from django.utils.translation import gettext as _

from club.error_codes import ClubErrorCode
from club.models import Club, Member
from club.signals import manage_asked, member_changed, member_merged, member_merging, member_page
from league import permissions
from league.games import selectors as game_selectors
from league.models import GameSeat, Penalty
from league.referee import selectors as referee_selectors
from league.standings.services import season_changed

MEMBER_PAGE_GAMES = 50
"""Games a member's own page lists (the latest first)."""


@receiver(manage_asked, sender=Club, dispatch_uid="league.members.may_manage")
def may_manage(sender, *, user, club: Club, **kwargs) -> bool:
    return permissions.can_manage_league(user, club)


@receiver(member_merging, sender=Member, dispatch_uid="league.members.refuse_two_at_one_game")
def refuse_two_at_one_game(sender, *, source: Member, target: Member, **kwargs) -> None:
    """Two members who sat at the same game are two people, not a duplicate."""
    shared = sorted(
        set(GameSeat.objects.filter(member=source).values_list("game_id", flat=True))
        & set(GameSeat.objects.filter(member=target).values_list("game_id", flat=True))
    )
    if shared:
        raise ValidationError(
            _("%(a)s and %(b)s sat at the same game (%(games)s): they are two people, not a duplicate.")
            % {"a": source.display_name, "b": target.display_name, "games": ", ".join(f"#{g}" for g in shared)},
            code=ClubErrorCode.SAT_TOGETHER,
        )


@receiver(member_merged, sender=Member, dispatch_uid="league.members.move_games_and_penalties")
def move_games_and_penalties(sender, *, source: Member, target: Member, **kwargs) -> dict[str, int]:
    return {
        "seats": GameSeat.objects.filter(member=source).update(member=target),
        "penalties": Penalty.objects.filter(member=source).update(member=target),
        "rulings_received": Penalty.objects.filter(beneficiary=source).update(beneficiary=target),
    }


@receiver(member_changed, sender=Member, dispatch_uid="league.members.refresh_standings")
def refresh_standings(sender, *, member: Member, **kwargs) -> None:
    """Standings snapshots carry names and member ids: refresh every season the member played or was fined in."""
    season_ids = set(GameSeat.objects.filter(member=member).values_list("game__season_id", flat=True))
    season_ids |= set(Penalty.objects.filter(member=member).values_list("season_id", flat=True))
    for season_id in sorted(season_ids):
        season_changed(season_id)  # marked stale now, recomputed on commit; a broker that is down is logged


@receiver(member_page, sender=Member, dispatch_uid="league.members.games_and_penalties")
def games_and_penalties(sender, *, member: Member, **kwargs) -> dict:
    return {
        "games": game_selectors.member_games(member=member)[:MEMBER_PAGE_GAMES],
        "penalties": referee_selectors.penalties_for(member=member, include_cancelled=True),
    }
