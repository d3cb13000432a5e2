"""One confirming tap before what cannot be undone lightly (issue 25 item 5): 떠남 처리, 기권, closing a season.

Without JavaScript the first POST answers with a page that asks once and posts the same fields again with
``confirm=1``; nothing is written until then.
"""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

CONFIRM_FIELD = "confirm"


def confirmed(request: HttpRequest) -> bool:
    """The POST carries the confirming tap."""
    return request.POST.get(CONFIRM_FIELD) == "1"


def confirm_page(request: HttpRequest, *, question: str, button: str, back: str) -> HttpResponse:
    """The question, one button that posts the same fields again confirmed, and a way back (``back``: a URL)."""
    fields = [(key, value) for key in request.POST for value in request.POST.getlist(key)
              if key not in ("csrfmiddlewaretoken", CONFIRM_FIELD)]
    return render(request, "confirm.html", {"question": question, "button": button, "fields": fields,
                                            "action": request.path, "back": back, "confirm_field": CONFIRM_FIELD})
