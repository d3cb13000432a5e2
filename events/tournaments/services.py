"""Writes for tournaments. Keyword-only, atomic, audited (``core.AuditEntry`` object types
``tournament``, ``entrant``, ``tournament_round``, ``tournament_table``; the games themselves are
audited by ``league.games.services``). Pressing twice is harmless where a desk may: registering, approving,
checking in and seating a round give the existing row back.

Refusals are :class:`TournamentRefused` (a ``ValidationError`` with a :class:`Refusal` code) whose
message is written for the organiser at the desk, in the page's language.
"""
from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from club.models import Club, Member
from core.audit import audit as _audit  # the one audit trail writer
from core.models import AuditEntry
from core.once import Once, claim_key, mark_claimed
from core.prepared import PreparedRead
from events import access, seating
from events.access import Occasion, actor
from events.error_codes import SeatingErrorCode
from events.error_codes import TournamentErrorCode as Refusal
from events.rounds import (
    RoundSeating,
    SeatingPlan,
    busy_member_ids,
    give_extra_time,
    met_counts,
    sat_out_counts,
    winds_taken,
)
from events.signals import tournament_cut, tournament_finished, tournament_round_finished, tournament_round_seated
from events.tables import game_event_id
from events.tournaments.models import (
    Carry,
    Entrant,
    SeatingMethod,
    Tournament,
    TournamentRound,
    TournamentTable,
    WithdrawalPolicy,
)
from league.games import seats as game_seats
from league.games import selectors as game_selectors
from league.games import services as game_services
from league.games.errors import HandRefused
from league.models import EndRule, Game, GameSeat, Penalty, Ruleset
from league.referee import services as referee_services
from league.seasons import services as season_services
from league.signals import game_finished


class TournamentRefused(ValidationError):
    def __init__(self, message: str, *, code: Refusal) -> None:
        super().__init__(message, code=code)
        self.refusal = code


TOURNAMENT_JOINS = ("club", "ruleset", "sanma_ruleset", "season", "sanma_season")  # read with a locked tournament


def players_per_table(tournament: Tournament) -> int:
    return tournament.ruleset.to_scoring().players


def sanma_tables(tournament: Tournament) -> bool:
    """Whether a leftover three plays a 3-player table (a 4-player event with a 3-player ruleset named)."""
    return players_per_table(tournament) == 4 and tournament.sanma_ruleset_id is not None


# --- the tournament -----------------------------------------------------------------------------
@transaction.atomic
def tournament_create(
    *, club: Club, by, name: str, ruleset: Ruleset, sanma_ruleset: Ruleset | None = None,
    starts_on: datetime.date | None = None, ends_on: datetime.date | None = None, rounds: int = 4,
    round_minutes: int | None = 90, end_rule: str = EndRule.FINISH_HAND,
    registration_opens: datetime.datetime | None = None, registration_closes: datetime.datetime | None = None,
    player_cap: int | None = None, team_size: int = 1, seating_method: str = SeatingMethod.BALANCED,
    cut_after: int | None = None, cut_to: int | None = None, carry: str = Carry.FULL,
    withdrawal_policy: str = WithdrawalPolicy.KEEP, public_results: bool | None = None, once: Once | None = None,
) -> Tournament:
    """Create a tournament and the season(s) its games are played in (named after it).

    ``public_results`` (결과 공개): whether visitors who are not members see its results; by default
    as the club's standings are (a private club's tournament is private)."""
    if by is not None:
        access.require(access.can_open_night(by, club), Occasion.TOURNAMENT)
    claim = claim_key(once, scope="tournament_create", by=by)  # Back + resubmit: one tournament
    name = (name or "").strip()
    if not name:
        raise TournamentRefused(_("Give the tournament a name."), code=Refusal.SETTINGS)
    for rs in (ruleset, sanma_ruleset):
        if rs is not None and rs.club_id not in (None, club.pk):
            raise TournamentRefused(_("That ruleset belongs to another club."), code=Refusal.RULESET)
    players = ruleset.to_scoring().players
    if sanma_ruleset is not None and (players != 4 or sanma_ruleset.to_scoring().players != 3):
        raise TournamentRefused(_("Tables of 3 need a 3-player ruleset next to a 4-player one."),
                                code=Refusal.RULESET)
    starts_on = starts_on or timezone.localdate()
    problems = []
    if rounds is None or rounds < 1:
        problems.append(_("A tournament has at least one round."))
    if ends_on is not None and ends_on < starts_on:
        problems.append(_("The last day cannot be before the first."))
    if registration_opens and registration_closes and registration_closes <= registration_opens:
        problems.append(_("Registration must close after it opens."))
    if player_cap is not None and player_cap < players:
        problems.append(_("The player cap must seat at least one table (%(n)s players).") % {"n": players})
    if team_size < 1:
        problems.append(_("A team has at least one player (1 = individual)."))
    if round_minutes is not None and round_minutes < 1:
        problems.append(_("A time limit is a whole number of minutes from 1."))
    if bool(cut_after) != bool(cut_to):
        problems.append(_("A cut needs both the round after which it happens and how many go through."))
    elif cut_after:
        if not 1 <= cut_after < rounds:
            problems.append(_("The cut must come after a round before the last one (1 to %(n)s).")
                            % {"n": rounds - 1})
        if cut_to < players:
            problems.append(_("At least %(n)s players must go through the cut (one table).") % {"n": players})
    try:
        method = SeatingMethod(seating_method).value
        carry = Carry(carry).value
        policy = WithdrawalPolicy(withdrawal_policy).value
        end_rule = EndRule(end_rule).value
    except ValueError:
        problems.append(_("Choose the seating, carry, withdrawal and end-of-time rules from the lists."))
    if problems:
        raise TournamentRefused(" ".join(problems), code=Refusal.SETTINGS)
    tournament = Tournament.objects.create(
        club=club, name=name, starts_on=starts_on, ends_on=ends_on, ruleset=ruleset, sanma_ruleset=sanma_ruleset,
        rounds=rounds, round_minutes=round_minutes, end_rule=end_rule, registration_opens=registration_opens,
        registration_closes=registration_closes, player_cap=player_cap, team_size=team_size, seating=method,
        cut_after=cut_after or None, cut_to=cut_to or None, carry=carry, withdrawal_policy=policy,
        public_results=club.public_standings if public_results is None else bool(public_results),
        created_by=actor(by))
    label = _("Tournament")
    tournament.season = season_services.season_create(
        club=club, name=f"[{label} #{tournament.pk}] {name}"[:120], ruleset=ruleset, starts_on=starts_on,
        ends_on=ends_on, by=None)
    if sanma_ruleset is not None:
        tournament.sanma_season = season_services.season_create(
            club=club, name=f"[{label} #{tournament.pk}] {name} (3)"[:120], ruleset=sanma_ruleset,
            starts_on=starts_on, ends_on=ends_on, by=None)
    tournament.save(update_fields=["season", "sanma_season"])
    _audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="tournament", object_id=tournament.pk,
           after={"name": name, "ruleset": ruleset.pk, "sanma_ruleset": sanma_ruleset.pk if sanma_ruleset else None,
                  "rounds": rounds, "player_cap": player_cap, "team_size": team_size, "seating": method,
                  "cut_after": cut_after, "cut_to": cut_to, "carry": carry, "season": tournament.season_id,
                  "public_results": tournament.public_results})
    mark_claimed(claim, tournament, "tournament")
    return tournament


