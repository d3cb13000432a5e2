"""Settings shared by every environment (HackSoft / cookiecutter-django layout)."""
from __future__ import annotations

import datetime
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-insecure-club-league-key-change-me")
DEBUG = os.environ.get("DJANGO_DEBUG", "0") == "1"
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1").split(",") if h]

INSTALLED_APPS = [
    "core",  # first: its ``runserver`` (a club night's backlog) is the one ``manage.py`` runs
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "django_filters",
    "django_tables2",
    "django_htmx",
    "csp",
    "club",
    "league",
    "events",
    "federation",
    "notify",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.middleware.AfterResponseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # A NUL in a posted form field: 400 with a message before any view (PostgreSQL cannot store it).
    "config.middleware.UnstorableInputMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The signed-in login's language, or this device's (the table screen's switch), over the browser's (issue 38).
    "club.web.middleware.PreferredLanguageMiddleware",
    "league.web.middleware.RequestMembershipsMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # An events address naming another club's night, tournament, table or game: 404, as a missing id.
    "events.middleware.HideOtherClubsEventsMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.middleware.DatabaseBusyMiddleware",
    # A 405 is a page: a GET of a button's address goes to the button's page (issue 42 item 7).
    "config.middleware.MethodNotAllowedMiddleware",
    # Last, as django-axes asks: turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# --- Content-Security-Policy (django-csp), in every environment so that tests see it ---------
# No inline script, style or event handler: pages load static/js/site.js, static/league/*.js|css.
# A template that really needs an inline <script>/<style> gives it nonce="{{ request.csp_nonce }}".
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        # 'wasm-unsafe-eval': the offline table screen runs the scoring engine in Pyodide (WebAssembly,
        # vendored under static/vendor/pyodide); it allows compiling wasm, not eval() of script text.
        "script-src": [SELF, NONCE, "'wasm-unsafe-eval'"],
        "worker-src": [SELF],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.version.version",
            ],
            # The template tags are screens: they live in each app's ``web`` package (the entry layer
            # above every domain), where Django's per-app discovery does not look, so they are named here.
            # ``{% url %}`` reversed once per process, ``{% remember %}`` fragments (config/remembered.py)
            "builtins": ["config.remembered"],
            "libraries": {
                "particles": "club.web.templatetags.particles",
                "clubs": "club.web.templatetags.clubs",
                "entry": "league.web.templatetags.entry",
                "mahjong": "league.web.templatetags.mahjong",
                "offline": "league.web.templatetags.offline",
                "panels": "league.web.templatetags.panels",
                "referee_calls": "league.web.templatetags.referee_calls",
                "table_codes": "league.web.templatetags.table_codes",
                "taps": "league.web.templatetags.taps",
                "value_grid": "league.web.templatetags.value_grid",
                "events_tags": "events.web.templatetags.events_tags",
                "notify_words": "notify.web.templatetags.notify_words",
                "open_games_tags": "events.web.templatetags.open_games_tags",
                "tournament_tags": "events.web.templatetags.tournament_tags",
            },
        },
    },
]

# --- database: SQLite in the repository by default, DATABASE_URL when set ----------------
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
# Several tables save at once on the default setup: readers never block the writer (WAL), a
# writer waits for the other instead of failing ("database is locked", busy timeout), and a
# write transaction takes the write lock when it begins (IMMEDIATE), so two of them never
# deadlock upgrading a read lock. SQLite only; PostgreSQL has row locks. The backend is Django's
# SQLite with one process's write transactions served in turn (config/sqlite/base.py).
SQLITE_ENGINE = "config.sqlite"
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;",
}
if DATABASES["default"].get("ENGINE") == "django.db.backends.sqlite3":
    DATABASES["default"]["ENGINE"] = SQLITE_ENGINE
    DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)
