"""What every events page shares (nights, tournaments): refusing who may not see a page, a refusal's
words, a posted form's once-only key, and the boards' live parts (the poll interval, the ETag of a
fragment — its content's version and the page's language —, the QR code, the board's other language)."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core.once import Once

LIVE_INTERVAL_MS = 1500


def refuse(request: HttpRequest) -> HttpResponse:
    """A visitor is sent to log in; a logged-in user who may not see the page gets 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied


def refusal_text(exc: ValidationError) -> str:
    """An events service's refusal as the page shows it (its messages, already in the page's language)."""
    return " ".join(exc.messages)


def form_once(request: HttpRequest) -> Once | None:
    """The posted form's entry token (``{% entry_token %}``, docs/idempotency.md) as the write's once-only key."""
    return Once.form(request.user, request.POST.get("entry_token"))


def etag(version: str) -> str:
    return f'"{version}-{get_language() or "ko"}"'


def live_fragment(request, *, etag: str, template: str, context) -> HttpResponse:
    """A polled fragment (a board's tables, my seat): 304 while the browser's copy is current (If-None-Match), else
    the fragment built by ``context()`` (called only then); never kept by a cache on the way."""
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = render(request, template, context())
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def qr_svg(url: str) -> str:
    from club.qr import qr_svg as svg

    return svg(url)


def other_language() -> str:
    """The language a board shows beside the page's (its headings are in both)."""
    return "en" if (get_language() or "ko").startswith("ko") else "ko"


def say_round_seated(request: HttpRequest, rnd, created: bool) -> None:
    """The flash after seating a round (a night's or a tournament's): seated now, or already by someone else."""
    if created:
        messages.success(request, _("Round %(n)s is seated: %(tables)s tables.") % {
            "n": rnd.number, "tables": rnd.tables.count()})
    else:
        messages.info(request, _("Round %(n)s was already seated (by someone else?): nothing changed.")
                      % {"n": rnd.number})


def posted_id(value: str | None) -> int:
    """A posted id as a number, 0 (no such row: 404) when it is none ("abc", "1.5", ""), never a 500."""
    return int(value) if value and value.isdecimal() else 0