@transaction.atomic
def tournament_publish(*, tournament: Tournament, public: bool, by) -> Tournament:
    """The 결과 공개 switch: the results, the board and the exports for everyone, or for the club's members."""
    tournament = access.locked(tournament, *TOURNAMENT_JOINS)
    if by is not None:
        access.require(access.can_open_night(by, tournament.club), Occasion.TOURNAMENT)
    if tournament.public_results != bool(public):
        before = tournament.public_results
        tournament.public_results = bool(public)
        tournament.save(update_fields=["public_results"])
        _audit(club=tournament.club, by=by, action=AuditEntry.Action.EDIT, object_type="tournament",
               object_id=tournament.pk, before={"public_results": before},
               after={"public_results": tournament.public_results})
    return tournament


# --- registration -------------------------------------------------------------------------------
def _approved_count(tournament: Tournament) -> int:
    return tournament.entrants.filter(status=Entrant.Status.APPROVED).count()


def _check_registration_open(tournament: Tournament, *, organiser: bool) -> None:
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentRefused(_("Registration is closed: the tournament has started."), code=Refusal.REGISTRATION)
    if organiser:
        return
    now = timezone.now()
    if tournament.registration_opens and now < tournament.registration_opens:
        raise TournamentRefused(_("Registration opens at %(at)s.") % {
            "at": timezone.localtime(tournament.registration_opens).strftime("%Y-%m-%d %H:%M")},
            code=Refusal.REGISTRATION)
    if tournament.registration_closes and now >= tournament.registration_closes:
        raise TournamentRefused(_("Registration closed at %(at)s.") % {
            "at": timezone.localtime(tournament.registration_closes).strftime("%Y-%m-%d %H:%M")},
            code=Refusal.REGISTRATION)


def _check_team(tournament: Tournament, team: str, *, member: Member | None = None) -> None:
    """A team event needs a team name, and a team holds at most ``team_size`` players."""
    if tournament.team_size <= 1:
        return
    if not team:
        raise TournamentRefused(_("This is a team event: write the player's team."), code=Refusal.SETTINGS)
    taken = tournament.entrants.filter(team=team).exclude(
        status__in=[Entrant.Status.WITHDRAWN, Entrant.Status.REJECTED])
    if member is not None:
        taken = taken.exclude(member=member)
    if taken.count() >= tournament.team_size:
        raise TournamentRefused(_("Team %(team)s already has %(n)s players.") % {"team": team,
                                                                                "n": tournament.team_size},
                                code=Refusal.SETTINGS)


def _entrant_after(e: Entrant) -> dict[str, Any]:
    return {"tournament": e.tournament_id, "member": e.member_id, "name": e.member.display_name,
            "status": e.status, "team": e.team, "guest": e.guest}


