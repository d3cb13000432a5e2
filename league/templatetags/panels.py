"""``{% entry_panels form %}``: the quick entry's result panels, rendered once per table and dealer.

The panels (the result kinds, winner and dealt-in taps, the han/fu grids, draw, nagashi, abort,
chombo and pao) are two thirds of the table screen's markup, and for a form that holds no answer
yet they are the same at every hand of a game with the same dealer
(``HandEntryForm.panels_key``). The table screen's GET asks for them after every saved hand: they
are rendered from ``league/hands/_entry_panels.html`` once per key and remembered per process. A
form with answers (a preview, a refusal, an edit) is rendered every time, with its choices
checked. Both come from the same template and context (``{"form": form}``), so they cannot differ.
"""
from __future__ import annotations

import threading

from django import template
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.utils.autoreload import file_changed
from django.utils.safestring import mark_safe

from league.templatetags import value_grid

register = template.Library()

TEMPLATE = "league/hands/_entry_panels.html"
_PANELS: dict[tuple, str] = {}
_LOCK = threading.Lock()
_MAX = 256  # 16 tables × 4 dealers × 2 languages, twice over; about 40 KB each


def panels_markup(form) -> str:
    """The panels of ``form``: remembered when the form holds no answer, else rendered."""
    key = form.panels_key()
    if key is None:
        return render_to_string(TEMPLATE, {"form": form})
    html = _PANELS.get(key)
    if html is None:
        html = render_to_string(TEMPLATE, {"form": form})
        with _LOCK:
            if len(_PANELS) >= _MAX:
                _PANELS.clear()
            _PANELS[key] = html
    return html


def forget() -> None:
    """Drop the remembered panels (tests that change templates or translations)."""
    with _LOCK:
        _PANELS.clear()


@receiver(file_changed)
def _template_edited(sender, file_path, **kwargs) -> None:
    """``runserver``: an edited template shows at the next request (the panels and grids rendered again)."""
    if file_path.suffix == ".html":
        forget()
        value_grid.forget()


@register.simple_tag
def entry_panels(form):
    return mark_safe(panels_markup(form))  # noqa: S308 - the template's own escaped output
