"""The exports as they were written before they were streamed (issue 22, item 7), frozen here
as the oracle: the streamed bytes must equal these, for the same data. Not used by the app."""
# ruff: noqa
from __future__ import annotations

import csv
import io
import json
from typing import Any

from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.utils import timezone

from club.models import Club, ClubRole, Member
from league.games.selectors import game_members, game_record
from core.models import AuditEntry
from league.models import Game, HandRecord, Penalty, Season
from league.transfer.season_file import FORMAT, _iso, _ruleset_doc, _ruleset_ref
from core.spreadsheet import safe_cell, safe_rows
from scoring.errors import ScoringError
from scoring.game import replay


def _csv_response(rows: list[list[Any]], filename: str) -> HttpResponse:
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerows(safe_rows(rows))  # every cell, headers included
    response = HttpResponse("\ufeff" + buf.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


_safe = safe_cell  # the one guard (core.spreadsheet); _csv_response applies it to every cell too


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


def _season_audit(season: Season, games: list[Game], penalty_ids: list[int], person) -> list[dict[str, Any]]:
    """The audit entries of the season, its games, their hands and its penalties, oldest first."""
    from django.db.models import Q

    game_ids = [g.pk for g in games]
    q = (Q(object_type="season", object_id=str(season.pk)) | Q(object_type="game", object_id__in=[str(i) for i in game_ids])
         | Q(object_type="penalty", object_id__in=[str(i) for i in penalty_ids]))
    q |= Q(object_type="hand", after__game__in=game_ids) | Q(object_type="hand", before__game__in=game_ids)
    entries = AuditEntry.objects.filter(q, club=season.club).order_by("at", "id")
    return [
        {"at": _iso(e.at), "actor": person(e.actor_id), "action": e.action, "object_type": e.object_type,
         "object_id": e.object_id, "before": e.before, "after": e.after, "reason": e.reason}
        for e in entries
    ]


def export_season(season: Season) -> dict[str, Any]:
    """The season as one JSON document (see the module docstring)."""
    club = season.club
    person = _people(club)
    games = list(
        Game.objects.filter(season=season).select_related("ruleset", "season__ruleset").order_by("started_at", "id")
    )
    rulesets = {season.ruleset.pk: season.ruleset}
    for g in games:
        rulesets.setdefault(g.effective_ruleset.pk, g.effective_ruleset)
    roles: dict[int, list[str]] = {}
    for member_id, role in ClubRole.objects.filter(club=club).values_list("member_id", "role"):
        roles.setdefault(member_id, []).append(role)
    members = [
        {"display_name": m.display_name, "active": m.active, "roles": sorted(roles.get(m.pk, []))}
        for m in Member.objects.filter(club=club).order_by("display_name")
    ]
    penalties = []
    for p in Penalty.objects.filter(season=season).select_related("member", "beneficiary", "hand_record").order_by(
        "given_at", "id"
    ):
        penalties.append(
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
        )
    entered = {g.pk: [] for g in games}
    for h in HandRecord.objects.filter(game__in=games).order_by("game_id", "position"):
        entered[h.game_id].append({"by": person(h.entered_by_id), "at": _iso(h.entered_at),
                                   "updated_at": _iso(h.updated_at)})
    return {
        "format": FORMAT,
        "exported_at": _iso(timezone.now()),
        "club": {"name": club.name, "slug": club.slug, "public_standings": club.public_standings},
        "members": members,
        "rulesets": [_ruleset_doc(r) for r in rulesets.values()],
        "season": {
            "name": season.name,
            "ruleset": _ruleset_ref(season.ruleset),
            "starts_on": _iso(season.starts_on),
            "ends_on": _iso(season.ends_on),
            "rating_method": season.rating_method,
            "rating_params": season.rating_params or {},
            "min_games": season.min_games,
            "best_n": season.best_n,
        },
        "games": [
            {
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
                "entered": entered[g.pk],
                "final": {"scores": g.final_scores, "points": g.final_points, "ranks": g.final_ranks,
                          "ended_by": g.ended_by or None},
                "record": game_record(g),
            }
            for g in games
        ],
        "penalties": penalties,
        "audit": _season_audit(season, games, [p["id"] for p in penalties], person),
    }


