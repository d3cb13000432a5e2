"""Writes for club nights. Keyword-only, atomic, audited (``core.AuditEntry``), idempotent where
a table host or an admin may press twice: checking in twice is harmless, and a round seated twice
(two admins at once) gives one round (the night's row is locked; the round number is unique).

Refusals are :class:`NightRefused` (a ``ValidationError`` with a :class:`Refusal` code) whose
message is written for the person at the desk, in the page's language.
"""
from __future__ import annotations

import datetime
import itertools
from collections import Counter

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Club, Member
from core.audit import audit as _audit  # the one audit trail writer
from core.models import AuditEntry
from core.once import Once, claim_key, mark_claimed
from events import access, open_games, seating
from events.access import Occasion, actor
from events.error_codes import NightErrorCode as Refusal
from events.nights.models import CheckIn, ClubNight, NightRound, NightTable
from events.rounds import (
    RoundSeating,
    SeatingPlan,
    busy_member_ids,
    event_hosts_set,
    give_extra_time,
    met_counts,
    sat_out_counts,
    winds_taken,
)
from events.signals import night_closed, round_seated
from league.games import seats as game_seats
from league.games import services as game_services
from league.models import EndRule, Game, GameSeat, Season
from scoring.messages import settle_particles

__all__ = ["NightRefused", "Refusal", "busy_member_ids"]  # busy_member_ids: the desk's views ask it here


class NightRefused(ValidationError):
    def __init__(self, message: str, *, code: Refusal) -> None:
        super().__init__(message, code=code)
        self.refusal = code


NIGHT_JOINS = ("club", "season", "sanma_season")  # what a locked night is read with


def _check_open(night: ClubNight) -> None:
    if not night.is_open:
        raise NightRefused(_("This club night is closed."), code=Refusal.CLOSED)


def _check_member(night: ClubNight, member: Member) -> None:
    if member.club_id != night.club_id:  # never named: the name belongs to another club
        raise NightRefused(_("That person is not a member of this club."), code=Refusal.NOT_MEMBER)
    if not member.active:
        raise NightRefused(settle_particles(_("%(name)s is not an active member.") % {"name": member.display_name}),
                           code=Refusal.INACTIVE)


def sanma_allowed(night: ClubNight) -> bool:
    """Whether a leftover three may play: the night names a season under a 3-player ruleset."""
    if night.sanma_season_id is None:
        return False
    return night.sanma_season.ruleset.to_scoring().players == 3


# --- the night ------------------------------------------------------------------------------
@transaction.atomic
def night_open(*, club: Club, season: Season, by, sanma_season: Season | None = None, title: str = "",
               date: datetime.date | None = None, round_minutes: int | None = 80,
               end_rule: str = EndRule.FINISH_HAND, once: Once | None = None) -> ClubNight:
    """Open a club night. ``once`` (the form's entry token): Back + resubmit opens one night, not two
    (``AlreadyDone``, whose ``record.object_id`` is the night)."""
    if by is not None:
        access.require(access.can_open_night(by, club), Occasion.NIGHT)
    claim = claim_key(once, scope="night_open", by=by)
    if season.club_id != club.pk or (sanma_season is not None and sanma_season.club_id != club.pk):
        raise NightRefused(_("That season belongs to another club."), code=Refusal.SEASON)
    if season.ruleset.to_scoring().players != 4:
        raise NightRefused(_("The night's season must be a 4-player season."), code=Refusal.SEASON)
    if sanma_season is not None and sanma_season.ruleset.to_scoring().players != 3:
        raise NightRefused(_("The season for leftover threes must use a 3-player ruleset."), code=Refusal.SEASON)
    if round_minutes is not None and round_minutes < 1:
        raise NightRefused(_("A time limit is a whole number of minutes from 1."), code=Refusal.MINUTES)
    night = ClubNight.objects.create(
        club=club, season=season, sanma_season=sanma_season, title=title, date=date or timezone.localdate(),
        round_minutes=round_minutes, end_rule=EndRule(end_rule).value, created_by=actor(by))
    _audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="club_night", object_id=night.pk,
           after={"season": season.pk, "sanma_season": sanma_season.pk if sanma_season else None,
                  "title": title, "date": night.date.isoformat(), "round_minutes": round_minutes,
                  "end_rule": night.end_rule})
    mark_claimed(claim, night, "club_night")
    return night


