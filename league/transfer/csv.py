"""A season's games and hands as CSV (the API's ``/seasons/<id>/games.csv`` and ``hands.csv``).

Every cell goes through the one formula guard (``league.transfer.spreadsheet.safe_cell``).
"""
from __future__ import annotations

import csv
import io
import json
from typing import Any

from django.http import HttpResponse

from league.games.selectors import game_members
from league.models import Game, HandRecord, Season
from league.transfer.season_file import _iso
from league.transfer.spreadsheet import safe_cell, safe_rows
from scoring.errors import ScoringError
from scoring.game import replay


def _csv_response(rows: list[list[Any]], filename: str) -> HttpResponse:
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerows(safe_rows(rows))  # every cell, headers included
    response = HttpResponse("\ufeff" + buf.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


_safe = safe_cell  # the one guard (league.transfer.spreadsheet); _csv_response applies it to every cell too


def games_rows(season: Season) -> list[list[Any]]:
    seats = ["east", "south", "west", "north"]
    header = ["game_id", "started_at", "finished_at", "status", "table", "source", "ended_by"]
    header += [f"{s}_player" for s in seats] + [f"{s}_score" for s in seats]
    header += [f"{s}_points" for s in seats] + [f"{s}_rank" for s in seats]
    rows = [header]
    games = Game.objects.filter(season=season).prefetch_related("seat_set__member").order_by("started_at", "id")
    for g in games:
        names = [s.member.display_name for s in sorted(g.seat_set.all(), key=lambda s: s.seat)]

        def four(values):
            values = list(values or [])
            return values + [""] * (4 - len(values))

        rows.append(
            [g.pk, _iso(g.started_at), _iso(g.finished_at), g.status, _safe(g.table_label), g.source, g.ended_by]
            + [_safe(n) for n in four(names)] + four(g.final_scores) + four(g.final_points) + four(g.final_ranks)
        )
    return rows


def hands_rows(season: Season) -> list[list[Any]]:
    header = ["game_id", "position", "kind", "round", "honba", "sticks"]
    header += [f"delta_{i}" for i in range(4)] + [f"score_{i}" for i in range(4)] + ["event"]
    rows = [header]
    games = Game.objects.filter(season=season).select_related("ruleset", "season__ruleset").order_by("started_at", "id")
    hands = HandRecord.objects.filter(game__season=season).order_by("game_id", "position")
    by_game: dict[int, list[HandRecord]] = {}
    for h in hands:
        by_game.setdefault(h.game_id, []).append(h)
    for g in games:
        records = by_game.get(g.pk, [])
        row_for: dict[int, Any] = {}
        try:
            rep = replay({"ruleset": g.effective_ruleset.spec(), "players": [m.display_name for m in game_members(g)],
                          "hands": [h.event for h in records]})
            for r in rep.rows:
                row_for[r.event_index] = r
        except ScoringError:
            pass
        for h in records:
            r = row_for.get(h.position)
            deltas = list(r.deltas) if r else []
            scores = list(r.scores) if r else []
            rows.append(
                [g.pk, h.position, h.event.get("kind", "") if isinstance(h.event, dict) else "",
                 r.round if r else "", r.honba if r else "", r.sticks if r else ""]
                + deltas + [""] * (4 - len(deltas)) + scores + [""] * (4 - len(scores))
                + [_safe(json.dumps(h.event, ensure_ascii=False))]
            )
    return rows


def games_csv_response(season: Season) -> HttpResponse:
    return _csv_response(games_rows(season), f"season-{season.pk}-games.csv")


def hands_csv_response(season: Season) -> HttpResponse:
    return _csv_response(hands_rows(season), f"season-{season.pk}-hands.csv")
