"""Issue 29, item 4: a gunicorn worker opens its broker connection when it starts, so its first task
enqueue does not; the embedded default (eager tasks, no broker) is left alone, and a broker that is down
never stops a worker from starting."""
from __future__ import annotations

import logging
import runpy
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import redis
from celery import Celery

from config import broker
from tests.ports import free_port
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]



@pytest.fixture
def redis_url(tmp_path):
    if not shutil.which("redis-server"):
        pytest.skip("needs redis-server")
    port = free_port()
    proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", str(tmp_path)], stdout=subprocess.DEVNULL)
    client = redis.Redis(port=port)

    def answers() -> bool:
        try:
            return client.ping()
        except redis.ConnectionError:
            return False

    wait_until(answers, timeout=30, interval=0.05, message="the test's redis-server did not start")
    client.close()
    yield f"redis://127.0.0.1:{port}/0"
    proc.terminate()
    proc.wait(timeout=10)


def _app(broker_url: str | None, *, eager: bool = False) -> Celery:
    app = Celery("warm-test", broker=broker_url, set_as_current=False)
    app.conf.task_always_eager = eager
    app.conf.task_routes = {"t.recompute": {"queue": "recompute"}}
    app.conf.broker_connection_timeout = 1

    @app.task(name="t.recompute", shared=False)  # each test builds its own app
    def recompute(x):
        return x

    @app.task(name="t.other", shared=False)
    def other(x):
        return x

    return app


def _clients(url: str) -> int:
    asking = redis.Redis.from_url(url)
    try:
        return len(asking.client_list()) - 1  # not counting the one asking
    finally:
        asking.close()


def test_a_warmed_worker_enqueues_on_the_connection_it_opened_at_start(redis_url):
    app = _app(redis_url)
    assert _clients(redis_url) == 0
    assert broker.warm_broker(app) is True
    opened = _clients(redis_url)
    assert opened >= 1
    app.tasks["t.recompute"].delay(1)
    app.tasks["t.other"].delay(2)
    assert _clients(redis_url) == opened  # no new connection for the first enqueue
    assert {key.decode() for key in redis.Redis.from_url(redis_url).scan_iter()} >= {"recompute", "celery"}


def test_without_warming_the_first_enqueue_connects(redis_url):
    app = _app(redis_url)
    app.finalize(auto=True)
    assert _clients(redis_url) == 0
    app.tasks["t.recompute"].delay(1)
    assert _clients(redis_url) >= 1


@pytest.mark.parametrize(("broker_url", "eager"), [
    pytest.param(None, True, id="embedded-default-no-broker-eager"),
    pytest.param("redis://127.0.0.1:1/0", True, id="eager-with-a-broker-url-set"),
])
def test_eager_tasks_open_no_connection(broker_url, eager, monkeypatch):
    app = _app(broker_url, eager=eager)
    monkeypatch.setattr(app, "producer_or_acquire", lambda *a, **k: pytest.fail("connected"))
    assert broker.warm_broker(app) is False


def test_a_broker_that_is_down_is_logged_and_the_worker_starts(caplog):
    app = _app(f"redis://127.0.0.1:{free_port()}/0")
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="config.broker"):
        assert broker.warm_broker(app) is False
    assert time.monotonic() - started < 15
    assert "Could not open the Celery broker connection" in caplog.text


def test_gunicorn_hooks_bind_the_tasks_before_forking_and_connect_after(monkeypatch):
    conf = runpy.run_path(str(ROOT / "config" / "gunicorn.conf.py"))
    seen = []
    monkeypatch.setattr(broker, "prepare_app", lambda app: seen.append(("prepare", app.main)))
    monkeypatch.setattr(broker, "warm_broker", lambda app: seen.append(("warm", app.main)))
    monkeypatch.setattr("gc.freeze", lambda: seen.append(("freeze", None)))
    conf["pre_fork"](None, None)
    conf["post_fork"](None, None)
    assert seen == [("prepare", "clubleague"), ("freeze", None), ("warm", "clubleague")]