@transaction.atomic
def night_close(*, night: ClubNight, by) -> ClubNight:
    night = access.locked(night, *NIGHT_JOINS)
    if by is not None:
        access.require(access.can_open_night(by, night.club), Occasion.NIGHT)
    if not night.is_open:
        return night
    night.status, night.closed_at = ClubNight.Status.CLOSED, timezone.now()
    night.save(update_fields=["status", "closed_at"])
    _audit(club=night.club, by=by, action=AuditEntry.Action.EDIT, object_type="club_night", object_id=night.pk,
           before={"status": "open"}, after={"status": "closed"})
    night_closed.send(sender=ClubNight, night=night)
    return night


# --- check-in -------------------------------------------------------------------------------
@transaction.atomic
def check_in(*, night: ClubNight, member: Member, by) -> tuple[CheckIn, bool]:
    """Check ``member`` in (a late arrival joins the next round). Twice is harmless: (existing, False).

    A member who left and comes back is checked in again (their check-in is reopened).
    """
    night = access.locked(night, *NIGHT_JOINS)
    if by is not None:
        access.require(access.can_check_in(by, member, night.club), Occasion.NIGHT)
    _check_open(night)
    _check_member(night, member)
    existing = CheckIn.objects.filter(night=night, member=member).first()
    if existing is not None and existing.present:
        return existing, False
    if existing is not None:
        existing.left_at = None
        existing.save(update_fields=["left_at"])
        _audit(club=night.club, by=by, action=AuditEntry.Action.EDIT, object_type="check_in",
               object_id=existing.pk, before={"member": member.pk, "present": False},
               after={"member": member.pk, "present": True}, reason="back")
        return existing, True
    try:
        with transaction.atomic():
            checkin = CheckIn.objects.create(night=night, member=member, checked_in_by=actor(by))
    except IntegrityError:  # only without row locks (SQLite): the other request checked them in
        return CheckIn.objects.get(night=night, member=member), False
    _audit(club=night.club, by=by, action=AuditEntry.Action.CREATE, object_type="check_in", object_id=checkin.pk,
           after={"night": night.pk, "member": member.pk, "name": member.display_name})
    return checkin, True


@transaction.atomic
def night_hosts_set(*, night: ClubNight, members: list[Member], by) -> list[Member]:
    """"이 밤의 진행자": the table hosts who may enter hands at every table of the night (issue 42 item 2)."""
    night = access.locked(night, *NIGHT_JOINS)
    return event_hosts_set(event=night, members=members, by=by, object_type="club_night",
                           games=Game.objects.filter(night_table__round__night=night), occasion=Occasion.NIGHT)


WALK_INS_AT_ONCE = 60


@transaction.atomic
def walk_ins_add(*, night: ClubNight, names: list[str], by, once: Once | None = None) -> list[Member]:
    """The desk adds walk-ins by name in one step (issue 42 item 3): each a guest member (no login), checked
    in. All or nothing: a name already in the club (or twice in the list) is refused, naming it."""
    from club import services as club_services

    night = access.locked(night, *NIGHT_JOINS)
    if by is not None:
        access.require(access.can_run_night(by, night.club), Occasion.NIGHT)
    _check_open(night)
    claim = claim_key(once, scope="walk_ins", by=by)
    cleaned = [" ".join(n.split())[:60] for n in names if n and n.strip()][:WALK_INS_AT_ONCE]
    if not cleaned:
        raise NightRefused(_("Write the walk-in's name (one name a line)."), code=Refusal.NAME)
    seen: set[str] = set()
    taken = set(Member.objects.filter(club=night.club, display_name__in=cleaned).values_list("display_name", flat=True))
    for name in cleaned:
        if name in taken or name in seen:
            raise NightRefused(settle_particles(
                _("%(name)s is already a member's name: check that member in, or tell the walk-in apart "
                  "(e.g. %(name)s 2). Nobody was added.") % {"name": name}), code=Refusal.NAME)
        seen.add(name)
    added = []
    for name in cleaned:
        member = club_services.guest_enrol(club=night.club, display_name=name, by=by,
                                           reason=_("Walk-in at %(night)s") % {"night": night})
        check_in(night=night, member=member, by=by)
        added.append(member)
    mark_claimed(claim, night, "club_night")
    return added


