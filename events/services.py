"""Writes for club nights. Keyword-only, atomic, audited (``league.AuditEntry``), idempotent where
a table host or an admin may press twice: checking in twice is harmless, and a round seated twice
(two admins at once) gives one round (the night's row is locked; the round number is unique).

Refusals are :class:`NightRefused` (a ``ValidationError`` with a :class:`Refusal` code) whose
message is written for the person at the desk, in the page's language.
"""
from __future__ import annotations

import datetime
import enum
import itertools
from collections import Counter, defaultdict

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Club, Member
from core.audit import audit as _audit  # the one audit trail writer
from core.models import AuditEntry
from core.once import Once, claim_key, mark_claimed
from events import permissions, seating
from events.models import CheckIn, ClubNight, EndRule, NightRound, NightTable
from events.signals import night_closed, round_seated
from league.games import services as game_services
from league.models import Game, GameSeat, Season
from scoring.messages import settle_particles


class Refusal(enum.StrEnum):
    CLOSED = "closed"
    NOT_MEMBER = "not_member"
    INACTIVE = "inactive"
    SEASON = "season"
    TOO_FEW = "too_few"
    OUT_OF_DATE = "out_of_date"
    PLAYING = "playing"
    NOT_SEATED = "not_seated"
    SUBSTITUTE = "substitute"
    FINISHED = "finished"
    MINUTES = "minutes"
    REASON = "reason"


class NightRefused(ValidationError):
    def __init__(self, message: str, *, code: Refusal) -> None:
        super().__init__(message, code=code.value)
        self.refusal = code


def _actor(by):
    return by if by is not None and getattr(by, "is_authenticated", False) else None


def _require(ok: bool) -> None:
    if not ok:
        raise PermissionDenied(_("You may not do this for tonight's club night."))


def _locked(night: ClubNight) -> ClubNight:
    return (ClubNight.objects.select_for_update(of=("self",)).select_related("club", "season", "sanma_season")
            .get(pk=night.pk))


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
        _require(permissions.can_open_night(by, club))
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
        round_minutes=round_minutes, end_rule=EndRule(end_rule).value, created_by=_actor(by))
    _audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="club_night", object_id=night.pk,
           after={"season": season.pk, "sanma_season": sanma_season.pk if sanma_season else None,
                  "title": title, "date": night.date.isoformat(), "round_minutes": round_minutes,
                  "end_rule": night.end_rule})
    mark_claimed(claim, night, "club_night")
    return night


@transaction.atomic
def night_close(*, night: ClubNight, by) -> ClubNight:
    night = _locked(night)
    if by is not None:
        _require(permissions.can_open_night(by, night.club))
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
    night = _locked(night)
    if by is not None:
        _require(permissions.can_check_in(by, member, night.club))
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
            checkin = CheckIn.objects.create(night=night, member=member, checked_in_by=_actor(by))
    except IntegrityError:  # only without row locks (SQLite): the other request checked them in
        return CheckIn.objects.get(night=night, member=member), False
    _audit(club=night.club, by=by, action=AuditEntry.Action.CREATE, object_type="check_in", object_id=checkin.pk,
           after={"night": night.pk, "member": member.pk, "name": member.display_name})
    return checkin, True


def _playing_table(night: ClubNight, member: Member) -> NightTable | None:
    return (NightTable.objects.filter(round__night=night, game__status=Game.Status.IN_PROGRESS,
                                      game__seat_set__member=member)
            .select_related("game", "round").first())


@transaction.atomic
def leave(*, night: ClubNight, member: Member, by) -> CheckIn:
    """The member goes home: dropped from later rounds. Refused while they play at a table tonight
    (cancel that game or seat a substitute first, so no hand is lost)."""
    night = _locked(night)
    if by is not None:
        _require(permissions.can_check_in(by, member, night.club))
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
def _pairs(groups: dict[int, list[int]]) -> Counter:
    met: Counter = Counter()
    for members in groups.values():
        for a, b in itertools.combinations(sorted(members), 2):
            met[(a, b)] += 1
    return met


def _seat_groups(games) -> dict[int, list[int]]:
    groups: dict[int, list[int]] = defaultdict(list)
    for game_id, member_id in GameSeat.objects.filter(game__in=games).values_list("game_id", "member_id"):
        groups[game_id].append(member_id)
    return groups


def busy_member_ids(club: Club) -> set[int]:
    """Members seated at an unfinished game of the club (any season): they cannot take a second seat."""
    return set(GameSeat.objects.filter(game__club=club, game__status=Game.Status.IN_PROGRESS)
               .values_list("member_id", flat=True))


