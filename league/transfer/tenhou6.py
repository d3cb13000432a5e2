"""Import online games: tenhou.net/6 JSON logs become games of a season.

Each log is converted by ``scoring.tenhou6.convert_log`` (which checks itself against the
log) and stored by ``league.games.services.game_import`` (the game started as the table screens
start one, its hands checked as ``hand_record`` checks each, replayed once and written together),
so an imported game is validated, audited and replayed like any other. A log is recognised by a
fingerprint of its deal and results (``Game.external_id``: the rounds and the final scores, not
the ``ref``, title or any other field) and is never imported twice into a season. Each log is
imported in its own transaction: a log that fails leaves nothing behind, and the batch goes on
with the next one; the season's standings are updated once, after the batch (``core.queueing.gathered``).
"""
from __future__ import annotations

import datetime
import hashlib
import json
import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from club import services as club_services
from club.models import Member
from core.queueing import gathered, on_commit
from core.validation import BadInput, check_value, text_problem
from league import permissions
from league.games import services as game_services
from league.games.errors import HandRefused
from league.models import Game, ImportBatch, Ruleset, Season
from league.permissions import Action
from league.transfer.tasks import import_batch as import_batch_task
from scoring.errors import ScoringError

DIGEST_PREFIX = "tenhou6:"
NAME_LENGTH = Member._meta.get_field("display_name").max_length
TOKYO = ZoneInfo("Asia/Tokyo")
logger = logging.getLogger(__name__)
_REF_TIME = re.compile(r"^(\d{10})gm-")


class LogError(ValueError):
    """A log that cannot be imported; the message says why, for the batch's error list."""


def read_log_bytes(data: bytes | str) -> dict[str, Any]:
    """Parse one uploaded tenhou.net/6 file."""
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
        log = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise LogError(f"not a JSON file ({exc.__class__.__name__}).") from None
    if not isinstance(log, dict) or not isinstance(log.get("log"), list):
        raise LogError("not a tenhou.net/6 log (a JSON object with a 'log' list).")
    _check_storable(log)
    return log


def _check_storable(log: Any) -> None:
    try:
        check_value(log)
    except BadInput as exc:
        raise LogError(f"the log {exc.message}.") from None


def _digest(value: Any) -> str:
    canonical = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return DIGEST_PREFIX + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def log_digest(log: Mapping[str, Any]) -> str:
    """``tenhou6:<sha256>`` of the game's deal and results: its rounds (``log``: each round's
    scores, dora, hands, draws, discards and result) and its final scores (``sc``). The same
    game gives the same id whatever its other fields (``ref``, ``title``, a viewer's extras)."""
    return _digest({"log": log.get("log"), "sc": log.get("sc")})


def _known_digests(log: Mapping[str, Any]) -> list[str]:
    """The fingerprint, and the digest of the whole log that games imported before issue 22 carry."""
    return [log_digest(log), _digest(log)]


def _started_at(log: Mapping[str, Any]) -> datetime.datetime | None:
    """Tenhou refs start with the game's hour, Japan time: ``2022013100gm-...``."""
    m = _REF_TIME.match(str(log.get("ref", "")))
    if not m:
        return None
    try:
        return datetime.datetime.strptime(m.group(1), "%Y%m%d%H").replace(tzinfo=TOKYO)
    except ValueError:
        return None


def parse_mapping(pairs: Iterable[str]) -> dict[str, str]:
    """``["nick=member", ...]`` (the command line's ``--map``) as a dict."""
    out: dict[str, str] = {}
    for pair in pairs:
        nick, sep, member = pair.partition("=")
        if not sep or not nick or not member:
            raise LogError(f"--map takes nick=member, not {pair!r}.")
        out[nick] = member
    return out


def _member_for(club, ref: str) -> Member | None:
    qs = Member.objects.filter(club=club)
    if ref.isdigit():
        found = qs.filter(pk=int(ref)).first()
        if found is not None:
            return found
    return qs.filter(display_name=ref).first()


