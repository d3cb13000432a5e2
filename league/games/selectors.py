"""Reads of games: their seats, records and replays, and the lists of games.

A game's state is derived by replaying its hand records, never stored.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from club.models import Club, Member
from core.memo import Memo
from core.prepared import PreparedRead
from league.models import Game, HandRecord, Penalty, Season

RECORD_FORMAT = "mahjong-club-game/1"


def game_members(game: Game) -> list[Member]:
    """The game's members in seat order (0 = East at East 1)."""
    return [s.member for s in game.seat_set.select_related("member").order_by("seat")]


def seat_names(game: Game) -> list[str]:
    """The display names of the game's members in seat order, remembered on the game instance.

    A hand's save reads them before the game's row lock (for the form) and again under it (for the
    replay): ``league.games.records.locked`` hands the locked instance the names read before, so
    the request asks once. Names never change what the engine scores.
    """
    names = getattr(game, "_seat_names", None)
    if names is None:
        names = list(game.seat_set.order_by("seat").values_list("member__display_name", flat=True))
        game._seat_names = names
    return list(names)


_SEATS_SQL = {  # each seat as [seat, name, member id], read with the game's row (``with_seat_names``)
    "postgresql": ("(SELECT COALESCE(json_agg(json_build_array(s.{seat}, m.{name}, s.{member})), '[]'::json)::text "
                   "FROM {seats} s JOIN {members} m ON m.{id} = s.{member} WHERE s.{game} = {games}.{id})"),
    "sqlite": ("(SELECT json_group_array(json_array(s.{seat}, m.{name}, s.{member})) "
               "FROM {seats} s JOIN {members} m ON m.{id} = s.{member} WHERE s.{game} = {games}.{id})"),
}


