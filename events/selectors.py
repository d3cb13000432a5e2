"""Reads for club nights: who is here, the rounds, each table's state (from its replay), the board."""
from __future__ import annotations

import datetime
import hashlib
from collections import defaultdict
from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models import Count, Max, Q, Sum
from django.utils import timezone

from club.models import Member
from events.models import CheckIn, ClubNight, NightRound, NightTable
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
    return event_tables(game)[0]


def event_tables(game: Game) -> tuple[Any, Any]:
    """The club night's table and the tournament's table of ``game`` (each None when it has none).

    The table screen shows either clock and most games are in neither: one plain query asks both
    ids (a quarter of a millisecond; the ORM's select_related over both chains cost ten times
    that), then only a table that exists is read. Remembered on the game instance, so the night's
    timer and the tournament's ask once per request.
    """
    from events.tournaments.models import TournamentTable

    cached = getattr(game, "_event_tables", None)
    if cached is not None:
        return cached
    quote = connection.ops.quote_name

    def table_id(model) -> str:
        meta = model._meta
        return (f"(SELECT {quote(meta.pk.column)} FROM {quote(meta.db_table)} "
                f"WHERE {quote(meta.get_field('game').column)} = %s)")

    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {table_id(NightTable)}, {table_id(TournamentTable)}", [game.pk, game.pk])
        night_id, tournament_id = cursor.fetchone()
    night = NightTable.objects.select_related("round__night").filter(pk=night_id).first() if night_id else None
    tournament = (TournamentTable.objects.select_related("round__tournament").filter(pk=tournament_id).first()
                  if tournament_id else None)
    game._event_tables = (night, tournament)
    return game._event_tables


def seconds_left(ends_at: datetime.datetime | None, now: datetime.datetime | None = None) -> int | None:
    if ends_at is None:
        return None
    return int((ends_at - (now or timezone.now())).total_seconds())


def members_not_checked_in(night: ClubNight) -> list[Member]:
    here = night.checkins.values_list("member_id", flat=True)
    return list(Member.objects.filter(club=night.club, active=True).exclude(pk__in=here).order_by("display_name"))


# --- the board ------------------------------------------------------------------------------
def board_needs(game: Game, record: dict[str, Any], rep) -> list[dict[str, Any]] | None:
    """At all-last (where the table screen shows its needs panel): each chaser's cheapest way to first.

    One line a player who is not first: the cheapest ron (and off whom) and the tsumo, in the
    table screen's words; ``None`` where the panel is not shown.
    """
    from league.games.needs import needs_panel

    rows = needs_panel(game, record, rep.state, rep.record.ruleset)
    if not rows:
        return None
    out = []
    for row in rows:
        if row["first"]:
            continue
        rons = [r for r in row["ron"] if not r.get("none")]
        ron = min(rons, key=lambda r: r["points"]) if rons else None
        out.append({"name": row["name"], "ron": ron, "tsumo": row["tsumo"], "possible": row["possible"]})
    return out


def _table_state(table: NightTable) -> dict[str, Any]:
    from league.games.selectors import game_record, replay_record

    game = table.game
    seats = sorted(game.seat_set.all(), key=lambda s: s.seat)
    record = game_record(game)
    rep = replay_record(record)
    state = rep.state
    final = rep.final.to_json() if rep.final is not None else None
    players = []
    for s in seats:
        players.append({"name": s.member.display_name, "score": state.scores[s.seat], "seat": s.seat,
                        "dealer": s.seat == state.dealer and final is None,
                        "points": final["points"][s.seat] if final else None,
                        "rank": final["ranks"][s.seat] if final else None})
    return {"table": table, "game": game, "round": state.round, "honba": state.honba, "sticks": state.sticks,
            "players": players, "finished": game.status == Game.Status.FINISHED,
            "cancelled": game.status == Game.Status.CANCELLED, "ends_at": table.ends_at,
            "seconds_left": seconds_left(table.ends_at), "hands": len(rep.rows),
            "needs": board_needs(game, record, rep) if game.status == Game.Status.IN_PROGRESS else None}


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
    return [_table_state(t) for t in room_tables(night)]


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
