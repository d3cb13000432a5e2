"""Season export and restore, and CSV exports for spreadsheets.

The export (``mahjong-club-season/1``) holds the club, its members (with roles), the
rulesets the season uses (spec and version), the season, every game as a contract game
record (``hands`` = the stored events) with who started it and who entered each hand and
when, the penalties (season deductions and rulings' amount and beneficiary included, who
gave and who cancelled them) and the season's audit log. People are named by their display
name in the club (a login that is no member: its user name).

The restore goes through the services like any other write (``league.seasons.services``,
``league.games.services``, ``league.referee.services``): rulesets, the season,
``game_start`` and ``hand_record`` per event (or ``penalty_give`` for an event a penalty
created), ``game_cancel``, ``penalty_give``/``penalty_cancel``. Everything is validated by
the replay again, in one transaction: a bad file leaves nothing behind. Only history the
services set to "now" (when a game finished, when a penalty was given or cancelled) is put
back afterwards, since the ratings depend on the order of the games, and so are the people
and times of the history (who entered, started, gave, cancelled; the audit log as exported,
in place of the entries the restore itself wrote). A person named in the history gets a
login that cannot log in (no password, inactive) when their member has none; a club admin
may activate it later. Export → restore → export gives the same document except ids.

Other apps add optional sections (``register_section``): the events app its club nights,
tournament and casual games (each kind's ``transfer`` module in ``events``). A member merged into
another keeps the link.
"""
from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from club import services as club_services
from club.models import Club, ClubRole, Member
from core.audit import PastEntry, audit, forget_since, restore_history
from core.models import AuditEntry
from league.games import services as game_services
from league.games.selectors import build_record
from league.members import services as member_services
from league.models import Game, GameSeat, HandRecord, Penalty, Ruleset, Season
from league.referee import services as referee_services
from league.seasons import services as season_services

FORMAT = "mahjong-club-season/1"
CHUNK_GAMES = 500  # games read per step of the export (the tests make it small)

# Optional sections a higher app adds to the file (events: its club nights, tournament, casual
# games), filled in by that app's AppConfig.ready: league never imports it. ``export(season,
# person)`` gives the section's value (None: the season has none, the key is left out);
# ``restore(value, season=, members=, games=, user=)`` writes it through the app's own code,
# with ``members`` (display name → Member) and ``games`` (exported game id → restored Game).
SECTIONS: dict[str, tuple[Any, Any]] = {}


def register_section(key: str, *, export, restore) -> None:
    """Add an optional section ``key`` to the season file (see ``SECTIONS``)."""
    SECTIONS[key] = (export, restore)


# Seasons a higher app links to the season (events: a night's or a tournament's 3-player season, where
# its tables of three are played), carried whole in the file as ``linked_seasons`` and restored before
# the sections, so that a section's tables find their games. ``provider(season)`` lists them.
LINKED_SEASONS: list[Callable[[Season], list[Season]]] = []


def register_linked_seasons(provider: Callable[[Season], list[Season]]) -> None:
    """Carry the seasons ``provider(season)`` names along with the season (see ``LINKED_SEASONS``)."""
    if provider not in LINKED_SEASONS:
        LINKED_SEASONS.append(provider)


class RestoreError(ValueError):
    """An export file that cannot be restored (the message says where)."""


def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def _ruleset_ref(ruleset: Ruleset) -> str:
    return f"{ruleset.key}@{ruleset.version}"


def _ruleset_doc(ruleset: Ruleset) -> dict[str, Any]:
    return {
        "ref": _ruleset_ref(ruleset),
        "key": ruleset.key,
        "name": ruleset.name,
        "base": ruleset.base,
        "overrides": ruleset.overrides or {},
        "version": ruleset.version,
        "club": ruleset.club_id is not None,
        "spec": ruleset.spec(),
    }


def _people(club: Club):
    """user id → the name the export gives that person (display name in the club, else user name)."""
    names = dict(Member.objects.filter(club=club, user__isnull=False).values_list("user_id", "display_name"))
    cache: dict[int, str] = {}

    def name(user_id: int | None) -> str | None:
        if user_id is None:
            return None
        if user_id not in cache:
            cache[user_id] = names.get(user_id) or get_user_model().objects.filter(pk=user_id).values_list(
                get_user_model().USERNAME_FIELD, flat=True).first() or ""
        return cache[user_id] or None

    return name


