"""``{{ row.last_error|send_error_words }}``: a failed send's stored reason in words (issue 42 item 9). The outbox
keeps the network error's name (``ConnectionError``, ``ProxyError``: what a developer searches for); the admin's
page says what happened."""
from __future__ import annotations

from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

NETWORK_ERRORS = {
    "ConnectionError": _("Could not connect to the service (no network, or the service is down)"),
    "ProxyError": _("Could not connect through the proxy"),
    "SSLError": _("The secure connection to the service failed"),
    "ConnectTimeout": _("The service did not answer in time (connecting)"),
    "ReadTimeout": _("The service did not answer in time"),
    "Timeout": _("The service did not answer in time"),
    "TooManyRedirects": _("The service's address sends on too many times"),
}


@register.filter
def send_error_words(reason: str) -> str:
    reason = str(reason or "")
    head, sep, rest = reason.partition(" ")
    word = NETWORK_ERRORS.get(head)
    return f"{word}{sep}{rest}" if word is not None else reason
