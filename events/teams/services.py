"""Writes for the team league (issue 37): keyword-only, atomic, audited. The league's games are
ordinary league games: :func:`fixture_seat` starts one through ``league.games`` (its name and
seats given as data), and the hands are entered on the table screen like any other game.

Who may do what: the host club's admin is the organiser (creates the league, its teams, rosters,
stages and schedule, seats the games, overrides a line-up at any time before its game starts); a
team's captain (their login) picks the team's player for each slot until the match day's line-ups
close (``lineup_deadline_minutes`` before it starts). Refusals are :class:`TeamLeagueRefused` with
a :class:`~events.error_codes.TeamLeagueErrorCode`, in the page's language.
"""
from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _

from club import services as club_services
from club.models import Club, Member
from core.audit import audit
from core.models import AuditEntry
from core.once import Once, claim_key, mark_claimed
from core.prepared import PreparedRead
from events import access, team_schedule
from events.access import Occasion, actor
from events.error_codes import TeamLeagueErrorCode as Refusal
from events.seating import SeatingError
from events.signals import team_lineups_closed, team_match_day_finished
from events.tables import game_event_id
from events.teams import standings
from events.teams.models import Fixture, MatchDay, RosterEntry, Slot, Stage, Team, TeamLeague
from events.teams.presets import PRESETS, Format
from league.games import services as game_services
from league.models import Game, Ruleset
from league.seasons import services as season_services
from league.signals import game_finished
from scoring.messages import settle_particles

TABLE = 4


class TeamLeagueRefused(ValidationError):
    def __init__(self, message: str, *, code: Refusal) -> None:
        super().__init__(message, code=code)
        self.refusal = code


def is_organiser(by, league: TeamLeague) -> bool:
    return by is None or access.can_open_night(by, league.club)


def _require_organiser(by, league: TeamLeague) -> None:
    if by is not None:
        access.require(access.can_open_night(by, league.club), Occasion.TEAM_LEAGUE)


def is_captain(by, team: Team) -> bool:
    return (by is not None and getattr(by, "is_authenticated", False) and team.captain_id is not None
            and team.captain.user_id == by.pk)


def _audit(league: TeamLeague, by, action: str, object_type: str, object_id, after=None, before=None,
           reason: str = "") -> None:
    audit(club=league.club, by=by, action=action, object_type=object_type, object_id=object_id, before=before,
          after=after, reason=reason)


def _factor(value) -> Decimal:
    try:
        carry = Decimal(str(value))
    except (InvalidOperation, ValueError) as exc:
        raise TeamLeagueRefused(_("The carry factor is a number such as 1, 0.5 or 0."), code=Refusal.SETTINGS) from exc
    if carry < 0 or carry > 10:
        raise TeamLeagueRefused(_("The carry factor is a number such as 1, 0.5 or 0."), code=Refusal.SETTINGS)
    return carry


# --- the league ----------------------------------------------------------------------------------------
@transaction.atomic
def team_league_create(*, club: Club, by, name: str, ruleset: Ruleset, format: str = Format.M_LEAGUE,
                       starts_on: datetime.date | None = None, public_results: bool | None = None,
                       once: Once | None = None) -> TeamLeague:
    """Create a team league from a preset (its stages and team sizes, which the organiser then edits) and
    the season its games are played in (named after it; uma and oka are that season's ruleset's). With
    ``once`` (the form's entry token) Back + resubmit makes one league."""
    if by is not None:
        access.require(access.can_open_night(by, club), Occasion.TEAM_LEAGUE)
    claim = claim_key(once, scope="team_league_create", by=by)
    name = " ".join((name or "").split())[:100]
    if not name:
        raise TeamLeagueRefused(_("Give the team league a name."), code=Refusal.NAME)
    if ruleset.club_id not in (None, club.pk):
        raise TeamLeagueRefused(_("That ruleset belongs to another club."), code=Refusal.RULESET)
    if ruleset.to_scoring().players != TABLE:
        raise TeamLeagueRefused(_("A team league seats four teams a table: choose a 4-player ruleset."),
                                code=Refusal.RULESET)
    try:
        preset = PRESETS[Format(format)]
    except ValueError as exc:
        raise TeamLeagueRefused(_("Choose the league's format from the list."), code=Refusal.SETTINGS) from exc
    starts_on = starts_on or timezone.localdate()
    league = TeamLeague(club=club, name=name, format=preset.format.value, team_min_players=preset.team_min_players,
                        team_max_players=preset.team_max_players,
                        lineup_deadline_minutes=preset.lineup_deadline_minutes, forfeit_points=preset.forfeit_points,
                        public_results=club.public_standings if public_results is None else bool(public_results),
                        created_by=actor(by))
    league.season = season_services.season_create(
        club=club, name=f"[{_('Team league')}] {name}"[:120], ruleset=ruleset, starts_on=starts_on, by=None)
    league.save()
    for number, stage in enumerate(preset.stages, start=1):
        Stage.objects.create(league=league, number=number, name=str(stage.name), carry=stage.carry,
                             advancing=stage.advancing, games_per_team=stage.games_per_team,
                             player_min_games=stage.player_min_games, player_max_games=stage.player_max_games,
                             tables_per_day=stage.tables_per_day)
    _audit(league, by, AuditEntry.Action.CREATE, "team_league", league.pk,
           after={"name": name, "format": league.format, "season": league.season_id,
                  "stages": [str(s.name) for s in preset.stages]})
    mark_claimed(claim, league, "team_league")
    return league