# PostgreSQL: each statement's values sent apart from its text (server-side binding), so that a statement a
# connection has run twice (psycopg's prepare_threshold; Django turns preparing off unless asked) is prepared
# once and then only executed:
# the database no longer parses and plans the table screen's reads at every request. At 64 no-pause tables on
# 2 cores (bench/club_night.py, interleaved) PostgreSQL's planning was the bottleneck: 98–101 → 119–123 hands
# a second, every kind's p95 a fifth to a quarter lower (docs/performance.md, issue 41's thirteenth session).
# DB_PREPARED_STATEMENTS=0 sends values in the text as before (a pooler in transaction mode that does not keep
# prepared statements: PgBouncer before 1.21).
POSTGRESQL_PREPARED = os.environ.get("DB_PREPARED_STATEMENTS", "1") != "0"
if DATABASES["default"].get("ENGINE") == "django.db.backends.postgresql" and POSTGRESQL_PREPARED:
    DATABASES["default"].setdefault("OPTIONS", {}).update({"server_side_binding": True, "prepare_threshold": 2})
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# --- login throttling (django-axes; club/auth.py) ----------------------------------------
# Django's database sessions, read with SQL compiled once per process (config/db_sessions.py; production puts
# the cache in front: config.sessions).
SESSION_ENGINE = "config.db_sessions"