@transaction.atomic
def check_in_all(*, night: ClubNight, by, member_ids: list[int] | None = None) -> list[Member]:
    """Check in every member on the desk's list at once (the desk's "모두 체크인"; ``member_ids``: the list the
    desk saw, so a member added since is not checked in unseen). Returns those checked in now."""
    night = access.locked(night, *NIGHT_JOINS)
    if by is not None:
        access.require(access.can_run_night(by, night.club), Occasion.NIGHT)
    _check_open(night)
    done = []
    from events.nights.selectors import members_not_checked_in

    for member in members_not_checked_in(night):
        if member_ids is not None and member.pk not in member_ids:
            continue
        if check_in(night=night, member=member, by=by)[1]:
            done.append(member)
    return done


def _playing_table(night: ClubNight, member: Member) -> NightTable | None:
    return (NightTable.objects.filter(round__night=night, game__status=Game.Status.IN_PROGRESS,
                                      game__seat_set__member=member)
            .select_related("game", "round").first())


@transaction.atomic
def leave(*, night: ClubNight, member: Member, by) -> CheckIn:
    """The member goes home: dropped from later rounds. Refused while they play at a table tonight
    (cancel that game or seat a substitute first, so no hand is lost)."""
    night = access.locked(night, *NIGHT_JOINS)
    if by is not None:
        access.require(access.can_check_in(by, member, night.club), Occasion.NIGHT)
    checkin = CheckIn.objects.filter(night=night, member=member).first()
    if checkin is None:
        raise NightRefused(_("%(name)s has not checked in tonight.") % {"name": member.display_name},
                           code=Refusal.NOT_SEATED)
    if not checkin.present:
        return checkin
    table = _playing_table(night, member)
    if table is not None:
        raise NightRefused(
            _("%(name)s is still playing at table %(table)s: cancel that game or seat a substitute first.")
            % {"name": member.display_name, "table": table.label}, code=Refusal.PLAYING)
    checkin.left_at = timezone.now()
    checkin.save(update_fields=["left_at"])
    _audit(club=night.club, by=by, action=AuditEntry.Action.EDIT, object_type="check_in", object_id=checkin.pk,
           before={"member": member.pk, "present": True}, after={"member": member.pk, "present": False},
           reason="left")
    return checkin


# --- rounds ---------------------------------------------------------------------------------
def _here(night: ClubNight) -> tuple[list[CheckIn], set[int], list[Member]]:
    """Tonight's present check-ins (in arrival order), the members busy at an unfinished game, and
    the present members free to play."""
    present = list(CheckIn.objects.filter(night=night, left_at__isnull=True, member__active=True)
                   .select_related("member").order_by("checked_in_at", "id"))
    busy = busy_member_ids(night.club)
    return present, busy, [c.member for c in present if c.member_id not in busy]


def _sanma_counts(night_games) -> Counter:
    """Per member, the 3-player tables they played tonight (a cancelled one does not count)."""
    return Counter(GameSeat.objects.filter(game__in=night_games.filter(seats=3).exclude(
        status=Game.Status.CANCELLED)).values_list("member_id", flat=True))


def _season_games(night: ClubNight, ids: list[int]):
    return Game.objects.filter(season=night.season, status=Game.Status.FINISHED, seat_set__member__in=ids).distinct()


