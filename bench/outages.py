"""What the production stack answers while Redis or PostgreSQL is away (issue 22, items 2 and 8).

Starts its OWN redis-server and its OWN PostgreSQL (initdb in a temp directory, run as the
``postgres`` system user when started as root), each on a free port of 127.0.0.1 — never the
machine's shared servers — and gunicorn (``config.settings.production``, ``deploy/stack.py``) on
them, with a Celery worker and beat supervised as ``make serve`` does (``--web-only``: gunicorn alone).
A logged-in member and an anonymous visitor then ask for pages in a loop, and the API for
``/api/games/``, while each server is stopped and started again:

    redis up → redis stopped (--outage s) → redis back → postgres stopped (--outage s) → postgres back

Prints, per phase, the count of each status per kind of request (and the Retry-After seen on 503s), then
the tracebacks in the stack's log, the worker's "Unrecoverable error"s and the supervisor's restarts.

    .venv/bin/python bench/outages.py [--outage 10] [--workers 2] [--static-root /tmp/clubleague-outage-static]
"""
from __future__ import annotations

import argparse
import collections
import http.client
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deploy.stack import Restarts, Stack, manage, prepare  # noqa: E402
from tests.ports import free_port  # noqa: E402

PASSWORD = "outage-pass-1234"



def pg_bin(name: str) -> str:
    found = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    if not found:
        raise SystemExit(f"{name} not found under /usr/lib/postgresql")
    return str(found[-1])


