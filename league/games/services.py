"""Writes of the table screens: games (start, cancel) and their hands (record, edit, delete, undo).

Every function is keyword-only, atomic and leaves an AuditEntry (before/after/why). The
hand records themselves go through ``league.games.records`` (replayed, never invalid). A
penalty event is the referee's: the API and the table screen hand it to ``league.referee.services``
(:func:`next_position` checks it like any hand); :func:`hand_append` refuses it, and nothing here
imports the referee (docs/architecture.md, tests/test_import_graph.py).
"""
from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext

from club.models import Member
from core.audit import audit, audit_each, snapshot
from core.models import AuditEntry
from core.once import Once, claim_key, claim_made, mark_claimed, refuse_if_claimed
from core.validation import storable
from league import permissions
from league.error_codes import LeagueErrorCode as Code
from league.games import clock, records
from league.games import selectors as game_selectors
from league.games.errors import HandRefused, SeatedElsewhere
from league.models import Game, GameSeat, HandRecord, Ruleset, Season
from league.permissions import Action, require
from scoring.errors import ScoringError
from scoring.record import EndReason


# --- games ------------------------------------------------------------------------------------
def _game_after(game: Game, members: Sequence[Member]) -> dict[str, Any]:
    """The started game for its audit entry, its seats named from the members just seated (seat order)."""
    data = snapshot(game)
    data["seats"] = [m.display_name for m in members]
    return data


@transaction.atomic
def game_start(
    *, season: Season, table_label: str = "", members: Sequence[Member], random_seats: bool = False, by=None,
    started_at: datetime.datetime | None = None, source: str = Game.Source.TABLE, external_id: str | None = None,
    once: Once | None = None,
    override_seated: bool = False,
    time_limit: clock.TimeLimit | None = None,
) -> Game:
    """Start a game: ``members`` in seat order (0 = first dealer), or shuffled with ``random_seats``.

    ``time_limit``: the time the game is played under (a club night's or a tournament's round), kept on
    the game; :func:`game_time_set` moves it (a referee's extra time).

    With ``once`` (the form's entry token or the API's ``Idempotency-Key``) a second submission
    starts nothing and raises :class:`AlreadyDone` (its ``result`` is the game started first).
    A member already seated at a game in progress of the club cannot be seated at another
    (:class:`SeatedElsewhere`), unless a referee or admin overrides it (``override_seated``).
    The system (``by=None``: imports, restores) is not checked.
    """
    club = season.club
    require(by, Action.START_GAME, club=club)
    if season.closed_at is not None and source == Game.Source.TABLE:
        raise ValidationError(
            gettext("The season %(name)s is closed: it takes no new games.") % {"name": season.name},
            code=Code.SEASON_CLOSED,
        )
    storable(table_label, "table_label")
    claim = claim_key(once, scope="game_start", by=by)
    ruleset = season.ruleset
    try:
        engine_rules = ruleset.to_scoring()
    except ScoringError as exc:
        raise ValidationError(exc.message, code=Code.RULESET) from exc
    members = list(members)
    if len(members) != engine_rules.players:
        raise ValidationError(
            f"The ruleset {ruleset.name} is for {engine_rules.players} players; {len(members)} were given.",
            code=Code.SEATS,
        )
    if len({m.pk for m in members}) != len(members):
        raise ValidationError("A member can take only one seat.", code=Code.SEATS)
    for m in members:
        if m.club_id != club.pk:
            raise ValidationError(f"{m.display_name} is not a member of {club.name}.", code=Code.SEATS)
        if not m.active:
            raise ValidationError(f"{m.display_name} is not an active member.", code=Code.SEATS)
    overridden = ""
    if by is not None and source == Game.Source.TABLE:
        lock_members(members)
        busy = list(GameSeat.objects.filter(member__in=members, game__club=club, game__status=Game.Status.IN_PROGRESS)
                    .select_related("member", "game").order_by("game_id", "seat"))
        if busy and not override_seated:
            raise SeatedElsewhere([(s.member.display_name, s.game.table_label, s.game_id) for s in busy])
        if busy:
            if not permissions.is_referee_or_admin(by, club):
                raise PermissionDenied("Only a referee or an admin may seat a player who is at another game.")
            overridden = "Seated although at another game in progress: " + ", ".join(
                f"{s.member.display_name} (game {s.game_id})" for s in busy)
    if random_seats:
        random.SystemRandom().shuffle(members)
    game = Game.objects.create(
        club=club, season=season, ruleset=ruleset, table_label=table_label, seats=len(members),
        started_at=started_at or timezone.now(), created_by=by if getattr(by, "is_authenticated", False) else None,
        source=source, external_id=external_id or None,
        time_ends_at=time_limit.ends_at if time_limit else None, time_rule=time_limit.rule if time_limit else "",
    )
    GameSeat.objects.bulk_create(GameSeat(game=game, seat=i, member=m) for i, m in enumerate(members))
    if not ruleset.frozen:
        Ruleset.objects.filter(pk=ruleset.pk).update(frozen=True)
        ruleset.frozen = True
    audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="game", object_id=game.pk,
           after=_game_after(game, members), reason=overridden)
    mark_claimed(claim, game, "game")
    return game


