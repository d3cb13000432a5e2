"""Writes. Every function is keyword-only, atomic and leaves an AuditEntry (before/after/why).

Hand records are validated by replaying the whole game record with the change through
``scoring.game.replay``: nothing invalid is ever stored, and a change that would make a
later hand impossible is refused with the engine's message. After every write the game's
cache (``final_*``, ``ended_by``, ``status``) is refreshed from the replay, and the season's
standings are recomputed (on commit) when a finished game appears, changes or is cancelled.
"""
from __future__ import annotations

import datetime
import hashlib
import json
import random
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Sequence

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from club.models import Club, Member
from league import audit, permissions
from league.models import (AuditEntry, Game, GameSeat, HandRecord, IdempotencyKey, Penalty, PenaltyKind, Ruleset,
                           Season)
from league.permissions import Action
from league.selectors import build_record, game_members
from league.validation import BadInput, check_value
from scoring.errors import ScoringError
from scoring.record import EVENT_PENALTIES, parse_event
from scoring.rules import PenaltyType

_ONCE_MODELS = {"hand": HandRecord, "game": Game, "penalty": Penalty}


# --- errors -------------------------------------------------------------------------------
class HandRefused(ValidationError):
    """A hand (or a change to one) that cannot be stored. ``hand`` is the event index, if any.

    ``error`` is the engine's refusal behind it, if any: the views show it in the page's
    language (``error.localized(lang)``); ``message`` stays the English text (the API's).
    """

    def __init__(self, message: str, *, hand: int | None = None, code: str = "invalid",
                 error: ScoringError | None = None) -> None:
        super().__init__(message, code=code)
        self.hand = hand
        self.error = error

    def to_json(self) -> dict[str, Any]:
        return {"error": {"hand": self.hand, "message": self.message}}


class SeatedElsewhere(ValidationError):
    """A member is already seated at another game in progress (``seats``: (name, table label, game id))."""

    def __init__(self, seats: list[tuple[str, str, int]]) -> None:
        names = ", ".join(f"{name} (table {label or game_id})" for name, label, game_id in seats)
        super().__init__(f"Already seated at a game in progress: {names}.", code="seated_elsewhere")
        self.seats = seats


class HandConflict(HandRefused):
    """A different event is already stored at that position (someone else was quicker)."""

    def __init__(self, message: str, *, hand: int, existing: HandRecord) -> None:
        super().__init__(message, hand=hand, code="conflict")
        self.existing = existing


class AlreadyDone(ValidationError):
    """This entry token (a form) or ``Idempotency-Key`` (the API) was used already: nothing was
    written again. ``record`` is the claim; ``result`` the object the first submission made."""

    def __init__(self, record: IdempotencyKey) -> None:
        super().__init__("This was already saved; nothing was written again.", code="already_done")
        self.record = record

    @property
    def result(self):
        model = _ONCE_MODELS.get(self.record.object_type)
        if model is None or not self.record.object_id:
            return None
        return model.objects.filter(pk=self.record.object_id).first()


class KeyReused(ValidationError):
    """An ``Idempotency-Key`` sent again with a different request (another body or endpoint)."""

    def __init__(self) -> None:
        super().__init__(
            "This Idempotency-Key was already used for a different request. Use a new key for a new request; "
            "send the same body to get the first answer again.", code="key_reused")


@dataclass(frozen=True)
class Once:
    """What makes a write happen at most once: a claimed key, plus a digest of what was asked.

    ``Once.form(user, token)`` for the entry token a form carries (made when it was rendered),
    ``Once.api(user, key, payload)`` for an API client's ``Idempotency-Key``. Keys are per user.
    """

    key: str
    fingerprint: str = ""

    @classmethod
    def form(cls, user, token: Any) -> "Once | None":
        token = str(token or "").strip()
        if not token:
            return None
        return cls(key=f"form:{getattr(user, 'pk', None) or 0}:{token[:120]}")

    @classmethod
    def api(cls, user, key: Any, payload: Any) -> "Once | None":
        key = str(key or "").strip()
        if not key:
            return None
        if len(key) > 120:
            raise ValidationError("An Idempotency-Key has at most 120 characters.", code="idempotency_key")
        body = json.dumps(payload, sort_keys=True, cls=DjangoJSONEncoder, default=str)
        return cls(key=f"api:{getattr(user, 'pk', None) or 0}:{key}", fingerprint=hashlib.sha256(body.encode()).hexdigest())


def _claim(once: Once | None, *, scope: str, by) -> IdempotencyKey | None:
    """Claim ``once`` inside the writing transaction (after the game's row lock, if any).

    Seen before: ``AlreadyDone`` (same request) or ``KeyReused``. Two claims at once: the
    unique key makes the second wait for the first and then see it.
    """
    if once is None:
        return None
    prior = IdempotencyKey.objects.filter(key=once.key).first()
    if prior is None:
        try:
            with transaction.atomic():
                return IdempotencyKey.objects.create(
                    key=once.key, scope=scope, fingerprint=once.fingerprint,
                    user=by if getattr(by, "is_authenticated", False) else None)
        except IntegrityError:
            prior = IdempotencyKey.objects.get(key=once.key)
    if prior.scope != scope or prior.fingerprint != once.fingerprint:
        raise KeyReused()
    raise AlreadyDone(prior)


