"""Query parameters of the pages: a malformed one is a 400 with a message, never a 500."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


class BadParameter(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def id_param(request: HttpRequest, name: str) -> int | None:
    """``?name=<id>`` as an int (None when absent or empty); ``BadParameter`` when not an id."""
    raw = request.GET.get(name, "")
    if raw == "":
        return None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise BadParameter(name)
    return int(raw)


def posted_ids(request: HttpRequest, name: str) -> list[int]:
    """Every ``name=<id>`` of a posted form (checkboxes) as ints; what is no id a database holds (not digits,
    or beyond a 64-bit key: an overflow on SQLite and PostgreSQL) is left out, as an unknown id would be."""
    return [int(v) for v in request.POST.getlist(name) if v.isascii() and v.isdigit() and len(v) <= 18]


def bad_parameter(request: HttpRequest, exc: BadParameter) -> HttpResponse:
    message = _("The address has a wrong “%(name)s”: it must be a number. Open the page from its link again.") % {
        "name": exc.name
    }
    return render(request, "league/bad_request.html", {"message": message}, status=400)