def lock_members(members: Sequence[Member]) -> None:
    """Lock the rows of the members about to be seated, in id order, until the transaction ends.

    "Already seated elsewhere" is read and the game written under it: two starts sharing a member
    (the form on six phones, the API, a night's or a tournament's seating, a casual game) are served
    one after the other, and the second finds the first's game in progress. PostgreSQL: ``FOR NO KEY
    UPDATE`` on the members' rows (a row that only points at a member, a seat or a check-in, still
    writes). SQLite: a write transaction holds the database's write lock from its BEGIN (IMMEDIATE,
    config/settings/base.py), so there the writes are in turn already and nothing is asked.
    """
    if not connection.features.has_select_for_update:
        return
    ids = sorted({m.pk for m in members})
    list(Member.objects.select_for_update(no_key=True).filter(pk__in=ids).order_by("pk").values_list("pk", flat=True))


# --- a game's table code (issue 42) -----------------------------------------------------------------
# Six letters and digits with no look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B): typed on a phone at the table.
TABLE_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
TABLE_CODE_LENGTH = 6


def _new_table_code() -> str:
    import secrets

    while True:
        code = "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))
        if not Game.objects.filter(table_code=code).exists():
            return code


@transaction.atomic
def table_code_issue(*, game: Game, by=None) -> Game:
    """Give ``game`` a table code (kept if it has one): whoever seats a game (a night's or a tournament's
    round, a casual game) issues it with the game. The code opens the game's table screen alone while the
    game is in progress (``league.web.games.table_code``); the seating's own audit entry covers it."""
    require(by, Action.START_GAME, club=game.club)
    game = records.locked(game)
    if not game.table_code and game.status == Game.Status.IN_PROGRESS:
        game.table_code = _new_table_code()
        game.save(update_fields=["table_code"])
    return game


@transaction.atomic
def game_hosts_set(*, game: Game, members: Sequence[Member], by=None) -> Game:
    """The members whose table-host role counts at ``game`` although they do not sit at it: the hosts its night or
    tournament assigned ("이 밤의 진행자", issue 42 item 2). The event checked who may assign them and audits it."""
    game = records.locked(game)
    ids = sorted({m.pk for m in members if m.club_id == game.club_id})
    if game.table_hosts != ids:
        game.table_hosts = ids
        game.save(update_fields=["table_hosts"])
    return game