def _claimed(claim: IdempotencyKey | None, obj, object_type: str) -> None:
    if claim is None or obj is None:
        return
    claim.object_type, claim.object_id = object_type, str(obj.pk)
    claim.save(update_fields=["object_type", "object_id"])


def once_remember(*, once: Once | None, response: Any) -> None:
    """Keep the API's first answer with its key, to send it again on a retry (same transaction)."""
    if once is not None:
        IdempotencyKey.objects.filter(key=once.key).update(response=_json(response))


# --- helpers ------------------------------------------------------------------------------
_json, _snapshot, _audit = audit.as_json, audit.snapshot, audit.audit


def _storable(value: Any, field: str) -> None:
    """Refuse text the database cannot hold (NUL, lone surrogates) before anything is written."""
    try:
        check_value(value)
    except BadInput as exc:
        raise ValidationError({field: [f"The {field.replace('_', ' ')} {exc.message}."]}, code="text") from None


def _storable_event(event: Any, position: int | None) -> None:
    try:
        check_value(event)
    except BadInput as exc:
        raise HandRefused(f"The hand {exc.message}. Nothing was stored.", hand=position) from None


def validate_rating_params(
    *, rating_method: str, rating_params: Any, best_n: int | None = None, min_games: int = 0
) -> None:
    """The one check of a season's rating settings (services, API, admin and restore use it):
    every parameter known, a finite number in range (``scoring.ratings``)."""
    from scoring import ratings as R

    if not isinstance(rating_params, dict):
        raise ValidationError({"rating_params": ["The rating parameters are an object of name: value."]})
    _storable(rating_params, "rating_params")
    try:
        key = R.method_key(rating_method)
        raw = dict(rating_params)
        if key == R.TOTAL:
            raw = {**raw, "best_n": best_n, "min_games": min_games}
        R.params_from_dict(key, raw)
    except R.RatingParamsError as exc:
        raise ValidationError({"rating_params": [f"Rating parameters: {exc}."]}, code="rating_params") from None


def _require(by, action: Action, *, club: Club, game: Game | None = None) -> None:
    """``by=None`` is the system (management commands, imports); users must be allowed."""
    if by is None:
        return
    if not permissions.can(by, action, club=club, game=game):
        raise PermissionDenied(f"You may not {action.value.replace('_', ' ')} here.")


def _locked(game: Game) -> Game:
    return Game.objects.select_for_update(of=("self",)).select_related("season", "ruleset", "club").get(pk=game.pk)


def _replay(game: Game, events: list[dict[str, Any]]):
    from league.selectors import replay_record

    return replay_record(build_record(game, events))


def _canonical(game: Game, event: Any) -> Any:
    """An event in a normal form, so a resubmission with defaults spelled out still matches."""
    try:
        parsed = parse_event(event, players=game.seats)
    except ScoringError:
        return event
    out = parsed.to_dict()
    if isinstance(event, dict) and event.get("note"):
        out["note"] = event["note"]
    return out


def _check_writable(game: Game) -> None:
    if game.status == Game.Status.CANCELLED:
        raise HandRefused("This game was cancelled; its hands cannot change.", code="cancelled")


def _refresh(game: Game, rep, *, was_finished: bool, force_recompute: bool = False) -> Game:
    """Refresh the game's cache from the replay; queue the season recompute when it matters."""
    final = rep.to_json().get("final") if rep is not None else None
    cached = ("status", "final_scores", "final_points", "final_ranks", "ended_by", "finished_at")
    before = tuple(getattr(game, f) for f in cached)
    if final:
        game.status = Game.Status.FINISHED
        game.final_scores = final.get("scores")
        game.final_points = final.get("points")
        game.final_ranks = final.get("ranks")
        game.ended_by = final.get("ended_by") or ""
        if game.finished_at is None:
            game.finished_at = max(timezone.now(), game.started_at)
    else:
        game.status = Game.Status.IN_PROGRESS
        game.final_scores = game.final_points = game.final_ranks = None
        game.ended_by = ""
        game.finished_at = None
    if tuple(getattr(game, f) for f in cached) != before:  # most hands change nothing of it: no UPDATE
        game.save(update_fields=list(cached))
    if was_finished or game.status == Game.Status.FINISHED or force_recompute:
        _queue_recompute(game.season_id)
    return game


def _queue_recompute(season_id: int) -> None:
    """Recompute on commit; a failure to queue or to compute is logged, never the request's error."""
    from league.tasks import season_recompute_on_commit

    season_recompute_on_commit(season_id)


def _refused(exc: ScoringError, *, prefix: str = "") -> HandRefused:
    return HandRefused(f"{prefix}{exc.message}", hand=exc.hand, error=exc)