def with_seat_names(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` with each game's seat names read in the same statement (``seat_names`` then asks nothing;
    issue 41: one statement less in every table GET, preview and save). Only on PostgreSQL and SQLite."""
    from django.db import connections
    from django.db.models.expressions import RawSQL

    from league.models import GameSeat

    connection = connections[games.db]
    sql = _SEATS_SQL.get(connection.vendor)
    if sql is None:
        return games
    quote = connection.ops.quote_name
    seat_meta, member_meta = GameSeat._meta, Member._meta
    column = {"seat": seat_meta.get_field("seat").column, "member": seat_meta.get_field("member").column,
              "game": seat_meta.get_field("game").column, "name": member_meta.get_field("display_name").column,
              "seats": seat_meta.db_table, "members": member_meta.db_table, "games": Game._meta.db_table, "id": "id"}
    sql = sql.format(**{k: quote(v) for k, v in column.items()})
    return games.annotate(seat_names_read=RawSQL(sql, ()))


def keep_seat_names(game: Game) -> Game:
    """Remember on ``game`` the names ``with_seat_names`` read with it (what ``seat_names`` returns), and its seats'
    members (what ``seat_member_ids`` returns)."""
    read = getattr(game, "seat_names_read", None)
    if read is not None:
        seats = sorted(json.loads(read))
        game._seat_names = [seat[1] for seat in seats]
        game._seat_member_ids = [seat[2] for seat in seats]
    return game


def seat_member_ids(game: Game) -> list[int]:
    """The members seated at ``game``, East first: read with the game where it was (``with_seat_names``), else
    asked."""
    known = getattr(game, "_seat_member_ids", None)
    if known is not None:
        return list(known)
    return list(game.seat_set.order_by("seat").values_list("member_id", flat=True))


def build_record(game: Game, events: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The contract JSON of ``game`` with the given events (services replay candidates with it)."""
    return {
        "format": RECORD_FORMAT,
        "ruleset": game.effective_ruleset.spec(),
        "players": seat_names(game),
        "hands": [dict(e) for e in events],
    }


def game_events(game: Game) -> list[dict[str, Any]]:
    return [h.event for h in game_hand_records(game)]


_HANDS = PreparedRead("a game's hands", HandRecord,
                      lambda *, game_id: HandRecord.objects.filter(game_id=game_id).order_by("position"))
_MARKED_HANDS = PreparedRead("a game's hands with their penalty marks", HandRecord,
                             lambda *, game_id: with_penalty_marks(
                                 HandRecord.objects.filter(game_id=game_id).order_by("position")))


def game_hand_records(game: Game, *, penalty_marks: bool = False) -> list[HandRecord]:
    """The game's hand records in order (``game.hands.order_by("position")``, each hand's ``game`` the one given);
    with ``penalty_marks`` each has ``active_penalty`` (whether an active Penalty row was made with it), which the
    table screen's undo panel asks of the last. Read with SQL compiled once per process (``core.prepared``): every
    table request and every save asks for them."""
    hands = (_MARKED_HANDS if penalty_marks else _HANDS).rows(game_id=game.pk, using=game._state.db or "default")
    keep_game = HandRecord.game.field.set_cached_value
    for hand in hands:
        keep_game(hand, game)
    return hands


def with_penalty_marks(hands: QuerySet[HandRecord]) -> QuerySet[HandRecord]:
    """``hands`` with ``active_penalty``: whether an active Penalty row was made with each."""
    return hands.annotate(active_penalty=Exists(
        Penalty.objects.filter(hand_record=OuterRef("pk"), cancelled_at__isnull=True)))


def game_record(game: Game) -> dict[str, Any]:
    """The game as a contract game record (``{"format", "ruleset", "players", "hands"}``)."""
    return build_record(game, game_events(game))


REPLAY_MEMO_SIZE = 512
_REPLAYS = Memo("game replays", size=REPLAY_MEMO_SIZE)


def replay_record(record: dict[str, Any]):
    """``scoring.game.replay(record)``, remembered by the record's content (per process, LRU: ``core.memo``).

    A table's GET, its preview and its save replay the same record: the replay is a pure function
    of the record, so one replay per record serves them all (a changed hand is a different record,
    so nothing stale is ever returned). Refusals (``ScoringError``) are not remembered. The replay is
    shared: read it, never change it in place.
    """
    from scoring.game import replay

    return _REPLAYS.get(record_key(record), lambda: replay(record))


def record_key(record: dict[str, Any]) -> bytes:
    """A digest of a game record's content: the key a pure function of the record is remembered by."""
    return hashlib.blake2b(json.dumps(record, sort_keys=True, separators=(",", ":"), default=str).encode(),
                           digest_size=20).digest()


def game_replay(game: Game):
    """``scoring.game.replay`` of the game's record (a ``GameReplay``)."""
    return replay_record(game_record(game))


def hand_names(game: Game, replay=None) -> dict[int, str]:
    """Each stored event's hand in words, "동 3국 1본장": a penalty or a stop is named by the hand it belongs to
    (it is not a hand of its own, so nothing counts it as "N번째 국"). ``replay``: the game's replay if the
    caller has it already (a page that shows the game replays it once)."""
    from league.games.words import hand_name

    replay = replay if replay is not None else game_replay(game)
    names: dict[int, str] = {}
    for row in replay.rows:
        for index in (*row.events, row.event_index):
            names[index] = hand_name(row.round, row.honba)
    settled = max(names, default=-1)
    current = hand_name(replay.state.round, replay.state.honba)  # events not folded into a hand yet
    last = ""
    for position in range(len(replay.record.events)):
        last = names.setdefault(position, last if position < settled else current)
    return names


def hand_names_of(wanted: dict[int, set[int]]) -> dict[tuple[int, int], str]:
    """(game, position) → that event's hand in words (:func:`hand_names`) for the positions asked of each game:
    the games with their seat names in one statement and their hands in another, however many games (a
    season's awards page names the hands of hundreds: it read two statements a game)."""
    games = [keep_seat_names(game) for game in with_seat_names(
        Game.objects.filter(pk__in=list(wanted)).select_related("ruleset", "season__ruleset"))]
    events: dict[int, list[dict[str, Any]]] = {game.pk: [] for game in games}
    for game_id, event in (HandRecord.objects.filter(game_id__in=list(events)).order_by("game_id", "position")
                           .values_list("game_id", "event")):
        events[game_id].append(event)
    out: dict[tuple[int, int], str] = {}
    for game in games:
        names = hand_names(game, replay=replay_record(build_record(game, events[game.pk])))
        out.update({(game.pk, position): names.get(position, "") for position in wanted[game.pk]})
    return out


def games_for_club(
    *, club: Club, season: Season | None = None, status: str | None = None
) -> QuerySet[Game]:
    qs = Game.objects.filter(club=club).select_related("season", "ruleset").prefetch_related("seat_set__member")
    if season is not None:
        qs = qs.filter(season=season)
    if status is not None:
        qs = qs.filter(status=status)
    return qs.order_by("-started_at", "-id")


def entered_result(game: Game) -> dict[str, Any] | None:
    """The final scores entered as a whole (``{"scores": [...], "sticks": n}``, seat order), when the game's
    record is that ``result`` event alone (``league.games.services.game_result``); None otherwise."""
    events = list(game.hands.order_by("position").values_list("event", flat=True)[:2])
    if len(events) != 1 or not isinstance(events[0], dict) or events[0].get("kind") != "result":
        return None
    return {"scores": list(events[0].get("scores") or []), "sticks": int(events[0].get("sticks") or 0)}


def member_games(*, member: Member, season: Season | None = None, status: str | None = None) -> QuerySet[Game]:
    qs = Game.objects.filter(seat_set__member=member).select_related("season").prefetch_related("seat_set__member")
    if season is not None:
        qs = qs.filter(season=season)
    if status is not None:
        qs = qs.filter(status=status)
    return qs.order_by("-started_at", "-id").distinct()


def games_elsewhere(*, member: Member, club_ids: Iterable[int]) -> QuerySet[Game]:
    """Games the member's person played at other clubs (issue 36, "다른 클럽에서"), of those clubs only: the
    caller names the clubs whose games the viewer may see. Each with its club and its seats' members."""
    return (Game.objects.filter(seat_set__member__person_id=member.person_id, club_id__in=list(club_ids))
            .exclude(club_id=member.club_id).select_related("season", "club").prefetch_related("seat_set__member")
            .order_by("-started_at", "-id").distinct())


def game_hands(*, game: Game) -> QuerySet[HandRecord]:
    return game.hands.order_by("position").select_related("entered_by")


def is_penalty_event(event: Any) -> bool:
    """A referee's event: a ``penalty`` (penalty point, yellow card, agari-forbidden, warning, a
    ruling's transfer) or a deliberate chombo. A plain chombo is a table result (both club
    rulesets make its payment fixed and the table screen offers it): the table may enter it."""
    if not isinstance(event, dict):
        return False
    return event.get("kind") == "penalty" or (event.get("kind") == "chombo" and bool(event.get("deliberate")))


def holds_penalty(hand: HandRecord, *, active_penalty: bool | None = None) -> bool:
    """Whether the hand is a referee's penalty (its event, or an active Penalty row made with it).

    ``active_penalty``: whether such a row exists, when the caller already knows (no query then).
    """
    if active_penalty is not None:
        return is_penalty_event(hand.event) or active_penalty
    return is_penalty_event(hand.event) or Penalty.objects.filter(hand_record=hand, cancelled_at__isnull=True).exists()


def game_for_table_code(code: str) -> Game | None:
    """The game in progress whose table code is ``code`` (any case, spaces and dashes ignored), or None."""
    code = "".join(ch for ch in str(code or "").upper() if ch.isalnum())
    if not code or len(code) > 8:
        return None
    return (Game.objects.select_related("club", "season").filter(table_code=code, status=Game.Status.IN_PROGRESS)
            .first())
