"""The embedded default: ``make run`` and ``make venue`` (SQLite, eager Celery).

It is what clubs run at the venue (issue 42 item 7): DEBUG is off (``DJANGO_DEBUG=1`` turns it on for
development), so every 404/403/405/500 is the site's Korean page; static files are still served (``config/urls.py``,
``LEAGUE_SERVE_STATIC``) and errors are logged to the console (``LOGGING`` in base).

``make venue`` (``manage.py venue``) sets ``LEAGUE_VENUE=1``: the server listens on every interface, any LAN address
is a host (``config.middleware.VenueHostMiddleware``), and ``LEAGUE_VENUE_URL`` (the laptop's address, printed
with a QR) is what the tables' QR codes open.
"""
from .base import *  # noqa: F403
from .base import DATABASES, MIDDLEWARE, os

DEBUG = os.environ.get("DJANGO_DEBUG", "0") == "1"
ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]
LEAGUE_SERVE_STATIC = True
# No broker, worker or beat here: a notification that failed is retried by the web process itself (notify.embedded),
# at least every 30 s and for an hour, so it goes out within a minute of the service coming back (issue 42 item 6).
NOTIFY_EMBEDDED_RETRY = True
NOTIFY_RETRY_MAX_SECONDS = 30
NOTIFY_MAX_ATTEMPTS = 130
# No broker here: what nobody waits for on the page (a finished game's standings, the federation's update, a
# message's send) runs in the process's background runner after the host's response, not inside it
# (core.queueing.in_background).
EAGER_TASKS_AFTER_RESPONSE = True
# Each of the server's application threads keeps its database connection between requests (core/management/commands/
# runserver.py: opening SQLite again for every request was ~1.1 ms of CPU, two a hand); a connection's own
# thread closes what it opened when its request ends.
DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("DB_CONN_MAX_AGE", "600"))

if os.environ.get("LEAGUE_VENUE") == "1":
    ALLOWED_HOSTS = ["*"]  # narrowed to the LAN's addresses by the middleware below
    MIDDLEWARE = ["config.middleware.VenueHostMiddleware", *MIDDLEWARE]
    LEAGUE_VENUE_URL = os.environ.get("LEAGUE_VENUE_URL", "")
    LEAGUE_VENUE_HOSTS = [h for h in os.environ.get("LEAGUE_VENUE_HOSTS", "").split(",") if h]