@transaction.atomic
def register(*, tournament: Tournament, member: Member, by, team: str = "") -> tuple[Entrant, bool]:
    """A member signs up (or the organiser signs them up): awaiting approval. Twice: (existing, False).

    A member who withdrew or was rejected signs up again as a new request.
    """
    tournament = access.locked(tournament, *TOURNAMENT_JOINS)
    organiser = by is None or access.can_run_night(by, tournament.club)
    if by is not None and not organiser:
        own = member.user_id is not None and member.user_id == getattr(by, "pk", None) and member.active
        access.require(own, Occasion.TOURNAMENT)
    if member.club_id != tournament.club_id:
        raise TournamentRefused(_("%(name)s is not a member of this club.") % {"name": member.display_name},
                                code=Refusal.NOT_MEMBER)
    _check_registration_open(tournament, organiser=organiser)
    team = (team or "").strip()[:60]
    existing = Entrant.objects.filter(tournament=tournament, member=member).first()
    if existing is not None and existing.status not in (Entrant.Status.WITHDRAWN, Entrant.Status.REJECTED):
        return existing, False
    _check_team(tournament, team, member=member)
    if existing is not None:
        before = _entrant_after(existing)
        existing.status, existing.team, existing.registered_at = Entrant.Status.PENDING, team, timezone.now()
        existing.decided_at = existing.withdrawn_at = existing.checked_in_at = None
        existing.save()
        _audit(club=tournament.club, by=by, action=AuditEntry.Action.EDIT, object_type="entrant",
               object_id=existing.pk, before=before, after=_entrant_after(existing), reason="registered again")
        return existing, True
    entrant = Entrant.objects.create(tournament=tournament, member=member, team=team)
    _audit(club=tournament.club, by=by, action=AuditEntry.Action.CREATE, object_type="entrant",
           object_id=entrant.pk, after=_entrant_after(entrant))
    return entrant, True


@transaction.atomic
def tournament_hosts_set(*, tournament: Tournament, members: list[Member], by) -> list[Member]:
    """The tournament's table hosts: they may enter hands at every table of it (issue 42 item 2)."""
    from events.rounds import event_hosts_set

    tournament = access.locked(tournament, *TOURNAMENT_JOINS)
    return event_hosts_set(event=tournament, members=members, by=by, object_type="tournament",
                           games=Game.objects.filter(tournament_table__round__tournament=tournament),
                           occasion=Occasion.TOURNAMENT)


@transaction.atomic
def register_guest(*, tournament: Tournament, name: str, by, team: str = "", once: Once | None = None) -> Entrant:
    """The organiser registers a guest by name: a club member without a login is created for the seat
    (the league game needs members in its seats) and approved at once (or waits past the cap).
    With ``once`` (the form's entry token) a second submission adds nobody (``AlreadyDone``)."""
    tournament = access.locked(tournament, *TOURNAMENT_JOINS)
    if by is not None:
        access.require(access.can_run_night(by, tournament.club), Occasion.TOURNAMENT)
    claim_key(once, scope="guest", by=by)
    name = " ".join((name or "").split())[:60]
    if not name:
        raise TournamentRefused(_("Write the guest's name."), code=Refusal.NAME)
    _check_registration_open(tournament, organiser=True)
    team = (team or "").strip()[:60]
    _check_team(tournament, team)
    if Member.objects.filter(club=tournament.club, display_name=name).exists():
        raise TournamentRefused(
            _("A member is already called %(name)s: register that member, or tell the guest apart "
              "(e.g. %(name)s (guest)).") % {"name": name}, code=Refusal.NAME)
    member = Member.objects.create(club=tournament.club, display_name=name, user=None, active=True, guest=True)
    _audit(club=tournament.club, by=by, action=AuditEntry.Action.CREATE, object_type="member", object_id=member.pk,
           after={"display_name": name, "guest_of_tournament": tournament.pk})
    entrant = Entrant.objects.create(tournament=tournament, member=member, guest=True, team=team)
    _audit(club=tournament.club, by=by, action=AuditEntry.Action.CREATE, object_type="entrant",
           object_id=entrant.pk, after=_entrant_after(entrant))
    return _decide(tournament, entrant, approve=True, by=by)


def _decide(tournament: Tournament, entrant: Entrant, *, approve: bool, by) -> Entrant:
    before = _entrant_after(entrant)
    if not approve:
        entrant.status = Entrant.Status.REJECTED
    elif tournament.player_cap is not None and _approved_count(tournament) >= tournament.player_cap:
        entrant.status = Entrant.Status.WAITING
    else:
        entrant.status = Entrant.Status.APPROVED
    entrant.decided_at = timezone.now()
    entrant.save(update_fields=["status", "decided_at"])
    _audit(club=tournament.club, by=by, action=AuditEntry.Action.EDIT, object_type="entrant", object_id=entrant.pk,
           before=before, after=_entrant_after(entrant))
    return entrant


def _locked_entrant(entrant: Entrant) -> tuple[Tournament, Entrant]:
    tournament = access.locked(entrant.tournament, *TOURNAMENT_JOINS)
    return tournament, access.locked(entrant, "member")


