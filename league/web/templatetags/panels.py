"""``{% entry_panels form %}``: the quick entry's result panels, rendered once per ruleset, seat count and dealer.

The panels (the result kinds, winner and dealt-in taps, the han/fu grids, draw, nagashi, abort,
chombo and pao) are two thirds of the table screen's markup, and for a form that holds no answer
yet they are the same at every hand with the same dealer, at every table of the ruleset but for the players'
names (``HandEntryForm.panels_key``). The table screen's GET asks for them after every saved hand: they
are rendered from ``league/hands/_entry_panels.html`` once per key, with a mark in place of each name, and
remembered per process (``core.memo``); each table's names, escaped as the template escapes them, replace the
marks. Keyed by the names, a night of 64 tables had 256 keys or more (each table's four dealers) for each web
worker to render once, in a memo of 256: at 64 no-pause tables a sixth of gunicorn's CPU was these renders
(``bench/club_night.py`` under py-spy). A form with answers (a preview, a refusal, an edit) is rendered every
time, with its choices checked. Both come from the same template and context (``{"form": form}``), so they
cannot differ.
"""
from __future__ import annotations

import dataclasses
import re

from django import template
from django.template.loader import render_to_string
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from core.memo import Memo

register = template.Library()

TEMPLATE = "league/hands/_entry_panels.html"
_PANELS = Memo("entry panels", size=64)  # 4 dealers × 2 dealer-minimum states × languages × rulesets; ~40 KB each

# A name's mark: private-use characters no escaping changes and no template adds.
_MARK = "\ue000{}\ue001"
_MARKS = re.compile("\ue000([0-9])\ue001")


def panels_markup(form) -> str:
    """The panels of ``form``: remembered when the form holds no answer, else rendered."""
    key = form.panels_key()
    if key is None:
        return render_to_string(TEMPLATE, {"form": form})
    marked = _PANELS.get(key, lambda: _render_marked(form))
    names = [str(conditional_escape(name)) for name in form.table.players]
    # One pass over the remembered markup: a name that looks like a mark is not read again.
    return _MARKS.sub(lambda m: names[int(m.group(1))], marked)


def _render_marked(form) -> str:
    """The panels of a form like ``form`` whose players are named by their marks."""
    table = form.table
    marked_table = dataclasses.replace(table, players=[_MARK.format(seat) for seat in range(len(table.players))])
    return render_to_string(TEMPLATE, {"form": type(form)(table=marked_table, initial=dict(form.initial))})


def forget() -> None:
    """Drop the remembered panels (tests that change templates or translations)."""
    _PANELS.forget()


@register.simple_tag
def entry_panels(form):
    return mark_safe(panels_markup(form))  # the template's own escaped output, the names escaped above
