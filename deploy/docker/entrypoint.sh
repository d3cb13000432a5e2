#!/bin/sh
# The image's entrypoint: one image, every role (docs/deploy.md).
#
#   venue (default)   the embedded default for a laptop at the venue: SQLite on /data, tasks eager,
#                     manage.py runserver on 0.0.0.0:$PORT (8000); CLUBLEAGUE_DEMO=1 loads the demo club
#   web               gunicorn on $GUNICORN_BIND (0.0.0.0:$PORT)            } config.settings.production
#   worker            a Celery worker on every queue                       } (DATABASE_URL, REDIS_URL,
#   beat              Celery beat                                          }  DJANGO_SECRET_KEY, ... from
#   migrate           manage.py migrate, once per start of the stack       }  the environment: .env.example)
#   manage ARGS       manage.py ARGS        (also: any manage.py command by its name, e.g. createsuperuser)
#   anything else     run as given (sh, python, ...)
#
# Settings: DJANGO_SETTINGS_MODULE when set; else production when DATABASE_URL is set (compose), else venue.
set -eu
cd /app

role="${1:-venue}"
[ $# -gt 0 ] && shift

if [ -z "${DJANGO_SETTINGS_MODULE:-}" ]; then
    if [ -n "${DATABASE_URL:-}" ] && [ "$role" != venue ]; then
        export DJANGO_SETTINGS_MODULE=config.settings.production
    else
        export DJANGO_SETTINGS_MODULE=config.settings.venue
    fi
fi

# A tree without the venue settings (a release before 0.5.0, built with this Dockerfile by
# deploy/docker/build-ci.sh for the upgrade tests): its embedded default, `make run`'s settings.
if [ "$DJANGO_SETTINGS_MODULE" = config.settings.venue ] && [ ! -f config/settings/venue.py ]; then
    export DJANGO_SETTINGS_MODULE=config.settings.local DJANGO_DEBUG="${DJANGO_DEBUG:-0}"
fi

if [ "$DJANGO_SETTINGS_MODULE" = config.settings.venue ] || [ "$DJANGO_SETTINGS_MODULE" = config.settings.local ]; then
    mkdir -p "$CLUBLEAGUE_DATA"
    if [ -z "${DATABASE_URL:-}" ]; then
        export DATABASE_URL="sqlite:///$CLUBLEAGUE_DATA/db.sqlite3"
        # The first start: the image's empty database, migrated when the image was built.
        if [ ! -e "$CLUBLEAGUE_DATA/db.sqlite3" ] && [ -f /opt/clubleague/empty.sqlite3 ]; then
            cp /opt/clubleague/empty.sqlite3 "$CLUBLEAGUE_DATA/db.sqlite3"
        fi
    fi
    if [ -z "${DJANGO_SECRET_KEY:-}" ]; then
        key="$CLUBLEAGUE_DATA/secret_key"
        if [ ! -s "$key" ]; then
            (umask 077 && python -c 'import secrets; print(secrets.token_urlsafe(50))' > "$key")
        fi
        DJANGO_SECRET_KEY="$(cat "$key")"
        export DJANGO_SECRET_KEY
    fi
fi

manage() { python manage.py "$@"; }

demo_if_asked() {
    case "${CLUBLEAGUE_DEMO:-0}" in
        1|true|yes|on) manage load_demo ;;
    esac
}

case "$role" in
    venue)
        manage migrate --noinput
        demo_if_asked
        version="$(python -c 'from config.version import VERSION; print(VERSION)' 2>/dev/null || echo '(no version)')"
        echo "clubleague $version (venue mode):" \
             "http://<this computer's address>:${PORT} ; data in $CLUBLEAGUE_DATA"
        exec python manage.py runserver "0.0.0.0:${PORT}" --noreload --skip-checks "$@"
        ;;
    web)
        export GUNICORN_BIND="${GUNICORN_BIND:-0.0.0.0:${PORT}}"
        exec gunicorn -c config/gunicorn.conf.py "$@"
        ;;
    worker)
        exec celery -A config worker -Q celery,recompute,import --loglevel="${CELERY_LOGLEVEL:-INFO}" \
            --concurrency="${CELERY_CONCURRENCY:-2}" --without-gossip --without-mingle "$@"
        ;;
    beat)
        exec celery -A config beat --loglevel="${CELERY_LOGLEVEL:-INFO}" \
            --schedule "${CELERY_BEAT_SCHEDULE_FILE:-/tmp/celerybeat-schedule}" "$@"
        ;;
    migrate)
        manage migrate --noinput "$@"
        demo_if_asked
        ;;
    manage)
        exec python manage.py "$@"
        ;;
    *)
        if command -v "$role" >/dev/null 2>&1; then
            exec "$role" "$@"
        fi
        exec python manage.py "$role" "$@"
        ;;
esac