class NightSeating(RoundSeating):
    """A night's round (``events.rounds``): those present and free, seated by ``seating.seat_round`` at
    the room's free tables; who is still playing joins the round after."""

    round_model = NightRound
    table_model = NightTable
    audit_type = "night_round"
    seated = round_seated

    def refusal(self, message: str, code: str) -> NightRefused:
        return NightRefused(message, code=Refusal(code))

    def event_label(self) -> str:
        from django.utils.formats import date_format

        return date_format(self.event.date, "MONTH_DAY_FORMAT")

    def season_for(self, players: int) -> Season:
        return self.event.season if players == 4 else self.event.sanma_season

    def table_numbers(self, count: int) -> list[int]:
        # Tables of 4 first, then the 3-player tables (numbered after them), at the room's free tables.
        return free_table_numbers(self.event, count)

    def plan(self, number: int) -> SeatingPlan:
        night = self.event
        present, busy, free = _here(night)
        three = sanma_allowed(night)
        need = 3 if three else 4
        if len(free) < need:
            still = len(present) - len(free)
            message = _("Only %(n)s players are free to play (at least %(need)s are needed).") % {
                "n": len(free), "need": need}
            if still:  # who: "already seated" names the members, as the start form's refusal does
                message += " " + _("%(n)s are still at a game in progress: %(names)s.") % {
                    "n": still, "names": ", ".join(c.member.display_name for c in present if c.member_id in busy)}
            raise NightRefused(message, code=Refusal.TOO_FEW)
        ids = [m.pk for m in free]
        night_games = Game.objects.filter(night_table__round__night=night)
        try:
            planned = seating.seat_round(
                ids, met_tonight=met_counts(night_games), season_meetings=met_counts(_season_games(night, ids)),
                sat_out=sat_out_counts(night.rounds.all()), winds=winds_taken(night_games),
                three_player_tables=three, seed=self.seed, sanma=_sanma_counts(night_games) if three else None)
        except seating.SeatingError as exc:  # a last guard; the count above already explains it
            raise NightRefused(exc.message, code=Refusal.TOO_FEW) from exc
        return SeatingPlan(round=planned, members={m.pk: m for m in free},
                           notes={"still_playing": [c.member.display_name for c in present if c.member_id in busy]})


@transaction.atomic
def round_seat(*, night: ClubNight, number: int, by, seed: int | None = None) -> tuple[NightRound, bool]:
    """Seat round ``number`` (the one the admin's screen says is next) from those present and free.

    Returns ``(round, created)``. Pressed twice, or by two admins at once, it gives one round: the
    night's row is locked and the second request gets the round the first one seated.
    Members still playing an unfinished game are not seated (they join the round after).
    """
    night = access.locked(night, *NIGHT_JOINS)
    if by is not None:
        access.require(access.can_run_night(by, night.club), Occasion.NIGHT)
    _check_open(night)
    return NightSeating(night, by=by, seed=seed).seat(number)


# --- the room's tables -----------------------------------------------------------------------
def table_number(table: NightTable) -> int | None:
    """The room's number of a night's table (its label), None for a label that is not a number."""
    return int(table.label) if table.label.isdigit() else None


def free_table_numbers(night: ClubNight, count: int) -> list[int]:
    """The ``count`` lowest table numbers of the room no game of the night is playing at.

    A night's tables are the room's tables: table 2 is the same table in every round. A round (or an
    added table) seated while other tables still play takes the numbers those tables leave free.
    """
    taken = {table_number(t) for t in NightTable.objects.filter(round__night=night,
                                                                game__status=Game.Status.IN_PROGRESS)}
    return list(itertools.islice((n for n in itertools.count(1) if n not in taken), count))


