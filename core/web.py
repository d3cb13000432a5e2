"""The screens' refusals, known to no domain: refusing a request, carrying a refusal out of a helper, and
the once-only key of a posted form."""
from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse

from core.once import Once


def refuse(request: HttpRequest, *, hide: bool = False) -> HttpResponse:
    """Anonymous: to the login page. Logged in without the right: 403; and with ``hide`` (the object named
    by its id in the address belongs to a club the user is not in), 404, the answer of an id that does not
    exist: other clubs' ids are not probed."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if hide:
        raise Http404
    raise PermissionDenied


class Refused(Exception):
    """Carries the response of a refused request out of a helper."""

    def __init__(self, response: HttpResponse) -> None:
        self.response = response


def refusable(view):
    """Turn a ``Refused`` raised by a helper into its response."""

    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except Refused as exc:
            return exc.response

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


def entry_once(request: HttpRequest) -> Once | None:
    """The posted form's entry token (``{% entry_token %}``) as the services' once-only key."""
    return Once.form(request.user, request.POST.get("entry_token"))
