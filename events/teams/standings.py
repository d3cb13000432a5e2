"""The team league's tables, read from its games (never stored, no second computation of points).

A player's points in a game are the game's own final points (``Game.final_points``, what the season's
ruleset gave them: uma, oka and all, the same number the league's standings add up). A team's points in
a stage are the sum of its players' game points there (and the league's forfeit score for a forfeited
seat); its total is its previous stage's total × the stage's carry factor, plus this stage's points:
"이전 단계 / × carry / 이번 단계 / 합계".

Order: total, then this stage's points, then the best single game; teams still level share the place.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from club.models import Member
from events.teams.models import Slot, Stage, Team, TeamLeague
from league.models import Game

TENTH = Decimal("0.1")


def _points(value) -> Decimal:
    return Decimal(str(value)).quantize(TENTH)


@dataclass(frozen=True)
class SeatResult:
    """One played (or forfeited) seat of the stage: which team, which player, what the game gave them."""

    team_id: int
    member_id: int | None
    points: Decimal
    rank: int | None  # 1..4 (None: a forfeit)
    game_id: int | None
    match_day: int


def seat_results(stage: Stage) -> list[SeatResult]:
    """Every finished game's seats of ``stage`` (and its forfeits), in match-day order."""
    forfeit = stage.league.forfeit_points
    out = []
    slots = (Slot.objects.filter(fixture__match_day__stage=stage)
             .select_related("fixture__game", "fixture__match_day")
             .order_by("fixture__match_day__number", "fixture__order", "fixture__table", "seat"))
    for slot in slots:
        day = slot.fixture.match_day.number
        if slot.forfeit:
            if forfeit is not None:
                out.append(SeatResult(slot.team_id, None, _points(forfeit), None, None, day))
            continue
        game = slot.fixture.game
        if game is None or game.status != Game.Status.FINISHED or not game.final_points:
            continue
        rank = game.final_ranks[slot.seat] if game.final_ranks else None
        out.append(SeatResult(slot.team_id, slot.member_id, _points(game.final_points[slot.seat]), rank, game.pk, day))
    return out


@dataclass(frozen=True)
class TeamRow:
    team: Team
    place: int
    previous: Decimal | None  # the previous stage's total (None: the first stage)
    carry: Decimal
    carried: Decimal  # previous × carry
    stage_points: Decimal
    total: Decimal
    games: int
    best: Decimal | None


def stage_table(stage: Stage) -> list[TeamRow]:
    """The stage's table, best first (a later stage lists its teams only: those who went through)."""
    teams = list(stage.teams.all()) or list(stage.league.teams.all())  # before it opens: every team
    previous_totals: dict[int, Decimal] = {}
    if stage.number > 1:
        before = stage.league.stages.filter(number=stage.number - 1).first()
        if before is not None:
            previous_totals = {row.team.pk: row.total for row in stage_table(before)}
    points: dict[int, Decimal] = defaultdict(Decimal)
    games: dict[int, int] = defaultdict(int)
    best: dict[int, Decimal] = {}
    for seat in seat_results(stage):
        points[seat.team_id] += seat.points
        games[seat.team_id] += 1
        if seat.rank is not None:
            best[seat.team_id] = max(best.get(seat.team_id, seat.points), seat.points)
    rows = []
    for team in teams:
        previous = previous_totals.get(team.pk) if stage.number > 1 else None
        carried = previous * stage.carry if previous is not None else Decimal(0)  # exact: ½ of 121.7 is 60.85
        rows.append(dict(team=team, previous=previous, carry=stage.carry, carried=carried,
                         stage_points=points[team.pk], total=carried + points[team.pk], games=games[team.pk],
                         best=best.get(team.pk)))
    rows.sort(key=lambda r: (-r["total"], -r["stage_points"], -(r["best"] or Decimal("-1e9")), r["team"].pk))
    out, place, last = [], 0, None
    for i, row in enumerate(rows, start=1):
        key = (row["total"], row["stage_points"], row["best"])
        if key != last:
            place = i
        last = key
        out.append(TeamRow(place=place, **row))
    return out


@dataclass
class PlayerRow:
    """A player's line of the individual ranking (M-League's titles: points, best game, 4th avoided, wins)."""

    member: Member
    team: Team
    games: int = 0
    points: Decimal = Decimal(0)
    best: Decimal | None = None
    ranks: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    place: int = 0

    @property
    def win_rate(self) -> Decimal | None:
        return (Decimal(self.ranks[0]) / self.games).quantize(Decimal("0.001")) if self.games else None

    @property
    def fourth_avoidance(self) -> Decimal | None:
        return (1 - Decimal(self.ranks[3]) / self.games).quantize(Decimal("0.001")) if self.games else None

    @property
    def average_rank(self) -> Decimal | None:
        if not self.games:
            return None
        return (Decimal(sum((k + 1) * n for k, n in enumerate(self.ranks))) / self.games).quantize(Decimal("0.01"))


def individual_ranking(league: TeamLeague, *, stage: Stage | None = None, min_games: int = 0) -> list[PlayerRow]:
    """The players of ``stage`` (the regular stage, the first, by default: as M-League counts its titles)
    by points; those under ``min_games`` are left out."""
    stage = stage or league.stages.order_by("number").first()
    if stage is None:
        return []
    team_of = {}
    for slot in Slot.objects.filter(fixture__match_day__stage=stage, member__isnull=False).select_related(
            "member", "team"):
        team_of.setdefault(slot.member_id, (slot.member, slot.team))
    rows: dict[int, PlayerRow] = {}
    for seat in seat_results(stage):
        if seat.member_id is None:
            continue
        member, team = team_of[seat.member_id]
        row = rows.setdefault(seat.member_id, PlayerRow(member=member, team=team))
        row.games += 1
        row.points += seat.points
        row.best = seat.points if row.best is None else max(row.best, seat.points)
        if seat.rank:
            row.ranks[seat.rank - 1] += 1
    ranked = sorted((r for r in rows.values() if r.games >= min_games),
                    key=lambda r: (-r.points, -(r.best or 0), r.member.display_name))
    for i, row in enumerate(ranked, start=1):
        row.place = i
    return ranked


def best_games(league: TeamLeague, *, stage: Stage | None = None, limit: int = 5) -> list[tuple[PlayerRow, Decimal]]:
    """The stage's best single games (M-League's 最高スコア title), best first."""
    rows = individual_ranking(league, stage=stage)
    return sorted(((r, r.best) for r in rows if r.best is not None), key=lambda x: -x[1])[:limit]
