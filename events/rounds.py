"""Seating a round and timing its tables: the one skeleton club nights and tournaments follow.

:class:`RoundSeating` seats round ``number`` of an event in the same steps for both:

1. the number the organiser's screen showed: a round already seated is given back (a second press, a
   second desk: ``(round, False)``); any other number than the next is refused as out of date;
2. :meth:`~RoundSeating.prepare` — the event's own checks before seating (a tournament's last round,
   its unfinished tables, its cut);
3. :meth:`~RoundSeating.plan` — who plays where (each event's own seating, ``events.seating``);
4. the round row (unique per event and number: without row locks the other request's round stands),
   a league game per table (:meth:`~RoundSeating.start_table`), the audit entry and the event's signal.

The caller (the event's service) locks the event's row and checks who may seat first (``events.access``).
The history a seating weighs — who met whom, the winds each player had, who sat out — is read by
:func:`met_counts`, :func:`winds_taken` and :func:`sat_out_counts`. :func:`give_extra_time` is the
timed tables' one extra-time write.
"""
from __future__ import annotations

import abc
import itertools
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.dispatch import Signal
from django.utils.translation import gettext as _

from club.models import Club, Member
from core.audit import audit
from core.models import AuditEntry
from core.once import Once, claim_key, mark_claimed
from events import access, seating
from events.timed import TimedRound, TimedTable
from league.games import services as game_services
from league.games.clock import TimeLimit
from league.models import EndRule, Game, GameSeat, Season


# --- the history a seating weighs ---------------------------------------------------------------
def busy_member_ids(club: Club) -> set[int]:
    """Members seated at an unfinished game of the club (any season): they cannot take a second seat."""
    return set(GameSeat.objects.filter(game__club=club, game__status=Game.Status.IN_PROGRESS)
               .values_list("member_id", flat=True))


def met_counts(games: models.QuerySet[Game]) -> Counter:
    """How often each pair of members (the smaller id first) sat at one of ``games``."""
    groups: dict[int, list[int]] = defaultdict(list)
    for game_id, member_id in GameSeat.objects.filter(game__in=games).values_list("game_id", "member_id"):
        groups[game_id].append(member_id)
    met: Counter = Counter()
    for members in groups.values():
        for a, b in itertools.combinations(sorted(members), 2):
            met[(a, b)] += 1
    return met


def winds_taken(games: models.QuerySet[Game]) -> dict[int, list[int]]:
    """Per member, how often they sat East, South, West and North at ``games``."""
    winds: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for member_id, seat in GameSeat.objects.filter(game__in=games).values_list("member_id", "seat"):
        winds[member_id][seat] += 1
    return winds


def sat_out_counts(rounds: Iterable[TimedRound]) -> Counter:
    """Per member id, how many of ``rounds`` they sat out."""
    sat_out: Counter = Counter()
    for r in rounds:
        sat_out.update(r.sitting_out or [])
    return sat_out


# --- seating a round --------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatingPlan:
    """What an event's :meth:`RoundSeating.plan` decided.

    ``members``: every member the plan names, by id. ``round_fields``: the event's own columns of the
    round row (also written to the audit entry after the number). ``notes``: more for the audit entry.
    """

    round: seating.Round
    members: dict[int, Member]
    round_fields: dict[str, Any] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)