@transaction.atomic
def stage_edit(*, stage: Stage, by, name: str | None = None, carry=None, advancing: int | None = None,
               games_per_team: int | None = None, player_min_games: int | None = None,
               player_max_games: int | None = None, tables_per_day: int | None = None) -> Stage:
    """Change a stage's settings (a preset's numbers are the organiser's to edit) before it is scheduled."""
    stage = access.locked(stage, "league__club")
    _require_organiser(by, stage.league)
    if stage.match_days.exists():
        raise TeamLeagueRefused(_("This stage is already scheduled: its settings are fixed."), code=Refusal.STAGE)
    before = {"name": stage.name, "carry": str(stage.carry), "advancing": stage.advancing,
              "games_per_team": stage.games_per_team, "player_min_games": stage.player_min_games,
              "player_max_games": stage.player_max_games, "tables_per_day": stage.tables_per_day}
    if name is not None:
        stage.name = " ".join(name.split())[:60] or stage.name
    if carry is not None:
        stage.carry = _factor(carry)
    if advancing is not None:
        stage.advancing = advancing or None
    for field, value in (("games_per_team", games_per_team), ("player_min_games", player_min_games),
                         ("tables_per_day", tables_per_day)):
        if value is not None:
            setattr(stage, field, value)
    if player_max_games is not None:
        stage.player_max_games = player_max_games or None
    if stage.games_per_team < 1 or stage.tables_per_day < 1 or (
            stage.player_max_games is not None and stage.player_max_games < stage.player_min_games):
        raise TeamLeagueRefused(_("Games per team and tables per match day are from 1, and a player's most "
                                  "games are not fewer than their fewest."), code=Refusal.SETTINGS)
    stage.save()
    _audit(stage.league, by, AuditEntry.Action.EDIT, "team_stage", stage.pk, before=before,
           after={"name": stage.name, "carry": str(stage.carry), "advancing": stage.advancing,
                  "games_per_team": stage.games_per_team, "player_min_games": stage.player_min_games,
                  "player_max_games": stage.player_max_games, "tables_per_day": stage.tables_per_day})
    return stage


# --- teams and rosters -----------------------------------------------------------------------------------
@transaction.atomic
def team_add(*, league: TeamLeague, by, name: str, colour: str = "#1f4e79", colour_second: str = "",
             home_club: Club | None = None) -> Team:
    league = access.locked(league, "club")
    _require_organiser(by, league)
    name = " ".join((name or "").split())[:60]  # the column's length: the name checked is the name stored
    if not name:
        raise TeamLeagueRefused(_("Give the team a name."), code=Refusal.NAME)
    if league.teams.filter(name=name).exists():
        raise TeamLeagueRefused(settle_particles(_("%(name)s is already a team's name in this league.")
                                                 % {"name": name}), code=Refusal.NAME)
    for value in (colour, colour_second):
        if value and not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
            raise TeamLeagueRefused(_("A colour is written #RRGGBB (e.g. #1f4e79)."), code=Refusal.SETTINGS)
    team = Team.objects.create(league=league, name=name[:60], colour=colour or "#1f4e79", colour_second=colour_second,
                               home_club=home_club)
    _audit(league, by, AuditEntry.Action.CREATE, "team", team.pk, after={"name": team.name, "league": league.pk})
    return team