@transaction.atomic
def table_code_renew(*, game: Game, by=None, reason: str = "") -> Game:
    """A new code for ``game`` (the old one was seen by someone it should not have been): every phone that
    came in with the old code is out. A referee's or an admin's; audited without the code itself."""
    if by is not None and not permissions.is_referee_or_admin(by, game.club):
        raise PermissionDenied(gettext("Only a referee or a club admin can renew a table code."))
    game = records.locked(game)
    if game.status != Game.Status.IN_PROGRESS:
        raise ValidationError(gettext("This game is over: its table code has ended."), code=Code.CLOSED)
    game.table_code = _new_table_code()
    game.save(update_fields=["table_code"])
    note = gettext("The table code was renewed: phones that came in with the old code must enter the new one.")
    audit(club=game.club, by=by, action=AuditEntry.Action.EDIT, object_type="game", object_id=game.pk,
          reason=f"{note} {reason}".strip())
    return game


@transaction.atomic
def game_time_set(*, game: Game, ends_at: datetime.datetime | None) -> Game:
    """The game's time is up at ``ends_at`` now (its table was given extra time; None: no limit). Its end
    rule stays the one it was seated with. The event that times the game audits the change."""
    game = records.locked(game)
    game.time_ends_at = ends_at
    game.save(update_fields=["time_ends_at"])
    return game


def game_history_restore(*, game: Game, entered: Sequence[dict[str, Any] | None] = (), created_by=None,
                         finished_at: datetime.datetime | None = None) -> None:
    """A restored game's history as the season file recorded it (``league.transfer.season_file``): who
    entered each hand and when (``entered[position]``: ``by``, ``entered_at``, ``updated_at``), who started
    the game, and when a finished game finished. The system's write: no permission, no audit entry (the
    restore audits itself)."""
    for position, entry in enumerate(entered):
        if entry is not None:
            HandRecord.objects.filter(game=game, position=position).update(
                entered_by=entry.get("by"), **{k: entry[k] for k in ("entered_at", "updated_at") if entry.get(k)})
    changes: dict[str, Any] = {}
    if created_by is not None:
        changes["created_by"] = created_by
    if finished_at is not None and Game.objects.filter(pk=game.pk, finished_at__isnull=False).exists():
        changes["finished_at"] = finished_at
    if changes:
        Game.objects.filter(pk=game.pk).update(**changes)


@transaction.atomic
def game_cancel(*, game: Game, by=None, reason: str) -> Game:
    game = records.locked(game)
    if not permissions.started_empty_game(by, game):  # whoever started a game by mistake may cancel it while empty
        require(by, Action.CANCEL_GAME, club=game.club, game=game)
    if game.status == Game.Status.CANCELLED:
        return game
    if not reason or not reason.strip():
        raise ValidationError("Say why the game is cancelled.", code=Code.REASON)
    storable(reason, "reason")
    before = snapshot(game)
    was_finished = game.status == Game.Status.FINISHED
    game.status = Game.Status.CANCELLED
    game.cancel_reason = reason
    game.save(update_fields=["status", "cancel_reason"])
    audit(club=game.club, by=by, action=AuditEntry.Action.CANCEL, object_type="game", object_id=game.pk,
           before=before, after=snapshot(game), reason=reason)
    if was_finished:
        records.queue_recompute(game.season_id)
    return game


def hand_record(*, game: Game, position: int | None, event: dict[str, Any], by=None,
                once: Once | None = None) -> HandRecord:
    """Record ``event`` as the hand at ``position`` (the position the client believes is next).

    Idempotent: the same event again at a taken position returns the stored record. A different
    event there raises :class:`HandConflict`; a position beyond the next, or an event the rules
    refuse, raises :class:`HandRefused` with a message for the table. ``position=None`` appends
    (safe to retry only with ``once``). A new ``penalty`` event (or a deliberate chombo) is refused
    here (``referee_only``): it is the referee's, ``league.referee.services.penalty_hand`` writes it.
    """
    return hand_append(game=game, position=position, event=event, by=by, once=once)[0]  # atomic there