def _season_audit(season: Season, game_ids: list[int], penalty_ids: list[int], person) -> Iterator[dict[str, Any]]:
    """The audit entries of the season, its games, their hands and its penalties, oldest first."""
    from django.db.models import Q

    q = (Q(object_type="season", object_id=str(season.pk))
         | Q(object_type="game", object_id__in=[str(i) for i in game_ids])
         | Q(object_type="penalty", object_id__in=[str(i) for i in penalty_ids]))
    q |= Q(object_type="hand", after__game__in=game_ids) | Q(object_type="hand", before__game__in=game_ids)
    entries = AuditEntry.objects.filter(q, club=season.club).order_by("at", "id")
    for e in entries.iterator(chunk_size=2000):
        yield {"at": _iso(e.at), "actor": person(e.actor_id), "action": e.action, "object_type": e.object_type,
               "object_id": e.object_id, "before": e.before, "after": e.after, "reason": e.reason}


def season_games_in_chunks(season: Season, size: int, on_chunk: Callable[[int], None] | None = None
                           ) -> Iterator[list[Game]]:
    """The season's games, oldest first (``started_at``, id), ``size`` at a time: one query a chunk.
    ``on_chunk(n)`` is told each time the reader comes back for more: its ``n`` games are written."""
    ids = list(Game.objects.filter(season=season).order_by("started_at", "id").values_list("id", flat=True))
    for start in range(0, len(ids), size):
        part = ids[start:start + size]
        found = Game.objects.select_related("ruleset", "season__ruleset").in_bulk(part)
        yield [found[pk] for pk in part if pk in found]
        if on_chunk is not None:
            on_chunk(len(part))


def _rulesets(season: Season) -> list[Ruleset]:
    """The season's ruleset, then each game's own in the order the games first use it."""
    order = {season.ruleset_id: None}
    for ruleset_id in Game.objects.filter(season=season).order_by("started_at", "id").values_list(
            "ruleset_id", flat=True):
        order.setdefault(ruleset_id or season.ruleset_id, None)
    found = Ruleset.objects.in_bulk(list(order))
    return [found[pk] for pk in order]


def _game_docs(season: Season, person, on_chunk: Callable[[int], None] | None = None) -> Iterator[dict[str, Any]]:
    for games in season_games_in_chunks(season, CHUNK_GAMES, on_chunk):
        ids = [g.pk for g in games]
        names: dict[int, list[str]] = {}
        for game_id, name in (GameSeat.objects.filter(game_id__in=ids).order_by("game_id", "seat")
                              .values_list("game_id", "member__display_name")):
            names.setdefault(game_id, []).append(name)
        hands: dict[int, list[tuple]] = {}  # (event, entered_by_id, entered_at, updated_at), in order
        for game_id, *hand in (HandRecord.objects.filter(game_id__in=ids).order_by("game_id", "position")
                               .values_list("game_id", "event", "entered_by_id", "entered_at", "updated_at")):
            hands.setdefault(game_id, []).append(hand)
        for g in games:
            g._seat_names = names.get(g.pk, [])  # what game_record's seat_names reads, for the chunk at once
            records = hands.get(g.pk, [])
            yield {
                "id": g.pk,
                "ruleset": _ruleset_ref(g.effective_ruleset),
                "table_label": g.table_label,
                "status": g.status,
                "source": g.source,
                "external_id": g.external_id,
                "started_at": _iso(g.started_at),
                "finished_at": _iso(g.finished_at),
                "cancel_reason": g.cancel_reason,
                "started_by": person(g.created_by_id),
                "entered": [{"by": person(by), "at": _iso(at), "updated_at": _iso(updated)}
                            for _, by, at, updated in records],
                "final": {"scores": g.final_scores, "points": g.final_points, "ranks": g.final_ranks,
                          "ended_by": g.ended_by or None},
                "record": build_record(g, (event for event, *_ in records)),
            }


def _club_doc(club: Club) -> dict[str, Any]:
    return {"name": club.name, "slug": club.slug, "public_standings": club.public_standings}


def _member_docs(club: Club) -> list[dict[str, Any]]:
    """Every member of the club by display name, with roles and the member it was merged into."""
    roles: dict[int, list[str]] = {}
    for member_id, role in ClubRole.objects.filter(club=club).values_list("member_id", "role"):
        roles.setdefault(member_id, []).append(role)
    return [
        {"display_name": m.display_name, "active": m.active, "roles": sorted(roles.get(m.pk, []))}
        | ({"merged_into": m.merged_into.display_name} if m.merged_into_id else {})
        for m in Member.objects.filter(club=club).select_related("merged_into").order_by("display_name")
    ]


