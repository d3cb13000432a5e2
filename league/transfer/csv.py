"""A season's games and hands as CSV (the API's ``/seasons/<id>/csv/games/`` and ``csv/hands/``).

Streamed (issue 22, item 7): the games are read ``CHUNK_GAMES`` at a time (one query each for the
games, their seats and their hands), and each chunk's rows are written and sent before the next is
read, so the first byte leaves at once and memory does not grow with the season. The bytes are the
ones the whole-file export wrote (a BOM, then ``csv.writer``'s lines). Every cell goes through the
one formula guard (``core.spreadsheet.safe_cell``).
"""
from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterator
from typing import Any

from core.spreadsheet import safe_cell, safe_row
from league.models import Game, GameSeat, HandRecord, Season
from league.transfer.season_file import _iso, season_games_in_chunks
from scoring.errors import ScoringError
from scoring.game import replay
from scoring.rules import resolve

CHUNK_GAMES = 500  # games read, replayed and written per step (the tests make it small)


class _Line:
    """``csv.writer``'s file: ``writerow`` returns the line it wrote."""

    def write(self, line: str) -> str:
        return line


def _csv_chunks(rows: Iterator[list[list[Any]]]) -> Iterator[bytes]:
    writer = csv.writer(_Line())
    yield "\ufeff".encode()
    for chunk in rows:
        yield "".join(writer.writerow(safe_row(r)) for r in chunk).encode("utf-8")  # every cell, headers too


_safe = safe_cell  # the one guard (core.spreadsheet); _csv_chunks applies it to every cell too


def _four(values) -> list[Any]:
    values = list(values or [])
    return values + [""] * (4 - len(values))


def _seat_names(game_ids: list[int]) -> dict[int, list[str]]:
    names: dict[int, list[str]] = {}
    for game_id, name in (GameSeat.objects.filter(game_id__in=game_ids).order_by("game_id", "seat")
                          .values_list("game_id", "member__display_name")):
        names.setdefault(game_id, []).append(name)
    return names


def games_rows(season: Season) -> list[list[Any]]:
    """Every row (the header first) as one list: for tests and small seasons."""
    return [row for chunk in games_row_chunks(season) for row in chunk]


def hands_rows(season: Season) -> list[list[Any]]:
    return [row for chunk in hands_row_chunks(season) for row in chunk]


def games_row_chunks(season: Season, on_chunk: Callable[[int], None] | None = None) -> Iterator[list[list[Any]]]:
    """The header, then the rows of each chunk of games (oldest first); ``on_chunk``: progress
    (``season_games_in_chunks``)."""
    seats = ["east", "south", "west", "north"]
    header = ["game_id", "started_at", "finished_at", "status", "table", "source", "ended_by"]
    header += [f"{s}_player" for s in seats] + [f"{s}_score" for s in seats]
    header += [f"{s}_points" for s in seats] + [f"{s}_rank" for s in seats]
    yield [header]
    for games in season_games_in_chunks(season, CHUNK_GAMES, on_chunk):
        names = _seat_names([g.pk for g in games])
        yield [
            [g.pk, _iso(g.started_at), _iso(g.finished_at), g.status, _safe(g.table_label), g.source, g.ended_by]
            + [_safe(n) for n in _four(names.get(g.pk))] + _four(g.final_scores) + _four(g.final_points)
            + _four(g.final_ranks)
            for g in games
        ]


def _ruleset_for(game: Game, resolved: dict[int, Any]) -> Any:
    """The game's ruleset as the engine reads it, resolved once per ruleset for the whole export
    (the replay takes a resolved ruleset as it takes its spec); a spec the engine refuses stays a
    spec, so the replay refuses it as before."""
    ruleset = game.effective_ruleset
    if ruleset.pk not in resolved:
        spec = ruleset.spec()
        try:
            resolved[ruleset.pk] = resolve(spec)
        except ScoringError:
            resolved[ruleset.pk] = spec
    return resolved[ruleset.pk]


def _hand_rows(game: Game, records: list[tuple[int, Any]], names: list[str], resolved: dict[int, Any]
               ) -> list[list[Any]]:
    """The rows of one game's hands (``records``: position and event, in order)."""
    if not records:
        return []
    row_for: dict[int, Any] = {}
    try:
        rep = replay({"ruleset": _ruleset_for(game, resolved), "players": names,
                      "hands": [event for _, event in records]})
        for r in rep.rows:
            row_for[r.event_index] = r
    except ScoringError:
        pass
    rows = []
    for position, event in records:
        r = row_for.get(position)
        deltas = list(r.deltas) if r else []
        scores = list(r.scores) if r else []
        rows.append(
            [game.pk, position, event.get("kind", "") if isinstance(event, dict) else "",
             r.round if r else "", r.honba if r else "", r.sticks if r else ""]
            + deltas + [""] * (4 - len(deltas)) + scores + [""] * (4 - len(scores))
            + [_safe(json.dumps(event, ensure_ascii=False))]
        )
    return rows


def hands_row_chunks(season: Season, on_chunk: Callable[[int], None] | None = None) -> Iterator[list[list[Any]]]:
    """The header, then the rows of each chunk of games: each game replayed for its deltas and scores."""
    header = ["game_id", "position", "kind", "round", "honba", "sticks"]
    header += [f"delta_{i}" for i in range(4)] + [f"score_{i}" for i in range(4)] + ["event"]
    yield [header]
    resolved: dict[int, Any] = {}
    for games in season_games_in_chunks(season, CHUNK_GAMES, on_chunk):
        ids = [g.pk for g in games]
        names = _seat_names(ids)
        by_game: dict[int, list[tuple[int, Any]]] = {}
        for game_id, position, event in (HandRecord.objects.filter(game_id__in=ids).order_by("game_id", "position")
                                         .values_list("game_id", "position", "event")):
            by_game.setdefault(game_id, []).append((position, event))
        yield [row for g in games for row in _hand_rows(g, by_game.get(g.pk, []), names.get(g.pk, []), resolved)]


def games_csv_chunks(season: Season, on_chunk: Callable[[int], None] | None = None) -> Iterator[bytes]:
    """The games CSV's bytes, a chunk of games at a time (the response's, and the worker's file)."""
    return _csv_chunks(games_row_chunks(season, on_chunk))


def hands_csv_chunks(season: Season, on_chunk: Callable[[int], None] | None = None) -> Iterator[bytes]:
    return _csv_chunks(hands_row_chunks(season, on_chunk))

