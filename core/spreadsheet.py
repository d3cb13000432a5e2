"""One guard for every spreadsheet cell we write (CSV and XLSX exports).

OWASP's CSV-injection advice: a text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return is read as a formula by Excel, LibreOffice and Google Sheets, so it
gets a leading apostrophe and is shown as the text it is. Numbers (int, Decimal, float)
stay numbers: a negative score is a number cell, not text.
"""
from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """The cell as written: text that a spreadsheet would run is prefixed with ``'``."""
    if isinstance(value, (bool, int, float, Decimal)) or value is None:
        return value
    if not isinstance(value, str):
        value = str(value)
    if value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def safe_row(row: Iterable[Any]) -> list[Any]:
    return [safe_cell(v) for v in row]


def safe_rows(rows: Iterable[Iterable[Any]]) -> list[list[Any]]:
    return [safe_row(r) for r in rows]


def display_width(text: str) -> int:
    """How many Latin letters wide ``text`` is drawn: a wide character (Hangul, CJK, fullwidth forms,
    East Asian Width W or F) counts two, any other one."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


MIN_WIDTH = 6
MAX_WIDTH = 60


def fit_columns(sheet: Any, *, padding: int = 2) -> None:
    """Set each column of an openpyxl sheet as wide as its longest cell (``display_width``), so that
    Hangul names are not cut off: between ``MIN_WIDTH`` and ``MAX_WIDTH``, plus ``padding``."""
    from openpyxl.utils import get_column_letter

    widths: dict[int, int] = {}
    for row in sheet.iter_rows():
        for cell in row:
            if cell.value is None:
                continue
            value = cell.value
            text = f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)
            widths[cell.column] = max(widths.get(cell.column, 0), display_width(text))
    for column, width in widths.items():
        sheet.column_dimensions[get_column_letter(column)].width = min(MAX_WIDTH, max(MIN_WIDTH, width + padding))


def sections_csv(*sections: Iterable[Iterable[Any]]) -> str:
    """Several tables in one CSV file, an empty line between them (a standings table, then its games)."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out)
    for i, rows in enumerate(sections):
        if i:
            writer.writerow([])
        writer.writerows(rows)
    return out.getvalue()


def sheets_xlsx(sheets: Iterable[tuple[str, Iterable[Iterable[Any]]]]) -> bytes:
    """A workbook of one sheet per (title, rows): the first row of each frozen as its header, every column as
    wide as its longest cell (Hangul names are not cut off)."""
    import io

    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for title, rows in sheets:
        sheet = book.create_sheet(str(title)[:31])  # Excel's limit on a sheet's name
        for row in rows:
            sheet.append(row)
        sheet.freeze_panes = "A2"
        fit_columns(sheet)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
