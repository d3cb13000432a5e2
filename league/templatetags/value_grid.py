"""``{% value_grid rows name current %}``: the han/fu grid, rendered once and reused.

A quick-entry page shows the same grid for ron, tsumo and each multi-ron winner (6 times, ~250 radio
buttons); only the field name and the checked value differ. The grid of ``league/hands/_values.html``
is rendered once per ruleset's choices and language (remembered per process), then each use fills in
its name and marks its value checked — the same markup the include gave, a sixth of the work.
"""
from __future__ import annotations

import threading

from django import template
from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

register = template.Library()

_NAME = "__value_grid_name__"
_GRIDS: dict[tuple, str] = {}
_LOCK = threading.Lock()
_MAX = 64


def _key(rows) -> tuple:
    return (get_language(), tuple(tuple((c.value, str(c.label), c.han, c.fu, c.yakuman) for c in row) for row in rows))


def grid_markup(rows) -> str:
    """The grid with a placeholder name and nothing checked (rendered at most once per key)."""
    key = _key(rows)
    html = _GRIDS.get(key)
    if html is None:
        html = render_to_string("league/hands/_values.html", {"rows": rows, "name": _NAME, "current": None})
        with _LOCK:
            if len(_GRIDS) >= _MAX:
                _GRIDS.clear()
            _GRIDS[key] = html
    return html


def forget() -> None:
    """Drop the remembered grids (an edited template, see ``panels._template_edited``)."""
    with _LOCK:
        _GRIDS.clear()


@register.simple_tag
def value_grid(rows, name, current=None):
    html = grid_markup(rows).replace(f'name="{_NAME}"', f'name="{escape(name)}"')
    if current not in (None, ""):
        value = f'value="{escape(current)}"'
        html = html.replace(value, f"{value} checked", 1)
    return mark_safe(html)  # noqa: S308 - the template's own escaped output
