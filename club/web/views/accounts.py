"""The password reset, honest about mail: where no mail server is set up (production without
``EMAIL_HOST``, ``LEAGUE_MAIL_ENABLED`` off) its pages say so and point to a club admin, instead
of a form that answers "sent" while nothing can be sent."""
from __future__ import annotations

from http import HTTPStatus

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def _mail_off(request: HttpRequest) -> HttpResponse:
    return render(request, "registration/password_reset_unavailable.html", status=HTTPStatus.SERVICE_UNAVAILABLE)


class PasswordResetView(auth_views.PasswordResetView):
    def dispatch(self, request, *args, **kwargs):
        if not settings.LEAGUE_MAIL_ENABLED:
            return _mail_off(request)
        return super().dispatch(request, *args, **kwargs)


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    def dispatch(self, request, *args, **kwargs):
        if not settings.LEAGUE_MAIL_ENABLED:
            return _mail_off(request)
        return super().dispatch(request, *args, **kwargs)


password_reset = PasswordResetView.as_view()
password_reset_done = PasswordResetDoneView.as_view()