class OwnPostgres:
    def __init__(self, root: Path):
        self.dir, self.port = root / "pg", free_port()
        self.dir.mkdir()
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            shutil.chown(root, "postgres")
            shutil.chown(self.dir, "postgres")
        subprocess.run([*self.as_user, pg_bin("initdb"), "-D", str(self.dir / "data"), "-U", "postgres",
                        "--auth=trust", "-E", "UTF8"], check=True, stdout=subprocess.DEVNULL)

    def start(self) -> None:
        subprocess.run([*self.as_user, pg_bin("pg_ctl"), "-D", str(self.dir / "data"), "-l", str(self.dir / "log"),
                        "-o", f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1", "-w", "start"],
                       check=True, stdout=subprocess.DEVNULL)

    def stop(self) -> None:
        subprocess.run([*self.as_user, pg_bin("pg_ctl"), "-D", str(self.dir / "data"), "-m", "fast", "-w", "stop"],
                       check=False, stdout=subprocess.DEVNULL)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"


class OwnRedis:
    def __init__(self, root: Path):
        self.port, self.dir, self.proc = free_port(), root, None

    def start(self) -> None:
        self.proc = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no", "--dir", str(self.dir)], stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"


class Visitor:
    def __init__(self, port: int):
        self.port, self.cookies = port, {}

    def request(self, method: str, path: str, data: dict | None = None) -> tuple[int, str, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = {"Host": f"127.0.0.1:{self.port}", "Accept-Language": "ko"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body, headers["Content-Type"] = urlencode(data), "application/x-www-form-urlencoded"
            headers["Origin"], headers["Referer"] = f"http://127.0.0.1:{self.port}", f"http://127.0.0.1:{self.port}/"
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            content = response.read().decode(errors="replace")
        except OSError as exc:
            return 0, type(exc).__name__, ""
        finally:
            conn.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, response.getheader("Retry-After") or "", content

    def login(self, username: str) -> int:
        _s, _r, html = self.request("GET", "/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        return self.request("POST", "/accounts/login/", {"username": username, "password": PASSWORD,
                                                         "csrfmiddlewaretoken": token})[0]


def run_phase(port: int, username: str, seconds: float, member: Visitor) -> dict[str, collections.Counter]:
    counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    stop = time.monotonic() + seconds
    anonymous = Visitor(port)

    def loop(kind: str, visitor: Visitor, path: str) -> None:
        while time.monotonic() < stop:
            status, retry, _ = visitor.request("GET", path)
            counts[kind][f"{status}{' Retry-After ' + retry if retry else ''}"] += 1
            time.sleep(0.05)

    def logins() -> None:
        while time.monotonic() < stop:
            counts["new login"][Visitor(port).login(username)] += 1
            time.sleep(0.5)

    threads = [threading.Thread(target=loop, args=("member page", member, "/accounts/password_change/")),
               threading.Thread(target=loop, args=("member home", member, "/")),
               threading.Thread(target=loop, args=("anonymous home", anonymous, "/")),
               threading.Thread(target=loop, args=("api (member)", member, "/api/games/")),
               threading.Thread(target=logins)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--outage", type=float, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep-log", help="copy the stack's log here at the end")
    parser.add_argument("--web-only", action="store_true", help="gunicorn alone (no Celery worker and beat)")
    parser.add_argument("--static-root", default="/tmp/clubleague-outage-static")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="clubleague-outage-"))
    pg, redis = OwnPostgres(root), OwnRedis(root)
    pg.start()
    redis.start()
    stack = None
    try:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.production",
               "DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
               "DATABASE_URL": pg.url, "REDIS_URL": redis.url, "DJANGO_STATIC_ROOT": args.static_root,
               "DJANGO_SECURE_SSL_REDIRECT": "0", "DJANGO_SECURE_COOKIES": "0", "DJANGO_SECURE_HSTS_SECONDS": "0",
               "DJANGO_LOG_LEVEL": "ERROR"}
        if not (Path(args.static_root) / "staticfiles.json").exists():
            prepare(env, migrate=False)
        manage("migrate", "--noinput", "-v", "0", env=env)
        username = "outage-member"
        manage("shell", "-c", "from django.contrib.auth import get_user_model; "
               f"get_user_model().objects.create_user({username!r}, password={PASSWORD!r})", env=env)
        stack = Stack(port=free_port(), env=env, state_dir=root, log=(root / "stack.log").open("w"),
                      web_workers=args.workers, worker=not args.web_only, beat=not args.web_only)
        stack.start(timeout=90)
        # supervised as make serve does (deploy/serve.py): a process that exits is started again
        restarts, supervising = Restarts(), threading.Event()

        def supervise() -> None:
            while not supervising.is_set():
                stack.supervise(restarts, say=lambda line: print("  supervisor:", line, flush=True))
                time.sleep(0.5)

        threading.Thread(target=supervise, daemon=True).start()
        member = Visitor(stack.port)
        status = member.login(username)
        if status != 302:
            raise SystemExit(f"login failed ({status}): {(root / 'stack.log').read_text(errors='replace')[-3000:]}")
        phases = []
        phases.append(("all up (5 s)", run_phase(stack.port, username, 5, member)))
        redis.stop()
        phases.append((f"Redis stopped ({args.outage:g} s)", run_phase(stack.port, username, args.outage, member)))
        redis.start()
        phases.append(("Redis back (5 s)", run_phase(stack.port, username, 5, member)))
        pg.stop()
        phases.append((f"PostgreSQL stopped ({args.outage:g} s)",
                       run_phase(stack.port, username, args.outage, member)))
        pg.start()
        phases.append(("PostgreSQL back (5 s)", run_phase(stack.port, username, 5, member)))
        for name, counts in phases:
            print(f"\n{name}")
            for kind, counter in sorted(counts.items()):
                print(f"  {kind:16} " + ", ".join(f"{status}: {n}" for status, n in sorted(counter.items(), key=str)))
        log = (root / "stack.log").read_text(errors="replace")
        print("\ntracebacks in the stack's log:", log.count("Traceback"),
              "| 'Unrecoverable error':", log.count("Unrecoverable error"),
              "| restarts:", dict(restarts.count) or "none")
        supervising.set()
        if args.keep_log:
            shutil.copyfile(root / "stack.log", args.keep_log)
    finally:
        if stack is not None:
            stack.stop()
        redis.stop()
        pg.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
