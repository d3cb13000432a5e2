"""Who sits in a seat: every write of a game's seats is here (issue 34: one writer per row).

- :func:`seats_rewrite`: some seats get other members (a referee's correction, ``league.referee.seat_corrections``,
  which moves its penalties itself); the game is replayed under the new names and its cache refreshed;
- :func:`seat_substitute`: a club night's or a tournament's player leaves mid-game and another plays on
  in the seat (the event checks who may and audits it, with its reason);
- :func:`seats_member_move`: a duplicate member merged into the original (``league.members.services``).

Seats are written when a game starts by ``league.games.services.game_start``.
"""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from club.error_codes import ClubErrorCode
from club.models import Member
from league.error_codes import LeagueErrorCode as Code
from league.games import records
from league.models import Game, GameSeat
from scoring.errors import ScoringError


def seats_rewrite(*, game: Game, moved: dict[int, Member]) -> Game:
    """Seat ``moved`` (seat -> member) in ``game`` (locked by the caller) and replay it under the new names; the
    rows of the other seats stay. A finished game entered as a whole (no hands) keeps its result, by seat, and
    its season is recomputed."""
    GameSeat.objects.filter(game=game, seat__in=list(moved)).delete()  # (game, member) is unique: rewrite the rows
    GameSeat.objects.bulk_create(GameSeat(game=game, seat=seat, member=m) for seat, m in sorted(moved.items()))
    game.__dict__.pop("_seat_names", None)  # league.games.selectors.seat_names: read again
    was_finished = game.status == Game.Status.FINISHED
    events = list(game.hands.order_by("position").values_list("event", flat=True))
    try:
        rep = records.replay_events(game, events)
    except ScoringError as exc:  # names never change what the engine scores: a record that no longer replays
        raise records.refused(exc) from exc
    if was_finished and rep.final is None:
        records.queue_recompute(game.season_id)
    else:
        records.refresh(game, rep, was_finished=was_finished)
    return game


@transaction.atomic
def seat_substitute(*, game: Game, leaving: Member, joining: Member) -> GameSeat:
    """``joining`` takes ``leaving``'s seat in ``game`` and plays on under it (a club night's or a tournament's
    substitute: the event checked who may, who is free, and audits the change with its reason)."""
    game = records.locked(game)
    if game.status != Game.Status.IN_PROGRESS:
        raise ValidationError(_("This game is over: its seats can no longer change."), code=Code.FINISHED)
    seat = GameSeat.objects.get(game=game, member=leaving)
    seat.member = joining
    seat.save(update_fields=["member"])
    game.__dict__.pop("_seat_names", None)  # league.games.selectors.seat_names: read again
    return seat


def seats_member_move(*, source: Member, target: Member) -> int:
    """Every seat of ``source`` becomes ``target``'s (a duplicate member merged into the original); refused
    when both sat at the same game (two people, not a duplicate). Returns how many seats moved."""
    shared = sorted(set(GameSeat.objects.filter(member=source).values_list("game_id", flat=True))
                    & set(GameSeat.objects.filter(member=target).values_list("game_id", flat=True)))
    if shared:
        raise ValidationError(
            _("%(a)s and %(b)s sat at the same game (%(games)s): they are two people, not a duplicate.")
            % {"a": source.display_name, "b": target.display_name, "games": ", ".join(f"#{g}" for g in shared)},
            code=ClubErrorCode.SAT_TOGETHER,
        )
    return GameSeat.objects.filter(member=source).update(member=target)