# --- rulesets and seasons -------------------------------------------------------------------
@transaction.atomic
def ruleset_create(
    *, club: Club | None, key: str, name: str, base: str, overrides: dict[str, Any] | None = None,
    version: str = "1", by=None,
) -> Ruleset:
    if club is not None:
        _require(by, Action.MANAGE_LEAGUE, club=club)
    ruleset = Ruleset(club=club, key=key, name=name, base=base, overrides=dict(overrides or {}), version=str(version))
    try:
        ruleset.to_scoring()
    except ScoringError as exc:
        raise ValidationError(exc.message, code="ruleset") from exc
    ruleset.full_clean()
    ruleset.save()
    if club is not None:
        _audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="ruleset",
               object_id=ruleset.pk, after=_snapshot(ruleset))
    return ruleset


def _next_version(ruleset: Ruleset) -> str:
    versions = Ruleset.objects.filter(club=ruleset.club, key=ruleset.key).values_list("version", flat=True)
    numeric = [int(v) for v in versions if str(v).isdigit()]
    if str(ruleset.version).isdigit():
        return str(max(numeric) + 1)
    n = 2
    while f"{ruleset.version}.{n}" in set(versions):
        n += 1
    return f"{ruleset.version}.{n}"


@transaction.atomic
def ruleset_derive(
    *, ruleset: Ruleset, overrides: dict[str, Any], by=None, name: str | None = None,
    version: str | None = None, club: Club | None = None,
) -> Ruleset:
    """A new version of ``ruleset`` with more overrides (the old version stays for its games)."""
    return ruleset_create(
        club=club if club is not None else ruleset.club,
        key=ruleset.key,
        name=name or ruleset.name,
        base=ruleset.base,
        overrides={**(ruleset.overrides or {}), **overrides},
        version=version or _next_version(ruleset),
        by=by,
    )


@transaction.atomic
def ruleset_update(
    *, ruleset: Ruleset, overrides: dict[str, Any], by=None, name: str | None = None, replace: bool = False
) -> Ruleset:
    """Change a ruleset: in place while no game uses it, as a new version once it is frozen.

    ``replace``: ``overrides`` are the ruleset's whole overrides (the admin's form), not more of them."""
    ruleset = Ruleset.objects.select_for_update().get(pk=ruleset.pk)
    if ruleset.frozen:
        return ruleset_derive(ruleset=ruleset, overrides=overrides, by=by, name=name)
    if ruleset.club is not None:
        _require(by, Action.MANAGE_LEAGUE, club=ruleset.club)
    elif by is not None and not getattr(by, "is_superuser", False):
        raise PermissionDenied("Only a superuser may change a ruleset shared by every club.")
    before = _snapshot(ruleset)
    ruleset.overrides = dict(overrides) if replace else {**(ruleset.overrides or {}), **overrides}
    if name:
        ruleset.name = name
    try:
        ruleset.to_scoring()
    except ScoringError as exc:
        raise ValidationError(exc.message, code="ruleset") from exc
    ruleset.save()
    if ruleset.club is not None:
        _audit(club=ruleset.club, by=by, action=AuditEntry.Action.EDIT, object_type="ruleset",
               object_id=ruleset.pk, before=before, after=_snapshot(ruleset))
    return ruleset


@transaction.atomic
def season_create(
    *, club: Club, name: str, ruleset: Ruleset, starts_on: datetime.date | None = None,
    ends_on: datetime.date | None = None, rating_method: str = Season.RatingMethod.TOTAL,
    rating_params: dict[str, Any] | None = None, min_games: int = 0, best_n: int | None = None, by=None,
) -> Season:
    _require(by, Action.MANAGE_LEAGUE, club=club)
    if ruleset.club_id not in (None, club.pk):
        raise ValidationError("That ruleset belongs to another club.", code="ruleset")
    _storable(name, "name")
    validate_rating_params(rating_method=rating_method, rating_params=dict(rating_params or {}),
                           best_n=best_n, min_games=min_games)
    season = Season(
        club=club, name=name, ruleset=ruleset, starts_on=starts_on or timezone.localdate(), ends_on=ends_on,
        rating_method=rating_method, rating_params=dict(rating_params or {}), min_games=min_games, best_n=best_n,
    )
    season.full_clean()
    season.save()
    _audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="season",
           object_id=season.pk, after=_snapshot(season))
    return season


SEASON_FIELDS = ("name", "ruleset", "starts_on", "ends_on", "rating_method", "rating_params", "min_games", "best_n")
_STANDINGS_FIELDS = {"rating_method", "rating_params", "min_games", "best_n"}


@transaction.atomic
def season_update(*, season: Season, by=None, reason: str = "", **changes: Any) -> Season:
    """Change a season's settings (the admin's form uses this): checked like ``season_create``,
    audited, and the standings recomputed when the rating settings change."""
    unknown = set(changes) - set(SEASON_FIELDS)
    if unknown:
        raise ValidationError(f"These season fields cannot change here: {', '.join(sorted(unknown))}.")
    season = Season.objects.select_for_update().select_related("club", "ruleset").get(pk=season.pk)
    _require(by, Action.MANAGE_LEAGUE, club=season.club)
    _storable(reason, "reason")
    before = _snapshot(season)
    changed = {k for k, v in changes.items() if getattr(season, k) != v}
    if not changed:
        return season
    if "ruleset" in changed:
        ruleset = changes["ruleset"]
        if ruleset.club_id not in (None, season.club_id):
            raise ValidationError({"ruleset": ["That ruleset belongs to another club."]}, code="ruleset")
        if season.games.exists():
            raise ValidationError({"ruleset": ["The season has games: its ruleset cannot change."]}, code="ruleset")
    for key in changed:
        setattr(season, key, changes[key])
    _storable(season.name, "name")
    if season.rating_params is None:
        season.rating_params = {}
    validate_rating_params(rating_method=season.rating_method, rating_params=season.rating_params,
                           best_n=season.best_n, min_games=season.min_games)
    season.full_clean()
    season.save()
    _audit(club=season.club, by=by, action=AuditEntry.Action.EDIT, object_type="season", object_id=season.pk,
           before=before, after=_snapshot(season), reason=reason)
    if changed & _STANDINGS_FIELDS:
        _queue_recompute(season.pk)
    return season


