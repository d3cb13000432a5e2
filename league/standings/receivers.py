"""What the standings do when the layers below them announce a change (connected in ``league.apps``):
games and seasons say a season's results changed, club that a member's name changed or a duplicate
was merged into them; the standings are marked stale in that transaction and updated on commit
(``services.season_changed``)."""
from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from club.models import Member
from club.signals import member_changed
from league.models import GameSeat, Penalty
from league.signals import game_finished, season_results_changed
from league.standings import services


@receiver(season_results_changed, dispatch_uid="league.standings.season_results_changed")
def mark_season_changed(sender, *, season_id: int, **kwargs: Any) -> None:
    """What the season's results are read from changed: recomputed whole after the commit."""
    services.season_changed(season_id)


@receiver(game_finished, dispatch_uid="league.standings.game_finished")
def add_finished_game(sender, *, game, standings_may_add: bool = True, **kwargs: Any) -> None:
    """A game has just finished: its season's standings add it (after the commit), unless recomputed whole."""
    if standings_may_add:
        services.season_changed(game.season_id, game_finished=True)


@receiver(member_changed, sender=Member, dispatch_uid="league.standings.member_changed")
def refresh_member_seasons(sender, *, member: Member, **kwargs: Any) -> None:
    """Standings snapshots carry names and member ids: every season the member played or was fined in is
    marked stale now and recomputed on commit (a broker that is down is logged)."""
    season_ids = set(GameSeat.objects.filter(member=member).values_list("game__season_id", flat=True))
    season_ids |= set(Penalty.objects.filter(member=member).values_list("season_id", flat=True))
    for season_id in sorted(season_ids):
        services.season_changed(season_id)