@transaction.atomic
def round_add_table(*, night: ClubNight, number: int, tables_seen: int, by,
                    seed: int | None = None) -> tuple[NightTable, bool]:
    """Seat one more table in round ``number`` (the round in play) from the players free now.

    For late arrivals, those who sat the round out, or a table whose game ended early: those who
    played fewest games tonight sit down first (``seating.pick_table``), at the room's lowest free
    table number. ``tables_seen`` is how many tables the organiser's screen showed for the round: a
    second press (or a second organiser) finds the round grown and gets that table back,
    ``(table, False)``; the night's row is locked.
    """
    night = access.locked(night, *NIGHT_JOINS)
    if by is not None:
        access.require(access.can_run_night(by, night.club), Occasion.NIGHT)
    _check_open(night)
    last = night.rounds.order_by("-number").first()
    if last is None or last.number != number:
        raise NightRefused(_("This screen is out of date: round %(n)s is the round in play. Reload the page.")
                           % {"n": last.number if last else 1}, code=Refusal.OUT_OF_DATE)
    if last.tables.count() > tables_seen:
        return last.tables.order_by("-id").first(), False
    free = _here(night)[2]
    size = 4 if len(free) >= 4 or not sanma_allowed(night) else 3
    if len(free) < size:
        raise NightRefused(_("Only %(n)s players are free to play (at least %(need)s are needed).") % {
            "n": len(free), "need": 3 if sanma_allowed(night) else 4}, code=Refusal.TOO_FEW)
    ids = [m.pk for m in free]
    night_games = Game.objects.filter(night_table__round__night=night)
    games: Counter = Counter(GameSeat.objects.filter(game__in=night_games.exclude(status=Game.Status.CANCELLED))
                             .values_list("member_id", flat=True))
    chosen = seating.pick_table(ids, size=size, games=games, met_tonight=met_counts(night_games),
                                season_meetings=met_counts(_season_games(night, ids)),
                                winds=winds_taken(night_games), seed=seed, sanma=_sanma_counts(night_games))
    by_id = {m.pk: m for m in free}
    table = NightSeating(night, by=by).start_table(last, free_table_numbers(night, 1)[0], [by_id[i] for i in chosen])
    last.sitting_out = [i for i in (last.sitting_out or []) if i not in set(chosen)]
    last.save(update_fields=["sitting_out"])
    _audit(club=night.club, by=by, action=AuditEntry.Action.CREATE, object_type="night_table", object_id=table.pk,
           after={"night": night.pk, "round": last.number, "table": table.label, "game": table.game_id,
                  "players": [by_id[i].display_name for i in chosen]}, reason="added to the round in play")
    return table, True


# --- a table of the night --------------------------------------------------------------------
def _locked_table(table: NightTable) -> NightTable:
    return access.locked(table, "round__night__club", "game")


@transaction.atomic
def table_extra_time(*, table: NightTable, minutes: int, by, reason: str = "",
                     once: Once | None = None) -> NightTable:
    """A referee gives one table extra minutes (added to what it already has); ``once`` (the form's
    entry token): the same form sent twice adds them once."""
    return give_extra_time(table=_locked_table(table), minutes=minutes, by=by, reason=reason, once=once,
                           occasion=Occasion.NIGHT, scope="night_extra_time", object_type="night_table",
                           refuse=lambda message: NightRefused(message, code=Refusal.MINUTES))


@transaction.atomic
def seat_substitute(*, table: NightTable, leaving: Member, substitute: Member, by, reason: str) -> Game:
    """A player leaves mid-game and ``substitute`` takes their seat (and the seat's score so far).

    The game goes on under the substitute's name: the seat's result is the substitute's (the
    club's rule for a replacement); the leaver is checked out. Audited with both names.
    """
    table = _locked_table(table)
    night = table.round.night
    if by is not None:
        access.require(access.can_run_night(by, night.club), Occasion.NIGHT)
    if not reason or not reason.strip():
        raise NightRefused(_("Say why the seat changes hands."), code=Refusal.REASON)
    game = table.game
    if game.status != Game.Status.IN_PROGRESS:
        raise NightRefused(_("This game is over: its seats can no longer change."), code=Refusal.FINISHED)
    seat = GameSeat.objects.filter(game=game, member=leaving).first()
    if seat is None:
        raise NightRefused(_("%(name)s does not play at this table.") % {"name": leaving.display_name},
                           code=Refusal.NOT_SEATED)
    _check_member(night, substitute)
    if substitute.pk == leaving.pk or GameSeat.objects.filter(game=game, member=substitute).exists():
        raise NightRefused(_("%(name)s already plays at this table.") % {"name": substitute.display_name},
                           code=Refusal.SUBSTITUTE)
    if substitute.pk in busy_member_ids(night.club):
        raise NightRefused(_("%(name)s is playing at another table and cannot take a second seat.")
                           % {"name": substitute.display_name}, code=Refusal.PLAYING)
    before = {"seat": seat.seat, "member": leaving.pk, "name": leaving.display_name}
    game_seats.seat_substitute(game=game, leaving=leaving, joining=substitute)
    check_in(night=night, member=substitute, by=None)
    _leave_now(night, leaving, by)
    _audit(club=night.club, by=by, action=AuditEntry.Action.EDIT, object_type="game", object_id=game.pk,
           before=before, after={"seat": seat.seat, "member": substitute.pk, "name": substitute.display_name},
           reason=reason)
    return game