# --- games ------------------------------------------------------------------------------------
def _game_after(game: Game) -> dict[str, Any]:
    data = _snapshot(game)
    data["seats"] = [m.display_name for m in game_members(game)]
    return data


@transaction.atomic
def game_start(
    *, season: Season, table_label: str = "", members: Sequence[Member], random_seats: bool = False, by=None,
    started_at: datetime.datetime | None = None, source: str = Game.Source.TABLE, external_id: str | None = None,
    once: Once | None = None,
    override_seated: bool = False,
) -> Game:
    """Start a game: ``members`` in seat order (0 = first dealer), or shuffled with ``random_seats``.

    With ``once`` (the form's entry token or the API's ``Idempotency-Key``) a second submission
    starts nothing and raises :class:`AlreadyDone` (its ``result`` is the game started first).
    A member already seated at a game in progress of the club cannot be seated at another
    (:class:`SeatedElsewhere`), unless a referee or admin overrides it (``override_seated``).
    The system (``by=None``: imports, restores) is not checked.
    """
    club = season.club
    _require(by, Action.START_GAME, club=club)
    if season.closed_at is not None and source == Game.Source.TABLE:
        raise ValidationError(
            gettext("The season %(name)s is closed: it takes no new games.") % {"name": season.name},
            code="season_closed",
        )
    _storable(table_label, "table_label")
    claim = _claim(once, scope="game_start", by=by)
    ruleset = season.ruleset
    try:
        engine_rules = ruleset.to_scoring()
    except ScoringError as exc:
        raise ValidationError(exc.message, code="ruleset") from exc
    members = list(members)
    if len(members) != engine_rules.players:
        raise ValidationError(
            f"The ruleset {ruleset.name} is for {engine_rules.players} players; {len(members)} were given.",
            code="seats",
        )
    if len({m.pk for m in members}) != len(members):
        raise ValidationError("A member can take only one seat.", code="seats")
    for m in members:
        if m.club_id != club.pk:
            raise ValidationError(f"{m.display_name} is not a member of {club.name}.", code="seats")
        if not m.active:
            raise ValidationError(f"{m.display_name} is not an active member.", code="seats")
    overridden = ""
    if by is not None and source == Game.Source.TABLE:
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
    )
    GameSeat.objects.bulk_create(GameSeat(game=game, seat=i, member=m) for i, m in enumerate(members))
    if not ruleset.frozen:
        Ruleset.objects.filter(pk=ruleset.pk).update(frozen=True)
        ruleset.frozen = True
    _audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="game", object_id=game.pk,
           after=_game_after(game), reason=overridden)
    _claimed(claim, game, "game")
    return game


@transaction.atomic
def game_cancel(*, game: Game, by=None, reason: str) -> Game:
    game = _locked(game)
    if not permissions.started_empty_game(by, game):  # whoever started a game by mistake may cancel it while empty
        _require(by, Action.CANCEL_GAME, club=game.club, game=game)
    if game.status == Game.Status.CANCELLED:
        return game
    if not reason or not reason.strip():
        raise ValidationError("Say why the game is cancelled.", code="reason")
    _storable(reason, "reason")
    before = _snapshot(game)
    was_finished = game.status == Game.Status.FINISHED
    game.status = Game.Status.CANCELLED
    game.cancel_reason = reason
    game.save(update_fields=["status", "cancel_reason"])
    _audit(club=game.club, by=by, action=AuditEntry.Action.CANCEL, object_type="game", object_id=game.pk,
           before=before, after=_snapshot(game), reason=reason)
    if was_finished:
        _queue_recompute(game.season_id)
    return game


# --- hands ------------------------------------------------------------------------------------
def _hand_after(hand: HandRecord) -> dict[str, Any]:
    return {"game": hand.game_id, "position": hand.position, "event": hand.event}


