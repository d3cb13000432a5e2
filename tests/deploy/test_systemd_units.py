"""Issue 35, item 2: the systemd units (deploy/systemd/clubleague-{web,worker,beat}.service) under a real systemd.

A container of this checkout's image with Debian's systemd as init (tests/deploy/systemd.Dockerfile), on the
host's network, runs the three unit files of the checkout (mounted read-only) as docs/deploy.md installs them,
against a PostgreSQL and a redis-server of the test's own on free ports of 127.0.0.1 (never the machine's).
While a client reads ``/healthz/`` and the home page every 0.3 s:

- the worker is killed with SIGKILL: systemd starts it again (``Restart=on-failure``, 2 s) and the web answers;
- Redis is stopped for 20 s: the web answers 200 throughout, the worker is not restarted;
- PostgreSQL is stopped for 10 s: no answer is a 500 (the pages answer 503 "try again"), then 200 again.

Prints the figures docs/deploy.md's outage table quotes (restart time, answers per phase).
"""
from __future__ import annotations

import collections
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.deploy.containers import run
from tests.deploy.test_worker_broker_outage import OwnRedis, _wait
from tests.ports import free_port

pytestmark = pytest.mark.docker
ROOT = Path(__file__).resolve().parents[2]
IMAGE = "clubleague-systemd:ci"
UNITS = ("clubleague-web", "clubleague-worker", "clubleague-beat")


def _pg_bin(name: str) -> str | None:
    found = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    return str(found[-1]) if found else None


