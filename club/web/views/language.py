"""The language switches (issue 38). One address, Django's ``set_language`` underneath (its cookie and its
safe ``next``), and what the choice means:

* ``scope=device`` (the table screen): this device only, over the login's choice, without logging out;
* otherwise (the header's switch, "내 정보"): the signed-in login's language from now on, stored with the
  login, and this device follows it again."""
from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from club import services
from club.language import DEVICE_COOKIE, SESSION_KEY


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if language not in dict(settings.LANGUAGES):
        return response
    if request.POST.get("scope") == "device":
        response.set_cookie(DEVICE_COOKIE, language, max_age=settings.LANGUAGE_COOKIE_AGE or 365 * 24 * 3600,
                            samesite="Lax", secure=settings.LANGUAGE_COOKIE_SECURE, httponly=True)
        return response
    response.delete_cookie(DEVICE_COOKIE, samesite="Lax")
    if request.user.is_authenticated:
        services.preference_set(user=request.user, language=language)
        request.session[SESSION_KEY] = language
    return response