class RoundSeating(abc.ABC):
    """Seats one round of ``event`` (a locked row) for ``by``; see the module's steps."""

    round_model: ClassVar[type[TimedRound]]
    table_model: ClassVar[type[TimedTable]]
    audit_type: ClassVar[str]
    """The audit entry's object type of a round (``night_round``, ``tournament_round``)."""
    seated: ClassVar[Signal]
    """Sent with ``round=`` once the round and its tables are written."""

    def __init__(self, event: models.Model, *, by, seed: int | None = None) -> None:
        self.event, self.by, self.seed = event, by, seed

    # the event's part
    @abc.abstractmethod
    def refusal(self, message: str, code: str) -> ValidationError:
        """The event's refusal (its error-code enum) with ``message``."""

    @abc.abstractmethod
    def season_for(self, players: int) -> Season:
        """The season a table of ``players`` plays in."""

    @abc.abstractmethod
    def plan(self, number: int) -> SeatingPlan:
        """Who plays where in round ``number`` (refused with :meth:`refusal` when nobody can be seated)."""

    def prepare(self, number: int, last: TimedRound | None) -> None:
        """The event's checks (and writes) before round ``number`` is seated after ``last``."""
        return

    def event_label(self) -> str:
        """What the event's games are named after ("12월 4일", the tournament's name): a game's name says what it
        belongs to (issue 42 item 10)."""
        return ""

    def table_numbers(self, count: int) -> Sequence[int]:
        """The numbers of the round's ``count`` tables (tables of 4 first)."""
        return range(1, count + 1)

    def after_seated(self, rnd: TimedRound) -> None:
        """What the event changes once the round is seated."""
        return

    # the skeleton
    def rounds(self) -> models.QuerySet:
        return self.round_model.objects.filter(**{self.round_model.event_field: self.event})

    def seat(self, number: int) -> tuple[TimedRound, bool]:
        last = self.rounds().order_by("-number").first()
        last_number = last.number if last else 0
        if 1 <= number <= last_number:
            return self.rounds().get(number=number), False
        if number != last_number + 1:
            raise self.refusal(_("This screen is out of date: round %(n)s is the next round. Reload the page.")
                               % {"n": last_number + 1}, "out_of_date")
        self.prepare(number, last)
        planned = self.plan(number)
        try:
            with transaction.atomic():
                rnd = self.round_model.objects.create(
                    **{self.round_model.event_field: self.event}, number=number, **planned.round_fields,
                    seated_by=access.actor(self.by), minutes=self.event.round_minutes, end_rule=self.event.end_rule,
                    sitting_out=list(planned.round.sitting_out))
        except IntegrityError:  # only without row locks (SQLite): the other desk's round stands
            return self.rounds().get(number=number), False
        # every member of the round locked at once, in id order (each table's start locks its four again): two
        # seatings sharing members (a night's and a tournament's) never wait on each other crosswise
        game_services.lock_members(list(planned.members.values()))
        ordered = sorted(planned.round.tables, key=lambda t: -len(t))  # tables of 4, then those of 3
        tables = [self.start_table(rnd, k, [planned.members[i] for i in table])
                  for k, table in zip(self.table_numbers(len(ordered)), ordered, strict=True)]
        self.after_seated(rnd)
        self._audit(rnd, planned, ordered, tables)
        self.seated.send(sender=self.round_model, round=rnd)
        return rnd, True

    def start_table(self, rnd: TimedRound, number: int, members: list[Member]) -> TimedTable:
        """A league game for ``members`` at table ``number`` of ``rnd``, and the event's table row."""
        label = _("Round %(round)s · table %(table)s") % {"round": rnd.number, "table": number}
        event = self.event_label()
        if event:
            label = f"{event} · {label}"
        limit = TimeLimit(ends_at=rnd.ends_at, rule=EndRule(rnd.end_rule)) if rnd.ends_at else None
        game = game_services.game_start(season=self.season_for(len(members)), table_label=label[:120],
                                        members=members, by=self.by, time_limit=limit)
        game = game_services.table_code_issue(game=game, by=self.by)  # the table's phones come in with it
        hosts = list(self.event.hosts.all())
        if hosts:  # "이 밤의 진행자": their host role counts at every table of the event (issue 42 item 2)
            game = game_services.game_hosts_set(game=game, members=hosts, by=self.by)
        return self.table_model.objects.create(round=rnd, game=game, label=str(number))

    def _audit(self, rnd: TimedRound, planned: SeatingPlan, ordered: list[list[int]],
               tables: list[TimedTable]) -> None:
        names = {pk: m.display_name for pk, m in planned.members.items()}
        audit(club=self.event.club, by=self.by, action=AuditEntry.Action.CREATE, object_type=self.audit_type,
              object_id=rnd.pk, after={self.round_model.event_field: self.event.pk, "number": rnd.number,
                                       **planned.round_fields, "tables": [[names[i] for i in t] for t in ordered],
                                       "games": [t.game_id for t in tables],
                                       "sitting_out": [names[i] for i in planned.round.sitting_out],
                                       **planned.notes})


# --- an event's hosts ("이 밤의 진행자", issue 42 item 2) -----------------------------------------------------
def event_hosts_set(*, event: models.Model, members: Iterable[Member], by, games: models.QuerySet[Game],
                    object_type: str, occasion: access.Occasion) -> list[Member]:
    """The table hosts of a night or tournament (``event``, locked by the caller): their host role counts at every
    table of it, where they do not sit too. Its games still playing (``games``) follow at once; the tables seated
    later are given them by :meth:`RoundSeating.start_table`. Only members with the club's host role count
    (``league.permissions``); the organiser's."""
    club = event.club
    if by is not None:
        access.require(access.can_run_night(by, club), occasion)
    chosen = [m for m in members if m.club_id == club.pk]
    before = sorted(event.hosts.values_list("display_name", flat=True))
    event.hosts.set(chosen)
    for game in games.filter(status=Game.Status.IN_PROGRESS):
        game_services.game_hosts_set(game=game, members=chosen, by=by)
    audit(club=club, by=by, action=AuditEntry.Action.EDIT, object_type=object_type, object_id=event.pk,
          before={"hosts": before}, after={"hosts": sorted(m.display_name for m in chosen)})
    return chosen


# --- a timed table's extra minutes ---------------------------------------------------------------
def give_extra_time(*, table: TimedTable, minutes: int, by, reason: str, once: Once | None,
                    occasion: access.Occasion, scope: str, object_type: str,
                    refuse: Callable[[str], ValidationError]) -> TimedTable:
    """A referee gives one table (locked by the caller) extra minutes, added to what it already has.

    ``once`` (the form's entry token): the same form sent twice adds them once. Call inside the
    caller's transaction; ``refuse`` words a refusal as the event's own.
    """
    club = table.round.event.club
    if by is not None:
        access.require(access.can_run_night(by, club), occasion)
    claim = claim_key(once, scope=scope, by=by)
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 120:
        raise refuse(_("Extra time is a whole number of minutes from 1 to 120."))
    before = table.extra_minutes
    table.extra_minutes = before + minutes
    table.save(update_fields=["extra_minutes"])
    game_services.game_time_set(game=table.game, ends_at=table.ends_at)  # the game plays under its new limit
    audit(club=club, by=by, action=AuditEntry.Action.EDIT, object_type=object_type, object_id=table.pk,
          before={"extra_minutes": before}, after={"extra_minutes": table.extra_minutes}, reason=reason)
    mark_claimed(claim, table, object_type)
    return table
