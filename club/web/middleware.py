"""The page's language for a signed-in login (issue 38): after Django's LocaleMiddleware (the browser's
Accept-Language, or the language cookie) the login's own choice wins, and a device's own choice (the
table screen's switch, ``club.language.DEVICE_COOKIE``) wins over both on that device."""
from __future__ import annotations

from django.conf import settings
from django.utils import translation

from club.language import DEVICE_COOKIE, SESSION_KEY


def _known(code: str | None) -> str:
    return code if code and code in dict(settings.LANGUAGES) else ""


def chosen_language(request) -> str:
    """The device's choice, else the signed-in login's; "" when neither chose (Django's choice stands)."""
    device = _known(request.COOKIES.get(DEVICE_COOKIE))
    if device:
        return device
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and hasattr(request, "session"):
        return _known(request.session.get(SESSION_KEY))
    return ""


class PreferredLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = chosen_language(request)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)
