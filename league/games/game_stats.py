"""One game's statistics for the standings, from its events and its replay (pure: no query, no Django).

``Game.final_stats`` caches :func:`game_stats` next to ``final_points``: ``league.games.records``
computes it from the replay every write already makes (:func:`stats_of_replay`), so a standings
recompute reads games and seats only, never the hand records. A game without it (a row older
than the cache, or written bare) is read from its events the same way (:func:`stats_of_events`,
also what the data migration ran): one function makes both.

The document (JSON)::

    {"version": 2,
     "seats": [{"hands", "wins", "tsumo_wins", "deal_ins", "riichi", "yakuman", "nagashi",
                "riichi_wins", "open_wins", "valued_wins", "win_points", "valued_deal_ins", "deal_in_points",
                "deal_in_riichi", "deal_in_open", "deal_in_dama", "dealer_hands", "dealer_keeps",
                "last_at_south", "near_bust",                       # the counts above: summed per player
                "values": {"3-30": 1, "mangan": 2, ...},            # hand-value distribution of the wins
                "best": [base, han, fu, yakuman, position] | None,  # the biggest win (by basic points)
                "streak": [renchan, position] | None}, ...],        # the longest run as dealer
     "ron_pairs": [[position, loser, winner, points], ...],         # who dealt into whom (head-to-head)
     "full_hands": [{"seat", "position", "han", "fu", "yakuman", "limit", "kazoe", "yaku"}, ...],
     "big_wins": [{"seat", "position", "kind", "yakuman", "han", "fu", "hand"}, ...]}

Every figure of ``docs/stats.md`` is made here, from the events and the replay's rows (each hand's
score changes and each win's value), and nowhere else: the standings (``stats.StandingsState``) only sum
these per player. Version 1 documents (no points, no dealer) are not used: such a game is read from
its events again, and the ``stats_refill_game_stats`` migration rewrote them.

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
from scoring.winds import dealer_of

logger = logging.getLogger(__name__)

STATS_VERSION = 2
SEAT_KEYS = ("hands", "wins", "tsumo_wins", "deal_ins", "riichi", "yakuman", "nagashi",
             "riichi_wins", "open_wins", "valued_wins", "win_points", "valued_deal_ins", "deal_in_points",
             "deal_in_riichi", "deal_in_open", "deal_in_dama", "dealer_hands", "dealer_keeps",
             "last_at_south", "near_bust")
"""The per-seat counts, summed per player by the standings."""
OPEN_MELDS = frozenset({"chi", "pon", "daiminkan", "shouminkan"})
NEAR_BUST_BELOW = 1000
"""A player whose score fell below this after some hand (no riichi stick left) and who still finished
at 0 or more "survived" a near tobi (``near_bust``)."""


def parsed(raw: Any, seats: int) -> Event | None:
    """A stored event as the engine reads it, or None when it refuses it."""
    try:
        return parse_event(raw, players=seats)
    except ScoringError:
        return None


def is_yakuman_win(win: Win) -> bool:
    """A win entered as yakuman, or with kazoe han (``scoring.payments.KAZOE_HAN``, 13+)."""
    return bool(win.yakuman) or (win.han or 0) >= KAZOE_HAN


def is_open_win(win: Win) -> bool:
    """Entered open (the tap "울었음", ``open: true``), or a full hand with a chi, pon or open kan."""
    if win.open:
        return True
    melds = (win.hand or {}).get("melds") if win.hand is not None else None
    return any(isinstance(m, Mapping) and m.get("kind") in OPEN_MELDS for m in melds or ())


def value_label(value: Any) -> str:
    """A win's value as the distribution counts it: ``"yakuman"`` (``"yakuman x2"``), a limit
    (``"mangan"`` … ``"sanbaiman"``), else ``"<han>-<fu>"`` (``"3-30"``)."""
    if value.yakuman:
        return "yakuman" if value.yakuman == 1 else f"yakuman x{value.yakuman}"
    if value.limit:
        return str(value.limit)
    return f"{value.han}-{value.fu}"


def _hand_rows(events: Sequence[Event | None], rows: Iterable[HandRow]) -> dict[int, HandRow]:
    """Event index -> the replay row of a hand-ending event (chombo and penalty rows left out)."""
    return {r.event_index: r for r in rows
            if r.event_index < len(events) and isinstance(events[r.event_index], HAND_EVENTS)}


def seat_stats(events: Sequence[Event | None], seats: int, rows: Iterable[HandRow] = (),
               final_scores: Sequence[int] | None = None) -> list[dict[str, Any]]:
    """Per seat: every count of :data:`SEAT_KEYS`, the value distribution, the best win, the longest
    dealer run (see the module's document and ``docs/stats.md``).

    A hand is an event that ends a deal (``scoring.record.HAND_EVENTS``: ron, tsumo, draw,
    nagashi, abort); chombo, penalty and stop events are not hands, and an event the engine
    refused (None) is skipped. A multiple ron counts a deal-in once (``deal_ins``) but each win
    dealt into once (``deal_in_riichi``/``open``/``dama``). Points, values, dealer and scores come
    from the replay's ``rows``; without them (a record that does not replay) only counts are made.
    """
    events = list(events)
    out: list[dict[str, Any]] = [{**dict.fromkeys(SEAT_KEYS, 0), "values": {}, "best": None, "streak": None}
                                 for _ in range(seats)]
    by_event = _hand_rows(events, rows)
    for index, event in enumerate(events):
        if not isinstance(event, HAND_EVENTS):
            continue
        row = by_event.get(index)
        for stat in out:
            stat["hands"] += 1
        for p in event.riichi:
            out[p]["riichi"] += 1
        if isinstance(event, Ron):
            out[event.loser]["deal_ins"] += 1
            if row is not None:
                out[event.loser]["valued_deal_ins"] += 1
                out[event.loser]["deal_in_points"] += -row.deltas[event.loser]
            for win in event.wins:
                into = ("deal_in_riichi" if win.winner in event.riichi
                        else "deal_in_open" if is_open_win(win) else "deal_in_dama")
                out[event.loser][into] += 1
        elif isinstance(event, Tsumo):
            out[event.win.winner]["tsumo_wins"] += 1
        values = {w.winner: w.value for w in row.wins} if row is not None else {}
        for win in event_wins(event):
            stat = out[win.winner]
            stat["wins"] += 1
            if is_yakuman_win(win):
                stat["yakuman"] += 1
            if win.winner in event.riichi:
                stat["riichi_wins"] += 1
            elif is_open_win(win):
                stat["open_wins"] += 1
            if row is not None:
                stat["valued_wins"] += 1
                stat["win_points"] += row.deltas[win.winner]
            value = values.get(win.winner)
            if value is not None:
                label = value_label(value)
                stat["values"][label] = stat["values"].get(label, 0) + 1
                best = [value.base, value.han, value.fu, value.yakuman, index]
                if stat["best"] is None or best[:1] > stat["best"][:1]:
                    stat["best"] = best
        if isinstance(event, NagashiEvent):
            for p in event.players:
                out[p]["nagashi"] += 1
    _dealer_stats(out, [by_event[i] for i in sorted(by_event)])
    _score_stats(out, [by_event[i] for i in sorted(by_event)], final_scores)
    return out


def _dealer_stats(out: list[dict[str, Any]], hands: Sequence[HandRow]) -> None:
    """Dealer hands and keeps (a hand followed by another of the same round: renchan), longest run.

    The game's last hand has no next hand and is not counted as a dealer hand."""
    run = 0
    for k, row in enumerate(hands):
        dealer = dealer_of(row.round)
        if dealer >= len(out):
            continue
        following = hands[k + 1] if k + 1 < len(hands) else None
        if following is None:
            break
        out[dealer]["dealer_hands"] += 1
        if following.round == row.round:
            out[dealer]["dealer_keeps"] += 1
            run += 1
            streak = out[dealer]["streak"]
            if streak is None or run > streak[0]:
                out[dealer]["streak"] = [run, following.event_index]
        else:
            run = 0


def _score_stats(out: list[dict[str, Any]], hands: Sequence[HandRow], final_scores: Sequence[int] | None) -> None:
    """Last at the start of South 1 (``last_at_south``: ties share it) and a near tobi survived."""
    south = next((r for r in hands if r.round == "S1"), None)
    if south is not None:
        start = [score - delta for score, delta in zip(south.scores, south.deltas, strict=False)]
        lowest = min(start)
        for seat, score in enumerate(start[:len(out)]):
            if score == lowest:
                out[seat]["last_at_south"] = 1
    finals = list(final_scores) if final_scores else (list(hands[-1].scores) if hands else [])
    for seat in range(min(len(out), len(finals))):
        if finals[seat] is None or finals[seat] < 0:
            continue
        if any(r.scores[seat] < NEAR_BUST_BELOW for r in hands if seat < len(r.scores)):
            out[seat]["near_bust"] = 1


def ron_pairs(events: Sequence[Event | None], rows: Iterable[HandRow]) -> list[list[int | None]]:
    """Each ron win as ``[position, loser, winner, points]`` (points: the winner's score change in
    that hand, None without the replay) — the head-to-head's deal-ins from one player to another."""
    by_event = _hand_rows(events, rows)
    out = []
    for index, event in enumerate(events):
        if isinstance(event, Ron):
            row = by_event.get(index)
            for win in event.wins:
                out.append([index, event.loser, win.winner, row.deltas[win.winner] if row is not None else None])
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


def game_stats(events: Sequence[Event | None], seats: int, rows: Iterable[HandRow] = (),
               final_scores: Sequence[int] | None = None) -> dict[str, Any]:
    """The cache document of a game with these (parsed) events and its replay rows."""
    rows = list(rows)
    return {"version": STATS_VERSION, "seats": seat_stats(events, seats, rows, final_scores),
            "ron_pairs": ron_pairs(events, rows), "full_hands": full_hands(events, rows, seats),
            "big_wins": big_wins(events)}


def stats_of_replay(rep) -> dict[str, Any]:
    """The document of a game from its replay (``scoring.game.replay``): the write path's."""
    final = getattr(rep, "final", None)
    scores = getattr(final, "scores", None) if final is not None else None
    return game_stats(rep.record.events, len(rep.record.players), rep.rows, scores)


def stats_of_events(raw_events: Sequence[Mapping[str, Any]], seats: int, ruleset_spec: Any, *,
                    game_id: Any = None, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The document of a game from its stored events (a game without the cache).

    The record is replayed (under ``ruleset_spec``, the game's contract ruleset); a record that
    does not replay is logged and only its counts are made (no points, values, dealer or yaku).
    """
    events = [parsed(e, seats) for e in raw_events]
    record = {"format": FORMAT, "ruleset": ruleset_spec,
              "players": list(names or [f"P{i + 1}" for i in range(seats)]),
              "hands": [dict(e) for e in raw_events]}
    try:
        return stats_of_replay(replay(record))
    except (ScoringError, ValueError, KeyError, TypeError) as exc:
        logger.warning("standings: game %s does not replay (%s); only its counts are made", game_id, exc)
    return game_stats(events, seats)


def usable(doc: Any, seats: int) -> bool:
    """Whether ``doc`` is a cache document of this version for a game of ``seats`` seats."""
    return (isinstance(doc, dict) and doc.get("version") == STATS_VERSION
            and isinstance(doc.get("seats"), list) and len(doc["seats"]) == seats)