@transaction.atomic
def approve(*, entrant: Entrant, by, approve: bool = True) -> Entrant:
    """The organiser approves a request (past the cap it goes on the waiting list) or rejects it.

    Approving an approved entrant again changes nothing; a waiting entrant is approved once a place is free.
    """
    tournament, entrant = _locked_entrant(entrant)
    if by is not None:
        access.require(access.can_run_night(by, tournament.club), Occasion.TOURNAMENT)
    if entrant.status == Entrant.Status.APPROVED and approve:
        return entrant
    if entrant.status == Entrant.Status.WITHDRAWN:
        raise TournamentRefused(_("%(name)s has withdrawn: they must register again.")
                                % {"name": entrant.member.display_name}, code=Refusal.STATUS)
    if tournament.status != Tournament.Status.REGISTRATION and approve:
        raise TournamentRefused(_("The tournament has started: no new players can join."), code=Refusal.REGISTRATION)
    return _decide(tournament, entrant, approve=approve, by=by)


def _playing_table(tournament: Tournament, member: Member) -> TournamentTable | None:
    return (TournamentTable.objects.filter(round__tournament=tournament, game__status=Game.Status.IN_PROGRESS,
                                           game__seat_set__member=member).select_related("game").first())


@transaction.atomic
def withdraw(*, entrant: Entrant, by) -> Entrant:
    """The player (or the organiser) withdraws. Before the start the first on the waiting list moves up.
    During the event they are not seated in later rounds (their points per the tournament's policy);
    refused while they sit at an unfinished table (finish or cancel that game first: no hand is lost)."""
    tournament, entrant = _locked_entrant(entrant)
    if by is not None:
        own = entrant.member.user_id is not None and entrant.member.user_id == getattr(by, "pk", None)
        access.require(own or access.can_run_night(by, tournament.club), Occasion.TOURNAMENT)
    if entrant.status == Entrant.Status.WITHDRAWN:
        return entrant
    table = _playing_table(tournament, entrant.member)
    if table is not None:
        raise TournamentRefused(
            _("%(name)s is still playing at round %(round)s, table %(table)s: finish or cancel that game first.")
            % {"name": entrant.member.display_name, "round": table.round.number, "table": table.label},
            code=Refusal.PLAYING)
    before = _entrant_after(entrant)
    was_approved = entrant.status == Entrant.Status.APPROVED
    entrant.status = Entrant.Status.WITHDRAWN
    entrant.withdrawn_at = timezone.now()
    entrant.withdrawn_after_round = tournament.round_set.count() or None
    entrant.save(update_fields=["status", "withdrawn_at", "withdrawn_after_round"])
    _audit(club=tournament.club, by=by, action=AuditEntry.Action.EDIT, object_type="entrant", object_id=entrant.pk,
           before=before, after=_entrant_after(entrant), reason="withdrawn")
    if was_approved and tournament.status == Tournament.Status.REGISTRATION:
        nxt = tournament.entrants.filter(status=Entrant.Status.WAITING).order_by("registered_at", "id").first()
        if nxt is not None:
            _decide(tournament, nxt, approve=True, by=None)
    return entrant


@transaction.atomic
def check_in(*, entrant: Entrant, by, present: bool = True) -> Entrant:
    """Check an approved player in on the day (``present=False`` undoes it). Twice is harmless."""
    tournament, entrant = _locked_entrant(entrant)
    if by is not None:
        own = entrant.member.user_id is not None and entrant.member.user_id == getattr(by, "pk", None)
        access.require(own or access.can_run_night(by, tournament.club), Occasion.TOURNAMENT)
    if entrant.status != Entrant.Status.APPROVED:
        raise TournamentRefused(_("%(name)s is not an approved player (%(status)s).") % {
            "name": entrant.member.display_name, "status": entrant.get_status_display()}, code=Refusal.NOT_APPROVED)
    if (entrant.checked_in_at is not None) == present:
        return entrant
    entrant.checked_in_at = timezone.now() if present else None
    entrant.save(update_fields=["checked_in_at"])
    _audit(club=tournament.club, by=by, action=AuditEntry.Action.EDIT, object_type="entrant", object_id=entrant.pk,
           before={"checked_in": not present}, after={"checked_in": present, "name": entrant.member.display_name})
    return entrant


@transaction.atomic
def check_in_all(*, tournament: Tournament, by) -> list[Entrant]:
    """Check every approved player who is not in yet in at once (the desk's one action on the day).

    Returns the players checked in now (none: everyone was in already; twice is harmless). Pending,
    waiting and withdrawn entrants are left as they are. One audit entry a player, as ``check_in``."""
    tournament = access.locked(tournament, *TOURNAMENT_JOINS)
    access.require(access.can_run_night(by, tournament.club), Occasion.TOURNAMENT)
    entrants = list(Entrant.objects.select_for_update(of=("self",)).select_related("member")
                    .filter(tournament=tournament, status=Entrant.Status.APPROVED, checked_in_at__isnull=True)
                    .order_by("pk"))
    now = timezone.now()
    for entrant in entrants:
        entrant.checked_in_at = now
        entrant.save(update_fields=["checked_in_at"])
        _audit(club=tournament.club, by=by, action=AuditEntry.Action.EDIT, object_type="entrant",
               object_id=entrant.pk, before={"checked_in": False},
               after={"checked_in": True, "name": entrant.member.display_name})
    return entrants


# --- rounds ---------------------------------------------------------------------------------------
def _games(tournament: Tournament):
    return Game.objects.filter(tournament_table__round__tournament=tournament)


