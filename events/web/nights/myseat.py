"""My seat (issue 27 item 1): a checked-in player's phone shows their table, seat wind and opponents
as soon as a round is seated, when their table's time is nearly up, and their result when the game
ends. The phone polls a fragment with ``If-None-Match`` like the board (``static/events/live.js``)."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from club.models import Member
from events import access
from events.nights.models import ClubNight, NightTable
from events.tables import seconds_left
from events.web import pages
from league.games.words import seat_wind
from league.models import Game

NEARLY_UP_SECONDS = 10 * 60  # "time is nearly up" on the phone: the last ten minutes of the round


class Phase:
    WAITING = "waiting"      # checked in, not seated (yet)
    PLAYING = "playing"
    NEARLY_UP = "nearly_up"  # at most NEARLY_UP_SECONDS left
    TIME_UP = "time_up"      # the clock ran out: the table plays its last hand
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Opponent:
    name: str
    wind: str
    score: int | None
    rank: int | None
    points: str | None


@dataclass(frozen=True)
class MySeat:
    table: NightTable
    wind: str
    phase: str
    seconds_left: int | None
    opponents: tuple[Opponent, ...]
    score: int | None
    rank: int | None
    points: str | None


def my_table(night: ClubNight, member: Member) -> NightTable | None:
    """The member's table tonight: the game they play now, else the latest one they sat at."""
    tables = (NightTable.objects.filter(round__night=night, game__seat_set__member=member)
              .select_related("round", "game").prefetch_related("game__seat_set__member"))
    playing = tables.filter(game__status=Game.Status.IN_PROGRESS).order_by("-round__number", "-id").first()
    return playing or tables.order_by("-round__number", "-id").first()


def _phase(game: Game, left: int | None) -> str:
    if game.status == Game.Status.FINISHED:
        return Phase.FINISHED
    if game.status == Game.Status.CANCELLED:
        return Phase.CANCELLED
    if left is not None and left <= 0:
        return Phase.TIME_UP
    if left is not None and left <= NEARLY_UP_SECONDS:
        return Phase.NEARLY_UP
    return Phase.PLAYING


def my_seat(night: ClubNight, member: Member) -> MySeat | None:
    table = my_table(night, member)
    if table is None:
        return None
    game = table.game
    left = seconds_left(table.ends_at)
    seats = sorted(game.seat_set.all(), key=lambda s: s.seat)
    final = game.status == Game.Status.FINISHED

    def result(seat: int) -> tuple[int | None, int | None, str | None]:
        if not final:
            return None, None, None
        score = game.final_scores[seat] if game.final_scores else None
        rank = game.final_ranks[seat] if game.final_ranks else None
        points = f"{float(game.final_points[seat]):+.1f}" if game.final_points else None
        return score, rank, points

    mine = next(s for s in seats if s.member_id == member.pk)
    # Seat winds as at East 1: the first dealer (seat 0) is East.
    others = tuple(Opponent(s.member.display_name, seat_wind(s.seat, 0, game.seats), *result(s.seat))
                   for s in seats if s.member_id != member.pk)
    return MySeat(table=table, wind=seat_wind(mine.seat, 0, game.seats), phase=_phase(game, left), seconds_left=left,
                  opponents=others, **dict(zip(("score", "rank", "points"), result(mine.seat), strict=True)))


def my_seat_version(night: ClubNight, member: Member | None) -> str:
    """What the phone shows, fingerprinted: a new round, my game ending, extra time, the clock's phase."""
    parts: list[Any] = [night.status, night.rounds.count(), get_language() or "ko"]
    if member is not None:
        parts.append(list(night.checkins.filter(member=member).values_list("left_at", flat=True)))
        table = my_table(night, member)
        if table is not None:
            game = table.game
            parts += [table.pk, game.status, table.extra_minutes, _phase(game, seconds_left(table.ends_at)),
                      sorted(game.seat_set.values_list("seat", "member_id")),
                      game.hands.aggregate(n=Count("id"), at=Max("updated_at"))]
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:20]


def _etag(night: ClubNight, member: Member | None) -> str:
    return f'"me-{my_seat_version(night, member)}"'


def context(night: ClubNight, member: Member | None) -> dict[str, Any]:
    return {"night": night, "me": member, "seat": my_seat(night, member) if member is not None else None,
            "nearly_up_minutes": NEARLY_UP_SECONDS // 60}


@require_GET
def my_seat_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The phone's live fragment: 304 while nothing it shows changed, else the fragment."""
    night = get_object_or_404(ClubNight.objects.select_related("club"), pk=pk)
    if not request.user.is_authenticated:
        return HttpResponse(status=HTTPStatus.FORBIDDEN)
    member = access.member_for(request.user, night.club)
    if member is None:
        return HttpResponse(status=HTTPStatus.FORBIDDEN)
    return pages.live_fragment(request, etag=_etag(night, member),
                               template="events/_my_seat.html",
                               context=lambda: context(night, member))


def live_attrs(night: ClubNight, member: Member | None) -> dict[str, str]:
    return {"etag": _etag(night, member)}


# --- "내 정보" (club's member page, ``club.web.views.self_service.me``) shows tonight's seat -------------
def tonight(member: Member) -> ClubNight | None:
    """The open club night the member is at: checked in (and not gone), or seated at one of its tables."""
    nights = ClubNight.objects.filter(club_id=member.club_id, status=ClubNight.Status.OPEN)
    here = nights.filter(checkins__member=member, checkins__left_at__isnull=True)
    seated = nights.filter(rounds__tables__game__seat_set__member=member)
    return (here.order_by("-id").first() or seated.order_by("-id").first())


def my_seat_section(request: HttpRequest, member: Member) -> str | None:
    """Tonight's seat on the member's own page, live like the check-in page (the same fragment and poll)."""
    night = tonight(member)
    if night is None:
        return None
    return render_to_string("events/_my_seat_panel.html", {
        **context(night, member), "my_seat_etag": live_attrs(night, member)["etag"]}, request=request)