def resolve_members(
    *, season: Season, names: Sequence[str], mapping: Mapping[str, str], create_members: bool, by=None
) -> list[Member]:
    """The members for the log's nicknames (seat order). Call inside the log's transaction."""
    club = season.club
    members = []
    twice = sorted({nick for nick in names if list(names).count(nick) > 1})
    if twice:  # one member cannot take two seats, and a mapping names a nickname, not a seat
        raise LogError(f"The nickname {twice[0]!r} sits at more than one seat of this log (a log whose names were "
                       f"made anonymous?): it cannot be told which member played which seat.")
    # The unmapped nicknames' members in one query (a display name is unique in a club).
    known = {m.display_name: m for m in Member.objects.filter(
        club=club, display_name__in=[str(nick) for nick in names if nick not in mapping])}
    for nick in names:
        if nick in mapping:
            member = _member_for(club, str(mapping[nick]))
            if member is None:
                raise LogError(
                    f"The nickname {nick!r} is mapped to {mapping[nick]!r}, which is no member of {club.name}."
                )
        else:
            problem = text_problem(str(nick))
            if problem:
                raise LogError(f"The nickname {nick!r} {problem}: map it to a member.")
            member = known.get(nick)
            if member is None and len(nick) > NAME_LENGTH:
                raise LogError(
                    f"The nickname {nick!r} is longer than {NAME_LENGTH} characters, the longest member name: "
                    f"map it to a member."
                )
            if member is None:
                if not create_members:
                    raise LogError(
                        f"No member for the nickname {nick!r}: map it to a member, or allow creating members."
                    )
                member = club_services.member_enrol(club=club, display_name=nick, by=by, source="tenhou6 import",
                                                    reason="created for an imported game")
        members.append(member)
    return members


def import_log(
    *, season: Season, log: Mapping[str, Any], mapping: Mapping[str, str] | None = None,
    create_members: bool = False, by=None,
) -> tuple[Game, bool]:
    """Import one log into ``season``. Returns ``(game, created)``; ``created`` is False when the
    same log was imported before. Raises :class:`LogError` (nothing written) when it cannot be."""
    _check_storable(log)
    digest = log_digest(log)
    existing = Game.objects.filter(season=season, external_id__in=_known_digests(log)).first()
    if existing is not None:
        return existing, False
    try:
        record = _convert(log, season)
    except ScoringError as exc:
        raise LogError(f"the log cannot be converted: {exc.message}") from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise LogError(f"the log is malformed ({exc.__class__.__name__}: {exc}).") from None
    misfit = ruleset_misfit(season=season, log=log, record=record)
    if misfit is not None:
        raise LogError(misfit)
    try:
        with transaction.atomic():
            members = resolve_members(
                season=season, names=record["players"], mapping=mapping or {}, create_members=create_members, by=by
            )
            game = game_services.game_import(
                season=season, members=members, events=record["hands"], by=by,
                table_label=str(log.get("ref") or "tenhou")[:40], started_at=_started_at(log), external_id=digest,
            )
            _check_result(game, log, record)
    except IntegrityError:
        existing = Game.objects.filter(season=season, external_id__in=_known_digests(log)).first()
        if existing is not None:  # imported by a concurrent batch meanwhile
            return existing, False
        raise
    except HandRefused as exc:
        where = f"round {exc.hand + 1}: " if exc.hand is not None else ""
        raise LogError(f"{where}{exc.message} (under the season's ruleset {season.ruleset.name})") from None
    except ValidationError as exc:
        raise LogError("; ".join(exc.messages)) from None
    return game, True


def _convert(log: Mapping[str, Any], season: Season) -> dict[str, Any]:
    """The log's record under its room's preset; when that cannot read it, under the season's base
    preset (a log whose room is unknown, converted as Tenhou's, may be the season's game). A log
    neither reads raises the first error (the reading under its own room)."""
    from scoring.tenhou6 import convert_log

    try:
        return convert_log(log)
    except ScoringError as first:
        try:
            return convert_log(log, ruleset=season.ruleset.base)
        except (ScoringError, KeyError, IndexError, TypeError, ValueError, AttributeError):
            raise first from None


def describe_ruleset(spec: Any) -> str:
    """A log's ruleset for a person: ``tenhou-sanma (Tenhou 3-player ...)``, overrides as JSON."""
    from scoring.rules import preset

    if isinstance(spec, str):
        return f"{spec} ({preset(spec).name})"
    base = str(spec.get("base"))
    text = f"{base} ({preset(base).name})"
    overrides = spec.get("overrides") or {}
    if overrides:
        text += " + " + json.dumps(overrides, ensure_ascii=False, sort_keys=True)
    return text