AUTHENTICATION_BACKENDS = [
    "club.auth.LoginThrottleBackend",
    # ModelBackend with the signed-in user read by prepared SQL; Django's own after it for the sessions it let in.
    "club.auth.UserBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
# One username from one address: a member mistyping at the club's shared Wi-Fi does not lock
# out the others, and an attacker cannot lock a member out from elsewhere.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The address is the client's, not the proxy's (club/auth.py client_ip): read from CLIENT_IP_HEADER
# only on requests from TRUSTED_PROXIES (none here: make run has no proxy; production sets them).
AXES_CLIENT_IP_CALLABLE = "club.auth.client_ip"
TRUSTED_PROXIES: list[str] = []
CLIENT_IP_HEADER = "X-Forwarded-For"
AXES_LOCKOUT_TEMPLATE = "registration/lockout.html"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# --- i18n: Korean first, English second -------------------------------------------------
# The model an audit entry belongs to (``core.models.AuditEntry.club``): the floor names no domain itself.
AUDIT_OWNER_MODEL = "club.Club"

LANGUAGE_CODE = "ko"
LANGUAGES = [
    ("ko", _("Korean")),
    ("en", _("English")),
    ("ja", "日本語"),
    ("zh-hans", "简体中文"),
    ("zh-hant", "繁體中文"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Seoul"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

# --- DRF ------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_RATES": {"auth_token": "10/minute"},
    # Every API error body carries its ``code`` (the token view and the schema's too).
    "EXCEPTION_HANDLER": "league.api.errors.api_exception_handler",
    # JSON nested too deep, NUL characters and lone surrogates: 400 before any view runs.
    "DEFAULT_PARSER_CLASSES": [
        "league.api.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
def _api_guide() -> str:
    """docs/api.md (auth, endpoints, errors, curl examples) shown on /api/docs/, minus its title."""
    guide = BASE_DIR / "docs" / "api.md"
    if not guide.exists():
        return "Riichi mahjong club league: games, hand records, standings."
    return guide.read_text(encoding="utf-8").split("\n", 1)[1].strip()


SPECTACULAR_SETTINGS = {
    "ENUM_NAME_OVERRIDES": {"RatingMethodEnum": "league.models.Season.RatingMethod"},
    "TITLE": "Club League API",
    "DESCRIPTION": _api_guide(),
    "VERSION": "1.0.0",
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5-responsive.html"

# --- Celery: eager without a broker ------------------------------------------------------
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or None
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or None
CELERY_TASK_IGNORE_RESULT = CELERY_RESULT_BACKEND is None
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A broker that is down must not hold a request for long: queueing after commit gives up
# quickly and logs; league.requeue_stale (below, and at every worker start) queues it again.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}
# With a broker, a season's standings update runs this many seconds after the change that queued
# it, so the games of tables finishing together are added by one update (0: at once).
LEAGUE_STANDINGS_GATHER_SECONDS = float(os.environ.get("LEAGUE_STANDINGS_GATHER_SECONDS", "2"))
# With no broker (tasks eager): the tasks nobody waits for on the page run in the web process's background runner
# after the response (core.queueing.in_background), this many seconds after it when the task names no delay of its
# own; config/settings/local.py (the embedded default) turns it on. Off: they run inside the request, after commit.
EAGER_TASKS_AFTER_RESPONSE = False
EAGER_TASKS_DELAY_SECONDS = 1.0
# Notifications (notify/, docs/notifications.md). Secrets are encrypted with a key derived from
# NOTIFY_SECRET_KEY (default SECRET_KEY). A row "sending" longer than the lease was left by a killed worker.
NOTIFY_SECRET_KEY = os.environ.get("NOTIFY_SECRET_KEY", "")
NOTIFY_SENDING_LEASE_SECONDS = float(os.environ.get("NOTIFY_SENDING_LEASE_SECONDS", "120"))
NOTIFY_TELEGRAM_API_BASE = os.environ.get("NOTIFY_TELEGRAM_API_BASE", "https://api.telegram.org")
NOTIFY_TELEGRAM_POLL_SECONDS = float(os.environ.get("NOTIFY_TELEGRAM_POLL_SECONDS", "5"))
NOTIFY_DISCORD_WEBHOOK_PREFIXES = ("https://discord.com/api/webhooks/", "https://discordapp.com/api/webhooks/",
                                   "https://ptb.discord.com/api/webhooks/", "https://canary.discord.com/api/webhooks/")

# What a crashed worker left (a stale season, a stalled import batch) is queued again within
# about a minute and a half: beat looks every LEAGUE_REQUEUE_SECONDS (a cheap query), a season is
# stale a minute after its change, a batch a minute after it last moved; a batch's claim
# (league.transfer.tasks.claim_batch) keeps a requeued one from running twice.
LEAGUE_REQUEUE_SECONDS = float(os.environ.get("LEAGUE_REQUEUE_SECONDS", "30"))
CELERY_BEAT_SCHEDULE = {
    "league-requeue-stale": {"task": "league.requeue_stale", "schedule": LEAGUE_REQUEUE_SECONDS},
    # members linking their own Telegram: the bots' "/start <code>" (polled only while a code waits)
    "notify-poll-telegram": {"task": "notify.poll_telegram", "schedule": NOTIFY_TELEGRAM_POLL_SECONDS},
    "league-exports-cleanup": {"task": "league.season_exports_cleanup", "schedule": 3600},
    # a team league's line-ups close at their deadline (issue 37): shown to all, empty slots from the roster
    "events-team-lineups-due": {"task": "events.team_lineups_due", "schedule": 60},
    # a federation's MERS results age by the day (full weight a year, half the second): each MERS season is
    # computed again once its day has moved (checked hourly, computed once a day), and a season marked changed
    # (issue 36)
    "federation-rankings-refresh": {"task": "federation.rankings_refresh", "schedule": 3600},
}

# Season files (league/transfer/exports.py, docs/api.md). A season of more games than this is built in
# the Celery worker (the page shows progress, then a download link); a smaller one streams in the request
# (the hands CSV costs about 7 ms a game on SQLite, 3 ms on PostgreSQL: 1,000 games stay far inside the
# 30 s worker timeout). A built file is kept LEAGUE_EXPORT_KEEP_HOURS, then removed (beat, hourly).
LEAGUE_EXPORT_SYNC_MAX_GAMES = int(os.environ.get("LEAGUE_EXPORT_SYNC_MAX_GAMES", "1000"))
LEAGUE_EXPORT_KEEP_HOURS = float(os.environ.get("LEAGUE_EXPORT_KEEP_HOURS", "24"))
# Uploaded and built files (never served as a URL: only through permission-checked views). The web
# process and the Celery worker must see the same directory.
MEDIA_ROOT = os.environ.get("DJANGO_MEDIA_ROOT") or str(BASE_DIR / "media")

# Mail (the password reset link). Here mails are printed to the console; production sends them
# through EMAIL_HOST (config/settings/production.py) and, without one, says that mail is off.
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
LEAGUE_MAIL_ENABLED = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "INFO"},
    "loggers": {"celery.app.trace": {"level": "WARNING"}},
}
