"""Reads for the team league's pages, API and exports: who may see what, the schedule with its line-ups
(a pick stays hidden from the other teams until the match day's line-ups close), a team's page.
Points come from :mod:`events.teams.standings` (the games' own final points)."""
from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import QuerySet
from django.utils import timezone

from club.models import Club, Member
from events import access
from events.teams import standings
from events.teams.models import Fixture, MatchDay, RosterEntry, Slot, Stage, Team, TeamLeague
from league import permissions
from league.games.selectors import game_record, replay_record
from league.models import Game, HandRecord


def leagues_for_club(club: Club) -> QuerySet[TeamLeague]:
    return TeamLeague.objects.filter(club=club).select_related("season").order_by("-created_at")


def can_view(user, league: TeamLeague) -> bool:
    """Anyone when the league's results are public, else who may see the club."""
    return league.public_results or permissions.can_view_club(user, league.club)


def can_organise(user, league: TeamLeague) -> bool:
    return access.can_open_night(user, league.club)


def captain_team_ids(user, league: TeamLeague) -> set[int]:
    """The teams whose captain is ``user`` (their membership at the host club)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return set()
    return set(Team.objects.filter(league=league, captain__user=user).values_list("pk", flat=True))


def lineups_public(match_day: MatchDay, now: datetime.datetime | None = None) -> bool:
    """Line-ups are shown to all once they close (the deadline passed, or the organiser closed them)."""
    return match_day.lineups_closed_at is not None or (now or timezone.now()) >= match_day.deadline


@dataclass(frozen=True)
class SlotView:
    slot: Slot
    team: Team
    name: str | None  # the player's name, None while hidden or not picked
    hidden: bool  # picked, but not shown to this viewer yet
    mine: bool  # the viewer captains this slot's team (may pick)
    points: Decimal | None
    rank: int | None


@dataclass(frozen=True)
class FixtureView:
    fixture: Fixture
    slots: list[SlotView]
    game: Game | None


@dataclass(frozen=True)
class DayView:
    day: MatchDay
    fixtures: list[FixtureView]
    public: bool
    open_for_captains: bool


def schedule(stage: Stage, *, user=None, now: datetime.datetime | None = None) -> list[DayView]:
    """The stage's match days, their fixtures and line-ups as ``user`` may see them."""
    league = stage.league
    organiser = can_organise(user, league)
    mine = captain_team_ids(user, league)
    days = list(stage.match_days.order_by("number"))
    slots_by_fixture: dict[int, list[Slot]] = defaultdict(list)
    for slot in (Slot.objects.filter(fixture__match_day__stage=stage).select_related("team", "member")
                 .order_by("seat")):
        slots_by_fixture[slot.fixture_id].append(slot)
    fixtures_by_day: dict[int, list[Fixture]] = defaultdict(list)
    for fixture in Fixture.objects.filter(match_day__stage=stage).select_related("game").order_by("order", "table"):
        fixtures_by_day[fixture.match_day_id].append(fixture)
    out = []
    for day in days:
        day.stage = stage  # the deadline reads the league's minutes
        public = lineups_public(day, now)
        views = []
        for fixture in fixtures_by_day[day.pk]:
            game = fixture.game
            finished = game is not None and game.status == Game.Status.FINISHED and game.final_points
            slot_views = []
            for slot in slots_by_fixture[fixture.pk]:
                seen = public or organiser or slot.team_id in mine
                slot_views.append(SlotView(
                    slot=slot, team=slot.team, name=slot.member.display_name if slot.member and seen else None,
                    hidden=slot.member_id is not None and not seen, mine=slot.team_id in mine,
                    points=Decimal(str(game.final_points[slot.seat])) if finished else None,
                    rank=game.final_ranks[slot.seat] if finished and game.final_ranks else None))
            views.append(FixtureView(fixture=fixture, slots=slot_views, game=game))
        out.append(DayView(day=day, fixtures=views, public=public,
                           open_for_captains=day.lineups_closed_at is None and (now or timezone.now()) < day.deadline))
    return out


