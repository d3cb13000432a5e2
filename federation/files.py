"""A tournament's results as files other federations read, and back (issue 36 item 5).

* The **EMA results workbook** (XLSX): header rows ``Title``, ``Players``, ``Country``, ``MERS weight``,
  ``Rules``, ``Dates`` (label in column A, value in column B), an empty row, then a table with the columns
  ``Position, First name, Last name, EMA id, Table points, Score, Country``.
* **mahjong-portal's CSV**: ``place,first_name,last_name,scores,ema,games``.

Writing goes through ``core.spreadsheet.safe_cell`` (a name starting with ``=`` stays text). Reading returns
an :class:`ImportedTournament` or raises :class:`BadResultsFile` with every problem, line by line, in words a
federation's admin can act on; nothing is stored here (``federation.services.external_tournament_import``).
"""
from __future__ import annotations

import csv
import datetime
import io
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _

from core.spreadsheet import fit_columns, safe_row

EMA_HEADER = ("Title", "Players", "Country", "MERS weight", "Rules", "Dates")
EMA_COLUMNS = ("Position", "First name", "Last name", "EMA id", "Table points", "Score", "Country")
PORTAL_COLUMNS = ("place", "first_name", "last_name", "scores", "ema", "games")
MAX_ROWS = 5000


class BadResultsFile(ValueError):
    """A results file that cannot be imported; ``problems`` says why, each with its line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class ResultLine:
    place: int
    first_name: str
    last_name: str
    ema_id: str = ""
    table_points: Decimal = Decimal(0)
    score: Decimal = Decimal(0)
    country: str = ""
    games: int = 0


@dataclass(frozen=True)
class ImportedTournament:
    title: str
    starts_on: datetime.date
    ends_on: datetime.date
    rules: str = ""
    country: str = ""
    mers_weight: Decimal | None = None
    lines: tuple[ResultLine, ...] = field(default_factory=tuple)

    @property
    def days(self) -> int:
        return (self.ends_on - self.starts_on).days + 1

    @property
    def countries(self) -> int:
        return len({line.country for line in self.lines if line.country}) or 1


def dates_text(starts_on: datetime.date, ends_on: datetime.date) -> str:
    return starts_on.isoformat() if starts_on == ends_on else f"{starts_on.isoformat()} - {ends_on.isoformat()}"


def _number_text(value: Decimal) -> Decimal | int:
    return int(value) if value == value.to_integral_value() else value


# --- writing -----------------------------------------------------------------------------------
def ema_workbook(tournament: ImportedTournament) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "Results"
    weight = "" if tournament.mers_weight is None else _number_text(tournament.mers_weight)
    for label, value in zip(EMA_HEADER, (tournament.title, len(tournament.lines), tournament.country, weight,
                                         tournament.rules, dates_text(tournament.starts_on, tournament.ends_on)),
                            strict=True):
        sheet.append(safe_row([label, value]))
    sheet.append([])
    sheet.append(list(EMA_COLUMNS))
    for line in tournament.lines:
        sheet.append(safe_row([line.place, line.first_name, line.last_name, line.ema_id,
                               _number_text(line.table_points), _number_text(line.score), line.country]))
    fit_columns(sheet)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def portal_csv(tournament: ImportedTournament) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(PORTAL_COLUMNS)
    for line in tournament.lines:
        writer.writerow(safe_row([line.place, line.first_name, line.last_name, _number_text(line.table_points),
                                  line.ema_id, line.games]))
    return out.getvalue()


# --- reading -----------------------------------------------------------------------------------
def _text(value) -> str:
    text = "" if value is None else str(value).strip()
    return text[1:] if text.startswith("'") else text  # safe_cell's guard, read back


def _decimal(value, where: str, problems: list[str]) -> Decimal:
    text = _text(value).replace(",", "")
    if not text:
        return Decimal(0)
    try:
        number = Decimal(text)
    except InvalidOperation:
        problems.append(_("%(where)s: “%(value)s” is not a number.") % {"where": where, "value": text})
        return Decimal(0)
    if not number.is_finite() or abs(number) >= Decimal(10) ** 9:
        problems.append(_("%(where)s: “%(value)s” is not a number.") % {"where": where, "value": text})
        return Decimal(0)
    return number.quantize(Decimal("0.1"))


def _whole(value, where: str, problems: list[str], *, lo: int = 0) -> int:
    text = _text(value)
    try:
        number = int(Decimal(text))
    except (InvalidOperation, ValueError):
        problems.append(_("%(where)s: “%(value)s” is not a whole number.") % {"where": where, "value": text})
        return 0
    if number < lo or number > 100000:
        problems.append(_("%(where)s: “%(value)s” is out of range.") % {"where": where, "value": text})
    return number


DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_dates(text: str) -> tuple[datetime.date, datetime.date]:
    found = DATE.findall(text or "")
    if not found:
        raise ValueError(text)
    days = [datetime.date.fromisoformat(d) for d in found[:2]]
    return days[0], days[-1]


def _check_places(lines: list[ResultLine], problems: list[str]) -> None:
    if not lines:
        problems.append(_("The file lists no results."))
        return
    n = len(lines)
    bad = [line.place for line in lines if not 1 <= line.place <= n]
    if bad:
        problems.append(_("Places must be between 1 and %(n)s (the number of players): %(bad)s.")
                        % {"n": n, "bad": ", ".join(map(str, bad[:5]))})
    ids = [line.ema_id for line in lines if line.ema_id]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        problems.append(_("An EMA id is listed twice: %(ids)s.") % {"ids": ", ".join(twice[:5])})


def read_ema_workbook(data: bytes) -> ImportedTournament:
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a file that is not a workbook
        raise BadResultsFile([_("This is not an Excel workbook (.xlsx).")]) from exc
    rows = [list(r) for r in book.active.iter_rows(values_only=True)]
    problems: list[str] = []
    header: dict[str, object] = {}
    table_at = None
    for i, row in enumerate(rows):
        label = _text(row[0] if row else None)
        if label.lower() == EMA_COLUMNS[0].lower():
            table_at = i
            break
        if label:
            header[label.lower()] = row[1] if len(row) > 1 else None
    if table_at is None:
        raise BadResultsFile([_("No results table: a row starting with “Position” is missing.")])
    title = _text(header.get("title"))
    if not title:
        problems.append(_("The “Title” row is missing or empty."))
    try:
        starts_on, ends_on = parse_dates(_text(header.get("dates")))
    except ValueError:
        problems.append(_("The “Dates” row must give the dates as YYYY-MM-DD (two for several days)."))
        starts_on = ends_on = datetime.date.today()
    weight_text = _text(header.get("mers weight"))
    weight = _decimal(weight_text, "MERS weight", problems) if weight_text else None
    lines = []
    for number, row in enumerate(rows[table_at + 1:], start=table_at + 2):
        if len(lines) >= MAX_ROWS:
            problems.append(_("More than %(n)s results.") % {"n": MAX_ROWS})
            break
        cells = (list(row) + [None] * 7)[:7]
        if all(_text(c) == "" for c in cells):
            continue
        where = _("row %(n)s") % {"n": number}
        lines.append(ResultLine(
            place=_whole(cells[0], where, problems, lo=1), first_name=_text(cells[1])[:80],
            last_name=_text(cells[2])[:80], ema_id=_text(cells[3])[:16],
            table_points=_decimal(cells[4], where, problems), score=_decimal(cells[5], where, problems),
            country=_text(cells[6])[:40]))
    _check_places(lines, problems)
    if problems:
        raise BadResultsFile(problems)
    return ImportedTournament(title=title[:200], starts_on=starts_on, ends_on=ends_on,
                              rules=_text(header.get("rules"))[:120], country=_text(header.get("country"))[:40],
                              mers_weight=weight, lines=tuple(lines))


def read_portal_csv(text: str, *, title: str, starts_on: datetime.date, ends_on: datetime.date,
                    country: str = "", rules: str = "") -> ImportedTournament:
    """The portal's CSV carries results only: the title and dates come from the import form."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    rows = list(reader)
    if not rows or [c.strip().lower() for c in rows[0]][:6] != list(PORTAL_COLUMNS):
        raise BadResultsFile([_("The first line must be: %(columns)s.") % {"columns": ",".join(PORTAL_COLUMNS)}])
    problems: list[str] = []
    lines = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        if len(lines) >= MAX_ROWS:
            problems.append(_("More than %(n)s results.") % {"n": MAX_ROWS})
            break
        cells = (row + [""] * 6)[:6]
        where = _("line %(n)s") % {"n": number}
        lines.append(ResultLine(
            place=_whole(cells[0], where, problems, lo=1), first_name=_text(cells[1])[:80],
            last_name=_text(cells[2])[:80], table_points=_decimal(cells[3], where, problems),
            ema_id=_text(cells[4])[:16], games=_whole(cells[5] or "0", where, problems), country=country[:40]))
    _check_places(lines, problems)
    if problems:
        raise BadResultsFile(problems)
    return ImportedTournament(title=title[:200], starts_on=starts_on, ends_on=ends_on, rules=rules[:120],
                              country=country[:40], lines=tuple(lines))