def _append(*, game: Game, position: int, event: dict[str, Any], by, reason: str = "") -> tuple[HandRecord, bool]:
    """Store ``event`` at ``position`` of a locked game. Returns (record, created)."""
    _check_writable(game)
    if not isinstance(event, dict):
        raise HandRefused("A hand must be an object with a kind.", hand=position)
    _storable_event(event, position if isinstance(position, int) else None)
    _storable(reason, "reason")
    if isinstance(position, bool) or not isinstance(position, int) or position < 0:
        raise HandRefused("The position must be a whole number from 0.", code="position")
    hands = list(game.hands.order_by("position"))
    if position < len(hands):
        existing = hands[position]
        if _canonical(game, existing.event) == _canonical(game, event):
            return existing, False
        raise HandConflict(
            f"Hand {position + 1} was already entered differently (by someone else?). "
            "Reload the game to see it, then edit it if it is wrong.",
            hand=position, existing=existing,
        )
    if position > len(hands):
        raise HandRefused(
            f"Hand {position + 1} cannot be entered yet: the next hand of this game is hand {len(hands) + 1}.",
            hand=position, code="position",
        )
    was_finished = game.status == Game.Status.FINISHED
    try:
        rep = _replay(game, [h.event for h in hands] + [event])
    except ScoringError as exc:
        raise _refused(exc) from exc
    try:
        # No savepoint: PostgreSQL holds the game's row lock (no other writer can be here), and SQLite
        # begins its transactions IMMEDIATE (config/settings/base.py), so it holds the write lock;
        # should a race still happen, SQLite rolls back only the failed statement.
        hand = HandRecord.objects.create(
            game=game, position=position, event=event,
            entered_by=by if getattr(by, "is_authenticated", False) else None,
        )
    except IntegrityError:
        # Only reachable without row locks (SQLite): the other writer won the race.
        existing = HandRecord.objects.get(game=game, position=position)
        if _canonical(game, existing.event) == _canonical(game, event):
            return existing, False
        raise HandConflict(
            f"Hand {position + 1} was already entered differently.", hand=position, existing=existing
        ) from None
    _audit(club=game.club, by=by, action=AuditEntry.Action.CREATE, object_type="hand", object_id=hand.pk,
           after=_hand_after(hand), reason=reason)
    _refresh(game, rep, was_finished=was_finished)
    return hand, True


def hand_record(*, game: Game, position: int | None, event: dict[str, Any], by=None,
                once: Once | None = None) -> HandRecord:
    """Record ``event`` as the hand at ``position`` (the position the client believes is next).

    Idempotent: the same event again at a taken position returns the stored record. A different
    event there raises :class:`HandConflict`; a position beyond the next, or an event the rules
    refuse, raises :class:`HandRefused` with a message for the table. ``position=None`` appends
    (safe to retry only with ``once``). A ``penalty`` event (or a deliberate chombo) is a
    referee's penalty whichever way it comes: :func:`penalty_give` does it.
    """
    return hand_append(game=game, position=position, event=event, by=by, once=once)[0]  # atomic there


@transaction.atomic
def hand_append(*, game: Game, position: int | None, event: dict[str, Any], by=None,
                once: Once | None = None) -> tuple[HandRecord, bool]:
    """:func:`hand_record`, also saying whether this call stored the hand (False: it was there)."""
    game = _locked(game)
    _require(by, Action.ENTER_HAND, club=game.club, game=game)
    claim = _claim(once, scope="hand", by=by)
    if position is None:
        position = game.hands.count()
    if is_penalty_event(event):
        if position < game.hands.count():
            hand, created = _append(game=game, position=position, event=event, by=by)  # a retry, or a conflict
        else:
            hand, created = _event_penalty(game=game, position=position, event=event, by=by)
    else:
        hand, created = _append(game=game, position=position, event=event, by=by)
    _claimed(claim, hand, "hand")
    return hand, created


REFEREE_ONLY = ("Penalties are a referee's: only a referee or a club admin can give, change or remove them "
                "(on the referee screen).")


def is_penalty_event(event: Any) -> bool:
    """A referee's event: a ``penalty`` (penalty point, yellow card, agari-forbidden, warning, a
    ruling's transfer) or a deliberate chombo. A plain chombo is a table result (both club
    rulesets make its payment fixed and the table screen offers it): the table may enter it."""
    if not isinstance(event, dict):
        return False
    return event.get("kind") == "penalty" or (event.get("kind") == "chombo" and bool(event.get("deliberate")))


def holds_penalty(hand: HandRecord) -> bool:
    """Whether the hand is a referee's penalty (its event, or an active Penalty row made with it)."""
    return _holds_penalty(hand)


def _holds_penalty(hand: HandRecord) -> bool:
    return is_penalty_event(hand.event) or Penalty.objects.filter(hand_record=hand, cancelled_at__isnull=True).exists()


def _guard_change(game: Game, by, *, hands: Sequence[HandRecord] = (), events: Sequence[Any] = (),
                  reason: str = "") -> None:
    """Penalties belong to referees; a finished game is closed (a referee or admin, with a reason)."""
    if by is None:
        return
    staff = permissions.can(by, Action.GIVE_PENALTY, club=game.club, game=game)
    if not staff and (any(_holds_penalty(h) for h in hands) or any(is_penalty_event(e) for e in events)):
        raise HandRefused(REFEREE_ONLY, code="referee_only")
    if game.status == Game.Status.FINISHED:
        if not staff:
            raise HandRefused("This game is finished: only a referee or a club admin can change it, with a reason.",
                              code="closed")
        if not (reason or "").strip():
            raise HandRefused("This game is finished: say why it is changed.", code="reason")