def _season_doc(season: Season) -> dict[str, Any]:
    return {
        "name": season.name,
        "ruleset": _ruleset_ref(season.ruleset),
        "starts_on": _iso(season.starts_on),
        "ends_on": _iso(season.ends_on),
        "rating_method": season.rating_method,
        "rating_params": season.rating_params or {},
        "min_games": season.min_games,
        "best_n": season.best_n,
    }


def _penalty_docs(season: Season, person) -> list[dict[str, Any]]:
    """The season's penalties, oldest first, with who gave and cancelled them."""
    return [
        {
            "member": p.member.display_name,
            "type": p.type,
            "points": str(p.points) if p.points is not None else None,
            "amount": p.amount,
            "beneficiary": p.beneficiary.display_name if p.beneficiary_id else None,
            "game": p.game_id,
            "hand_position": p.hand_record.position if p.hand_record_id else None,
            "reason": p.reason,
            "given_by": person(p.given_by_id),
            "given_at": _iso(p.given_at),
            "cancelled_by": person(p.cancelled_by_id),
            "cancelled_at": _iso(p.cancelled_at),
            "cancel_reason": p.cancel_reason,
            "id": p.pk,
        }
        for p in Penalty.objects.filter(season=season).select_related("member", "beneficiary", "hand_record")
        .order_by("given_at", "id")
    ]


def _section_parts(season: Season, person) -> list[tuple[str, Any]]:
    """The optional sections other apps registered, those the season has."""
    return [(key, value) for key, (export, _) in SECTIONS.items() if (value := export(season, person)) is not None]


def _audit_after_games(season: Season, penalties: list[dict[str, Any]], person) -> Iterator[dict[str, Any]]:
    """The season's audit log; a generator, so the game ids are read only once the games are written."""
    game_ids = list(Game.objects.filter(season=season).values_list("id", flat=True))
    yield from _season_audit(season, game_ids, [p["id"] for p in penalties], person)


def _linked_seasons(season: Season) -> list[Season]:
    found: dict[int, Season] = {}
    for provider in LINKED_SEASONS:
        for linked in provider(season):
            if linked.pk != season.pk:
                found.setdefault(linked.pk, linked)
    return [found[pk] for pk in sorted(found)]  # oldest first, whichever kind named it


def _linked_season_doc(linked: Season, person) -> dict[str, Any]:
    """A linked season whole: its rulesets, settings, games, penalties and audit log (small: the tables of three)."""
    penalties = _penalty_docs(linked, person)
    return {
        "rulesets": [_ruleset_doc(r) for r in _rulesets(linked)],
        "season": _season_doc(linked),
        "games": list(_game_docs(linked, person)),
        "penalties": penalties,
        "audit": list(_audit_after_games(linked, penalties, person)),
    }


def _linked_parts(season: Season, person) -> list[tuple[str, Any]]:
    linked = _linked_seasons(season)
    return [("linked_seasons", [_linked_season_doc(s, person) for s in linked])] if linked else []


def _export_parts(season: Season, on_chunk: Callable[[int], None] | None = None) -> list[tuple[str, Any]]:
    """The export's keys in order; ``games`` and ``audit`` are iterators (read a chunk at a time;
    ``on_chunk``: see :func:`season_games_in_chunks`)."""
    club = season.club
    person = _people(club)
    members = _member_docs(club)
    penalties = _penalty_docs(season, person)
    return [
        ("format", FORMAT),
        ("exported_at", _iso(timezone.now())),
        ("club", _club_doc(club)),
        ("members", members),
        ("rulesets", [_ruleset_doc(r) for r in _rulesets(season)]),
        ("season", _season_doc(season)),
        ("games", _game_docs(season, person, on_chunk)),
        ("penalties", penalties),
        *_linked_parts(season, person),
        *_section_parts(season, person),
        ("audit", _audit_after_games(season, penalties, person)),
    ]


def export_season(season: Season) -> dict[str, Any]:
    """The season as one JSON document (see the module docstring)."""
    return {key: list(value) if isinstance(value, Iterator) else value for key, value in _export_parts(season)}