@transaction.atomic
def hand_append(*, game: Game, position: int | None, event: dict[str, Any], by=None,
                once: Once | None = None) -> tuple[HandRecord, bool]:
    """:func:`hand_record`, also saying whether this call stored the hand (False: it was there)."""
    game = records.locked(game)
    require(by, Action.ENTER_HAND, club=game.club, game=game)
    try:
        position = next_position(game=game, position=position, event=event, by=by)
        penalty = game_selectors.is_penalty_event(event)
        if penalty and not (isinstance(position, int) and position < game.hands.count()):
            # a new one: the referee's service writes it (penalty_hand); a penalty below is a retry or a conflict
            raise HandRefused(records.REFEREE_ONLY, hand=position, code=Code.REFEREE_ONLY)
        hand, created = records.append(game=game, position=position, event=event, by=by)
    except HandRefused:
        refuse_if_claimed(once, scope="hand")  # the form sent again after its hand was saved (and maybe undone)
        raise
    # The entry token is claimed with the hand it made in one statement, after the write: a token seen before
    # raises AlreadyDone and this transaction takes the hand back (the hand's save stays within six statements,
    # tests/league/test_save_statements.py).
    claim_made(once, scope="hand", by=by, obj=hand, object_type="hand")
    if created and not penalty and game.status == Game.Status.IN_PROGRESS:
        end_if_time_is_up(game=game, by=by)
    return hand, created


@transaction.atomic
def game_import(
    *, season: Season, members: Sequence[Member], events: Sequence[dict[str, Any]], table_label: str = "",
    started_at: datetime.datetime | None = None, external_id: str | None = None, by=None,
) -> Game:
    """A whole game played elsewhere (an online log) stored at once: started as :func:`game_start` does
    (``source=import``), its hands checked and written together.

    What :func:`hand_record` checks hand by hand holds for the lot: the system or ``by`` may enter the
    game's hands, no event is a penalty (the referee's) or, from a person, an end or a result, every event
    is storable, and the record replays (the engine's refusal names the hand, as a hand's save does). One
    replay of the whole record instead of one per hand (a game of 12 hands replayed 78 hands), the hands
    in one INSERT, their audit entries in another; the game's cache and its end (``game_finished``) as
    after its last hand's save (``records.refresh``)."""
    game = game_start(season=season, members=members, table_label=table_label, by=by, started_at=started_at,
                      source=Game.Source.IMPORT, external_id=external_id)
    require(by, Action.ENTER_HAND, club=game.club, game=game)
    events = list(events)
    game._seat_names = [m.display_name for m in members]  # the record's players, without reading the seats back
    for position, event in enumerate(events):
        if not isinstance(event, dict):
            raise HandRefused("A hand must be an object with a kind.", hand=position)
        records.storable_event(event, position)
        if game_selectors.is_penalty_event(event):
            raise HandRefused(records.REFEREE_ONLY, hand=position, code=Code.REFEREE_ONLY)
        if by is not None and is_game_end(event):
            raise HandRefused("An end or a result is not entered as a hand: end the game with its end button, "
                              "a referee, or the score entry.", hand=position, code=Code.END_IS_A_SERVICE)
    try:
        rep = records.replay_events(game, events)
    except ScoringError as exc:
        raise records.refused(exc) from exc
    entered_by = by if getattr(by, "is_authenticated", False) else None
    hands = HandRecord.objects.bulk_create(
        HandRecord(game=game, position=position, event=event, entered_by=entered_by)
        for position, event in enumerate(events))
    audit_each(club=game.club, by=by, action=AuditEntry.Action.CREATE, object_type="hand",
               entries=[(hand.pk, records.hand_after(hand)) for hand in hands])
    return records.refresh(game, rep, was_finished=False)


