"""Issue 35, item 2: the Celery worker rides out a Redis outage.

A real worker (acks-late, as production runs its tasks) on a redis-server of the test's own, with a
task in flight when Redis is stopped for 20 s: kombu 5.7.0 then closed the dead channel and, restoring
its unacknowledged message, built a client from a connection already collected
(``AttributeError: 'NoneType' object has no attribute 'hostname'`` in ``restore_unacked``): the worker
logged "Unrecoverable error" and exited 1. It must stay alive and run the next task once Redis is back
(``config/broker.py``).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
from celery import Celery

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.waits
OUTAGE_S = 20



def _wait(what: str, check, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise AssertionError(f"{what}: not within {timeout:g} s")


class OwnRedis:
    """A redis-server on a free port of 127.0.0.1 that the test stops and starts (never the machine's)."""

    def __init__(self, directory: Path) -> None:
        self.port, self.dir, self.proc = free_port(), directory, None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def up(self) -> bool:
        try:
            return redis.Redis(port=self.port, socket_connect_timeout=0.5).ping()
        except redis.ConnectionError:
            return False

    def start(self) -> None:
        self.proc = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no", "--dir", str(self.dir)], stdout=subprocess.DEVNULL)
        _wait("redis-server answers", self.up, 10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.proc = None


@pytest.fixture
def own_redis(tmp_path):
    if not shutil.which("redis-server"):
        pytest.skip("needs redis-server")
    server = OwnRedis(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def worker(own_redis, tmp_path):
    log = open(tmp_path / "worker.log", "w")  # noqa: SIM115 - read by the test, closed below
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test",
           "CELERY_TEST_FORCE_BROKER_URL": own_redis.url, "PYTHONUNBUFFERED": "1"}
    env.pop("DATABASE_URL", None)  # the tasks here touch no database
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--include", "tests.deploy.slow_task",
         "--concurrency=1", "--without-gossip", "--without-mingle", "--loglevel=INFO", "-Q", "celery",
         "-n", f"outage-{os.getpid()}@%h"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    proc.log_path = tmp_path / "worker.log"
    yield proc
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    log.close()


def _send(url: str, path: Path, seconds: float) -> None:
    app = Celery(broker=url, set_as_current=False)
    app.send_task("tests.slow_write", args=[str(path), seconds], queue="celery")
    app.close()


def test_the_worker_rides_out_a_redis_outage_and_runs_the_next_task(own_redis, worker, tmp_path):
    log = worker.log_path
    _wait("the worker is ready", lambda: "ready." in log.read_text(), 120)
    in_flight, after = tmp_path / "in-flight", tmp_path / "after"
    _send(own_redis.url, in_flight, 8)  # still running when Redis goes
    _wait("the worker took the task", lambda: "Task tests.slow_write" in log.read_text(), 30)

    own_redis.stop()
    deadline = time.monotonic() + OUTAGE_S
    while time.monotonic() < deadline:  # the outage: the worker must not exit at any point of it
        assert worker.poll() is None, log.read_text()[-4000:]
        time.sleep(0.5)
    own_redis.start()

    _send(own_redis.url, after, 0)
    _wait("the next task ran", after.exists, 90)
    assert worker.poll() is None, log.read_text()[-4000:]
    assert "Unrecoverable error" not in log.read_text()
