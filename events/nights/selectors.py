"""Reads for club nights: who is here, the rounds, each table's state (from its replay), the board."""
from __future__ import annotations

import hashlib
from collections import defaultdict
from decimal import Decimal
from typing import Any

from django.db.models import Count, Max, Q, Sum

from club.models import Member
from events.nights.models import CheckIn, ClubNight, NightRound, NightTable
from events.tables import event_tables, table_state
from league.models import Game, GameSeat, HandRecord, RefereeCall, StandingsSnapshot


def nights_for_club(club) -> list[ClubNight]:
    return list(ClubNight.objects.filter(club=club).select_related("season", "sanma_season")
                .annotate(n_present=Count("checkins", filter=Q(checkins__left_at__isnull=True)))
                .order_by("-date", "-id"))


def checkins(night: ClubNight) -> list[CheckIn]:
    return list(night.checkins.select_related("member").order_by("checked_in_at", "id"))


def rounds(night: ClubNight) -> list[NightRound]:
    """The night's rounds with their tables; each round gets ``sitting_out_names``."""
    out = list(night.rounds.prefetch_related("tables__game__seat_set__member").order_by("number"))
    ids = {i for r in out for i in (r.sitting_out or [])}
    names = dict(Member.objects.filter(pk__in=ids).values_list("pk", "display_name"))
    for r in out:
        r.sitting_out_names = [names.get(i, "?") for i in (r.sitting_out or [])]
    return out


def next_round_number(night: ClubNight) -> int:
    return (night.rounds.aggregate(n=Max("number"))["n"] or 0) + 1


def table_for_game(game: Game) -> NightTable | None:
    """The club night's table of ``game`` (asked with the tournament's: ``events.tables.event_tables``)."""
    return event_tables(game)[0]


def host_candidates(night: ClubNight) -> list[Member]:
    """The club's active table hosts ("진행자" role): whom the organiser may make this night's hosts."""
    from club.models import ClubRole

    return list(Member.objects.filter(club=night.club, active=True, roles__role=ClubRole.Role.HOST)
                .distinct().order_by("display_name"))


def members_not_checked_in(night: ClubNight) -> list[Member]:
    here = night.checkins.values_list("member_id", flat=True)
    return list(Member.objects.filter(club=night.club, active=True).exclude(pk__in=here).order_by("display_name"))


# --- the board (each table's state: ``events.tables.table_state``) -----------------------------
def room_tables(night: ClubNight) -> list[NightTable]:
    """The room's tables as they stand, by number: at each table, the game playing there now, else the
    latest round's last game there. A table of an earlier round still playing is shown; one table
    number is never shown twice."""
    last = night.rounds.order_by("-number").first()
    if last is None:
        return []
    tables = (NightTable.objects.filter(round__night=night)
              .filter(Q(round=last) | Q(game__status=Game.Status.IN_PROGRESS))
              .select_related("round", "game__season", "game__ruleset", "game__club")
              .prefetch_related("game__seat_set__member"))
    at: dict[str, NightTable] = {}
    for t in tables:
        key = (t.game.status == Game.Status.IN_PROGRESS, t.round.number, t.pk)
        shown = at.get(t.label)
        if shown is None or key > (shown.game.status == Game.Status.IN_PROGRESS, shown.round.number, shown.pk):
            at[t.label] = t
    return sorted(at.values(), key=lambda t: (not t.label.isdigit(), int(t.label) if t.label.isdigit() else 0,
                                              t.label))


def board_tables(night: ClubNight) -> list[dict[str, Any]]:
    """The room's tables (:func:`room_tables`) as the board shows them."""
    return [table_state(t) for t in room_tables(night)]


def tonight_results(night: ClubNight) -> list[dict[str, Any]]:
    """Each player's finished games tonight and the points they made, best first."""
    totals: dict[int, dict[str, Any]] = {}
    games = (Game.objects.filter(night_table__round__night=night, status=Game.Status.FINISHED)
             .prefetch_related("seat_set__member"))
    for game in games:
        for s in game.seat_set.all():
            row = totals.setdefault(s.member_id, {"name": s.member.display_name, "games": 0,
                                                  "points": Decimal("0"), "firsts": 0})
            row["games"] += 1
            if game.final_points:
                row["points"] += Decimal(str(game.final_points[s.seat]))
            if game.final_ranks and game.final_ranks[s.seat] == 1:
                row["firsts"] += 1
    return sorted(totals.values(), key=lambda r: (-r["points"], -r["firsts"], r["name"]))


def season_standings(night: ClubNight, limit: int | None = None) -> list[dict[str, Any]]:
    """The season's qualified rows, all of them (the board rolls a long list; it never stops silently)."""
    snap = StandingsSnapshot.objects.filter(season=night.season).first()
    if snap is None:
        return []
    return [r for r in snap.rows if r.get("qualified")][:limit]


def board_version(night: ClubNight) -> str:
    """A cheap fingerprint of everything the board shows (the ETag of its live fragment).

    Changes when a hand is saved, edited or deleted, a game ends or is cancelled, a round is
    seated, a table gets extra time, someone checks in or out, or the standings are recomputed.
    """
    games = Game.objects.filter(night_table__round__night=night)
    hands = HandRecord.objects.filter(game__in=games).aggregate(n=Count("id"), at=Max("updated_at"))
    game_state = games.aggregate(n=Count("id"), fin=Count("id", filter=Q(status=Game.Status.FINISHED)),
                                 can=Count("id", filter=Q(status=Game.Status.CANCELLED)))
    seats = GameSeat.objects.filter(game__in=games).aggregate(s=Sum("member_id"))
    tables = NightTable.objects.filter(round__night=night).aggregate(extra=Sum("extra_minutes"))
    people = night.checkins.aggregate(n=Count("id"), left=Count("id", filter=Q(left_at__isnull=False)),
                                      at=Max("left_at"))
    snap = StandingsSnapshot.objects.filter(season=night.season).values_list("computed_at", flat=True).first()
    calls = RefereeCall.objects.filter(game__in=games).aggregate(n=Count("id"), ack=Count("acknowledged_at"))
    parts = [night.status, hands, game_state, seats, tables, people, snap, night.rounds.count(), calls]
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:20]


def open_referee_calls(night: ClubNight) -> list[RefereeCall]:
    """Tables of the night calling a referee, oldest first (the board shows them until acknowledged)."""
    return list(RefereeCall.objects.filter(game__night_table__round__night=night, acknowledged_at__isnull=True)
                .select_related("game__night_table").order_by("called_at", "id"))


def game_version(game: Game) -> str:
    """A cheap fingerprint of a game's table screen (the watch view reloads its screen when it changes)."""
    hands = game.hands.aggregate(n=Count("id"), at=Max("updated_at"))
    status = Game.objects.filter(pk=game.pk).values_list("status", flat=True).first()
    seats = list(game.seat_set.values_list("member_id", flat=True))
    extra = NightTable.objects.filter(game=game).values_list("extra_minutes", flat=True).first()
    return hashlib.sha1(repr([hands, status, seats, extra]).encode()).hexdigest()[:20]


def seat_counts(night: ClubNight) -> dict[int, dict[str, int]]:
    """Per member tonight: games played and rounds sat out."""
    out: dict[int, dict[str, int]] = defaultdict(lambda: {"games": 0, "sat_out": 0})
    for member_id in GameSeat.objects.filter(game__night_table__round__night=night).values_list("member_id",
                                                                                                 flat=True):
        out[member_id]["games"] += 1
    for r in night.rounds.all():
        for member_id in r.sitting_out or []:
            out[member_id]["sat_out"] += 1
    return dict(out)
