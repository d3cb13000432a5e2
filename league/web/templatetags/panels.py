"""``{% entry_panels form %}``: the quick entry's result panels, rendered once per table and dealer.

The panels (the result kinds, winner and dealt-in taps, the han/fu grids, draw, nagashi, abort,
chombo and pao) are two thirds of the table screen's markup, and for a form that holds no answer
yet they are the same at every hand of a game with the same dealer
(``HandEntryForm.panels_key``). The table screen's GET asks for them after every saved hand: they
are rendered from ``league/hands/_entry_panels.html`` once per key and remembered per process
(``core.memo``). A
form with answers (a preview, a refusal, an edit) is rendered every time, with its choices
checked. Both come from the same template and context (``{"form": form}``), so they cannot differ.
"""
from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from core.memo import Memo

register = template.Library()

TEMPLATE = "league/hands/_entry_panels.html"
_PANELS = Memo("entry panels", size=256)  # 16 tables × 4 dealers × 2 languages, twice over; about 40 KB each


def panels_markup(form) -> str:
    """The panels of ``form``: remembered when the form holds no answer, else rendered."""
    key = form.panels_key()
    if key is None:
        return render_to_string(TEMPLATE, {"form": form})
    return _PANELS.get(key, lambda: render_to_string(TEMPLATE, {"form": form}))


def forget() -> None:
    """Drop the remembered panels (tests that change templates or translations)."""
    _PANELS.forget()


@register.simple_tag
def entry_panels(form):
    return mark_safe(panels_markup(form))  # the template's own escaped output
