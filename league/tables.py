"""The standings table (django-tables2) and its CSV/XLSX export (tablib).

One column list drives the page and the exports, so both show the same numbers: the
export writes each column's ``value`` (Decimal / int), the page renders the same value.
Rates are percentages with 2 decimals; points keep their exact decimals.
"""

from __future__ import annotations

from decimal import Decimal

import django_tables2 as tables
import tablib
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _


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

    def __init__(self, *args, season_id: int | None = None, **kwargs):
        self.season_id = season_id
        super().__init__(*args, **kwargs)

    def render_name(self, value, record):
        if self.season_id is None:
            return value
        url = reverse("standings:player", kwargs={"season_id": self.season_id, "member_id": record["member_id"]})
        return format_html('<a href="{}">{}</a>', url, value)

    def value_name(self, value, record):
        return value


EXPORT_FORMATS = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def standings_dataset(rows: list[dict], *, title: str = "standings") -> tablib.Dataset:
    """The standings as a tablib Dataset: the table's columns (values, not markup) plus
    whether the player met the minimum games."""
    table = StandingsTable(rows)
    columns = [c for c in table.columns]
    data = tablib.Dataset(title=title[:31])
    data.headers = [str(c.header) for c in columns] + [str(_("Qualified"))]
    for row in rows:
        values = []
        for c in columns:
            value = row.get(c.name)
            values.append("" if value is None else value)
        values.append(bool(row.get("qualified")))
        data.append(values)
    return data


def export_bytes(rows: list[dict], fmt: str, *, title: str = "standings") -> bytes:
    data = standings_dataset(rows, title=title)
    if fmt == "csv":
        return ("\ufeff" + data.export("csv")).encode("utf-8")  # BOM: Excel reads Hangul right
    if fmt == "xlsx":
        return data.export("xlsx")
    raise ValueError(f"unknown export format {fmt!r}")
