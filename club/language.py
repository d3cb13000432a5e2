"""A login's language (issue 38), carried in its session so a page asks no query for it.

At sign-in the stored choice (``club.Preference``) goes into the session; ``preference_set`` puts a new
choice there too. The pages' middleware (``club.web.middleware.PreferredLanguageMiddleware``) reads it."""
from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from club import selectors

SESSION_KEY = "preferred_language"
"""The session's copy of the login's ``Preference.language`` ("" = the browser decides)."""
DEVICE_COOKIE = "device_language"
"""The language one device chose for itself (the table screen's switch): it outranks the login's choice there."""


@receiver(user_logged_in, dispatch_uid="club.language.remember_on_login")
def _remember_on_login(sender, request, user, **kwargs) -> None:
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = selectors.language_of(user=user)
