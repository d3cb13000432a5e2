"""One game's statistics for the standings, from its events and its replay (pure: no query, no Django).

``Game.final_stats`` caches :func:`game_stats` next to ``final_points``: ``league.games.records``
computes it from the replay every write already makes (:func:`stats_of_replay`), so a standings
recompute reads games and seats only, never the hand records. A game without it (a row older
than the cache, or written bare) is read from its events the same way (:func:`stats_of_events`,
also what the data migration ran): one function makes both.

The document (JSON)::

    {"version": 1,
     "seats": [{"hands", "wins", "tsumo_wins", "deal_ins", "riichi", "yakuman", "nagashi"}, ...],
     "full_hands": [{"seat", "position", "han", "fu", "yakuman", "limit", "kazoe", "yaku"}, ...],
     "big_wins": [{"seat", "position", "kind", "yakuman", "han", "fu", "hand"}, ...]}

``big_wins`` are the player page's highlights as the events say them (:func:`big_wins`); a document
without them (written before they were) makes the page read that game's hand records instead.

``wins`` leaves nagashi mangan out and ``nagashi`` counts it apart: whether it is a win is
the *season's* ruleset's word (Juki: yes), applied when the season is tallied, so the cache
does not depend on the season. ``yakuman`` counts what the events say (entered as yakuman or
13+ han); a full hand's (HAND) value is known only from the replay and is in ``full_hands``.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scoring.errors import ScoringError
from scoring.game import HandRow, replay
from scoring.payments import KAZOE_HAN
from scoring.record import FORMAT, HAND_EVENTS, Event, NagashiEvent, Ron, Tsumo, Win, event_wins, parse_event

logger = logging.getLogger(__name__)

STATS_VERSION = 1
SEAT_KEYS = ("hands", "wins", "tsumo_wins", "deal_ins", "riichi", "yakuman", "nagashi")


def parsed(raw: Any, seats: int) -> Event | None:
    """A stored event as the engine reads it, or None when it refuses it."""
    try:
        return parse_event(raw, players=seats)
    except ScoringError:
        return None


def is_yakuman_win(win: Win) -> bool:
    """A win entered as yakuman, or with kazoe han (``scoring.payments.KAZOE_HAN``, 13+)."""
    return bool(win.yakuman) or (win.han or 0) >= KAZOE_HAN


def seat_stats(events: Iterable[Event | None], seats: int) -> list[dict[str, int]]:
    """Per seat: hands, wins (ron + tsumo), tsumo wins, deal-ins, riichi, yakuman wins, nagashi.

    A hand is an event that ends a deal (``scoring.record.HAND_EVENTS``: ron, tsumo, draw,
    nagashi, abort); chombo, penalty and stop events are not hands, and an event the engine
    refused (None) is skipped. A multiple ron counts a deal-in once.
    """
    out = [dict.fromkeys(SEAT_KEYS, 0) for _ in range(seats)]
    for event in events:
        if not isinstance(event, HAND_EVENTS):
            continue
        for stat in out:
            stat["hands"] += 1
        for p in event.riichi:
            out[p]["riichi"] += 1
        if isinstance(event, Ron):
            out[event.loser]["deal_ins"] += 1
        elif isinstance(event, Tsumo):
            out[event.win.winner]["tsumo_wins"] += 1
        for win in event_wins(event):
            out[win.winner]["wins"] += 1
            if is_yakuman_win(win):
                out[win.winner]["yakuman"] += 1
        if isinstance(event, NagashiEvent):
            for p in event.players:
                out[p]["nagashi"] += 1
    return out


def full_hand_seats(event: Event | None) -> set[int]:
    """Seats that won ``event`` with a full hand (HAND)."""
    return {w.winner for w in event_wins(event) if w.hand is not None} if event is not None else set()


def full_hands(events: Sequence[Event | None], rows: Iterable[HandRow], seats: int) -> list[dict[str, Any]]:
    """The game's full-hand (HAND) wins as its replay valued them, in replay order."""
    out = []
    for row in rows:
        winners = full_hand_seats(events[row.event_index]) if row.event_index < len(events) else set()
        for win in row.wins:
            if win.winner not in winners or win.winner >= seats:
                continue
            value = win.value
            out.append({
                "seat": win.winner, "position": row.event_index, "han": value.han, "fu": value.fu,
                "yakuman": value.yakuman, "limit": str(value.limit) if value.limit else None,
                "kazoe": win.kazoe, "yaku": [[y, h] for y, h in win.yaku],
            })
    return out


HIGHLIGHT_MIN_HAN = 6
"""A win of this many han (haneman) and up is a highlight of the player page."""


def is_big_win(win: Win) -> bool:
    """A yakuman (entered or kazoe), a full hand (HAND), or :data:`HIGHLIGHT_MIN_HAN` han and up."""
    return is_yakuman_win(win) or win.hand is not None or (isinstance(win.han, int) and win.han >= HIGHLIGHT_MIN_HAN)


def big_wins(events: Sequence[Event | None]) -> list[dict[str, Any]]:
    """Every seat's big wins (:func:`is_big_win`) by position, as the player page shows them."""
    out = []
    for position, event in enumerate(events):
        if not isinstance(event, (Ron, Tsumo)):
            continue
        for win in event_wins(event):
            if is_big_win(win):
                out.append({"seat": win.winner, "position": position, "kind": event.kind,
                            "yakuman": int(win.yakuman or 0) or (1 if is_yakuman_win(win) else 0),
                            "han": win.han, "fu": win.fu, "hand": dict(win.hand) if win.hand is not None else None})
    return out


def game_stats(events: Sequence[Event | None], seats: int, rows: Iterable[HandRow] = ()) -> dict[str, Any]:
    """The cache document of a game with these (parsed) events and, for its full hands, replay rows."""
    return {"version": STATS_VERSION, "seats": seat_stats(events, seats), "full_hands": full_hands(events, rows, seats),
            "big_wins": big_wins(events)}


def stats_of_replay(rep) -> dict[str, Any]:
    """The document of a game from its replay (``scoring.game.replay``): the write path's."""
    return game_stats(rep.record.events, len(rep.record.players), rep.rows)


def stats_of_events(raw_events: Sequence[Mapping[str, Any]], seats: int, ruleset_spec: Any, *,
                    game_id: Any = None, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The document of a game from its stored events (a game without the cache).

    The record is replayed (under ``ruleset_spec``, the game's contract ruleset) only when it
    holds a full-hand win; a record that does not replay is logged and its full hands left out.
    """
    events = [parsed(e, seats) for e in raw_events]
    rows: Iterable[HandRow] = ()
    if any(full_hand_seats(e) for e in events):
        record = {"format": FORMAT, "ruleset": ruleset_spec,
                  "players": list(names or [f"P{i + 1}" for i in range(seats)]),
                  "hands": [dict(e) for e in raw_events]}
        try:
            rows = replay(record).rows
        except (ScoringError, ValueError, KeyError, TypeError) as exc:
            logger.warning("standings: game %s does not replay (%s); its full hands have no yaku", game_id, exc)
    return game_stats(events, seats, rows)


def usable(doc: Any, seats: int) -> bool:
    """Whether ``doc`` is a cache document of this version for a game of ``seats`` seats."""
    return (isinstance(doc, dict) and doc.get("version") == STATS_VERSION
            and isinstance(doc.get("seats"), list) and len(doc["seats"]) == seats)
