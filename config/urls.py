from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path

from club.web.views import accounts, language
from config.health import healthz
from league.web.games.table_code import table_code_enter

urlpatterns = [
    path("healthz/", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    # A table's code (issue 42): typed at /t/, or the table card's QR /t/<code>; opens that game's table alone.
    path("t/", table_code_enter, name="table_code"),
    path("t/<slug:code>", table_code_enter, name="table_code_open"),
    # Before Django's: the reset pages say so when this site cannot send mail (LEAGUE_MAIL_ENABLED).
    path("accounts/password_reset/", accounts.password_reset, name="password_reset"),
    path("accounts/password_reset/done/", accounts.password_reset_done, name="password_reset_done"),
    path("accounts/", include("django.contrib.auth.urls")),
    # Django's set_language, and the choice stored with the login or kept on this device (issue 38).
    path("i18n/setlang/", language.set_language, name="set_language"),
    path("api/", include("league.api.urls")),
    path("events/", include("events.web.urls")),
    path("notify/", include("notify.web.urls")),
    path("federations/", include("federation.web.urls", namespace="federation")),
    path("", include("league.web.standings.urls", namespace="standings")),
    path("", include("league.web.whatif.urls", namespace="whatif")),
    # league:home answers "/" (before club.web.urls, whose "home" only names that address for the templates).
    path("", include("league.web.urls")),
    path("", include("club.web.manage_urls", namespace="club")),
    path("", include("league.web.seasons.urls", namespace="seasons")),
    path("", include("club.web.urls")),
    path("", include("league.web.games.offline_urls", namespace="offline")),  # /sw.js, /manifest.webmanifest, /offline/
]

if settings.DEBUG:
    urlpatterns += static(settings.STATIC_URL, document_root=settings.STATIC_ROOT)
elif getattr(settings, "LEAGUE_SERVE_STATIC", False):
    # The embedded default runs with DEBUG off at the venue and still serves its own static files (no proxy there).
    from django.contrib.staticfiles.views import serve as _serve_static
    from django.urls import re_path

    def _static(request, path):
        return _serve_static(request, path, insecure=True)

    urlpatterns += [re_path(r"^static/(?P<path>.*)$", _static)]

# A database restarting while the session or the user was loaded: 503 "try again", not 500.
handler500 = "config.middleware.server_error"