def export_season_chunks(season: Season, *, encoder=None, chunk_bytes: int = 1 << 16,
                         on_chunk: Callable[[int], None] | None = None) -> Iterator[bytes]:
    """The export as compact UTF-8 JSON, a piece at a time: the bytes DRF's ``JSONRenderer`` writes
    for :func:`export_season`'s document (the API's answer before it was streamed), with the games
    and the audit log read a chunk at a time, so memory does not grow with the season."""
    from rest_framework.utils.encoders import JSONEncoder

    def dumps(value: Any) -> str:
        text = json.dumps(value, cls=encoder or JSONEncoder, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":"))
        return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")

    def pieces() -> Iterator[str]:
        yield "{"
        for i, (key, value) in enumerate(_export_parts(season, on_chunk)):
            yield ("," if i else "") + dumps(key) + ":"
            if isinstance(value, Iterator):
                yield "["
                for j, item in enumerate(value):
                    yield ("," if j else "") + dumps(item)
                yield "]"
            else:
                yield dumps(value)
        yield "}"

    buffer: list[str] = []
    size = 0
    for n, piece in enumerate(pieces()):
        buffer.append(piece)
        size += len(piece)
        if size >= chunk_bytes or n == 0:  # the first byte at once, then about chunk_bytes at a time
            yield "".join(buffer).encode("utf-8")
            buffer, size = [], 0
    if buffer:
        yield "".join(buffer).encode("utf-8")