def _roster_on(team: Team, day: datetime.date) -> list[RosterEntry]:
    return [e for e in team.roster.select_related("member").order_by("order", "id") if e.on(day)]


@transaction.atomic
def roster_add(*, team: Team, member: Member, by, role: str = RosterEntry.Role.PLAYER,
               joined_on: datetime.date | None = None, captain: bool = False) -> RosterEntry:
    """Put ``member`` on ``team``'s roster from ``joined_on``. A player of another club plays as a member of the
    league's host club: their membership there (made for them if they have none, ``club.services``)."""
    team = access.locked(team, "league__club")
    league = team.league
    _require_organiser(by, league)
    joined_on = joined_on or timezone.localdate()
    if role not in RosterEntry.Role.values:
        raise TeamLeagueRefused(_("Choose the player's role from the list."), code=Refusal.ROSTER)
    member = club_services.host_membership(club=league.club, member=member, by=by)
    if RosterEntry.Role(role) is RosterEntry.Role.PLAYER:
        players = [e for e in _roster_on(team, joined_on) if e.role == RosterEntry.Role.PLAYER]
        if len(players) >= league.team_max_players:
            raise TeamLeagueRefused(_("%(team)s already has %(n)s players, the most a team may have: add a "
                                      "substitute, or let a player leave first.")
                                    % {"team": team.name, "n": league.team_max_players}, code=Refusal.ROSTER)
    elsewhere = RosterEntry.objects.filter(team__league=league, member=member).exclude(left_on__lt=joined_on)
    if elsewhere.exclude(team=team).exists():
        raise TeamLeagueRefused(settle_particles(_("%(name)s is already on another team of this league.")
                                                 % {"name": member.display_name}), code=Refusal.ROSTER)
    if elsewhere.filter(team=team).exists():
        raise TeamLeagueRefused(settle_particles(_("%(name)s is already on this team's roster.")
                                                 % {"name": member.display_name}), code=Refusal.ROSTER)
    entry = RosterEntry.objects.create(team=team, member=member, role=role, joined_on=joined_on,
                                       order=team.roster.count() + 1)
    if captain:
        team.captain = member
        team.save(update_fields=["captain"])
    _audit(league, by, AuditEntry.Action.CREATE, "team_roster", entry.pk,
           after={"team": team.name, "member": member.display_name, "role": role, "joined_on": str(joined_on),
                  "captain": captain})
    return entry


@transaction.atomic
def roster_leave(*, entry: RosterEntry, by, left_on: datetime.date | None = None) -> RosterEntry:
    entry = access.locked(entry, "team__league__club", "member")
    _require_organiser(by, entry.team.league)
    left_on = left_on or timezone.localdate()
    if left_on < entry.joined_on:
        raise TeamLeagueRefused(_("A player cannot leave before joining."), code=Refusal.ROSTER)
    entry.left_on = left_on
    entry.save(update_fields=["left_on"])
    _audit(entry.team.league, by, AuditEntry.Action.EDIT, "team_roster", entry.pk,
           after={"member": entry.member.display_name, "left_on": str(left_on)})
    return entry


@transaction.atomic
def captain_set(*, team: Team, member: Member, by) -> Team:
    team = access.locked(team, "league__club")
    _require_organiser(by, team.league)
    if not team.roster.filter(member=member).exists():
        raise TeamLeagueRefused(_("The captain is one of the team's players."), code=Refusal.NOT_ON_ROSTER)
    team.captain = member
    team.save(update_fields=["captain"])
    _audit(team.league, by, AuditEntry.Action.EDIT, "team", team.pk, after={"captain": member.display_name})
    return team