def _unfinished(rnd: TournamentRound) -> list[str]:
    return [t.label for t in rnd.tables.filter(game__status=Game.Status.IN_PROGRESS).order_by("id")]


_TABLE_OF_GAME = PreparedRead("a game's tournament table", TournamentTable, lambda *, game_id: (
    TournamentTable.objects.filter(game_id=game_id).select_related("round__tournament").order_by("pk")[:1]))


@receiver(game_finished, dispatch_uid="events.tournament_round_finished")
def _round_finished(sender, game, **kwargs) -> None:
    """A tournament table's game finished: if it was the round's last one playing, say so (notify posts
    the round's results)."""
    if game_event_id(game, TournamentTable) is None:  # every game's end asks (most are no tournament's)
        return
    found = _TABLE_OF_GAME.rows(game_id=game.pk)
    table = found[0] if found else None
    if table is not None and not _unfinished(table.round):
        tournament_round_finished.send(sender=TournamentRound, round=table.round)


def round_players(tournament: Tournament, number: int) -> list[Entrant]:
    """Who is seated in round ``number``: approved, checked in, not withdrawn (after the cut: finalists)."""
    qs = (tournament.entrants.filter(status=Entrant.Status.APPROVED, checked_in_at__isnull=False)
          .select_related("member").order_by("registered_at", "id"))
    players = list(qs)
    if tournament.stage_of(number) == 2:
        finalists = set(tournament.finalists or [])
        players = [e for e in players if e.member_id in finalists]
    return players


def _predefined(csv_text: str, number: int, names: dict[str, int], teams: dict[int, str], three: bool,
                size: int) -> seating.Round:
    rounds = seating.parse_rounds_csv(csv_text or "", players=list(names))
    rnd = rounds[number - 1] if len(rounds) >= number else (rounds[0] if len(rounds) == 1 else None)
    if rnd is None:
        raise seating.SeatingError(f"The file has no round {number}.", code=SeatingErrorCode.PREDEFINED)
    if size == 3:
        bad = [i for i, t in enumerate(rnd.tables, start=1) if len(t) != 3]
        if bad:
            raise seating.SeatingError(f"Tables {bad} do not have 3 players (a 3-player ruleset).",
                                       code=SeatingErrorCode.PREDEFINED)
        if len(rnd.sitting_out) > 2:
            raise seating.SeatingError(f"{len(rnd.sitting_out)} sit out, who could play.",
                                       code=SeatingErrorCode.PREDEFINED)
    else:
        seating.check_rounds([rnd], list(names), three_player_tables=three)
    seating.check_teams_rounds([rnd], {n: teams.get(i) for n, i in names.items() if teams.get(i)})
    return seating.Round(tables=[[names[p] for p in t] for t in rnd.tables],
                         sitting_out=[names[p] for p in rnd.sitting_out])


