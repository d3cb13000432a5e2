# The club league's one image: web (gunicorn), worker, beat, manage.py commands and the one-container
# venue mode (deploy/docker/entrypoint.sh; docs/deploy.md). Multi-stage: the runtime has no compiler,
# no gettext, no pip cache, and runs as the unprivileged user "app".
#
#   docker build -t clubleague .
#   docker build --build-arg BASE=clubleague-local/python:3.11-bookworm \
#                --build-arg BUILD_BASE=clubleague-local/python-build:3.11-bookworm -t clubleague .
#
# BASE is the runtime's base and BUILD_BASE the build stages' (BASE + gettext is enough; without msgfmt
# the build installs gettext with apt). Both must carry the same python3 (3.11): the virtualenv is
# built in one and run in the other. CI builds both from Debian's packages (deploy/docker/build-local-base.sh).
ARG BASE=python:3.11-slim-bookworm
ARG BUILD_BASE=python:3.11-slim-bookworm

# --- the pinned requirements in a virtualenv (a layer of its own: reused until requirements.txt changes)
FROM ${BUILD_BASE} AS deps
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 PYTHONDONTWRITEBYTECODE=1
RUN python3 -m venv /opt/venv
# wheelhouse/ (deploy/docker/wheelhouse.sh) when the build cannot reach PyPI; the glob lets it be absent.
COPY requirements.txt wheelhouse* /tmp/wheels/
# --only-binary: every pinned package has a wheel for CPython 3.11 on x86_64/aarch64, no compiler needed.
RUN if ls /tmp/wheels/*.whl >/dev/null 2>&1; then offline="--no-index --find-links /tmp/wheels"; fi \
    && /opt/venv/bin/pip install --only-binary=:all: ${offline:-} -r /tmp/wheels/requirements.txt \
    && (/opt/venv/bin/pip uninstall -y pip setuptools >/dev/null 2>&1 || true) \
    && rm -rf /tmp/wheels \
    && find /opt/venv -name '__pycache__' -prune -exec rm -rf {} + \
    && find /opt/venv -path '*/site-packages/*/tests' -prune -exec rm -rf {} + \
    && /opt/venv/bin/python -m compileall -q -j 0 /opt/venv >/dev/null

# --- the static files' gzip/Brotli outputs, from static/ alone (reused until static/ changes)
# The vendored files first (the offline engine: nearly all of the CPU), then the club's own: a change of a
# stylesheet compresses that file alone.
FROM deps AS static-cache
COPY deploy/docker/precompress.py /tmp/precompress.py
COPY static/vendor /tmp/static/vendor
RUN /opt/venv/bin/python /tmp/precompress.py /tmp/static/vendor /tmp/static-compressed
COPY static /tmp/static
RUN /opt/venv/bin/python /tmp/precompress.py /tmp/static /tmp/static-compressed

# --- the application: compiled messages, bytecode, static files collected (hashed and compressed)
FROM deps AS build
RUN command -v msgfmt >/dev/null || (apt-get update && apt-get install -y --no-install-recommends gettext \
    && rm -rf /var/lib/apt/lists/*)
COPY --from=static-cache /tmp/static-compressed /tmp/static-compressed
WORKDIR /app
COPY . /app
ENV PATH=/opt/venv/bin:$PATH DJANGO_SETTINGS_MODULE=config.settings.production \
    DJANGO_SECRET_KEY=image-build-only DJANGO_ALLOWED_HOSTS=localhost \
    DJANGO_STATIC_ROOT=/app/staticfiles DJANGO_STATIC_COMPRESS_CACHE=/tmp/static-compressed
RUN python manage.py compilemessages -v 0 --ignore=.venv \
    && python manage.py collectstatic --noinput -v 0 \
    && python -m compileall -q -j 0 /app >/dev/null \
    && mkdir -p /opt/clubleague \
    && DJANGO_SETTINGS_MODULE=config.settings.local DJANGO_DEBUG=0 DATABASE_URL=sqlite:////opt/clubleague/empty.sqlite3 \
       python manage.py migrate --noinput -v 0 \
    && python -c "import sqlite3; c = sqlite3.connect('/opt/clubleague/empty.sqlite3'); \
       c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); c.execute('PRAGMA journal_mode=DELETE'); c.close()" \
    && chmod 0755 deploy/docker/entrypoint.sh && rm -rf /app/wheelhouse

# --- the runtime
FROM ${BASE}
RUN (getent group app || groupadd --system --gid 10001 app) \
    && useradd --system --uid 10001 --gid app --home-dir /app --shell /usr/sbin/nologin app \
    && mkdir -p /data/media && chown -R app:app /data
# The virtualenv (bytecode compiled) from its own stage: one layer, shared by every build of the same requirements.
COPY --from=deps /opt/venv /opt/venv
COPY --from=build --chown=root:root /app /app
# The venue mode's first start copies this (every migration applied at build time) instead of migrating
# an empty database: seconds, not a quarter of a minute (bench/image.py).
COPY --from=build --chown=root:root /opt/clubleague /opt/clubleague
ENV PATH=/opt/venv/bin:$PATH PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 \
    CLUBLEAGUE_DATA=/data DJANGO_MEDIA_ROOT=/data/media DJANGO_STATIC_ROOT=/app/staticfiles \
    PORT=8000
WORKDIR /app
USER app
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["python", "/app/deploy/docker/healthcheck.py"]
ENTRYPOINT ["/app/deploy/docker/entrypoint.sh"]
CMD ["venue"]
# Last, so that a new commit changes nothing but this label.
ARG CLUBLEAGUE_REVISION=unknown
LABEL org.opencontainers.image.title="clubleague" \
      org.opencontainers.image.source="https://github.com/clubleague/clubleague" \
      org.opencontainers.image.revision="${CLUBLEAGUE_REVISION}"