def _event_penalty(*, game: Game, position: int, event: dict[str, Any], by) -> tuple[HandRecord, bool]:
    """A penalty event sent as a hand: the referee's service, with its permission and Penalty row."""
    if by is not None and not permissions.can(by, Action.GIVE_PENALTY, club=game.club, game=game):
        raise HandRefused(REFEREE_ONLY, hand=position, code="referee_only")
    kind = event.get("type") if event.get("kind") == "penalty" else PenaltyKind.DELIBERATE_CHOMBO.value
    seat = event.get("player") if event.get("kind") == "penalty" else event.get("offender")
    seats = {s.seat: s.member for s in game.seat_set.select_related("member")}
    if isinstance(seat, bool) or seat not in seats:
        try:
            _replay(game, [h.event for h in game.hands.order_by("position")] + [event])
        except ScoringError as exc:
            raise _refused(exc) from exc
        raise HandRefused("A penalty needs the seat of the player it is given to.", hand=position)
    to = event.get("to")
    penalty = _penalty_give_locked(
        game=game, member=seats[seat], type=str(kind), reason=str(event.get("note") or ""), by=by,
        amount=event.get("amount"), beneficiary=seats.get(to) if isinstance(to, int) else None,
        riichi=event.get("riichi") or (), position=position)
    return penalty.hand_record, True


@transaction.atomic
def hand_edit(*, hand: HandRecord, event: dict[str, Any], by=None, reason: str = "",
              once: Once | None = None) -> HandRecord:
    """Replace a hand's event; the hands after it are replayed. Refused if one becomes impossible."""
    game = _locked(hand.game)
    _require(by, Action.ENTER_HAND, club=game.club, game=game)
    _check_writable(game)
    hand = _current(hand)
    if not isinstance(event, dict):
        raise HandRefused("A hand must be an object with a kind.", hand=hand.position)
    _storable_event(event, hand.position)
    _storable(reason, "reason")
    _guard_change(game, by, hands=[hand], events=[event], reason=reason)
    claim = _claim(once, scope="hand_edit", by=by)
    hands = list(game.hands.order_by("position"))
    events = [h.event for h in hands]
    if _canonical(game, events[hand.position]) == _canonical(game, event) and events[hand.position] == event:
        return hand
    events[hand.position] = event
    was_finished = game.status == Game.Status.FINISHED
    try:
        rep = _replay(game, events)
    except ScoringError as exc:
        if exc.hand is not None and exc.hand > hand.position:
            raise HandRefused(
                f"This change makes hand {exc.hand + 1} impossible: {exc.message} Nothing was changed.",
                hand=exc.hand, code="later_hand", error=exc,
            ) from exc
        raise _refused(exc) from exc
    before = _hand_after(hand)
    hand.event = event
    hand.save(update_fields=["event", "updated_at"])
    _audit(club=game.club, by=by, action=AuditEntry.Action.EDIT, object_type="hand", object_id=hand.pk,
           before=before, after=_hand_after(hand), reason=reason)
    _refresh(game, rep, was_finished=was_finished)
    _claimed(claim, hand, "hand")
    return hand


def _delete(*, game: Game, hand: HandRecord, by, reason: str, cancel_penalty: bool = True) -> dict[str, Any]:
    hands = list(game.hands.order_by("position"))
    events = [h.event for i, h in enumerate(hands) if i != hand.position]
    was_finished = game.status == Game.Status.FINISHED
    try:
        rep = _replay(game, events)
    except ScoringError as exc:
        if exc.hand is None:
            raise _refused(exc) from exc
        original = exc.hand if exc.hand < hand.position else exc.hand + 1
        raise HandRefused(
            f"Deleting this hand makes hand {original + 1} impossible: {exc.message} Nothing was changed.",
            hand=original, code="later_hand", error=exc,
        ) from exc
    before = _hand_after(hand)
    penalty = Penalty.objects.filter(hand_record=hand, cancelled_at__isnull=True).first()
    if penalty is not None and cancel_penalty:
        pbefore = _snapshot(penalty)
        penalty.cancelled_at = timezone.now()
        penalty.cancelled_by = by if getattr(by, "is_authenticated", False) else None
        penalty.cancel_reason = reason or "hand deleted"
        penalty.save(update_fields=["cancelled_at", "cancelled_by", "cancel_reason"])
        _audit(club=game.club, by=by, action=AuditEntry.Action.CANCEL, object_type="penalty",
               object_id=penalty.pk, before=pbefore, after=_snapshot(penalty), reason=penalty.cancel_reason)
    hand_pk = hand.pk
    hand.delete()
    for later in hands[before["position"] + 1:]:
        later.position -= 1
        later.save(update_fields=["position"])
    _audit(club=game.club, by=by, action=AuditEntry.Action.DELETE, object_type="hand", object_id=hand_pk,
           before=before, reason=reason)
    _refresh(game, rep, was_finished=was_finished)
    return before


def _current(hand: HandRecord) -> HandRecord:
    """The hand as stored now (under the game's lock): refused if someone deleted it meanwhile."""
    current = HandRecord.objects.filter(pk=hand.pk).first()
    if current is None:
        raise HandRefused("This hand was already deleted (by someone else?): nothing was changed. "
                          "Reload the game to see it as it is now.", code="gone")
    return current