class TournamentSeating(RoundSeating):
    """A tournament's round (``events.rounds``): the checked-in players (after the cut, the finalists)
    seated by the round's method — balanced, random, Swiss by the standings, or an uploaded plan."""

    round_model = TournamentRound
    table_model = TournamentTable
    audit_type = "tournament_round"
    seated = tournament_round_seated

    def event_label(self) -> str:
        return self.event.name[:60]

    def __init__(self, tournament: Tournament, *, by, seed: int | None = None, method: str | None = None,
                 csv_text: str = "") -> None:
        super().__init__(tournament, by=by, seed=seed)
        self.method, self.csv_text = method, csv_text
        self.size = players_per_table(tournament)

    def refusal(self, message: str, code: str) -> TournamentRefused:
        return TournamentRefused(message, code=Refusal(code))

    def season_for(self, players: int):
        return self.event.season if players == self.size else self.event.sanma_season

    def after_seated(self, rnd: TournamentRound) -> None:
        if self.event.status == Tournament.Status.REGISTRATION:
            self.event.status = Tournament.Status.RUNNING
            self.event.save(update_fields=["status"])

    def prepare(self, number: int, last: TournamentRound | None) -> None:
        """Refused past the last round or while a table of the round before plays; the round after the
        cut first fixes the finalists from the standings."""
        tournament = self.event
        if number > tournament.rounds:
            raise TournamentRefused(_("All %(n)s rounds have been seated.") % {"n": tournament.rounds},
                                    code=Refusal.ALL_ROUNDS)
        waiting = _unfinished(last) if last is not None else []
        if waiting:
            raise TournamentRefused(
                _("Round %(n)s is not finished: table(s) %(tables)s are still playing. Enter their results "
                  "(or cancel a game) before seating round %(next)s.")
                % {"n": last.number, "tables": ", ".join(waiting), "next": number}, code=Refusal.UNFINISHED)
        if tournament.stage_of(number) == 2 and not tournament.finalists:
            self._cut()

    def _cut(self) -> None:
        from events.tournaments import standings

        tournament = self.event
        rows = standings.standings(tournament)
        tournament.finalists = [r["member_id"] for r in rows if r["active"]][: tournament.cut_to]
        tournament.save(update_fields=["finalists"])
        _audit(club=tournament.club, by=self.by, action=AuditEntry.Action.EDIT, object_type="tournament",
              object_id=tournament.pk, before={"finalists": []},
              after={"finalists": tournament.finalists, "after_round": tournament.cut_after,
                     "names": [r["name"] for r in rows[: tournament.cut_to]]}, reason="cut")
        tournament_cut.send(sender=Tournament, tournament=tournament)

    def _round_method(self, stage: int) -> str:
        """The method asked for (default: the tournament's); the final stage seats by rank (1–4, 5–8 …) unless the
        organiser picks a method for it (issue 42 item 11) or the tournament's seating is uploaded."""
        tournament = self.event
        method = self.method or tournament.seating
        if stage == 2 and self.method is None and tournament.seating != SeatingMethod.PREDEFINED:
            method = SeatingMethod.BY_RANK
        try:
            return SeatingMethod(method).value
        except ValueError:
            raise TournamentRefused(_("Choose a seating method from the list."), code=Refusal.PLAN) from None

    def plan(self, number: int) -> SeatingPlan:
        tournament = self.event
        entrants = round_players(tournament, number)
        three = sanma_tables(tournament)
        need = 3 if (three or self.size == 3) else 4
        if len(entrants) < need:
            raise TournamentRefused(
                _("Only %(n)s players are checked in and still playing (at least %(need)s are needed).")
                % {"n": len(entrants), "need": need}, code=Refusal.TOO_FEW)
        stage = tournament.stage_of(number)
        method = self._round_method(stage)
        try:
            planned = self._seat(number, method, entrants, three)
        except seating.SeatingError as exc:
            raise TournamentRefused(_plan_message(exc), code=Refusal.PLAN) from exc
        return SeatingPlan(round=planned, members={e.member_id: e.member for e in entrants},
                           round_fields={"stage": stage, "method": method})

    def _seat(self, number: int, method: str, entrants: list[Entrant], three: bool) -> seating.Round:
        """Round ``number`` by ``method`` (``seating.SeatingError`` when no plan can be made)."""
        from events.tournaments import standings

        tournament = self.event
        ids = [e.member_id for e in entrants]
        teams = {e.member_id: e.team for e in entrants if tournament.team_size > 1 and e.team}
        if method == SeatingMethod.PREDEFINED:
            return _predefined(self.csv_text, number, {e.member.display_name: e.member_id for e in entrants}, teams,
                               three, self.size)
        if method == SeatingMethod.BALANCED and not teams and self.size == 4:
            planned = _planned_round(tournament, number, ids, three)
            if planned is not None:
                return planned
        order, level = ids, None
        if method == SeatingMethod.BY_RANK:
            # The standings cut into tables — 1–4, 5–8 … — whoever met before (Swiss keeps them apart and put #1
            # with #6–#8, issue 42 item 11). Teams kept apart, or players left over for a short table: Swiss, the
            # seating nearest to rank that can do it.
            rows = standings.standings(tournament)
            rank = {r["member_id"]: i for i, r in enumerate(rows)}
            order = sorted(ids, key=lambda i: rank.get(i, len(rank)))
            if not teams and len(order) % self.size == 0:
                return seating.Round(tables=[order[k:k + self.size] for k in range(0, len(order), self.size)])
            method = SeatingMethod.SWISS
        if method == SeatingMethod.SWISS:
            rows = standings.standings(tournament)
            rank = {r["member_id"]: i for i, r in enumerate(rows)}
            order = sorted(ids, key=lambda i: rank.get(i, len(rank)))
            # Players level in the standings are drawn (round 1: everyone on 0), not left in registration order.
            level = {r["member_id"]: (r["finalist"], r["points"], tuple(r["placings"]), r["best_key"]) for r in rows}
        games = _games(tournament)
        return seating.tournament_round(
            order, method=method, met=met_counts(games.exclude(status=Game.Status.CANCELLED)),
            sat_out=sat_out_counts(tournament.round_set.all()), winds=winds_taken(games), teams=teams,
            table_size=self.size, three_player_tables=three, seed=self.seed, standing=level)


@transaction.atomic
def round_seat(*, tournament: Tournament, number: int, by, method: str | None = None, seed: int | None = None,
               csv_text: str = "") -> tuple[TournamentRound, bool]:
    """Seat round ``number`` (the one the desk shows next) with ``method`` (default: the tournament's;
    ``predefined`` reads ``csv_text``: ``round,table,east,south,west[,north]`` with players' names).

    Refused while a table of the round before is unfinished, past the last round, or when no plan can
    be made (the message says why; nothing is created). Pressed twice: ``(round, False)``.
    The first round starts the tournament (registration closes); the round after the cut fixes the
    finalists from the standings.
    """
    tournament = access.locked(tournament, *TOURNAMENT_JOINS)
    if by is not None:
        access.require(access.can_run_night(by, tournament.club), Occasion.TOURNAMENT)
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentRefused(_("The tournament is over."), code=Refusal.FINISHED)
    return TournamentSeating(tournament, by=by, seed=seed, method=method, csv_text=csv_text).seat(number)


