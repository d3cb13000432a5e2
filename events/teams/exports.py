"""A team league's tables as CSV or XLSX: each stage's team table ("이전 단계 / × carry / 이번 단계 / 합계"),
the individual ranking and every seat's result. Text cells are guarded against formula injection
(``core.spreadsheet.safe_cell``); XLSX columns fit Hangul names."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from core.spreadsheet import safe_cell as _safe
from core.spreadsheet import sections_csv, sheets_xlsx
from events.teams import standings
from events.teams.models import TeamLeague


def _cell(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    return "" if value is None else _safe(value)


def team_rows(league: TeamLeague) -> list[list[Any]]:
    rows = [[_("Stage"), _("Place"), _("Team"), _("Previous stage"), _("× carry"), _("Carried"), _("This stage"),
             _("Total"), _("Games")]]
    for stage in league.stages.order_by("number"):
        for r in standings.stage_table(stage):
            rows.append([stage.name, r.place, r.team.name, r.previous, r.carry if r.previous is not None else None,
                         r.carried if r.previous is not None else None, r.stage_points, r.total, r.games])
    return [[_cell(v) for v in row] for row in rows]


def player_rows(league: TeamLeague) -> list[list[Any]]:
    rows = [[_("Place"), _("Player"), _("Team"), _("Games"), _("Points"), _("Best game"), _("1st"), _("2nd"),
             _("3rd"), _("4th"), _("1st-place rate"), _("4th avoided")]]
    for r in standings.individual_ranking(league):
        rows.append([r.place, r.member.display_name, r.team.name, r.games, r.points, r.best, *r.ranks, r.win_rate,
                     r.fourth_avoidance])
    return [[_cell(v) for v in row] for row in rows]


def to_csv(league: TeamLeague) -> str:
    return sections_csv(team_rows(league), player_rows(league))


def to_xlsx(league: TeamLeague) -> bytes:
    return sheets_xlsx([(_("Teams"), team_rows(league)), (_("Players"), player_rows(league))])
