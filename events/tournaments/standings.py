"""Tournament standings, derived from the finished games of its rounds (never stored).

Order: total points (penalties subtracted); then the ruleset's tie rule — under ``seat_order`` the
better sum of placings (more high places) ranks higher, under ``split`` tied players stay level —;
then the best single game; players still level share the place under ``split`` and are ordered by
registration under ``seat_order``.

Stages: with a cut after round k to the top N, the finalists (fixed when round k+1 is seated) carry
their stage-1 points in full, halved or reset, plus what they make in the final stage; those cut are
listed after every finalist, by their stage-1 points. Withdrawn players keep their points (policy
``keep``) or leave the standings (``drop``).
"""
from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

from django.db.models import Sum

from events.tournaments.models import Carry, Entrant, Tournament, TournamentTable, WithdrawalPolicy
from league.models import Game, Penalty
from scoring.rules import TieRule

CARRY = {Carry.FULL: Decimal(1), Carry.HALF: Decimal("0.5"), Carry.RESET: Decimal(0)}


def _dec(value: Any) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.1")) if value is not None else Decimal(0)


def table_results(tournament: Tournament, up_to_round: int | None = None) -> list[TournamentTable]:
    qs = (TournamentTable.objects.filter(round__tournament=tournament)
          .select_related("round", "game").prefetch_related("game__seat_set__member")
          .order_by("round__number", "id"))
    if up_to_round is not None:
        qs = qs.filter(round__number__lte=up_to_round)
    return list(qs)


def penalties(tournament: Tournament) -> dict[int, Decimal]:
    rows = (Penalty.objects.filter(season=tournament.season, cancelled_at__isnull=True,
                                   type=Penalty.Kind.SEASON_DEDUCTION)
            .values("member_id").annotate(total=Sum("points")))
    return {r["member_id"]: Decimal(r["total"] or 0) for r in rows}


def standings(tournament: Tournament, up_to_round: int | None = None) -> list[dict[str, Any]]:
    """Rows best first: member_id, name, team, status, active, games, stage1, stage2, penalty, points
    (the total that ranks), best (single game), placings (1st, 2nd, ...), finalist, place."""
    entrants = list(tournament.entrants.filter(status__in=[Entrant.Status.APPROVED, Entrant.Status.WITHDRAWN])
                    .select_related("member").order_by("registered_at", "id"))
    rows: dict[int, dict[str, Any]] = {}
    for order, e in enumerate(entrants):
        withdrawn = e.status == Entrant.Status.WITHDRAWN
        if withdrawn and (tournament.withdrawal_policy == WithdrawalPolicy.DROP or e.withdrawn_after_round is None):
            continue
        rows[e.member_id] = {"member_id": e.member_id, "name": e.member.display_name, "team": e.team,
                             "guest": e.guest, "status": e.status, "active": not withdrawn, "games": 0,
                             "stage1": Decimal(0), "stage2": Decimal(0), "penalty": Decimal(0),
                             "best": None, "placings": defaultdict(int), "order": order}
    for table in table_results(tournament, up_to_round):
        game = table.game
        if game.status != Game.Status.FINISHED or not game.final_points:
            continue
        stage = table.round.stage
        for seat in game.seat_set.all():
            row = rows.get(seat.member_id)
            if row is None:
                continue
            pts = _dec(game.final_points[seat.seat])
            row["games"] += 1
            row["stage2" if stage == 2 else "stage1"] += pts
            row["best"] = pts if row["best"] is None else max(row["best"], pts)
            if game.final_ranks:
                row["placings"][game.final_ranks[seat.seat]] += 1
    for member_id, points in penalties(tournament).items():
        if member_id in rows:
            row = rows[member_id]
            row["penalty"] = -_dec(points)
    finalists = set(tournament.finalists or []) if tournament.has_cut else set()
    cut_made = bool(finalists) and (up_to_round is None or up_to_round > tournament.cut_after)
    factor = CARRY.get(Carry(tournament.carry), Decimal(1))
    split = tournament.ruleset.to_scoring().tie_rule is TieRule.SPLIT
    for row in rows.values():
        row["finalist"] = row["member_id"] in finalists
        if cut_made and row["finalist"]:
            row["points"] = row["stage1"] * factor + row["stage2"] + row["penalty"]
        else:
            row["points"] = row["stage1"] + row["stage2"] + row["penalty"]
        places = row["placings"]
        row["placing_key"] = tuple(-places.get(k, 0) for k in range(1, 5))
        row["placings"] = [places.get(k, 0) for k in range(1, 5)]
        row["best_key"] = row["best"] if row["best"] is not None else Decimal("-1e9")

    def key(row):
        tier = 0 if (not cut_made or row["finalist"]) else 1
        tie = () if split else row["placing_key"]
        return (tier, -row["points"], tie, -row["best_key"])

    ordered = sorted(rows.values(), key=lambda r: (key(r), r["order"]))
    place, previous = 0, None
    for i, row in enumerate(ordered, start=1):
        k = key(row)
        if not (split and k == previous):
            place = i
        row["place"], previous = place, k
    return ordered


def team_standings(tournament: Tournament, rows: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Teams by the sum of their players' totals (team events only)."""
    if tournament.team_size <= 1:
        return []
    teams: dict[str, dict[str, Any]] = {}
    for row in rows if rows is not None else standings(tournament):
        if not row["team"]:
            continue
        t = teams.setdefault(row["team"], {"team": row["team"], "points": Decimal(0), "players": []})
        t["points"] += row["points"]
        t["players"].append(row["name"])
    ordered = sorted(teams.values(), key=lambda t: (-t["points"], t["team"]))
    for i, t in enumerate(ordered, start=1):
        t["place"] = i
    return ordered