def _leave_now(night: ClubNight, member: Member, by) -> None:
    checkin = CheckIn.objects.filter(night=night, member=member, left_at__isnull=True).first()
    if checkin is not None:
        checkin.left_at = timezone.now()
        checkin.save(update_fields=["left_at"])
        _audit(club=night.club, by=by, action=AuditEntry.Action.EDIT, object_type="check_in",
               object_id=checkin.pk, before={"member": member.pk, "present": True},
               after={"member": member.pk, "present": False}, reason="left mid-game")


@transaction.atomic
def table_cancel(*, table: NightTable, by, reason: str, leaving: Member | None = None) -> Game:
    """A player leaves mid-game and nobody takes the seat: the game is cancelled (its hands are kept
    on record, counted for nothing); the leaver, if named, is checked out."""
    table = _locked_table(table)
    night = table.round.night
    if by is not None:
        access.require(access.can_run_night(by, night.club), Occasion.NIGHT)
    if not reason or not reason.strip():
        raise NightRefused(_("Say why the game is cancelled."), code=Refusal.REASON)
    if leaving is not None and not GameSeat.objects.filter(game=table.game, member=leaving).exists():
        raise NightRefused(_("%(name)s does not play at this table.") % {"name": leaving.display_name},
                           code=Refusal.NOT_SEATED)
    game = game_services.game_cancel(game=table.game, by=by, reason=reason)
    if leaving is not None:
        _leave_now(night, leaving, by)
    return game


@transaction.atomic
def night_close_settling(*, night: ClubNight, by, decisions: dict[int, open_games.Settle | str],
                         note: str = "") -> tuple[ClubNight, list[str]]:
    """Close the night after deciding, for each of its tables still playing, what happens to its game
    (``open_games.Settle``: end at time, end by a referee, cancel, keep; a table with no hands is cancelled).

    Refused (nothing done) while a table still playing has no decision: the organiser is asked first. A table whose
    game cannot be settled as decided stays playing and is named (table, why) in the list returned; the other
    tables are settled and the night is closed (issue 42 item 4).
    """
    playing = open_games.open_games(night.club, night=night)
    missing = [g for g in playing if g.game.pk not in decisions]
    if missing:
        raise ValidationError(_("Say what happens to each table still playing: %(tables)s.") % {
            "tables": ", ".join(g.label for g in missing)}, code=Refusal.UNDECIDED)
    reason = note.strip() or _("The club night is closed.")
    refused: list[str] = []
    for g in playing:
        action, why = decisions[g.game.pk], reason
        if action != open_games.Settle.KEEP and not g.hands:  # issue 42 item 5: an unplayed game is not scored
            action = open_games.Settle.CANCEL
            why = f'{_("No hand was played: the game is cancelled, not scored.")} {reason}'
        try:
            with transaction.atomic():
                open_games.settle_game(game=g.game, action=action, note=why, by=by)
        except ValidationError as exc:
            refused.append(f"{g.label}: {open_games.refusal_words(exc)}")
    return night_close(night=night, by=by), refused