# --- stages and the schedule -------------------------------------------------------------------------------
@transaction.atomic
def stage_open(*, stage: Stage, by, teams: Sequence[Team] | None = None) -> Stage:
    """Fix who plays ``stage``: every team for the first stage, the top ``advancing`` of the previous stage's
    table for a later one (or ``teams``, the organiser's choice)."""
    stage = access.locked(stage, "league__club")
    league = stage.league
    _require_organiser(by, league)
    if stage.opened_at is not None:
        return stage
    if teams is None:
        if stage.number == 1:
            teams = list(league.teams.all())
        else:
            previous = league.stages.get(number=stage.number - 1)
            if previous.advancing is None:
                raise TeamLeagueRefused(_("The previous stage sends no team on: set its teams advancing."),
                                        code=Refusal.STAGE)
            table = standings.stage_table(previous)
            teams = [row.team for row in table[: previous.advancing]]
    if len(teams) < TABLE:
        raise TeamLeagueRefused(_("A stage needs at least four teams."), code=Refusal.STAGE)
    stage.teams.set(teams)
    stage.opened_at = timezone.now()
    stage.save(update_fields=["opened_at"])
    _audit(league, by, AuditEntry.Action.EDIT, "team_stage", stage.pk,
           after={"opened": True, "teams": [t.name for t in teams]})
    return stage


