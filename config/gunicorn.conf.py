"""gunicorn settings: ``gunicorn -c config/gunicorn.conf.py`` (every value can be set from the environment).

The proxy (Caddy/nginx, docs/deploy.md) terminates TLS and forwards to ``GUNICORN_BIND``. Sync workers:
a request is short (a table screen or a saved hand) and the database does the waiting, so the worker
count is what bounds a club night (docs/performance.md has the figures).
"""
import gc
import multiprocessing
import os

wsgi_app = "config.wsgi:application"
raw_env = [f"DJANGO_SETTINGS_MODULE={os.environ.get('DJANGO_SETTINGS_MODULE', 'config.settings.production')}"]

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000").split(",")
# One worker a core and one more (not gunicorn's usual 2 × cores + 1): a table's request spends most of its time on
# the CPU (the database here answers in a fraction of a millisecond), and every worker more than the cores can run
# costs CPU a hand in switching between them. At 64 no-pause tables on 2 cores (bench/club_night.py, interleaved):
# 5 workers 85–92 hands/s at 15.1–16.2 ms of CPU a hand, 3 workers 91–96 hands/s at 13.8–14.8 ms, 2 workers
# 100–103 hands/s at 12.1–12.7 ms; one more than the cores keeps a worker free for the next table while one
# sends a long answer (an export, a big page). docs/performance.md, issue 41's thirteenth session.
workers = int(os.environ.get("WEB_CONCURRENCY", str(min(multiprocessing.cpu_count() + 1, 8))))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
worker_class = "gthread" if threads > 1 else "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
# Recycle workers now and then (a leak never grows for ever); jitter so they do not all restart at once.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", "200"))
# Loading the app before forking shares its memory between workers and fails fast on a bad setting.
preload_app = os.environ.get("GUNICORN_PRELOAD", "1") == "1"
# Only the local proxy may say the request came over https (X-Forwarded-Proto).
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
# Heartbeat files in memory, not on a possibly slow disk.
worker_tmp_dir = os.environ.get("GUNICORN_WORKER_TMP_DIR", "/dev/shm" if os.path.isdir("/dev/shm") else None)
# The control socket's default path is shared by every gunicorn of the user: off unless asked for.
control_socket_disable = "GUNICORN_CONTROL_SOCKET" not in os.environ
if not control_socket_disable:
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"]

# Logs to stdout/stderr (journald or the container runtime keeps them).
accesslog = os.environ.get("GUNICORN_ACCESSLOG", "-") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'
proc_name = os.environ.get("GUNICORN_PROC_NAME", "clubleague")


def pre_fork(server, worker):  # gunicorn's hook signature
    """Freeze the preloaded app's objects (Django, the rulesets, the templates) before forking.

    Frozen objects are never scanned by the workers' garbage collections — measured on a table screen,
    a full collection of the loaded app took ~4 ms of a ~35 ms request, ~1 ms once frozen — and never
    written to by them, so the workers keep sharing the parent's memory pages (no copy on write).
    """
    if preload_app:
        from config.broker import prepare_app
        from config.celery_app import app

        prepare_app(app)  # the task registry bound once, before the fork (config/broker.py)
        gc.freeze()


def post_fork(server, worker):  # gunicorn's hook signature
    """Each worker opens its own database connections (never share the preloading parent's), and its
    broker connection now rather than on the first game-ending hand it serves (config/broker.py;
    nothing when tasks run eagerly)."""
    from django.db import connections

    from config.broker import warm_broker
    from config.celery_app import app

    connections.close_all()
    warm_broker(app)