def _fitting_club_rulesets(season: Season, spec: Any) -> list[str]:
    """The club's rulesets (and the shared ones) that play exactly as the log's ruleset (names, for
    the message)."""
    from scoring.rules import resolve

    needed = resolve(spec)
    ignore = {"key", "name", "version"}
    found = []
    shared = Q(club=season.club) | Q(club__isnull=True)
    for ruleset in Ruleset.objects.filter(shared).order_by("key", "version"):
        try:
            rules = ruleset.to_scoring()
        except ScoringError:
            continue
        if not set(rules.diff(needed)) - ignore:
            found.append(f"{ruleset.name} ({ruleset.key} v{ruleset.version})")
    return found


def ruleset_misfit(*, season: Season, log: Mapping[str, Any], record: Mapping[str, Any]) -> str | None:
    """Why the season's ruleset cannot reproduce the log, naming the ruleset the log needs; None
    when it fits: replayed under the season's ruleset, every round pays what the log paid and
    the game ends at the log's final scores and points (``sc``)."""
    from scoring.game import replay
    from scoring.tenhou6 import convert_rounds

    rules = season.ruleset.to_scoring()
    needed = describe_ruleset(record["ruleset"])
    season_name = season.ruleset.name
    seats = len(record["players"])

    def refuse(reason: str) -> str:
        clubs = _fitting_club_rulesets(season, record["ruleset"])
        hint = (
            _("The club's rulesets that fit: %(rulesets)s.") % {"rulesets": ", ".join(clubs)}
            if clubs
            else _("Create a ruleset with that base and overrides (POST /api/rulesets/) and a season that plays it.")
        )
        return _("%(reason)s This log needs the ruleset %(needed)s. %(hint)s") % {
            "reason": reason, "needed": needed, "hint": hint,
        }

    if rules.players != seats:
        return refuse(
            _("This is a %(seats)d-player game, but the season's ruleset %(ruleset)s is for %(players)d players.")
            % {"seats": seats, "ruleset": season_name, "players": rules.players}
        )
    try:
        game = replay({**record, "ruleset": season.ruleset.spec()})
    except ScoringError as exc:
        where = exc.hand + 1 if exc.hand is not None else "?"
        return refuse(_("Under the season's ruleset %(ruleset)s, round %(round)s is refused: %(error)s")
                      % {"ruleset": season_name, "round": where, "error": exc.localized(get_language())})
    spec = record["ruleset"]
    base = spec if isinstance(spec, str) else spec["base"]
    _spec, rounds = convert_rounds(log, base)  # the log's own numbers, as the record was read
    for row, converted in zip(game.rows, rounds, strict=False):
        if tuple(row.deltas) != converted.deltas:
            return refuse(_("Under the season's ruleset %(ruleset)s, round %(round)s (%(at)s) pays %(got)s, "
                            "but the log paid %(want)s.")
                          % {"ruleset": season_name, "round": row.event_index + 1, "at": f"{row.round}-{row.honba}",
                             "got": list(row.deltas), "want": list(converted.deltas)})
    if game.final is None:
        return refuse(_("The game does not end under the season's ruleset %(ruleset)s.") % {"ruleset": season_name})
    sc = log.get("sc")
    if sc:
        scores = [int(x) for x in sc[0 : 2 * seats : 2]]
        points = [float(x) for x in sc[1 : 2 * seats : 2]]
        got_points = [float(p) for p in game.final.points]
        if list(game.final.scores) != scores or any(
                abs(a - b) > 0.005 for a, b in zip(got_points, points, strict=False)):
            return refuse(_("The season's ruleset %(ruleset)s ends this game at %(scores)s with points %(points)s, "
                            "but the log ends at %(log_scores)s with points %(log_points)s.")
                          % {"ruleset": season_name, "scores": list(game.final.scores), "points": got_points,
                             "log_scores": scores, "log_points": points})
    return None


def _check_result(game: Game, log: Mapping[str, Any], record: Mapping[str, Any]) -> None:
    """The stored game must end as the log did; otherwise the season's ruleset is not the log's."""
    if game.status != Game.Status.FINISHED:
        raise LogError(
            f"the game does not end under the season's ruleset {game.effective_ruleset.name} "
            f"(the log was played under {json.dumps(record['ruleset'], ensure_ascii=False)}): import it into a "
            f"season of a ruleset with that base and overrides (POST /api/rulesets/)."
        )
    sc = log.get("sc")
    if sc:
        expected = [int(x) for x in sc[0 : 2 * game.seats : 2]]
        if list(game.final_scores or []) != expected:
            raise LogError(
                f"the season's ruleset {game.effective_ruleset.name} ends this game at {game.final_scores}, "
                f"but the log's final scores are {expected}."
            )