@transaction.atomic
def hand_delete(*, hand: HandRecord, by=None, reason: str = "", position: int | None = None,
                once: Once | None = None) -> None:
    """Delete a hand; later hands move up one position and are replayed (refused if impossible).

    ``hand`` is the record the host saw (by id) and ``position`` where they saw it: both are
    checked under the game's row lock, so a repeated or racing delete removes nothing more.
    """
    game = _locked(hand.game)
    _require(by, Action.ENTER_HAND, club=game.club, game=game)
    _check_writable(game)
    _storable(reason, "reason")
    claim = _claim(once, scope="hand_delete", by=by)
    hand = _current(hand)
    if position is not None and hand.position != position:
        raise HandRefused(f"That hand is now hand {hand.position + 1}, not hand {position + 1}: nothing was deleted. "
                          "Reload the game.", hand=hand.position, code="position")
    _guard_change(game, by, hands=[hand], reason=reason)
    _delete(game=game, hand=hand, by=by, reason=reason)
    _claimed(claim, game, "game")


@transaction.atomic
def hand_undo_last(*, game: Game, by=None, position: int | None, reason: str = "",
                   once: Once | None = None) -> dict[str, Any] | None:
    """Remove the game's last hand — only if it is still the hand at ``position`` (the last one the
    host saw), checked under the game's row lock: a double tap or two phones undo one hand.

    ``position=None`` (the system only) removes whatever is last. Returns the removed event
    (None when there was none).
    """
    game = _locked(game)
    _require(by, Action.ENTER_HAND, club=game.club, game=game)
    _check_writable(game)
    claim = _claim(once, scope="hand_undo", by=by)
    last = game.hands.order_by("-position").first()
    if position is not None and (last is None or last.position != position):
        raise HandRefused("That hand is no longer the last one: nothing was undone. Check the table.",
                          hand=position, code="position")
    if last is None:
        return None
    _guard_change(game, by, hands=[last], reason=reason)
    removed = _delete(game=game, hand=last, by=by, reason=reason or "undo")["event"]
    _claimed(claim, game, "game")
    return removed


# --- penalties --------------------------------------------------------------------------------
_EVENT_KINDS = {PenaltyType(p).value for p in EVENT_PENALTIES}
_ROW_ONLY = {PenaltyKind.EXPULSION.value, PenaltyKind.DECLARATION_VOID.value, PenaltyKind.RULING.value}


def _penalty_event(
    kind: str, seat: int, riichi: Sequence[int], *, amount: int | None = None, to: int | None = None
) -> dict[str, Any] | None:
    if kind == PenaltyKind.RULING:
        # A ruling moves table points only when it names an amount; season points stay a row.
        if amount is None:
            return None
        event = {"kind": "penalty", "player": seat, "type": kind, "amount": amount}
        return event if to is None else event | {"to": to}
    if kind in _EVENT_KINDS:
        return {"kind": "penalty", "player": seat, "type": kind}
    if kind in (PenaltyKind.CHOMBO, PenaltyKind.DELIBERATE_CHOMBO):
        event: dict[str, Any] = {"kind": "chombo", "offender": seat}
        if kind == PenaltyKind.DELIBERATE_CHOMBO:
            event["deliberate"] = True
        if riichi:
            event["riichi"] = list(riichi)
        return event
    return None


@transaction.atomic
def penalty_give(
    *, member: Member, type: str, reason: str, by=None, game: Game | None = None, season: Season | None = None,
    points: Decimal | float | int | None = None, amount: int | None = None, beneficiary: Member | None = None,
    riichi: Sequence[int] = (), once: Once | None = None,
) -> Penalty:
    """Log a penalty.

    With ``game``: a penalty that the engine scores (penalty point, yellow card, agari-forbidden,
    verbal warning, chombo, deliberate chombo) is appended to the game as a contract event
    (``penalty`` or ``chombo``) plus a Penalty row linked to it. Expulsion, declaration void
    and rulings are Penalty rows only. Without ``game``: a season-level Penalty row
    (``season_deduction`` needs ``points``).
    """
    try:
        kind = PenaltyKind(type).value
    except ValueError:
        raise ValidationError(f"Unknown penalty type {type!r}.", code="type") from None
    _storable(reason, "reason")
    if game is not None:
        game = _locked(game)
        season = game.season
    if season is None:
        raise ValidationError("A penalty needs a game or a season.", code="season")
    _require(by, Action.GIVE_PENALTY, club=season.club, game=game)
    claim = _claim(once, scope="penalty", by=by)
    penalty = _penalty_give_locked(member=member, type=type, reason=reason, by=by, game=game, season=season,
                                   points=points, amount=amount, beneficiary=beneficiary, riichi=riichi)
    _claimed(claim, penalty, "penalty")
    return penalty