class OwnPostgres:
    """A PostgreSQL cluster in a temporary directory on a free port of 127.0.0.1 (as the ``postgres`` user
    when run as root), stopped and started by the test."""

    def __init__(self) -> None:
        # not under pytest's tmp_path: root's 0700 directories are closed to the postgres user
        self.dir, self.port = Path(tempfile.mkdtemp(prefix="clubleague-systemd-pg-")), free_port()
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            shutil.chown(self.dir, "postgres")
        run([*self.as_user, _pg_bin("initdb"), "-D", str(self.dir / "data"), "-U", "postgres", "--auth=trust",
             "-E", "UTF8"], timeout=120)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        run([*self.as_user, _pg_bin("pg_ctl"), "-D", str(self.dir / "data"), "-l", str(self.dir / "log"), "-o",
             f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1", "-w", "start"], timeout=120)

    def stop(self) -> None:
        run([*self.as_user, _pg_bin("pg_ctl"), "-D", str(self.dir / "data"), "-m", "fast", "-w", "stop"],
            timeout=120, check=False)


class Reader(threading.Thread):
    """Reads ``/healthz/`` and the home page every 0.3 s; each answer as (phase, path, status), 0 for no answer
    within 2 s. ``phase`` is set by the test as it goes."""

    def __init__(self, base: str) -> None:
        super().__init__(daemon=True)
        self.base, self.answers, self.phase, self.stopping = base, [], "up", threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            for path in ("/healthz/", "/"):
                try:
                    with urllib.request.urlopen(self.base + path, timeout=2) as r:
                        status = r.status
                except urllib.error.HTTPError as exc:
                    status = exc.code
                except (urllib.error.URLError, OSError):
                    status = 0
                self.answers.append((self.phase, path, status))
            self.stopping.wait(0.3)

    def counts(self, phase: str) -> dict[int, int]:
        return dict(collections.Counter(status for p, _, status in self.answers if p == phase))


class Box:
    """The systemd container: ``exec`` a command in it, read a unit's properties."""

    def __init__(self, name: str) -> None:
        self.name = name

    def exec(self, *cmd: str, timeout: float = 120, check: bool = True) -> str:
        return run(["docker", "exec", self.name, *cmd], timeout=timeout, check=check).stdout

    def show(self, unit: str, prop: str) -> str:
        return self.exec("systemctl", "show", "-p", prop, "--value", f"{unit}.service").strip()

    def journal(self, unit: str) -> str:
        return self.exec("journalctl", "--no-pager", "-o", "cat", "-u", f"{unit}.service", check=False)


@pytest.fixture(scope="module")
def systemd_image(built_images):
    dockerfile = (ROOT / "tests" / "deploy" / "systemd.Dockerfile").read_text()
    out = subprocess.run(["docker", "build", "--network", "host", "-q", "--build-arg", f"IMAGE={built_images}",
                          "-t", IMAGE, "-"], input=dockerfile, capture_output=True, text=True, timeout=900)
    if out.returncode:
        raise AssertionError(f"the systemd image did not build:\n{out.stderr[-3000:]}")
    return IMAGE


@pytest.fixture
def servers(tmp_path):
    if not shutil.which("redis-server") or not _pg_bin("initdb"):
        pytest.skip("needs redis-server and PostgreSQL's server binaries")
    pg, redis_server = OwnPostgres(), OwnRedis(tmp_path)
    pg.start()
    redis_server.start()
    yield pg, redis_server
    redis_server.stop()
    pg.stop()
    shutil.rmtree(pg.dir, ignore_errors=True)


@pytest.fixture
def box(systemd_image, servers, tmp_path):
    pg, redis_server = servers
    port = free_port()
    env = tmp_path / "clubleague.env"
    env.write_text("\n".join([
        "DJANGO_SETTINGS_MODULE=config.settings.production",
        "DJANGO_SECRET_KEY=systemd-units-test-" + "x" * 40,
        "DJANGO_ALLOWED_HOSTS=127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT=0",
        f"DATABASE_URL={pg.url}",
        f"REDIS_URL={redis_server.url}",
        "DJANGO_STATIC_ROOT=/app/staticfiles",
        "DJANGO_MEDIA_ROOT=/srv/clubleague/media",
        "DB_CONN_MAX_AGE=60",
        f"GUNICORN_BIND=127.0.0.1:{port}",
        "WEB_CONCURRENCY=2",
        "CELERY_CONCURRENCY=1",
    ]) + "\n")
    env.chmod(0o644)
    name = f"clubleague-systemd-test-{os.getpid()}"
    mounts = [f"{env}:/etc/clubleague/clubleague.env:ro"] + [
        f"{ROOT / 'deploy' / 'systemd' / unit}.service:/etc/systemd/system/{unit}.service:ro" for unit in UNITS]
    # systemd as init needs the cgroup tree writable and its own mounts; not --privileged, which asks for every
    # capability (a sandboxed engine may lack one: "unable to apply caps: operation not permitted")
    run(["docker", "run", "-d", "--name", name, "--cap-add", "ALL", "--cap-drop", "SYS_RESOURCE",
         "--security-opt", "seccomp=unconfined", "--security-opt", "apparmor=unconfined", "--cgroupns=host",
         "-v", "/sys/fs/cgroup:/sys/fs/cgroup:rw", "--network", "host", "--no-healthcheck",
         "--tmpfs", "/run", "--tmpfs", "/run/lock", "--tmpfs", "/tmp",
         *(arg for m in mounts for arg in ("-v", m)), IMAGE])
    container = Box(name)
    try:
        _wait("systemd is up in the container",
              lambda: container.exec("systemctl", "is-system-running", check=False).strip() in {"running", "degraded"},
              120)
        container.exec("sh", "-c", "cd /srv/clubleague/app && set -a && . /etc/clubleague/clubleague.env && "
                       "runuser -u clubleague -- .venv/bin/python manage.py migrate --noinput -v 0", timeout=600)
        container.exec("systemctl", "start", *(f"{unit}.service" for unit in UNITS), timeout=180)
        container.port = port
        yield container
    finally:
        logs = run(["docker", "exec", name, "journalctl", "--no-pager", "-n", "200"], check=False).stdout
        run(["docker", "rm", "-f", name], check=False)
        print(logs[-6000:], file=sys.stderr)


def test_systemd_restarts_a_killed_worker_and_the_web_rides_out_redis_and_postgresql(box, servers):
    pg, redis_server = servers
    base = f"http://127.0.0.1:{box.port}"

    def healthy() -> bool:
        try:
            with urllib.request.urlopen(base + "/healthz/", timeout=2) as r:
                return r.status == 200
        except (urllib.error.URLError, OSError):
            return False

    _wait("the web unit answers", healthy, 180)
    _wait("the worker is ready", lambda: "ready." in box.journal("clubleague-worker"), 180)
    for unit in UNITS:
        assert box.show(unit, "ActiveState") == "active", box.journal(unit)[-3000:]
    reader = Reader(base)
    reader.start()
    try:
        # the worker killed: systemd starts it again
        reader.phase = "worker killed"
        worker = box.show("clubleague-worker", "MainPID")
        killed = time.monotonic()
        box.exec("kill", "-9", worker)
        _wait("systemd starts the worker again",
              lambda: box.show("clubleague-worker", "MainPID") not in {worker, "0"}, 60)
        restarted_after = time.monotonic() - killed
        _wait("the new worker is ready", lambda: box.journal("clubleague-worker").count("ready.") >= 2, 180)
        ready_after = time.monotonic() - killed
        assert box.show("clubleague-worker", "NRestarts") == "1"
        restarted = box.show("clubleague-worker", "MainPID")

        # Redis away for 20 s
        reader.phase = "redis stopped"
        redis_server.stop()
        time.sleep(20)  # the outage itself (the reader reads all along)
        redis_server.start()
        reader.phase = "redis back"
        _wait("the worker reconnects", lambda: box.journal("clubleague-worker").count("Connected to redis") >= 3, 60)
        assert box.show("clubleague-worker", "MainPID") == restarted
        assert box.show("clubleague-worker", "NRestarts") == "1"
        assert "Unrecoverable error" not in box.journal("clubleague-worker")

        # PostgreSQL away for 10 s
        reader.phase = "postgresql stopped"
        pg.stop()
        time.sleep(10)  # the outage itself
        pg.start()
        reader.phase = "postgresql back"
        _wait("the web answers 200 again", healthy, 60)
        backs = len(reader.answers)
        _wait("a few reads after PostgreSQL is back", lambda: len(reader.answers) >= backs + 6, 30)
    finally:
        reader.stopping.set()
        reader.join(timeout=10)

    for unit in UNITS:
        assert box.show(unit, "ActiveState") == "active", box.journal(unit)[-3000:]
    assert box.show("clubleague-web", "NRestarts") == "0"
    assert box.show("clubleague-beat", "NRestarts") == "0"
    assert box.show("clubleague-worker", "NRestarts") == "1"
    phases = {phase: reader.counts(phase) for phase in
              ("worker killed", "redis stopped", "redis back", "postgresql stopped", "postgresql back")}
    print(f"worker: a new process {restarted_after:.1f} s after SIGKILL, ready after {ready_after:.1f} s; "
          f"answers per phase: {phases}")
    assert set(phases["worker killed"]) == {200}, phases
    assert set(phases["redis stopped"]) == {200}, phases
    assert set(phases["redis back"]) <= {200}, phases
    assert set(phases["postgresql stopped"]) <= {200, 503}, phases
    assert set(phases["postgresql back"]) <= {200, 503}, phases
    assert phases["postgresql back"].get(200), phases
    assert 500 not in {status for _, _, status in reader.answers}