def _planned_round(tournament: Tournament, number: int, ids: list[int], three: bool) -> seating.Round | None:
    """Round ``number`` of ``seating.plan`` for the whole first stage (no repeated meeting where one exists,
    seat winds spread), while the field is the one every earlier round was seated from by that plan.
    None when the field changed (a withdrawal) or an earlier round was seated otherwise."""
    if tournament.stage_of(number) != 1:
        return None
    stage_rounds = tournament.cut_after if tournament.has_cut else tournament.rounds
    field = sorted(ids)
    try:
        plan = seating.plan(len(field), stage_rounds, seed=tournament.pk, three_player_tables=three)
    except seating.SeatingError:
        return None
    rounds = [seating.Round(tables=[[field[p] for p in t] for t in r.tables],
                            sitting_out=[field[p] for p in r.sitting_out]) for r in plan.rounds]
    for earlier in tournament.round_set.order_by("number"):
        seated = {frozenset(t.game.seat_set.values_list("member_id", flat=True)) for t in earlier.tables.all()}
        if seated != {frozenset(t) for t in rounds[earlier.number - 1].tables}:
            return None
    return rounds[number - 1]


def _plan_message(exc: seating.SeatingError) -> str:
    if exc.code == "teams":
        return _("No seating keeps every team's players at different tables: there are too few tables "
                 "for the largest team (%(detail)s)") % {"detail": exc.message}
    if exc.code == "predefined":
        return _("The uploaded seating cannot be used (%(detail)s). Correct the file and upload it again.") % {
            "detail": exc.message}
    return _("No seating can be made: %(detail)s") % {"detail": exc.message}


# --- final scores only ------------------------------------------------------------------------------
def start_total(tournament_table: TournamentTable) -> tuple[int, int]:
    """(start total of the table, riichi stick value) under the game's ruleset."""
    rules = tournament_table.game.effective_ruleset.to_scoring()
    return rules.start_points * rules.players, rules.riichi_stick


@transaction.atomic
def table_scores(*, table: TournamentTable, scores: list[int], sticks: int = 0, by, reason: str = "") -> Game:
    """Enter a table's final scores only (seat order, East first) and the riichi sticks left on the table.

    They must add up to the start total (scores + sticks × stick value); the ruleset then gives the
    leftover sticks (to first place, or lost) and computes ranks and points (``scoring.final``). The game
    is finished with that result. Refused when hands were entered on the table screen (finish it there).
    Entering again corrects the scores (audited, ``reason`` needed).
    """
    table = access.locked(table, "round__tournament__club", "game")
    tournament = table.round.tournament
    if by is not None:
        access.require(access.can_run_night(by, tournament.club), Occasion.TOURNAMENT)
    game = Game.objects.select_for_update().get(pk=table.game_id)
    if game.status == Game.Status.CANCELLED:
        raise TournamentRefused(_("This game was cancelled."), code=Refusal.FINISHED)
    if game.hands.exclude(event__kind="result").exists():
        raise TournamentRefused(
            _("Hands were entered for this table on the table screen: finish the game there."),
            code=Refusal.HANDS_ENTERED)
    entered = game_selectors.entered_result(game) if table.entry == TournamentTable.Entry.SCORES else None
    correcting = entered is not None
    if correcting and not (reason or "").strip():
        raise TournamentRefused(_("Say why the scores are corrected."), code=Refusal.REASON)
    rules = game.effective_ruleset.to_scoring()
    if len(scores) != rules.players or any(isinstance(s, bool) or not isinstance(s, int) for s in scores):
        raise TournamentRefused(_("Enter a whole-number score for each of the %(n)s players.") % {"n": rules.players},
                                code=Refusal.SCORES)
    if isinstance(sticks, bool) or not isinstance(sticks, int) or sticks < 0:
        raise TournamentRefused(_("Riichi sticks left on the table are a whole number from 0."), code=Refusal.SCORES)
    if any(s % 100 for s in scores):
        raise TournamentRefused(_("Scores are in hundreds (e.g. 32,400)."), code=Refusal.SCORES)
    before = {"entry": table.entry, "scores": entered["scores"] if entered else None,
              "sticks": entered["sticks"] if entered else 0}
    # The game's result is a ``result`` event written by the games service (its only writer); the engine
    # checks that the scores and the sticks add up to the start (one check, in its words).
    try:
        game = game_services.game_result(game=game, scores=list(scores), sticks=sticks, by=by,
                                         reason=reason if correcting else "")
    except HandRefused as exc:
        if exc.error is None:
            raise
        raise TournamentRefused(exc.error.localized(get_language()), code=Refusal.SCORES) from exc
    table.entry = TournamentTable.Entry.SCORES  # the scores themselves are the game's result event
    table.save(update_fields=["entry"])
    data = {"points": game.final_points, "ranks": game.final_ranks}
    _audit(club=tournament.club, by=by, action=AuditEntry.Action.EDIT if correcting else AuditEntry.Action.CREATE,
           object_type="tournament_table", object_id=table.pk, before=before,
           after={"entry": "scores", "scores": list(scores), "sticks": sticks, "game": game.pk,
                  "points": data["points"], "ranks": data["ranks"]}, reason=reason)
    return game


@transaction.atomic
def table_extra_time(*, table: TournamentTable, minutes: int, by, reason: str = "",
                     once: Once | None = None) -> TournamentTable:
    """A referee gives one table extra minutes (added to what it already has); ``once`` (the form's
    entry token): the same form sent twice adds them once."""
    return give_extra_time(table=access.locked(table, "round__tournament__club"), minutes=minutes, by=by,
                           reason=reason, once=once, occasion=Occasion.TOURNAMENT, scope="tournament_extra_time",
                           object_type="tournament_table",
                           refuse=lambda message: TournamentRefused(message, code=Refusal.SETTINGS))