def _penalty_give_locked(
    *, member: Member, type: str, reason: str, by, game: Game | None = None, season: Season | None = None,
    points: Decimal | float | int | None = None, amount: int | None = None, beneficiary: Member | None = None,
    riichi: Sequence[int] = (), position: int | None = None,
) -> Penalty:
    """:func:`penalty_give` once the game (if any) is locked; ``position`` where its event goes."""
    try:
        kind = PenaltyKind(type).value
    except ValueError:
        raise ValidationError(f"Unknown penalty type {type!r}.", code="type") from None
    if game is not None:
        season = game.season
    club = season.club
    _require(by, Action.GIVE_PENALTY, club=club, game=game)
    if game is not None and game.status == Game.Status.FINISHED and by is not None and not (reason or "").strip():
        raise HandRefused("This game is finished: say why the penalty is given.", code="reason")
    if member.club_id != club.pk:
        raise ValidationError(f"{member.display_name} is not a member of {club.name}.", code="member")
    if kind == PenaltyKind.SEASON_DEDUCTION and points is None:
        raise ValidationError("A season deduction needs the points to deduct.", code="points")
    if points is not None:
        try:
            points = Decimal(str(points))
        except ArithmeticError:
            raise ValidationError({"points": ["The points are a number, e.g. 10.0."]}, code="points") from None
        if not points.is_finite() or abs(points) >= 10_000_000:
            raise ValidationError({"points": ["The points are a number below 10,000,000."]}, code="points")
    if kind == PenaltyKind.SEASON_DEDUCTION and points <= 0:
        # One rule for the form and the API: a deduction takes points away (it is never a bonus).
        raise ValidationError(
            {"points": ["A season deduction is a positive number of points to take away (e.g. 10.0)."]},
            code="points",
        )
    if kind == PenaltyKind.RULING and amount is None and points is None:
        raise ValidationError("A ruling needs an amount (table points) or points.", code="amount")
    event = None
    if game is not None:
        seat = game.seat_set.filter(member=member).values_list("seat", flat=True).first()
        if seat is None:
            raise ValidationError(f"{member.display_name} does not play in this game.", code="member")
        to = None
        if beneficiary is not None:
            to = game.seat_set.filter(member=beneficiary).values_list("seat", flat=True).first()
            if to is None:
                raise ValidationError(f"{beneficiary.display_name} does not play in this game.", code="beneficiary")
        event = _penalty_event(kind, seat, riichi, amount=amount, to=to)
        if event is not None and kind != PenaltyKind.RULING:
            allowed = game.effective_ruleset.to_scoring().penalties
            if PenaltyType(kind) not in allowed and not (
                kind == PenaltyKind.DELIBERATE_CHOMBO and PenaltyType.CHOMBO in allowed
            ):
                raise ValidationError(
                    f"The ruleset {game.effective_ruleset.name} has no {PenaltyKind(kind).label} penalty.",
                    code="type",
                )
    elif kind not in (PenaltyKind.SEASON_DEDUCTION, *_ROW_ONLY):
        raise ValidationError(
            f"A {PenaltyKind(kind).label} penalty is given during a game: choose the game.", code="game"
        )
    hand = None
    if event is not None:
        hand, _ = _append(game=game, position=game.hands.count() if position is None else position, event=event,
                          by=by, reason=reason)
    penalty = Penalty.objects.create(
        season=season, game=game, member=member, type=kind,
        points=Decimal(str(points)) if points is not None else None, amount=amount, beneficiary=beneficiary,
        hand_record=hand, reason=reason, given_by=by if getattr(by, "is_authenticated", False) else None,
    )
    _audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="penalty", object_id=penalty.pk,
           after=_snapshot(penalty) | ({"event": event} if event else {}), reason=reason)
    if game is None or (kind == PenaltyKind.RULING and game.status == Game.Status.FINISHED):
        _queue_recompute(season.pk)
    return penalty


@transaction.atomic
def penalty_cancel(*, penalty: Penalty, by=None, reason: str) -> Penalty:
    """Cancel a penalty; its in-game event (if any) is removed and the game replayed."""
    _storable(reason, "reason")
    penalty = Penalty.objects.select_related("season__club", "game").get(pk=penalty.pk)
    club = penalty.season.club
    game = _locked(penalty.game) if penalty.game_id else None
    # Then the penalty's row (the game first, as hand deletes do): of ten cancels at once, one
    # cancels and audits, the others find it cancelled.
    penalty = Penalty.objects.select_for_update(of=("self",)).select_related("season__club", "game").get(pk=penalty.pk)
    _require(by, Action.GIVE_PENALTY, club=club, game=game)
    if penalty.cancelled_at is not None:
        return penalty
    before = _snapshot(penalty)
    if penalty.hand_record_id is not None:
        _check_writable(game)
        hand = HandRecord.objects.get(pk=penalty.hand_record_id)
        _delete(game=game, hand=hand, by=by, reason=reason, cancel_penalty=False)
    if penalty.cancelled_at is None:
        penalty.cancelled_at = timezone.now()
    penalty.cancelled_by = by if getattr(by, "is_authenticated", False) else None
    penalty.cancel_reason = reason
    penalty.save(update_fields=["cancelled_at", "cancelled_by", "cancel_reason"])
    _audit(club=club, by=by, action=AuditEntry.Action.CANCEL, object_type="penalty", object_id=penalty.pk,
           before=before, after=_snapshot(penalty), reason=reason)
    if game is None:
        _queue_recompute(penalty.season_id)
    return penalty