def next_position(*, game: Game, position: int | None, event: dict[str, Any], by=None) -> int:
    """The position ``event`` is entered at in a locked game (``None``: the next), or the refusal of a
    new hand: an end or a result sent as a hand, a hand after the game finished. The referee's
    service checks a penalty event sent as a hand here too."""
    if position is None:
        position = game.hands.count()
    ending = by is not None and is_game_end(event)
    # Only where it matters (an end sent as a hand, a finished game) is the count read here: a hand's save
    # stays within its query budget (tests/league/test_request_budget.py).
    count = game.hands.count() if ending or game.status == Game.Status.FINISHED else None
    new = count is not None and (not isinstance(position, int) or isinstance(position, bool) or position >= count)
    if new and ending:
        raise HandRefused("An end or a result is not entered as a hand: end the game with its end button, "
                          "a referee, or the score entry.", hand=position if isinstance(position, int) else None,
                          code=Code.END_IS_A_SERVICE)
    if new and game.status == Game.Status.FINISHED:
        records.check_writable(game)
        at = position if isinstance(position, int) else None
        try:  # the engine's words when the record says how it ended ("already over (time)")
            records.replay_events(game, [h.event for h in game_selectors.game_hand_records(game)] + [event])
        except ScoringError as exc:
            raise HandRefused(exc.message, hand=exc.hand, code=Code.FINISHED, error=exc) from exc
        raise HandRefused(FINISHED, hand=at, code=Code.FINISHED)
    return position


FINISHED = "This game is over: no hand can follow it. A referee can reopen a game ended by time or by a referee."


def is_game_end(event: Any) -> bool:
    """An ``end`` or ``result`` event: written only by :func:`game_end` and :func:`game_result`."""
    return isinstance(event, dict) and event.get("kind") in ("end", "result")


# --- how a game ends: time, referee, result ---------------------------------------------------
def time_over(game: Game) -> bool:
    """The game is in progress, timed, and its end rule's last hand is saved (the host may end it)."""
    if game.status != Game.Status.IN_PROGRESS:
        return False
    limit = clock.time_limit(game)
    if not clock.time_is_up(limit):
        return False
    hands = game_selectors.game_hand_records(game)
    try:
        rep = records.replay_events(game, [h.event for h in hands])
    except ScoringError:
        return False
    return clock.time_rule_over(game, rep, hands, limit)


def end_if_time_is_up(*, game: Game, by=None) -> bool:
    """After a hand is saved (under the game's lock): when the end rule's last hand is saved, the game
    ends with an ``end`` event, reason ``time``. Returns whether it ended."""
    if not time_over(game):
        return False
    records.append(game=game, position=game.hands.count(), event={"kind": "end", "reason": EndReason.TIME.value},
                   by=by, reason="time")
    return True


@transaction.atomic
def game_end(*, game: Game, reason: EndReason | str, note: str = "", by=None) -> Game:
    """End a game in progress now, at its scores: an ``end`` event at the end of its record.

    ``time``: the table's host may end it only when the end rule says the game is over
    (:func:`time_over`); a referee or an admin (the organiser closing the night) may end it at time
    whenever. ``referee``: a referee or an admin only, with a note (why), audited.
    """
    game = records.locked(game)
    require(by, Action.ENTER_HAND, club=game.club, game=game)
    records.check_writable(game)
    try:
        reason = EndReason(reason)
    except ValueError:
        raise ValidationError("A game ends at time or by a referee.", code=Code.INVALID) from None
    if game.status == Game.Status.FINISHED:
        raise HandRefused(FINISHED, code=Code.FINISHED)
    note = (note or "").strip()
    storable(note, "note")
    staff = by is None or permissions.is_referee_or_admin(by, game.club)
    if reason is EndReason.REFEREE:
        if not staff:
            raise PermissionDenied("Only a referee or a club admin can end a game.")
        if not note:
            raise ValidationError("Say why the referee ends the game.", code=Code.NOTE)
    elif not staff and not time_over(game):
        raise ValidationError("The end rule does not say the game is over yet: play on.", code=Code.TIME_NOT_UP)
    event: dict[str, Any] = {"kind": "end", "reason": reason.value}
    if note:
        event["note"] = note
    records.append(game=game, position=game.hands.count(), event=event, by=by, reason=note or reason.value)
    return game


