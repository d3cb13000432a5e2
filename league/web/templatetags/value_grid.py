"""``{% value_grid rows name current %}``: the han/fu grid, rendered once and reused.

A quick-entry page shows the same grid for ron, tsumo and each multi-ron winner (6 times, ~250 radio
buttons); only the field name and the checked value differ. The grid of ``league/hands/_values.html``
is rendered once per ruleset's choices and language (remembered per process), then each use fills in
its name and marks its value checked — the same markup the include gave, a sixth of the work.
"""
from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from core.memo import Memo

register = template.Library()

_NAME = "__value_grid_name__"
_GRIDS = Memo("han/fu grids", size=64)


def _key(rows) -> tuple:
    return (get_language(), tuple(tuple((c.value, str(c.label), c.han, c.fu, c.yakuman) for c in row) for row in rows))


def grid_markup(rows) -> str:
    """The grid with a placeholder name and nothing checked (rendered at most once per key)."""
    return _GRIDS.get(_key(rows), lambda: render_to_string(
        "league/hands/_values.html", {"rows": rows, "name": _NAME, "current": None}))


@register.simple_tag
def value_grid(rows, name, current=None):
    html = grid_markup(rows).replace(f'name="{_NAME}"', f'name="{escape(name)}"')
    if current not in (None, ""):
        value = f'value="{escape(current)}"'
        html = html.replace(value, f"{value} checked", 1)
    return mark_safe(html)  # the template's own escaped output