@transaction.atomic
def round_seat(*, night: ClubNight, number: int, by, seed: int | None = None) -> tuple[NightRound, bool]:
    """Seat round ``number`` (the one the admin's screen says is next) from those present and free.

    Returns ``(round, created)``. Pressed twice, or by two admins at once, it gives one round: the
    night's row is locked and the second request gets the round the first one seated.
    Members still playing an unfinished game are not seated (they join the round after).
    """
    night = _locked(night)
    if by is not None:
        _require(permissions.can_run_night(by, night.club))
    _check_open(night)
    last = night.rounds.order_by("-number").first()
    last_number = last.number if last else 0
    if number <= last_number:
        return night.rounds.get(number=number), False
    if number != last_number + 1:
        raise NightRefused(_("This screen is out of date: round %(n)s is the next round. Reload the page.")
                           % {"n": last_number + 1}, code=Refusal.OUT_OF_DATE)
    present = list(CheckIn.objects.filter(night=night, left_at__isnull=True, member__active=True)
                   .select_related("member").order_by("checked_in_at", "id"))
    busy = busy_member_ids(night.club)
    free = [c.member for c in present if c.member_id not in busy]
    three = sanma_allowed(night)
    need = 3 if three else 4
    if len(free) < need:
        still = len(present) - len(free)
        message = _("Only %(n)s players are free to play (at least %(need)s are needed).") % {
            "n": len(free), "need": need}
        if still:
            message += " " + _("%(n)s are still playing.") % {"n": still}
        raise NightRefused(message, code=Refusal.TOO_FEW)
    ids = [m.pk for m in free]
    night_games = Game.objects.filter(night_table__round__night=night)
    met_tonight = _pairs(_seat_groups(night_games))
    season_games = Game.objects.filter(season=night.season, status=Game.Status.FINISHED,
                                       seat_set__member__in=ids).distinct()
    season_met = _pairs(_seat_groups(season_games))
    sat_out: Counter = Counter()
    for r in night.rounds.all():
        sat_out.update(r.sitting_out or [])
    winds: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for member_id, seat in GameSeat.objects.filter(game__in=night_games).values_list("member_id", "seat"):
        winds[member_id][seat] += 1
    sanma = Counter(GameSeat.objects.filter(game__in=night_games.filter(seats=3).exclude(
        status=Game.Status.CANCELLED)).values_list("member_id", flat=True)) if three else None
    try:
        plan = seating.seat_round(ids, met_tonight=met_tonight, season_meetings=season_met, sat_out=sat_out,
                                  winds=winds, three_player_tables=three, seed=seed, sanma=sanma)
    except seating.SeatingError as exc:  # a last guard; the count above already explains it
        raise NightRefused(exc.message, code=Refusal.TOO_FEW) from exc
    try:
        with transaction.atomic():
            rnd = NightRound.objects.create(night=night, number=number, seated_by=_actor(by),
                                            minutes=night.round_minutes, end_rule=night.end_rule,
                                            sitting_out=list(plan.sitting_out))
    except IntegrityError:  # only without row locks (SQLite): the other admin's round stands
        return night.rounds.get(number=number), False
    by_id = {m.pk: m for m in free}
    # Tables of 4 first, then the 3-player tables (numbered after them), at the room's free tables.
    ordered = sorted(plan.tables, key=lambda t: -len(t))
    numbers = free_table_numbers(night, len(ordered))
    tables = [_table_start(night, rnd, k, [by_id[i] for i in table], by) for k, table in zip(numbers, ordered,
                                                                                                strict=True)]
    names = {m.pk: m.display_name for m in free}
    _audit(club=night.club, by=by, action=AuditEntry.Action.CREATE, object_type="night_round", object_id=rnd.pk,
           after={"night": night.pk, "number": number, "tables": [[names[i] for i in t] for t in ordered],
                  "games": [t.game_id for t in tables], "sitting_out": [names[i] for i in plan.sitting_out],
                  "still_playing": [c.member.display_name for c in present if c.member_id in busy]})
    round_seated.send(sender=NightRound, round=rnd)
    return rnd, True


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