@transaction.atomic
def game_end_undo(*, game: Game, by=None, reason: str) -> Game:
    """A referee (or admin) takes back a time or referee end, with a reason: the game is in progress again."""
    game = records.locked(game)
    if by is not None and not permissions.is_referee_or_admin(by, game.club):
        raise PermissionDenied("Only a referee or a club admin can reopen a game.")
    records.check_writable(game)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError("Say why the game is reopened.", code=Code.REASON)
    storable(reason, "reason")
    last = game.hands.order_by("-position").first()
    if last is None or not isinstance(last.event, dict) or last.event.get("kind") != "end":
        raise ValidationError("This game did not end at time or by a referee: there is no end to take back.",
                              code=Code.NOT_AN_END)
    records.delete(game=game, hand=last, by=by, reason=reason)
    return game


@transaction.atomic
def game_result(*, game: Game, scores: Sequence[int], sticks: int = 0, by=None, reason: str = "") -> Game:
    """Enter a game's final scores as a whole (a tournament table's paper sheet): a ``result`` event,
    the record's only one. Entering again corrects it (a reason needed, audited). Refused when hands
    were entered for the game, or when the scores and sticks do not add up (the engine's words)."""
    game = records.locked(game)
    if by is not None and not permissions.is_referee_or_admin(by, game.club):
        raise PermissionDenied("Only a referee or a club admin can enter a game's final scores.")
    records.check_writable(game)
    event: dict[str, Any] = {"kind": "result", "scores": list(scores), "sticks": sticks}
    hands = game_selectors.game_hand_records(game)
    if not hands:
        records.append(game=game, position=0, event=event, by=by, reason=reason)
        return game
    if len(hands) != 1 or not isinstance(hands[0].event, dict) or hands[0].event.get("kind") != "result":
        raise HandRefused("Hands were entered for this game on the table screen: finish the game there.",
                          code=Code.HANDS_ENTERED)
    if not (reason or "").strip():
        raise ValidationError("Say why the scores are corrected.", code=Code.REASON)
    storable(reason, "reason")
    hand = hands[0]
    if hand.event == event:
        return game
    try:
        rep = records.replay_events(game, [event])
    except ScoringError as exc:
        raise records.refused(exc) from exc
    before = records.hand_after(hand)
    hand.event = event
    hand.save(update_fields=["event", "updated_at"])
    audit(club=game.club, by=by, action=AuditEntry.Action.EDIT, object_type="hand", object_id=hand.pk,
          before=before, after=records.hand_after(hand), reason=reason)
    records.refresh(game, rep, was_finished=game.status == Game.Status.FINISHED, force_recompute=True)
    return game


def guard_change(game: Game, by, *, hands: Sequence[HandRecord] = (), events: Sequence[Any] = (),
                  reason: str = "") -> None:
    """Penalties belong to referees; a finished game is closed (a referee or admin, with a reason)."""
    if by is None:
        return
    staff = permissions.can(by, Action.GIVE_PENALTY, club=game.club, game=game)
    penalties = (any(game_selectors.holds_penalty(h) for h in hands)
                 or any(game_selectors.is_penalty_event(e) for e in events))
    if not staff and penalties:
        raise HandRefused(records.REFEREE_ONLY, code=Code.REFEREE_ONLY)
    if game.status == Game.Status.FINISHED:
        if not staff:
            raise HandRefused("This game is finished: only a referee or a club admin can change it, with a reason.",
                              code=Code.CLOSED)
        if not (reason or "").strip():
            raise HandRefused("This game is finished: say why it is changed.", code=Code.REASON)


