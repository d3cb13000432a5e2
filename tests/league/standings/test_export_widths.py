"""XLSX exports fit Hangul (issue 25.9): each column is as wide as its longest cell, a Hangul
character counting two (it is drawn twice as wide as a Latin letter)."""
from __future__ import annotations

import io

import openpyxl
import pytest

from core.spreadsheet import display_width
from league.standings import selectors as sel
from league.standings.services import standings_refresh
from league.web.standings.tables import export_bytes

from .conftest import random_season

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("text", "width"), [
    ("Kim", 3), ("김민준", 6), ("2026 봄 시즌", 12), ("-12.5", 5), ("", 0), ("ｗｉｄｅ", 8),
], ids=["latin one each", "hangul two each", "mixed", "a number", "empty", "fullwidth latin two each"])
def test_display_width_counts_hangul_twice(text, width):
    assert display_width(text) == width


def _widths(sheet) -> dict[int, float]:
    from openpyxl.utils import get_column_letter

    return {i: sheet.column_dimensions[get_column_letter(i)].width for i in range(1, sheet.max_column + 1)}


def test_standings_xlsx_columns_fit_hangul_names(season):
    members = random_season(season, players=5, games=8)
    long_name = "남궁수한무거북이와두루미"  # 12 Hangul: 24 wide
    members[0].display_name = long_name
    members[0].save()
    rows = sel.standings_rows(snapshot=standings_refresh(season_id=season.pk)).rows
    sheet = openpyxl.load_workbook(io.BytesIO(export_bytes(rows, "xlsx"))).active
    widths = _widths(sheet)
    for column in sheet.iter_cols(min_row=1, max_row=sheet.max_row):
        longest = max(display_width("" if c.value is None else str(c.value)) for c in column)
        assert widths[column[0].column] >= longest, f"column {column[0].column} is narrower than {longest}"
    name_col = next(c.column for c in sheet[2] if any(r[c.column - 1].value == long_name for r in sheet.iter_rows()))
    assert widths[name_col] >= display_width(long_name)
    assert widths[name_col] <= display_width(long_name) + 4
