"""The standings table (django-tables2) and its CSV/XLSX export (tablib).

One column list drives the page and the exports, so both show the same numbers: the
export writes each column's ``value`` (Decimal / int), the page renders the same value.
Rates are percentages with 2 decimals; points keep their exact decimals.

The page leaves the rating column out of a season rated by plain total points (no best-N):
there it is the total again (docs/ratings.md). The exports always keep it, under "Rating",
so a spreadsheet has the same columns for every season.
"""

from __future__ import annotations

from decimal import Decimal

import django_tables2 as tables
import tablib
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from core.spreadsheet import fit_columns, safe_row


class NumberColumn(tables.Column):
    """Right-aligned number; ``None`` shows as an em dash."""

    def __init__(self, *args, suffix: str = "", signed: bool = False, **kwargs):
        self.suffix = suffix
        self.signed = signed
        attrs = kwargs.pop("attrs", {})
        attrs.setdefault("td", {"class": "num"})
        attrs.setdefault("th", {"class": "num"})
        kwargs.setdefault("default", "—")
        super().__init__(*args, attrs=attrs, **kwargs)

    def render(self, value):
        if isinstance(value, Decimal) and self.signed and value > 0:
            return f"+{value}{self.suffix}"
        return f"{value}{self.suffix}"

    def value(self, value):
        return value


class StandingsTable(tables.Table):
    rank = NumberColumn(verbose_name=_("Rank"), attrs={"td": {"class": "num rank"}})
    name = tables.Column(verbose_name=_("Player"), attrs={"td": {"class": "player"}})
    rating_display = NumberColumn(verbose_name=_("Rating"))
    total = NumberColumn(verbose_name=_("Total points"), signed=True)
    games = NumberColumn(verbose_name=_("Games"))
    points_per_game = NumberColumn(verbose_name=_("Points/game"), signed=True)
    average_rank = NumberColumn(verbose_name=_("Avg. rank"))
    first = NumberColumn(verbose_name=_("1st"))
    second = NumberColumn(verbose_name=_("2nd"))
    third = NumberColumn(verbose_name=_("3rd"))
    fourth = NumberColumn(verbose_name=_("4th"))
    first_rate = NumberColumn(verbose_name=_("1st %"), suffix="%")
    second_rate = NumberColumn(verbose_name=_("2nd %"), suffix="%")
    third_rate = NumberColumn(verbose_name=_("3rd %"), suffix="%")
    fourth_rate = NumberColumn(verbose_name=_("4th %"), suffix="%")
    tobi_rate = NumberColumn(verbose_name=_("Tobi %"), suffix="%")
    win_rate = NumberColumn(verbose_name=_("Win %"), suffix="%")
    deal_in_rate = NumberColumn(verbose_name=_("Deal-in %"), suffix="%")
    riichi_rate = NumberColumn(verbose_name=_("Riichi %"), suffix="%")
    penalties = NumberColumn(verbose_name=_("Penalties"))
    deductions = NumberColumn(verbose_name=_("Deductions"))

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "standings"}
        orderable = True
        empty_text = _("No finished games yet.")

    def __init__(self, *args, season_id: int | None = None, rating: str | None = None, **kwargs):
        """``rating``: the rating column's header; ``""`` leaves the column out (a season
        rated by plain total points, where it would repeat "Total points")."""
        self.season_id = season_id
        if rating == "":
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "rating_display")
        super().__init__(*args, **kwargs)
        if rating:
            self.columns["rating_display"].column.verbose_name = rating

    def render_name(self, value, record):
        if self.season_id is None:
            return value
        url = reverse("standings:player", kwargs={"season_id": self.season_id, "member_id": record["member_id"]})
        if record.get("visitor"):
            return format_html('<a href="{}">{}</a> <span class="tag visitor">{}</span>', url, value, _("Visitor"))
        return format_html('<a href="{}">{}</a>', url, value)

    def value_name(self, value, record):
        return value

    def to_html(self, request, *, caption: str = "") -> str:
        """The table as HTML, sorted as ``RequestConfig`` configured it.

        Same columns, headers, sort links and cell rendering as ``{% render_table %}``,
        built in Python: the template engine costs ~1 ms per 20 cells, too slow for a
        300-player season on a phone-friendly page budget.
        """
        params = request.GET.copy()
        field = self.prefixed_order_by_field
        head = []
        for col in self.columns:
            attrs = col.attrs.get("th", {})
            cls = escape(attrs.get("class", ""))
            label = escape(str(col.header))
            sort = ""
            if col.is_ordered:
                sort = ' aria-sort="descending"' if col.order_by_alias.is_descending else ' aria-sort="ascending"'
            if col.orderable:
                params[field] = col.order_by_alias.next
                label = f'<a href="?{escape(params.urlencode())}">{label}</a>'
            head.append(f'<th scope="col" class="{cls}"{sort}>{label}</th>')
        columns = [(c.name, c.column, escape(c.attrs.get("td", {}).get("class", ""))) for c in self.columns]
        body = []
        for record in self.data:
            cells = []
            for name, column, cls in columns:
                value = record.get(name)
                if name == "name":
                    text = escape(value)
                    if self.season_id is not None:
                        url = reverse("standings:player", args=[self.season_id, record["member_id"]])
                        text = f'<a href="{url}">{text}</a>'
                    if record.get("visitor"):  # a member of another club (issue 36): marked, ranked per the club
                        text += f' <span class="tag visitor" data-testid="visitor">{escape(_("Visitor"))}</span>'
                    cells.append(f'<th scope="row" class="{cls}">{text}</th>')
                    continue
                text = "—" if value is None else escape(column.render(value))
                cells.append(f'<td class="{cls}">{text}</td>')
            body.append(f"<tr>{''.join(cells)}</tr>")
        if not body:
            body.append(f'<tr><td colspan="{len(columns)}">{escape(self.empty_text)}</td></tr>')
        cap = f"<caption>{escape(caption)}</caption>" if caption else ""
        return mark_safe(  # every piece above is escaped
            f'<table class="standings">{cap}<thead><tr>{"".join(head)}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>'
        )