# --- restore -----------------------------------------------------------------------------------------
def _need(doc: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(doc, dict) or key not in doc:
        raise RestoreError(f"{where}: missing {key!r}.")
    value = doc[key]
    if not isinstance(value, kind):
        raise RestoreError(f"{where}: {key!r} has the wrong type.")
    return value


def _dt(value: Any, where: str) -> datetime.datetime | None:
    if value in (None, ""):
        return None
    parsed = parse_datetime(str(value)) if isinstance(value, str) else None
    if parsed is None:
        raise RestoreError(f"{where}: {value!r} is not a date and time.")
    return parsed


@transaction.atomic
def restore_season(doc: dict[str, Any], *, into_existing_club: bool = False) -> Season:
    """Create the club, members, rulesets, season, games, hands and penalties of an export.

    Refuses (``RestoreError``, nothing written) a file that is not an export, a club whose
    slug exists already (unless ``into_existing_club``: then the season is added to that club,
    members matched by display name and created when missing, club rulesets matched by key and
    version), a season name the club has already, and any game or penalty the services refuse.
    """
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise RestoreError(f"Not a season export (format {FORMAT!r}).")
    club_doc = _need(doc, "club", dict, "club")
    slug = _need(club_doc, "slug", str, "club")
    existing_club = Club.objects.filter(slug=slug).first()
    if existing_club is not None and not into_existing_club:
        raise RestoreError(
            f"A club with the slug {slug!r} exists already: restore into an empty database, or add this season "
            f"to that club with --into-existing-club (members are matched by display name)."
        )
    if existing_club is not None:
        season_name = (doc.get("season") or {}).get("name") if isinstance(doc.get("season"), dict) else None
        if Season.objects.filter(club=existing_club, name=season_name).exists():
            raise RestoreError(f"The club {slug!r} has a season named {season_name!r} already.")
    where = ["export"]
    try:
        return _restore(doc, club_doc, where, club=existing_club)
    except ValidationError as exc:
        hand = getattr(exc, "hand", None)
        at = f" (hand {hand + 1})" if isinstance(hand, int) else ""
        raise RestoreError(f"{where[0]}{at}: {'; '.join(exc.messages)}") from None
    except (LookupError, TypeError, ValueError, ArithmeticError, AttributeError, DatabaseError) as exc:
        # A value of the wrong kind anywhere (a list for an object, a word for a number, a name
        # too long for its column): refused with where it was; the transaction stores nothing.
        if isinstance(exc, RestoreError):
            raise
        raise RestoreError(f"{where[0]}: malformed ({exc.__class__.__name__}: {exc}).") from None


def _restore(doc: dict[str, Any], club_doc: dict[str, Any], where: list[str], club: Club | None = None) -> Season:
    """``where[0]`` names the part being restored, for error messages. ``club``: an existing club to add to."""
    return _Restore(doc, where).run(club_doc, club)


class _Restore:
    """One restore, step by step in the export's order: club, members, rulesets, season, games
    (with their in-game penalties), the other penalties, the audit log. ``where[0]`` always
    names the part being restored (the caller words a refusal with it)."""

    def __init__(self, doc: dict[str, Any], where: list[str]) -> None:
        self.doc = doc
        self.where = where
        self.members: dict[str, Member] = {}
        self.users: dict[str, Any] = {}

    def run(self, club_doc: dict[str, Any], club: Club | None) -> Season:
        self.club = self._club(club_doc) if club is None else club
        self._members()
        audit_from = AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0
        rulesets = self._rulesets()
        season_doc = _need(self.doc, "season", dict, "season")
        season = self._season(season_doc, rulesets)
        penalty_docs = _need(self.doc, "penalties", list, "penalties")
        in_game = _in_game_penalties(penalty_docs)
        games = self._games(season, season_doc, in_game)
        penalties = self._penalties(season, penalty_docs, games, in_game)
        linked_audits = []
        for i, linked_doc in enumerate(self.doc.get("linked_seasons") or []):
            linked, linked_games, linked_penalties = self._linked_season(linked_doc, f"linked_seasons[{i}]")
            games.update(linked_games)  # the sections' tables of three name them
            linked_audits.append((linked_doc.get("audit") or [], linked, linked_games, linked_penalties))
        for key, (_, restore) in SECTIONS.items():
            if self.doc.get(key) is not None:
                self.where[0] = key
                restore(self.doc[key], season=season, members=self.members, games=games, user=self.user)
        if "audit" in self.doc:
            self.where[0] = "audit"
            _restore_audit(self.doc["audit"], club=self.club, season=season, games=games, penalties=penalties,
                           user=self.user, after_id=audit_from, linked=linked_audits)
        self.where[0] = "export"
        # The restore itself, after the season's restored history (not part of it: a later export leaves it out).
        audit(club=self.club, by=None, action=AuditEntry.Action.CREATE, object_type="season_file",
              object_id=season.pk, after={"season": season.name, "games": len(games), "penalties": len(penalties)},
              reason="season restore")
        return season

    # --- people -----------------------------------------------------------------------------------------
    def _club(self, club_doc: dict[str, Any]) -> Club:
        self.where[0] = "club"
        club = Club(name=str(club_doc.get("name") or club_doc["slug"]), slug=club_doc["slug"],
                    public_standings=bool(club_doc.get("public_standings")))
        club.full_clean()
        club.save()
        audit(club=club, by=None, action=AuditEntry.Action.CREATE, object_type="club", object_id=club.pk,
              after={"slug": club.slug}, reason="season restore")
        return club

    def _members(self) -> None:
        self.where[0] = "club"
        seen: dict[str, int] = {}
        for i, m in enumerate(_need(self.doc, "members", list, "members")):
            self.where[0] = f"members[{i}]"
            name = _need(m, "display_name", str, self.where[0])
            if name in seen:  # one name, two people: merging them would join two records silently
                raise RestoreError(
                    f"members[{i}]: the display name {name!r} is there twice (members[{seen[name]}] too); names "
                    f"are how the file names people, so it cannot tell them apart. Rename one in the file.")
            seen[name] = i
            member = Member.objects.filter(club=self.club, display_name=name).first()
            if member is None:
                member = club_services.member_enrol(club=self.club, display_name=name,
                                                    active=bool(m.get("active", True)),
                                                    source="season restore", reason="season restore")
            for role in m.get("roles") or []:
                ClubRole.objects.get_or_create(club=self.club, member=member, role=ClubRole.Role(role).value)
            self.members[name] = member
        for i, m in enumerate(self.doc["members"]):
            if m.get("merged_into"):  # a duplicate merged into another: the link, before any game is seated
                self.where[0] = f"members[{i}]"
                source, target = self.member(m["display_name"], self.where[0]), self.member(
                    m["merged_into"], self.where[0])
                if source.merged_into_id != target.pk:
                    member_services.member_merge(source=source, target=target, reason="season restore")
                    source.refresh_from_db()
                    if bool(m.get("active", False)) != source.active:
                        Member.objects.filter(pk=source.pk).update(active=bool(m.get("active", False)))

    def member(self, name: Any, where: str) -> Member:
        if name not in self.members:
            raise RestoreError(f"{where}: {name!r} is not among the exported members.")
        return self.members[name]

    def user(self, name: Any):
        """The login of a person named in the history (made, unable to log in, when there is none)."""
        if not name:
            return None
        name = str(name)
        if name not in self.users:
            self.users[name] = self._login_for(name)
        return self.users[name]

    def _login_for(self, name: str):
        User = get_user_model()
        m = self.members.get(name) or Member.objects.filter(club=self.club, display_name=name).first()
        if m is not None and m.user_id is not None:
            return m.user
        if m is None and User.objects.filter(**{User.USERNAME_FIELD: name}).exists():
            return User.objects.get(**{User.USERNAME_FIELD: name})
        base = name if m is None else f"{self.club.slug}-member-{m.pk}"
        username, n = base[:150], 1
        while User.objects.filter(**{User.USERNAME_FIELD: username}).exists():
            n += 1
            username = f"{base[:140]}-{n}"
        u = User(**{User.USERNAME_FIELD: username}, is_active=False)
        u.set_unusable_password()
        u.save()
        if m is not None:
            m.user = u
            m.save(update_fields=["user"])
        return u

    # --- rules and the season ---------------------------------------------------------------------------
    def _rulesets(self, docs: Any = None, at: str = "rulesets") -> dict[str, Ruleset]:
        club = self.club
        rulesets: dict[str, Ruleset] = {}
        for i, r in enumerate(_need(self.doc, "rulesets", list, "rulesets") if docs is None else docs):
            self.where[0] = where = f"{at}[{i}]"
            ref = _need(r, "ref", str, where)
            overrides = r.get("overrides") or {}
            if not isinstance(overrides, dict):
                raise RestoreError(f"{where}: overrides must be an object.")
            existing = Ruleset.objects.filter(
                club=club if r.get("club") else None, key=r["key"], version=str(r.get("version", "1"))
            ).first()
            if existing is not None and existing.spec() != {"base": r["base"], "overrides": overrides}:
                raise RestoreError(f"{where}: the ruleset {ref} exists here with other rules.")
            rulesets[ref] = existing or season_services.ruleset_create(
                club=club if r.get("club") else None, key=_need(r, "key", str, where),
                name=str(r.get("name") or r["key"]), base=_need(r, "base", str, where),
                overrides=overrides, version=str(r.get("version", "1")),
            )
        return rulesets

    def _season(self, sd: dict[str, Any], rulesets: dict[str, Ruleset]) -> Season:
        self.where[0] = "season"
        if sd.get("ruleset") not in rulesets:
            raise RestoreError(f"season: ruleset {sd.get('ruleset')!r} is not among the exported rulesets.")
        return season_services.season_create(
            club=self.club, name=_need(sd, "name", str, "season"), ruleset=rulesets[sd["ruleset"]],
            starts_on=parse_date(sd["starts_on"]) if sd.get("starts_on") else None,
            ends_on=parse_date(sd["ends_on"]) if sd.get("ends_on") else None,
            rating_method=sd.get("rating_method") or Season.RatingMethod.TOTAL,
            rating_params=sd.get("rating_params") or {}, min_games=int(sd.get("min_games") or 0),
            best_n=sd.get("best_n"),
        )

    # --- games and penalties ----------------------------------------------------------------------------
    def _games(self, season: Season, sd: dict[str, Any], in_game: dict[tuple[Any, int], dict],
               docs: list | None = None) -> dict[Any, Game]:
        games: dict[Any, Game] = {}
        game_docs = sorted(_need(self.doc, "games", list, "games") if docs is None else docs,
                           key=lambda g: (g.get("id") is None, g.get("id") or 0))
        for i, g in enumerate(game_docs):
            self.where[0] = where = f"game {g.get('id', i)}"
            record = _need(g, "record", dict, where)
            if g.get("ruleset") != sd["ruleset"]:
                raise RestoreError(f"{where}: games under another ruleset than the season's cannot be restored yet.")
            seated = [self.member(n, where) for n in _need(record, "players", list, where)]
            game = game_services.game_start(
                season=season, members=seated, table_label=str(g.get("table_label") or ""),
                started_at=_dt(g.get("started_at"), where), source=g.get("source") or Game.Source.TABLE,
                external_id=g.get("external_id") or None,
            )
            self._hands(game, g, record, in_game, where)
            self._game_history(game, g, where)
            games[g.get("id")] = game
        return games

    def _linked_season(self, doc: Any, where: str) -> tuple[Season, dict[Any, Game], dict[Any, Penalty]]:
        """A season carried along (``linked_seasons``): its rulesets, the season, its games and penalties."""
        self.where[0] = where
        rulesets = self._rulesets(_need(doc, "rulesets", list, where), f"{where}.rulesets")
        season_doc = _need(doc, "season", dict, where)
        if Season.objects.filter(club=self.club, name=season_doc.get("name")).exists():
            raise RestoreError(f"{where}: the club has a season named {season_doc.get('name')!r} already (another "
                               f"season's file brought it): restore this file into an empty database.")
        season = self._season(season_doc, rulesets)
        penalty_docs = _need(doc, "penalties", list, where)
        in_game = _in_game_penalties(penalty_docs)
        games = self._games(season, season_doc, in_game, _need(doc, "games", list, where))
        return season, games, self._penalties(season, penalty_docs, games, in_game)

    def _hands(self, game: Game, g: dict[str, Any], record: dict[str, Any], in_game: dict[tuple[Any, int], dict],
               where: str) -> None:
        """The game's hands in order; an in-game penalty through the referee's service, at its hand."""
        for position, event in enumerate(_need(record, "hands", list, where)):
            p = in_game.get((g.get("id"), position))
            kind = event.get("kind") if isinstance(event, dict) else None
            if p is None and kind == "result":  # final scores entered as a whole (a tournament's sheet)
                game_services.game_result(game=game, scores=event.get("scores") or [], sticks=event.get("sticks") or 0)
                continue
            if p is None and kind == "end":  # ended at time or by a referee
                game_services.game_end(game=game, reason=event.get("reason") or "", note=event.get("note") or "")
                continue
            if p is None:
                game_services.hand_record(game=game, position=position, event=event)
                continue
            penalty = referee_services.penalty_give(
                member=self.member(p["member"], where), type=p["type"], reason=p.get("reason") or "",
                game=game, riichi=event.get("riichi") or (), amount=p.get("amount"),
                beneficiary=self.member(p["beneficiary"], where) if p.get("beneficiary") else None,
            )
            if penalty.hand_record is None or penalty.hand_record.position != position:
                raise RestoreError(f"{where}: the penalty at hand {position + 1} does not fit.")
            _restore_penalty_times(penalty, p, self.user)

    def _game_history(self, game: Game, g: dict[str, Any], where: str) -> None:
        """Who entered each hand and when, who started the game, its cancel and when it finished."""
        entered = [{"by": self.user(entry.get("by")), "entered_at": _dt(entry.get("at"), where),
                    "updated_at": _dt(entry.get("updated_at"), where)} if isinstance(entry, dict) else None
                   for entry in g.get("entered") or []]
        game_services.game_history_restore(game=game, entered=entered,
                                           created_by=self.user(g["started_by"]) if g.get("started_by") else None)
        if g.get("status") == Game.Status.CANCELLED:
            game_services.game_cancel(game=game, reason=g.get("cancel_reason") or "cancelled (restored)")
        game.refresh_from_db()
        if g.get("status") == Game.Status.FINISHED and game.status != Game.Status.FINISHED:
            raise RestoreError(f"{where}: the game was finished but its hands do not finish it.")
        finished_at = _dt(g.get("finished_at"), where)
        if finished_at is not None:
            game_services.game_history_restore(game=game, finished_at=finished_at)

    def _penalties(self, season: Season, penalty_docs: list, games: dict[Any, Game],
                   in_game: dict[tuple[Any, int], dict]) -> dict[Any, Penalty]:
        """The penalties not restored with their hand: season-level, rulings, cancelled ones."""
        penalties: dict[Any, Penalty] = {}
        for i, p in enumerate(penalty_docs):
            self.where[0] = where = f"penalties[{i}]"
            key = (p.get("game"), p.get("hand_position"))
            if p.get("hand_position") is not None and key in in_game:
                continue  # restored with its hand
            game = None
            if p.get("game") is not None:
                if p["game"] not in games:
                    raise RestoreError(f"{where}: game {p['game']} is not in the export.")
                game = games[p["game"]]
            points = Decimal(p["points"]) if p.get("points") is not None else None
            offender = self.member(p["member"], where)
            beneficiary = self.member(p["beneficiary"], where) if p.get("beneficiary") else None
            if p.get("hand_position") is not None or (game is not None and p.get("cancelled_at")):
                # A cancelled in-game penalty: its event was removed from the game; keep the row as history.
                penalty = referee_services.penalty_record_restore(
                    season=season, game=game, member=offender, type=p["type"], points=points,
                    amount=p.get("amount"), reason=p.get("reason") or "", beneficiary=beneficiary,
                )
            else:
                penalty = referee_services.penalty_give(
                    member=offender, type=p["type"], reason=p.get("reason") or "",
                    game=game, season=season, points=points, amount=p.get("amount"), beneficiary=beneficiary,
                )
                if p.get("cancelled_at"):
                    penalty = referee_services.penalty_cancel(penalty=penalty,
                                                              reason=p.get("cancel_reason") or "cancelled")
            _restore_penalty_times(penalty, p, self.user)
            penalties[p.get("id")] = penalty
        for p in penalty_docs:
            if p.get("id") not in penalties and p.get("game") in games and p.get("hand_position") is not None:
                found = Penalty.objects.filter(game=games[p["game"]], hand_record__position=p["hand_position"],
                                               cancelled_at__isnull=True).first()
                if found is not None:
                    penalties[p.get("id")] = found
        return penalties


def _in_game_penalties(penalty_docs: list) -> dict[tuple[Any, int], dict]:
    """The standing penalties given at a hand: (exported game id, hand position) → the penalty's doc."""
    in_game: dict[tuple[Any, int], dict] = {}
    for p in penalty_docs:
        if p.get("game") is not None and p.get("hand_position") is not None and not p.get("cancelled_at"):
            in_game[(p["game"], int(p["hand_position"]))] = p
    return in_game


def _restore_audit(entries: Any, *, club: Club, season: Season, games: dict, penalties: dict, user,
                   after_id: int, linked: list[tuple[Any, Season, dict, dict]] = ()) -> None:
    """The exported log replaces the entries this restore wrote about the season, its games, hands, penalties
    (and those of the linked seasons: ``linked`` holds each one's log, season, games and penalties)."""
    forget_since(club=club, after_id=after_id, object_types=["season", "game", "hand", "penalty"])
    rows = _audit_rows(entries, "audit", club=club, season=season, games=games, penalties=penalties, user=user)
    for i, (linked_entries, linked_season, linked_games, linked_penalties) in enumerate(linked):
        rows += _audit_rows(linked_entries, f"linked_seasons[{i}].audit", club=club, season=linked_season,
                            games=linked_games, penalties=linked_penalties, user=user)
    restore_history(club=club, entries=rows)


def _audit_rows(entries: Any, at: str, *, club: Club, season: Season, games: dict, penalties: dict, user
                ) -> list[PastEntry]:
    if not isinstance(entries, list):
        raise RestoreError(f"{at}: must be a list.")
    new_ids = {"season": {}, "game": {str(k): v.pk for k, v in games.items()},
               "penalty": {str(k): v.pk for k, v in penalties.items()}}
    rows = []
    for i, e in enumerate(entries):
        if not isinstance(e, dict) or e.get("action") not in AuditEntry.Action.values:
            raise RestoreError(f"{at}[{i}]: not an audit entry.")
        kind = str(e.get("object_type") or "")
        object_id = str(e.get("object_id") or "")
        object_id = str(season.pk) if kind == "season" else str(new_ids.get(kind, {}).get(object_id, object_id))
        before, after = e.get("before"), e.get("after")
        if kind == "hand":  # a hand's entry names its game: the restored one
            before, after = (_regame(side, new_ids["game"]) for side in (before, after))
        rows.append(PastEntry(actor=user(e.get("actor")), at=_dt(e.get("at"), f"{at}[{i}]") or timezone.now(),
                              action=e["action"], object_type=kind, object_id=object_id, before=before,
                              after=after, reason=str(e.get("reason") or "")))
    return rows


def _regame(side: Any, games: dict[str, int]) -> Any:
    if isinstance(side, dict) and str(side.get("game")) in games:
        return {**side, "game": games[str(side["game"])]}
    return side


def _restore_penalty_times(penalty: Penalty, doc: dict[str, Any], user=None) -> None:
    updates = {}
    if user is not None and doc.get("given_by"):
        updates["given_by"] = user(doc["given_by"])
    if user is not None and doc.get("cancelled_by"):
        updates["cancelled_by"] = user(doc["cancelled_by"])
    if doc.get("given_at"):
        updates["given_at"] = _dt(doc["given_at"], "penalty")
    if doc.get("cancelled_at"):
        updates["cancelled_at"] = _dt(doc["cancelled_at"], "penalty")
        updates["cancel_reason"] = doc.get("cancel_reason") or ""
    if updates:
        referee_services.penalty_history_restore(penalty=penalty, **updates)