def _table_start(night: ClubNight, rnd: NightRound, number: int, members: list[Member], by) -> NightTable:
    season = night.season if len(members) == 4 else night.sanma_season
    label = _("Round %(round)s · table %(table)s") % {"round": rnd.number, "table": number}
    game = game_services.game_start(season=season, table_label=label[:40], members=members, by=by)
    return NightTable.objects.create(round=rnd, game=game, label=str(number))


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
    night = _locked(night)
    if by is not None:
        _require(permissions.can_run_night(by, night.club))
    _check_open(night)
    last = night.rounds.order_by("-number").first()
    if last is None or last.number != number:
        raise NightRefused(_("This screen is out of date: round %(n)s is the round in play. Reload the page.")
                           % {"n": last.number if last else 1}, code=Refusal.OUT_OF_DATE)
    if last.tables.count() > tables_seen:
        return last.tables.order_by("-id").first(), False
    present = list(CheckIn.objects.filter(night=night, left_at__isnull=True, member__active=True)
                   .select_related("member").order_by("checked_in_at", "id"))
    busy = busy_member_ids(night.club)
    free = [c.member for c in present if c.member_id not in busy]
    size = 4 if len(free) >= 4 or not sanma_allowed(night) else 3
    if len(free) < size:
        raise NightRefused(_("Only %(n)s players are free to play (at least %(need)s are needed).") % {
            "n": len(free), "need": 3 if sanma_allowed(night) else 4}, code=Refusal.TOO_FEW)
    ids = [m.pk for m in free]
    night_games = Game.objects.filter(night_table__round__night=night)
    games: Counter = Counter(GameSeat.objects.filter(game__in=night_games.exclude(status=Game.Status.CANCELLED))
                             .values_list("member_id", flat=True))
    winds: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for member_id, seat in GameSeat.objects.filter(game__in=night_games).values_list("member_id", "seat"):
        winds[member_id][seat] += 1
    season_games = Game.objects.filter(season=night.season, status=Game.Status.FINISHED,
                                       seat_set__member__in=ids).distinct()
    sanma = Counter(GameSeat.objects.filter(game__in=night_games.filter(seats=3).exclude(
        status=Game.Status.CANCELLED)).values_list("member_id", flat=True))
    chosen = seating.pick_table(ids, size=size, games=games, met_tonight=_pairs(_seat_groups(night_games)),
                                season_meetings=_pairs(_seat_groups(season_games)), winds=winds, seed=seed,
                                sanma=sanma)
    by_id = {m.pk: m for m in free}
    table = _table_start(night, last, free_table_numbers(night, 1)[0], [by_id[i] for i in chosen], by)
    last.sitting_out = [i for i in (last.sitting_out or []) if i not in set(chosen)]
    last.save(update_fields=["sitting_out"])
    _audit(club=night.club, by=by, action=AuditEntry.Action.CREATE, object_type="night_table", object_id=table.pk,
           after={"night": night.pk, "round": last.number, "table": table.label, "game": table.game_id,
                  "players": [by_id[i].display_name for i in chosen]}, reason="added to the round in play")
    return table, True


# --- a table of the night --------------------------------------------------------------------
def _locked_table(table: NightTable) -> NightTable:
    return (NightTable.objects.select_for_update(of=("self",))
            .select_related("round__night__club", "game").get(pk=table.pk))


@transaction.atomic
def table_extra_time(*, table: NightTable, minutes: int, by, reason: str = "",
                     once: Once | None = None) -> NightTable:
    """A referee gives one table extra minutes (added to what it already has); ``once`` (the form's
    entry token): the same form sent twice adds them once."""
    table = _locked_table(table)
    club = table.round.night.club
    if by is not None:
        _require(permissions.can_run_night(by, club))
    claim = claim_key(once, scope="night_extra_time", by=by)
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 120:
        raise NightRefused(_("Extra time is a whole number of minutes from 1 to 120."), code=Refusal.MINUTES)
    before = table.extra_minutes
    table.extra_minutes = before + minutes
    table.save(update_fields=["extra_minutes"])
    _audit(club=club, by=by, action=AuditEntry.Action.EDIT, object_type="night_table", object_id=table.pk,
           before={"extra_minutes": before}, after={"extra_minutes": table.extra_minutes}, reason=reason)
    mark_claimed(claim, table, "night_table")
    return table


@transaction.atomic
def seat_substitute(*, table: NightTable, leaving: Member, substitute: Member, by, reason: str) -> Game:
    """A player leaves mid-game and ``substitute`` takes their seat (and the seat's score so far).

    The game goes on under the substitute's name: the seat's result is the substitute's (the
    club's rule for a replacement); the leaver is checked out. Audited with both names.
    """
    table = _locked_table(table)
    night = table.round.night
    if by is not None:
        _require(permissions.can_run_night(by, night.club))
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
    seat.member = substitute
    seat.save(update_fields=["member"])
    game.__dict__.pop("_seat_names", None)  # league.games.selectors.seat_names: read again
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
        _require(permissions.can_run_night(by, night.club))
    if not reason or not reason.strip():
        raise NightRefused(_("Say why the game is cancelled."), code=Refusal.REASON)
    if leaving is not None and not GameSeat.objects.filter(game=table.game, member=leaving).exists():
        raise NightRefused(_("%(name)s does not play at this table.") % {"name": leaving.display_name},
                           code=Refusal.NOT_SEATED)
    game = game_services.game_cancel(game=table.game, by=by, reason=reason)
    if leaving is not None:
        _leave_now(night, leaving, by)
    return game
