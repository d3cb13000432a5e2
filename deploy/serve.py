"""``make serve``: the production stack here, on PostgreSQL and Redis, in the foreground (Ctrl-C stops all).

Production settings (``config.settings.production``) on plain http at 127.0.0.1 (no TLS proxy here:
the https redirect, HSTS and secure cookies are off; everything else is as deployed): collectstatic,
migrate, the demo club when the database is empty, then gunicorn + a Celery worker + beat, supervised as
the systemd units are: a process that exits (the worker killed, beat crashed, gunicorn's master gone) is
started again with a backoff (1, 2, 4 … 30 s; back to 1 s after a minute up), and the others keep serving.

Environment (defaults in brackets): ``DATABASE_URL`` [postgres://postgres@127.0.0.1:5432/clubleague],
``REDIS_URL`` [redis://127.0.0.1:6379/0], ``SERVE_PORT`` [8000], ``WEB_CONCURRENCY`` [3],
``DJANGO_SECRET_KEY`` [kept in .serve/secret_key].
"""
from __future__ import annotations

import os
import secrets
import signal
import sys
import time
from urllib.parse import urlsplit

from deploy.stack import ROOT, Restarts, Stack, manage, prepare

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/clubleague"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


def _secret_key(state_dir) -> str:
    path = state_dir / "secret_key"
    if not path.exists():
        state_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


def serve_env(port: int) -> dict[str, str]:
    state_dir = ROOT / ".serve"
    env = dict(os.environ)
    env.setdefault("DATABASE_URL", DEFAULT_DATABASE_URL)
    env.setdefault("REDIS_URL", DEFAULT_REDIS_URL)
    env.setdefault("DJANGO_SECRET_KEY", _secret_key(state_dir))
    env.setdefault("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")
    env.setdefault("DJANGO_CSRF_TRUSTED_ORIGINS", f"http://127.0.0.1:{port},http://localhost:{port}")
    # Plain http on this machine: what the TLS proxy does in a deployment is off here.
    env.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
    env.setdefault("DJANGO_SECURE_COOKIES", "0")
    env.setdefault("DJANGO_SECURE_HSTS_SECONDS", "0")
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.production"
    return env


def ensure_database(url: str) -> None:
    """Create the PostgreSQL database of ``url`` when it does not exist yet."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')
            print(f"created database {name}", flush=True)


def main() -> int:
    port = int(os.environ.get("SERVE_PORT", "8000"))
    env = serve_env(port)
    if env["DATABASE_URL"].startswith(("postgres://", "postgresql://")):
        ensure_database(env["DATABASE_URL"])
    print("collectstatic + migrate ...", flush=True)
    prepare(env, quiet=False)
    manage("load_demo", env=env, quiet=False)
    stack = Stack(port=port, env=env, web_workers=int(env.get("WEB_CONCURRENCY", "3")),
                  worker_concurrency=int(env.get("CELERY_CONCURRENCY", "2")))

    def _stop(signum, frame):  # systemd/kill/hangup: stop like Ctrl-C
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGHUP, _stop)  # its terminal closed: stop, never leave the stack behind
    try:
        stack.start()
        print(f"\nserving {stack.url}/ (gunicorn + Celery worker + beat; Ctrl-C stops all)\n"
              "Demo logins (password = user name + '1234'): admin, referee, host, player\n", flush=True)
        print("pids: " + ", ".join(f"{name} {p.pid}" for name, p in stack.procs.items()), flush=True)
        restarts = Restarts()
        while True:  # supervise as systemd does: a process that exits is started again, the others keep serving
            for name in stack.supervise(restarts, say=lambda line: print(line, file=sys.stderr, flush=True)):
                print(f"pids: {name} {stack.procs[name].pid}", flush=True)
            time.sleep(0.5)
    except KeyboardInterrupt:
        return 0
    finally:
        stack.stop()


if __name__ == "__main__":
    sys.exit(main())
