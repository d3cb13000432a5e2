"""A tournament's results as CSV or XLSX: the standings and every table's result (seats by their
wind in the page's language: 동/남/서/북 in Korean; XLSX columns fit Hangul names).

Text cells are guarded against spreadsheet formula injection (``core.spreadsheet.safe_cell``: a cell
starting with = + - @ tab or CR gets a leading apostrophe)."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from core.spreadsheet import safe_cell as _safe
from core.spreadsheet import sections_csv, sheets_xlsx
from events.tournaments import selectors, standings
from events.tournaments.models import Tournament
from league.games.words import wind_name
from scoring.winds import WINDS


def _cell(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    return _safe(value)


def standings_rows(tournament: Tournament) -> list[list[Any]]:
    rows = [[_("Place"), _("Player"), _("Team"), _("Games"), _("Stage 1"), _("Final stage"), _("Penalty"),
             _("Points"), _("Best game"), _("1st"), _("2nd"), _("3rd"), _("4th"), _("Status")]]
    for r in standings.standings(tournament):
        rows.append([r["place"], r["name"], r["team"], r["games"], r["stage1"], r["stage2"], r["penalty"],
                     r["points"], r["best"] if r["best"] is not None else "", *r["placings"],
                     _("Withdrawn") if not r["active"] else (_("Finalist") if r["finalist"] else "")])
    return [[_cell(v) for v in row] for row in rows]


def table_rows(tournament: Tournament) -> list[list[Any]]:
    rows = [[_("Round"), _("Table"), _("Entry"), _("Status"), _("Seat"), _("Player"), _("Score"), _("Points"),
             _("Rank")]]
    for rnd in selectors.rounds(tournament):
        for t in rnd.tables.all():
            for seat, res in enumerate(t.results):
                rows.append([rnd.number, t.label, t.get_entry_display(), t.game.get_status_display(),
                             wind_name(WINDS[seat]), res["name"], res["score"], res["points"], res["rank"]])
    return [[_cell(v) for v in row] for row in rows]


def to_csv(tournament: Tournament) -> str:
    return sections_csv(standings_rows(tournament), table_rows(tournament))


def to_xlsx(tournament: Tournament) -> bytes:
    return sheets_xlsx([(_("Standings"), standings_rows(tournament)), (_("Tables"), table_rows(tournament))])
