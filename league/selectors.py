"""Reads. A game's state is derived by replaying its hand records, never stored."""
from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any, Iterable

from django.db.models import Q, QuerySet

from club.models import Club, Member
from league.models import AuditEntry, Game, HandRecord, Penalty, Season

RECORD_FORMAT = "mahjong-club-game/1"


def game_members(game: Game) -> list[Member]:
    """The game's members in seat order (0 = East at East 1)."""
    return [s.member for s in game.seat_set.select_related("member").order_by("seat")]


def build_record(game: Game, events: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The contract JSON of ``game`` with the given events (services replay candidates with it)."""
    return {
        "format": RECORD_FORMAT,
        "ruleset": game.effective_ruleset.spec(),
        "players": [m.display_name for m in game_members(game)],
        "hands": [dict(e) for e in events],
    }


def game_events(game: Game) -> list[dict[str, Any]]:
    return [h.event for h in game.hands.order_by("position")]


def game_record(game: Game) -> dict[str, Any]:
    """The game as a contract game record (``{"format", "ruleset", "players", "hands"}``)."""
    return build_record(game, game_events(game))


_REPLAYS: OrderedDict[bytes, Any] = OrderedDict()
_REPLAYS_LOCK = threading.Lock()
REPLAY_MEMO_SIZE = 512


def replay_record(record: dict[str, Any]):
    """``scoring.game.replay(record)``, remembered by the record's content (per process, LRU).

    A table's GET, its preview and its save replay the same record: the replay is a pure function
    of the record, so one replay per record serves them all (a changed hand is a different record,
    so nothing stale is ever returned). Refusals (``ScoringError``) are not remembered. The replay is
    shared: read it, never change it in place.
    """
    from scoring.game import replay

    key = hashlib.blake2b(json.dumps(record, sort_keys=True, separators=(",", ":"), default=str).encode(),
                          digest_size=20).digest()
    with _REPLAYS_LOCK:
        hit = _REPLAYS.get(key)
        if hit is not None:
            _REPLAYS.move_to_end(key)
            return hit
    result = replay(record)
    with _REPLAYS_LOCK:
        _REPLAYS[key] = result
        while len(_REPLAYS) > REPLAY_MEMO_SIZE:
            _REPLAYS.popitem(last=False)
    return result


def game_replay(game: Game):
    """``scoring.game.replay`` of the game's record (a ``GameReplay``)."""
    return replay_record(game_record(game))


def games_for_club(
    *, club: Club, season: Season | None = None, status: str | None = None
) -> QuerySet[Game]:
    qs = Game.objects.filter(club=club).select_related("season", "ruleset").prefetch_related("seat_set__member")
    if season is not None:
        qs = qs.filter(season=season)
    if status is not None:
        qs = qs.filter(status=status)
    return qs.order_by("-started_at", "-id")


def member_games(*, member: Member, season: Season | None = None, status: str | None = None) -> QuerySet[Game]:
    qs = Game.objects.filter(seat_set__member=member).select_related("season").prefetch_related("seat_set__member")
    if season is not None:
        qs = qs.filter(season=season)
    if status is not None:
        qs = qs.filter(status=status)
    return qs.order_by("-started_at", "-id").distinct()


def game_hands(*, game: Game) -> QuerySet[HandRecord]:
    return game.hands.order_by("position").select_related("entered_by")


def penalties_for(
    *,
    season: Season | None = None,
    game: Game | None = None,
    member: Member | None = None,
    include_cancelled: bool = False,
) -> QuerySet[Penalty]:
    qs = Penalty.objects.select_related("member", "game", "season", "hand_record")
    if season is not None:
        qs = qs.filter(season=season)
    if game is not None:
        qs = qs.filter(game=game)
    if member is not None:
        qs = qs.filter(member=member)
    if not include_cancelled:
        qs = qs.filter(cancelled_at__isnull=True)
    return qs.order_by("-given_at", "-id")


def audit_entries(
    *, club: Club, object_type: str | None = None, object_id: int | str | None = None, game: Game | None = None
) -> QuerySet[AuditEntry]:
    """The club's audit log; ``game=`` gives the entries of the game and its hands and penalties."""
    qs = AuditEntry.objects.filter(club=club).select_related("actor")
    if object_type is not None:
        qs = qs.filter(object_type=object_type)
    if object_id is not None:
        qs = qs.filter(object_id=str(object_id))
    if game is not None:
        hand_ids = [str(pk) for pk in game.hands.values_list("pk", flat=True)]
        pen_ids = [str(pk) for pk in game.penalties.values_list("pk", flat=True)]
        qs = qs.filter(
            Q(object_type="game", object_id=str(game.pk))
            | Q(object_type="hand", after__game=game.pk)
            | Q(object_type="hand", before__game=game.pk)
            | Q(object_type="hand", object_id__in=hand_ids)
            | Q(object_type="penalty", object_id__in=pen_ids)
        )
    return qs.order_by("-at", "-id")