@transaction.atomic
def table_substitute(*, table: TournamentTable, leaving: Member, substitute: Member, by, reason: str) -> Game:
    """A player withdraws mid-game and ``substitute`` (a club member who is not a player of the tournament)
    plays the seat on from its score, so the other three's game still counts. The seat's result is the
    substitute's, which counts for nothing in the tournament; the leaver is withdrawn (their earlier games
    per the tournament's withdrawal policy). Audited with both names."""
    table = access.locked(table, "round__tournament__club", "game")
    tournament = table.round.tournament
    if by is not None:
        access.require(access.can_run_night(by, tournament.club), Occasion.TOURNAMENT)
    if not (reason or "").strip():
        raise TournamentRefused(_("Say why the seat changes hands."), code=Refusal.REASON)
    game = table.game
    if game.status != Game.Status.IN_PROGRESS:
        raise TournamentRefused(_("This game is over: its seats can no longer change."), code=Refusal.FINISHED)
    seat = GameSeat.objects.filter(game=game, member=leaving).first()
    if seat is None:
        raise TournamentRefused(_("%(name)s does not play at this table.") % {"name": leaving.display_name},
                                code=Refusal.NOT_MEMBER)
    if substitute.club_id != tournament.club_id or not substitute.active:
        raise TournamentRefused(_("%(name)s is not an active member of this club.") % {
            "name": substitute.display_name}, code=Refusal.NOT_MEMBER)
    if tournament.entrants.filter(member=substitute, status=Entrant.Status.APPROVED).exists():
        raise TournamentRefused(_("%(name)s plays in this tournament and cannot also take another player's seat.")
                                % {"name": substitute.display_name}, code=Refusal.PLAYING)
    if substitute.pk in busy_member_ids(tournament.club):
        raise TournamentRefused(_("%(name)s is playing at another table and cannot take a second seat.")
                                % {"name": substitute.display_name}, code=Refusal.PLAYING)
    before = {"seat": seat.seat, "member": leaving.pk, "name": leaving.display_name}
    game_seats.seat_substitute(game=game, leaving=leaving, joining=substitute)
    _audit(club=tournament.club, by=by, action=AuditEntry.Action.EDIT, object_type="game", object_id=game.pk,
           before=before, after={"seat": seat.seat, "member": substitute.pk, "name": substitute.display_name},
           reason=reason)
    entrant = tournament.entrants.filter(member=leaving).first()
    if entrant is not None and entrant.status != Entrant.Status.WITHDRAWN:
        withdraw(entrant=entrant, by=None)
    return game


@transaction.atomic
def table_cancel(*, table: TournamentTable, by, reason: str) -> Game:
    """Cancel a table's game (e.g. a player left mid-game); its hands stay on record, it counts for nothing."""
    tournament = table.round.tournament
    if by is not None:
        access.require(access.can_run_night(by, tournament.club), Occasion.TOURNAMENT)
    if not (reason or "").strip():
        raise TournamentRefused(_("Say why the game is cancelled."), code=Refusal.REASON)
    return game_services.game_cancel(game=table.game, by=by, reason=reason)


@transaction.atomic
def penalty(*, tournament: Tournament, member: Member, points: Decimal | float | int, reason: str, by,
            once: Once | None = None) -> Penalty:
    """Deduct tournament points (a league season deduction in the tournament's season); ``once`` (the
    form's entry token): the same form sent twice deducts once (``AlreadyDone``)."""
    if by is not None:
        access.require(access.can_run_night(by, tournament.club), Occasion.TOURNAMENT)
    if not (reason or "").strip():
        raise TournamentRefused(_("Say why the penalty is given."), code=Refusal.REASON)
    if not tournament.entrants.filter(member=member).exists():
        raise TournamentRefused(_("%(name)s does not play in this tournament.") % {"name": member.display_name},
                                code=Refusal.NOT_MEMBER)
    return referee_services.penalty_give(member=member, type="season_deduction", season=tournament.season,
                                        points=Decimal(str(points)), reason=reason, by=by, once=once)


@transaction.atomic
def tournament_finish(*, tournament: Tournament, by) -> Tournament:
    tournament = access.locked(tournament, *TOURNAMENT_JOINS)
    if by is not None:
        access.require(access.can_open_night(by, tournament.club), Occasion.TOURNAMENT)
    last = tournament.round_set.order_by("-number").first()
    if last is not None and _unfinished(last):
        raise TournamentRefused(_("Round %(n)s is not finished: table(s) %(tables)s are still playing.")
                                % {"n": last.number, "tables": ", ".join(_unfinished(last))},
                                code=Refusal.UNFINISHED)
    if tournament.status != Tournament.Status.FINISHED:
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
        _audit(club=tournament.club, by=by, action=AuditEntry.Action.EDIT, object_type="tournament",
               object_id=tournament.pk, before={"status": "running"}, after={"status": "finished"})
        tournament_finished.send(sender=Tournament, tournament=tournament)
    return tournament