@transaction.atomic
def hand_edit(*, hand: HandRecord, event: dict[str, Any], by=None, reason: str = "",
              once: Once | None = None) -> HandRecord:
    """Replace a hand's event; the hands after it are replayed. Refused if one becomes impossible."""
    game = records.locked(hand.game)
    require(by, Action.ENTER_HAND, club=game.club, game=game)
    records.check_writable(game)
    hand = records.current(hand)
    if not isinstance(event, dict):
        raise HandRefused("A hand must be an object with a kind.", hand=hand.position)
    records.storable_event(event, hand.position)
    storable(reason, "reason")
    if by is not None and (is_game_end(event) or is_game_end(hand.event)):
        raise HandRefused("An end or a result is not edited as a hand: a referee takes an end back, and a result "
                          "is corrected on the score entry.", hand=hand.position, code=Code.END_IS_A_SERVICE)
    guard_change(game, by, hands=[hand], events=[event], reason=reason)
    claim = claim_key(once, scope="hand_edit", by=by)
    hands = game_selectors.game_hand_records(game)
    events = [h.event for h in hands]
    if records.canonical(game, events[hand.position]) == records.canonical(game,
                         event) and events[hand.position] == event:
        return hand
    events[hand.position] = event
    was_finished = game.status == Game.Status.FINISHED
    try:
        rep = records.replay_events(game, events)
    except ScoringError as exc:
        if exc.hand is not None and exc.hand > hand.position:
            raise HandRefused(
                f"This change makes hand {exc.hand + 1} impossible: {exc.message} Nothing was changed.",
                hand=exc.hand, code=Code.LATER_HAND, error=exc,
            ) from exc
        raise records.refused(exc) from exc
    before = records.hand_after(hand)
    hand.event = event
    hand.save(update_fields=["event", "updated_at"])
    audit(club=game.club, by=by, action=AuditEntry.Action.EDIT, object_type="hand", object_id=hand.pk,
           before=before, after=records.hand_after(hand), reason=reason)
    records.refresh(game, rep, was_finished=was_finished)
    mark_claimed(claim, hand, "hand")
    return hand


@transaction.atomic
def hand_delete(*, hand: HandRecord, by=None, reason: str = "", position: int | None = None,
                once: Once | None = None) -> None:
    """Delete a hand; later hands move up one position and are replayed (refused if impossible).

    ``hand`` is the record the host saw (by id) and ``position`` where they saw it: both are
    checked under the game's row lock, so a repeated or racing delete removes nothing more.
    """
    game = records.locked(hand.game)
    require(by, Action.ENTER_HAND, club=game.club, game=game)
    records.check_writable(game)
    storable(reason, "reason")
    claim = claim_key(once, scope="hand_delete", by=by)
    hand = records.current(hand)
    if position is not None and hand.position != position:
        raise HandRefused(f"That hand is now hand {hand.position + 1}, not hand {position + 1}: nothing was deleted. "
                          "Reload the game.", hand=hand.position, code=Code.POSITION)
    guard_change(game, by, hands=[hand], reason=reason)
    records.delete(game=game, hand=hand, by=by, reason=reason)
    mark_claimed(claim, game, "game")


@transaction.atomic
def hand_undo_last(*, game: Game, by=None, position: int | None, reason: str = "",
                   once: Once | None = None) -> dict[str, Any] | None:
    """Remove the game's last hand — only if it is still the hand at ``position`` (the last one the
    host saw), checked under the game's row lock: a double tap or two phones undo one hand.

    ``position=None`` (the system only) removes whatever is last. Returns the removed event
    (None when there was none).
    """
    game = records.locked(game)
    require(by, Action.ENTER_HAND, club=game.club, game=game)
    records.check_writable(game)
    claim = claim_key(once, scope="hand_undo", by=by)
    last = game.hands.order_by("-position").first()
    if position is not None and (last is None or last.position != position):
        raise HandRefused("That hand is no longer the last one: nothing was undone. Check the table.",
                          hand=position, code=Code.POSITION)
    if last is None:
        return None
    guard_change(game, by, hands=[last], reason=reason)
    removed = records.delete(game=game, hand=last, by=by, reason=reason or "undo")["event"]
    mark_claimed(claim, game, "game")
    return removed
