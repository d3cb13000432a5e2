"""What the federation does when the layers below announce a change (connected in ``federation.apps``).

Each receiver only queues its task for after the commit (the change may still roll back; ``core.queueing``)
and returns nothing: a tournament finished → its shared results are stored again and the MERS seasons update
the persons in it; a game finished → the rating seasons it is shared with apply it; a season's results
changed → the rating seasons recompute whole (and a finished tournament's results are stored again); a claim
moved a record to another person → that record's tournaments are stored again under it. A club in
no federation costs one query (a game's end: none inside the hand's transaction)."""
from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from club.models import Member
from club.signals import record_moved
from core.prepared import PreparedRead
from core.queueing import on_commit
from events.signals import tournament_finished
from federation import tasks
from federation.models import FederationClub
from league.signals import game_finished, season_results_changed


def _shares(club_id: int) -> bool:
    return bool(_SHARING.rows(club_id=club_id))  # every game's end asks (most clubs share nothing)


_SHARING = PreparedRead("whether a club shares", FederationClub, lambda *, club_id: FederationClub.objects.filter(
    club_id=club_id).values_list("pk", flat=True)[:1])


@receiver(tournament_finished, dispatch_uid="federation.tournament_finished")
def record_finished_tournament(sender, *, tournament, **kwargs: Any) -> None:
    if _shares(tournament.club_id):
        on_commit(tasks.tournament_changed, tournament.pk, "the federation's update of tournament", background=True)


@receiver(game_finished, dispatch_uid="federation.game_finished")
def add_finished_game(sender, *, game, **kwargs: Any) -> None:
    # The game's end is inside the hand's transaction (a save's statements are counted): whether its club
    # shares anything is asked after the commit, before a message to the broker (most clubs share nothing).
    club_id = game.club_id
    on_commit(tasks.game_finished, game.pk, "the federation's update of game", background=True,
              when=lambda: _shares(club_id))


@receiver(season_results_changed, dispatch_uid="federation.season_results_changed")
def recompute_changed_season(sender, *, season_id: int, **kwargs: Any) -> None:
    from league.models import Season

    club_id = Season.objects.filter(pk=season_id).values_list("club_id", flat=True).first()
    if club_id is not None and _shares(club_id):
        on_commit(tasks.season_results_changed, season_id, "the federation's update of season", background=True)


@receiver(record_moved, sender=Member, dispatch_uid="federation.record_moved")
def follow_moved_record(sender, *, member, **kwargs: Any) -> None:
    if _shares(member.club_id):
        on_commit(tasks.record_moved, member.pk, "the federation's update of claimed record",
                  background=True)