# --- batches ---------------------------------------------------------------------------------------
@transaction.atomic
def batch_create(
    *, season: Season, logs: Sequence[tuple[str, Mapping[str, Any]]], mapping: Mapping[str, str] | None = None,
    create_members: bool = False, by=None,
) -> ImportBatch:
    """Record an import batch (``batch_run`` imports it; ``batch_submit`` also queues it)."""
    if by is not None and not permissions.can(by, Action.MANAGE_LEAGUE, club=season.club):
        raise PermissionDenied("You may not import games into this club.")
    return ImportBatch.objects.create(
        season=season, created_by=by if getattr(by, "is_authenticated", False) else None, total=len(logs),
        logs=[[name, dict(log)] for name, log in logs], mapping=dict(mapping or {}),
        create_members=bool(create_members), progress_at=timezone.now(),
    )


@transaction.atomic
def batch_submit(
    *, season: Season, logs: Sequence[tuple[str, Mapping[str, Any]]], mapping: Mapping[str, str] | None = None,
    create_members: bool = False, by=None,
) -> ImportBatch:
    """Record an import batch and queue its task (eager without a broker) once committed."""
    batch = batch_create(season=season, logs=logs, mapping=mapping, create_members=create_members, by=by)
    on_commit(import_batch_task, batch.pk, "import batch")  # a broker that is down is logged; requeue_stale retries
    return batch


def batch_run(
    *, batch: ImportBatch, logs: Sequence[tuple[str, Mapping[str, Any]]], mapping: Mapping[str, str] | None = None,
    create_members: bool = False, progress=None,
) -> ImportBatch:
    """Import every log of a batch, one transaction each, counting progress on the batch row.

    A batch queued again after a crash resumes after the logs it has results for (a log
    imported just before the crash is recognised by its digest)."""
    season = Season.objects.select_related("club", "ruleset").get(pk=batch.season_id)
    by = batch.created_by
    batch.refresh_from_db(fields=["status", "errors", "results", "done"])
    if batch.status in (ImportBatch.Status.DONE, ImportBatch.Status.FAILED):
        return batch
    ImportBatch.objects.filter(pk=batch.pk).update(
        status=ImportBatch.Status.RUNNING, total=len(logs), progress_at=timezone.now()
    )
    results: list[dict[str, Any]] = list(batch.results or [])[: len(logs)]
    done = len(results)
    errors: list[dict[str, Any]] = [
        {"file": r["file"], "error": r.get("error", "")} for r in results if r.get("status") == "error"
    ] if results else list(batch.errors or [])
    with gathered():  # the standings update once per season after the batch, not after each game
        results, errors, done = _run_logs(batch, season, by, logs, mapping, create_members, progress,
                                          results, errors, done)
    status = ImportBatch.Status.FAILED if logs and len(errors) == len(logs) else ImportBatch.Status.DONE
    ImportBatch.objects.filter(pk=batch.pk).update(status=status, finished_at=timezone.now())
    batch.refresh_from_db()
    return batch


def _run_logs(batch, season, by, logs, mapping, create_members, progress, results, errors, done):
    for name, log in list(logs)[done:]:
        ImportBatch.objects.filter(pk=batch.pk).update(progress_at=timezone.now())  # alive: not stalled
        try:
            game, new = import_log(season=season, log=log, mapping=mapping, create_members=create_members, by=by)
            outcome = {"file": name, "game": game.pk, "created": new}
            results.append({"file": name, "status": "imported" if new else "already_imported", "game": game.pk})
        except Exception as exc:  # one bad log never leaves the batch "running"
            if isinstance(exc, LogError):
                message = str(exc)
            else:
                logger.exception("import batch %s: %s failed unexpectedly", batch.pk, name)
                message = f"the log could not be imported ({exc.__class__.__name__}); nothing of it was stored."
            errors.append({"file": name, "error": message})
            outcome = {"file": name, "error": message}
            results.append({"file": name, "status": "error", "game": None, "error": message})
        done += 1
        ImportBatch.objects.filter(pk=batch.pk).update(
            done=done, errors=errors, results=results, progress_at=timezone.now()
        )
        if progress is not None:
            progress(outcome)
    return results, errors, done


def user_by_id(user_id: int | None):
    if user_id is None:
        return None
    return get_user_model().objects.filter(pk=user_id).first()