@dataclass
class RosterLine:
    entry: RosterEntry
    games: int = 0
    points: Decimal = Decimal(0)
    by_stage: dict[int, Decimal] = field(default_factory=dict)


@dataclass(frozen=True)
class TeamPage:
    team: Team
    roster: list[RosterLine]
    games: list[tuple[Stage, standings.SeatResult, str]]  # each played seat: stage, result, player's name


def team_page(team: Team) -> TeamPage:
    """A team's roster (with each player's games and points, per stage) and every game it played."""
    lines = {e.member_id: RosterLine(entry=e) for e in team.roster.select_related("member").order_by("order", "id")}
    names = dict(Member.objects.filter(pk__in=lines).values_list("pk", "display_name"))
    games = []
    for stage in team.league.stages.order_by("number"):
        for seat in standings.seat_results(stage):
            if seat.team_id != team.pk:
                continue
            games.append((stage, seat, names.get(seat.member_id, "")))
            line = lines.get(seat.member_id)
            if line is not None:
                line.games += 1
                line.points += seat.points
                line.by_stage[stage.number] = line.by_stage.get(stage.number, Decimal(0)) + seat.points
    return TeamPage(team=team, roster=list(lines.values()), games=games)


def current_stage(league: TeamLeague) -> Stage | None:
    """The latest stage that has opened (the first before any has)."""
    return league.stages.filter(opened_at__isnull=False).order_by("-number").first() or \
        league.stages.order_by("number").first()


def board_day(league: TeamLeague, now: datetime.datetime | None = None) -> MatchDay | None:
    """The match day the venue's board shows: the first not finished, else the last."""
    days = MatchDay.objects.filter(stage__league=league).select_related("stage__league").order_by(
        "stage__number", "number")
    return days.filter(finished_at__isnull=True).first() or days.last()


def board_version(league: TeamLeague) -> str:
    """Changes whenever the board would: a hand entered, a game finished, a line-up picked or closed."""
    games = Game.objects.filter(team_fixture__match_day__stage__league=league)
    hands = HandRecord.objects.filter(game__in=games).order_by("-pk").values_list("pk", flat=True).first()
    slots = Slot.objects.filter(fixture__match_day__stage__league=league).exclude(chosen_at=None).count()
    closed = MatchDay.objects.filter(stage__league=league).exclude(lineups_closed_at=None).count()
    finished = games.filter(status=Game.Status.FINISHED).count()
    return f"{league.pk}:{hands}:{slots}:{closed}:{finished}:{games.count()}"


@dataclass(frozen=True)
class BoardSeat:
    team: Team
    name: str
    score: int | None
    points: Decimal | None
    rank: int | None
    dealer: bool


@dataclass(frozen=True)
class BoardTable:
    fixture: Fixture
    seats: list[BoardSeat]
    state: str  # "waiting" (not seated), "playing", "finished", "forfeited"
    round: str


def board_tables(match_day: MatchDay) -> list[BoardTable]:
    """The match day's tables as the venue's board shows them: live scores from each game's replay."""
    out = []
    for fixture in match_day.fixtures.select_related("game").order_by("order", "table"):
        slots = list(fixture.slots.select_related("team", "member").order_by("seat"))
        game = fixture.game
        if fixture.forfeited or game is None:
            public = lineups_public(match_day)
            seats = [BoardSeat(team=s.team, name=(s.member.display_name if s.member and public else ""), score=None,
                               points=None, rank=None, dealer=False) for s in slots]
            out.append(BoardTable(fixture, seats, "forfeited" if fixture.forfeited else "waiting", ""))
            continue
        replay = replay_record(game_record(game))
        final = replay.final.to_json() if replay.final is not None else None
        state = replay.state
        seats = [BoardSeat(team=s.team, name=s.member.display_name if s.member else "", score=state.scores[s.seat],
                           points=Decimal(str(final["points"][s.seat])) if final else None,
                           rank=final["ranks"][s.seat] if final else None,
                           dealer=final is None and s.seat == state.dealer) for s in slots]
        out.append(BoardTable(fixture, seats, "finished" if game.status == Game.Status.FINISHED else "playing",
                              state.round))
    return out