@transaction.atomic
def match_day_add(*, stage: Stage, by, starts_at: datetime.datetime, venue: str = "") -> MatchDay:
    stage = access.locked(stage, "league__club")
    _require_organiser(by, stage.league)
    number = (stage.match_days.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    day = MatchDay.objects.create(stage=stage, number=number, starts_at=starts_at, venue=venue[:100])
    _audit(stage.league, by, AuditEntry.Action.CREATE, "team_match_day", day.pk,
           after={"stage": stage.name, "number": number, "starts_at": starts_at.isoformat(), "venue": venue})
    return day


def _fixture_create(match_day: MatchDay, teams: Sequence[Team], table: int, order: int) -> Fixture:
    fixture = Fixture.objects.create(match_day=match_day, table=table, order=order)
    Slot.objects.bulk_create([Slot(fixture=fixture, seat=seat, team=team) for seat, team in enumerate(teams)])
    return fixture


@transaction.atomic
def fixture_add(*, match_day: MatchDay, teams: Sequence[Team], by, table: int | None = None,
                order: int = 1) -> Fixture:
    """A fixture the organiser writes by hand (a published schedule): four teams of the stage, in seat order."""
    match_day = access.locked(match_day, "stage__league__club")
    stage = match_day.stage
    _require_organiser(by, stage.league)
    in_stage = set(stage.teams.values_list("pk", flat=True))
    if len(teams) != TABLE or len({t.pk for t in teams}) != TABLE or any(t.pk not in in_stage for t in teams):
        raise TeamLeagueRefused(_("A fixture seats four different teams of the stage."), code=Refusal.SCHEDULE)
    if table is None:
        table = match_day.fixtures.filter(order=order).count() + 1
    fixture = _fixture_create(match_day, teams, table, order)
    _audit(stage.league, by, AuditEntry.Action.CREATE, "team_fixture", fixture.pk,
           after={"match_day": match_day.number, "table": table, "order": order, "teams": [t.name for t in teams]})
    return fixture


@transaction.atomic
def stage_schedule(*, stage: Stage, by, first_day: datetime.datetime, days_between: int = 7, venue: str = "",
                   seed: int = 0) -> list[MatchDay]:
    """The stage's match days from the schedule generator (``events.team_schedule``): every pair of its
    teams meets about equally, every team at each wind equally; one match day every ``days_between``."""
    stage = access.locked(stage, "league__club")
    _require_organiser(by, stage.league)
    if stage.opened_at is None:
        raise TeamLeagueRefused(_("Open the stage first: its teams are not fixed yet."), code=Refusal.STAGE)
    if stage.match_days.exists():
        raise TeamLeagueRefused(_("This stage is already scheduled."), code=Refusal.STAGE)
    teams = list(stage.teams.order_by("pk"))
    try:
        plan = team_schedule.schedule(len(teams), tables_per_day=stage.tables_per_day,
                                      games_per_team=stage.games_per_team, seed=seed)
    except SeatingError as exc:
        raise TeamLeagueRefused(
            _("%(teams)s teams × %(games)s games do not fill tables of four: change the games per team.")
            % {"teams": len(teams), "games": stage.games_per_team}, code=Refusal.SCHEDULE) from exc
    days = []
    for k, tables in enumerate(plan):
        day = MatchDay.objects.create(stage=stage, number=k + 1, venue=venue[:100],
                                      starts_at=first_day + datetime.timedelta(days=days_between * k))
        for table_no, table in enumerate(tables, start=1):
            _fixture_create(day, [teams[i] for i in table], table_no, 1)
        days.append(day)
    figures = team_schedule.balance(plan, len(teams))
    _audit(stage.league, by, AuditEntry.Action.CREATE, "team_schedule", stage.pk,
           after={"stage": stage.name, "match_days": len(days), "fixtures": figures.fixtures,
                  "meetings": [figures.meetings_min, figures.meetings_max], "seed": seed})
    return days


# --- line-ups ---------------------------------------------------------------------------------------------
def _stage_games(stage: Stage, team: Team) -> Counter:
    """How many slots of ``stage`` each member of ``team`` holds (played or chosen)."""
    return Counter(Slot.objects.filter(fixture__match_day__stage=stage, team=team, member__isnull=False)
                   .values_list("member_id", flat=True))


def _check_player(slot: Slot, member: Member) -> None:
    """The rules a slot's player must meet: on the roster that day, free at that time, within the stage's
    fewest and most games (the refusal says which, in the organiser's and the captain's words)."""
    fixture, team = slot.fixture, slot.team
    day = fixture.match_day
    stage = day.stage
    date = timezone.localtime(day.starts_at).date()
    if not any(e.member_id == member.pk for e in _roster_on(team, date)):
        raise TeamLeagueRefused(settle_particles(_("%(name)s is not on %(team)s's roster on %(date)s.")
                                                 % {"name": member.display_name, "team": team.name, "date": date}),
                                code=Refusal.NOT_ON_ROSTER)
    if Slot.objects.filter(fixture__match_day=day, fixture__order=fixture.order, member=member).exclude(
            pk=slot.pk).exists():
        raise TeamLeagueRefused(settle_particles(_("%(name)s already plays another table at this time.")
                                                 % {"name": member.display_name}), code=Refusal.SAME_TIME)
    counts = _stage_games(stage, team)
    if slot.member_id is not None:
        counts[slot.member_id] -= 1
    if stage.player_max_games is not None and counts[member.pk] >= stage.player_max_games:
        raise TeamLeagueRefused(settle_particles(
            _("%(name)s has already played or been picked for %(n)s games of this stage, the most a player may "
              "play. Pick another player.") % {"name": member.display_name, "n": stage.player_max_games}),
            code=Refusal.MAX_GAMES)
    if stage.player_min_games:
        # the team's games of the stage still to fill after this one must leave room for every player's fewest
        left = stage.games_per_team - sum(counts.values()) - 1 - Slot.objects.filter(
            fixture__match_day__stage=stage, team=team, forfeit=True).count()
        counts[member.pk] += 1
        short = [(e.member, stage.player_min_games - counts[e.member_id]) for e in _roster_on(team, date)
                 if e.role == RosterEntry.Role.PLAYER and counts[e.member_id] < stage.player_min_games]
        if sum(n for _, n in short) > left:
            raise TeamLeagueRefused(settle_particles(
                _("With %(left)s games left, %(name)s could no longer play the %(n)s games every player must "
                  "play in this stage. Pick %(name)s.")
                % {"left": max(left, 0), "name": short[0][0].display_name, "n": stage.player_min_games}),
                code=Refusal.MIN_GAMES)


def lineup_open(match_day: MatchDay, now: datetime.datetime | None = None) -> bool:
    """Whether captains may still pick (the deadline has not passed and nobody closed the line-ups)."""
    return match_day.lineups_closed_at is None and (now or timezone.now()) < match_day.deadline


@transaction.atomic
def lineup_set(*, slot: Slot, member: Member, by, now: datetime.datetime | None = None) -> Slot:
    """The team's player for ``slot``: its captain's pick until the line-ups close, the organiser's at any time
    until the game starts. The pick stays hidden from the other teams until the deadline."""
    slot = access.locked(slot, "fixture__match_day__stage__league__club", "team__captain")
    day = slot.fixture.match_day
    league = day.stage.league
    organiser = is_organiser(by, league)
    if not organiser and not is_captain(by, slot.team):
        access.require(False, Occasion.TEAM_LEAGUE)
    if slot.fixture.game_id is not None:
        raise TeamLeagueRefused(_("This game has started: its line-up is fixed."), code=Refusal.SEATED)
    if not organiser and not lineup_open(day, now):
        raise TeamLeagueRefused(_("The line-ups for this match day are closed. Ask the organiser to change it."),
                                code=Refusal.DEADLINE)
    if member.club_id != league.club_id:  # a visiting player named by their home membership: their host one
        member = Member.objects.filter(club=league.club, person_id=member.person_id).first() or member
    _check_player(slot, member)
    before = slot.member.display_name if slot.member_id else None
    slot.member, slot.forfeit = member, False
    slot.source = Slot.Source.ORGANISER if organiser and not is_captain(by, slot.team) else Slot.Source.CAPTAIN
    slot.chosen_at = timezone.now()
    slot.save(update_fields=["member", "forfeit", "source", "chosen_at"])
    _audit(league, by, AuditEntry.Action.EDIT, "team_slot", slot.pk, before={"member": before},
           after={"member": member.display_name, "team": slot.team.name, "source": slot.source})
    return slot


def _fallback(slot: Slot, date: datetime.date) -> Member | None:
    """The roster's next eligible player: the team's players in roster order, starting after the player the
    team sent last in this stage, the first the rules allow; a substitute only when no player may play."""
    team, stage = slot.team, slot.fixture.match_day.stage
    roster = _roster_on(team, date)
    players = [e for e in roster if e.role == RosterEntry.Role.PLAYER]
    substitutes = [e for e in roster if e.role != RosterEntry.Role.PLAYER]
    last = (Slot.objects.filter(fixture__match_day__stage=stage, team=team, member__isnull=False)
            .exclude(pk=slot.pk).order_by("-fixture__match_day__number", "-fixture__order", "-pk")
            .values_list("member_id", flat=True).first())
    start = next((k + 1 for k, e in enumerate(players) if e.member_id == last), 0)
    for entry in players[start:] + players[:start] + substitutes:
        try:
            _check_player(slot, entry.member)
        except TeamLeagueRefused:
            continue
        return entry.member
    return None


@transaction.atomic
def lineups_close(*, match_day: MatchDay, by, now: datetime.datetime | None = None) -> MatchDay:
    """Close the match day's line-ups (the organiser, or the deadline's sweep with ``by=None``): every slot
    still empty takes the roster's next eligible player (:func:`_fallback`); a team with none forfeits
    where the league allows it, else the organiser is told to pick. The line-ups are then shown to all."""
    match_day = access.locked(match_day, "stage__league__club")
    league = match_day.stage.league
    _require_organiser(by, league)
    if match_day.lineups_closed_at is not None:
        return match_day
    date = timezone.localtime(match_day.starts_at).date()
    filled = []
    for slot in Slot.objects.filter(fixture__match_day=match_day, member__isnull=True, forfeit=False).select_related(
            "team", "fixture__match_day__stage").order_by("fixture__order", "fixture__table", "seat"):
        member = _fallback(slot, date)
        if member is None:
            if league.forfeit_points is None:
                raise TeamLeagueRefused(settle_particles(
                    _("%(team)s has no eligible player for table %(table)s: pick one or let the team forfeit.")
                    % {"team": slot.team.name, "table": slot.fixture.table}), code=Refusal.NO_PLAYER)
            slot.forfeit = True
            slot.save(update_fields=["forfeit"])
            continue
        slot.member, slot.source, slot.chosen_at = member, Slot.Source.FALLBACK, timezone.now()
        slot.save(update_fields=["member", "source", "chosen_at"])
        filled.append(f"{slot.team.name}: {member.display_name}")
    match_day.lineups_closed_at = now or timezone.now()
    match_day.save(update_fields=["lineups_closed_at"])
    _audit(league, by, AuditEntry.Action.EDIT, "team_match_day", match_day.pk,
           after={"lineups_closed": True, "filled_from_roster": filled})
    team_lineups_closed.send(sender=MatchDay, match_day=match_day)
    return match_day


@transaction.atomic
def fixture_forfeit(*, fixture: Fixture, team: Team, by) -> Fixture:
    """``team`` cannot field a player: its seat scores the league's forfeit score and the table is not
    played (the other three teams score nothing from it)."""
    fixture = access.locked(fixture, "match_day__stage__league__club")
    league = fixture.match_day.stage.league
    _require_organiser(by, league)
    if league.forfeit_points is None:
        raise TeamLeagueRefused(_("This league does not allow forfeits."), code=Refusal.FORFEIT)
    if fixture.game_id is not None:
        raise TeamLeagueRefused(_("This game has started: its line-up is fixed."), code=Refusal.SEATED)
    slot = fixture.slots.get(team=team)
    slot.forfeit, slot.member = True, None
    slot.save(update_fields=["forfeit", "member"])
    fixture.forfeited = True
    fixture.save(update_fields=["forfeited"])
    _audit(league, by, AuditEntry.Action.EDIT, "team_fixture", fixture.pk, after={"forfeit": team.name})
    _finish_if_done(fixture.match_day)
    return fixture


# --- seating a fixture's game --------------------------------------------------------------------------------
@transaction.atomic
def fixture_seat(*, fixture: Fixture, by) -> Fixture:
    """Start the fixture's game (``league.games.services.game_start``): its four players in the slots' seat
    order, named after the league, the match day and the table. Closes the match day's line-ups first if
    they are still open (empty slots take the roster's next player). Seating twice gives the one game."""
    fixture = access.locked(fixture, "match_day__stage__league__club", "game")
    day = fixture.match_day
    league = day.stage.league
    if by is not None and not access.can_run_night(by, league.club):
        access.require(False, Occasion.TEAM_LEAGUE)
    if fixture.game_id is not None:
        return fixture
    if fixture.forfeited:
        raise TeamLeagueRefused(_("This table was forfeited: it has no game."), code=Refusal.FORFEIT)
    if day.lineups_closed_at is None:
        lineups_close(match_day=day, by=None)
    slots = list(fixture.slots.select_related("member", "team").order_by("seat"))
    if any(s.member is None for s in slots):
        raise TeamLeagueRefused(_("Every team needs its player before the game starts."), code=Refusal.NO_PLAYER)
    label = _("%(league)s · day %(day)s · table %(table)s") % {"league": league.name, "day": day.number,
                                                                "table": fixture.table}
    if fixture.order > 1:
        label += " · " + _("game %(n)s") % {"n": fixture.order}
    game = game_services.game_start(season=league.season, table_label=label[:120],
                                    members=[s.member for s in slots], by=by)
    game = game_services.table_code_issue(game=game, by=by)
    fixture.game = game
    fixture.save(update_fields=["game"])
    _audit(league, by, AuditEntry.Action.CREATE, "team_fixture", fixture.pk,
           after={"game": game.pk, "seats": [f"{s.team.name}: {s.member.display_name}" for s in slots]})
    return fixture


def _finish_if_done(match_day: MatchDay) -> None:
    fixtures = list(match_day.fixtures.select_related("game"))
    done = all(f.forfeited or (f.game is not None and f.game.status != Game.Status.IN_PROGRESS) for f in fixtures)
    if fixtures and done and match_day.finished_at is None:
        match_day.finished_at = timezone.now()
        match_day.save(update_fields=["finished_at"])
        team_match_day_finished.send(sender=MatchDay, match_day=match_day)


_FIXTURE_OF_GAME = PreparedRead("a game's fixture", Fixture, lambda *, game_id: (
    Fixture.objects.filter(game_id=game_id).select_related("match_day").order_by("pk")[:1]))


@receiver(game_finished, dispatch_uid="events.team_match_day_finished")
def _game_finished(sender, game, **kwargs) -> None:
    """A fixture's game finished: if it was its match day's last, the day is finished (notify announces it)."""
    if game_event_id(game, Fixture) is None:  # every game's end asks (most are no fixture's)
        return
    found = _FIXTURE_OF_GAME.rows(game_id=game.pk)
    fixture = found[0] if found else None
    if fixture is not None:
        _finish_if_done(MatchDay.objects.select_for_update(of=("self",)).get(pk=fixture.match_day_id))


def lineups_close_due(*, now: datetime.datetime | None = None) -> list[MatchDay]:
    """Close every match day's line-ups whose deadline has passed (Celery beat, ``events.team_lineups_due``).
    A day that cannot be closed (a team with nobody eligible, no forfeits allowed) waits for the organiser,
    who sees it on the schedule; the others close."""
    now = now or timezone.now()
    closed = []
    for day in MatchDay.objects.filter(lineups_closed_at__isnull=True, finished_at__isnull=True).select_related(
            "stage__league").order_by("starts_at"):
        if now < day.deadline:
            continue
        try:
            closed.append(lineups_close(match_day=day, by=None, now=now))
        except TeamLeagueRefused:
            continue
    return closed
