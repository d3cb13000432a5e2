from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language

from club.web.views import accounts
from config.health import healthz

urlpatterns = [
    path("healthz/", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    # Before Django's: the reset pages say so when this site cannot send mail (LEAGUE_MAIL_ENABLED).
    path("accounts/password_reset/", accounts.password_reset, name="password_reset"),
    path("accounts/password_reset/done/", accounts.password_reset_done, name="password_reset_done"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/setlang/", set_language, name="set_language"),
    path("api/", include("league.api.urls")),
    path("events/", include("events.web.urls")),
    path("notify/", include("notify.web.urls")),
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

# A database restarting while the session or the user was loaded: 503 "try again", not 500.
handler500 = "config.middleware.server_error"
