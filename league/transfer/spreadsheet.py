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