EXPORT_FORMATS = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def standings_dataset(rows: list[dict], *, title: str = "standings") -> tablib.Dataset:
    """The standings as a tablib Dataset: the table's columns (values, not markup) plus
    whether the player met the minimum games. Every column, the rating included, whatever
    the season's rating method."""
    table = StandingsTable(rows)
    columns = list(table.columns)
    data = tablib.Dataset(title=title[:31])
    data.headers = safe_row([str(c.header) for c in columns] + [str(_("Qualified"))])
    for row in rows:
        values = []
        for c in columns:
            value = row.get(c.name)
            values.append("" if value is None else value)
        values.append(str(_("yes") if row.get("qualified") else _("no")))  # words, not Python's True/False
        data.append(safe_row(values))  # names like =HYPERLINK(...) stay text in CSV and XLSX
    return data


def export_bytes(rows: list[dict], fmt: str, *, title: str = "standings") -> bytes:
    data = standings_dataset(rows, title=title)
    if fmt == "csv":
        return ("\ufeff" + data.export("csv")).encode("utf-8")  # BOM: Excel reads Hangul right
    if fmt == "xlsx":
        return _xlsx(data)
    raise ValueError(f"unknown export format {fmt!r}")


def _xlsx(data: tablib.Dataset) -> bytes:
    """The dataset as one XLSX sheet whose columns fit their longest cell (Hangul names counted wide)."""
    import io

    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = data.title or "standings"
    sheet.append(data.headers)
    for row in data:
        sheet.append(list(row))
    sheet.freeze_panes = "A2"
    fit_columns(sheet)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def rating_header(method: str, best_n: int | None) -> str:
    """The standings page's rating column header; ``""`` when the column is left out.

    ``total`` without best-N: the rating *is* the total points, so no column. ``total``
    with best-N: the best-N sum (minus deductions), which ranks the players — shown under
    its own name. Other methods: "Rating".
    """
    if method == "total":
        if not best_n:
            return ""
        return str(_("Best %(n)s games") % {"n": best_n})
    return str(_("Rating"))
