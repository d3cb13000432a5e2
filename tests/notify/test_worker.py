"""A real Celery worker on Redis sends to the local fake Discord exactly once (issue 27 items 4–5):
across a worker killed with SIGKILL between the send and its commit, a broker that was down when the
change was made, and a worker restart. Run with your own Redis db and PostgreSQL database:
``DATABASE_URL=postgres://…/clubleague_<you> CELERY_TEST_BROKER_URL=redis://127.0.0.1:6379/<n>``
``pytest tests/notify/test_worker.py``.
"""
from __future__ import annotations

import datetime
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from celery import Celery
from django.utils import timezone

from league.games import services as game_services
from notify import services
from notify.models import Outbox
from tests.league.events import ALL_LAST_FINISH
from tests.waiting import wait_until
from tests.workers import worker_database_url

pytestmark = [pytest.mark.celery_worker, pytest.mark.waits, pytest.mark.postgres,
              pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
LEASE_SECONDS = 2


@pytest.fixture
def start_worker(broker_url):
    procs = []

    def start() -> subprocess.Popen:
        # The broker's Redis database keeps the tasks' results too: a test waits for a task's own answer.
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test",
               "CELERY_TEST_FORCE_BROKER_URL": broker_url, "CELERY_RESULT_BACKEND": broker_url,
               "DATABASE_URL": worker_database_url(), "NOTIFY_SENDING_LEASE_SECONDS": str(LEASE_SECONDS)}
        proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--concurrency=1",
             "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO",
             "-n", f"notify-{os.getpid()}-{len(procs)}@%h"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(proc)
        return proc

    yield start
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _sent(row) -> bool:
    return Outbox.objects.get(pk=row.pk).status == Outbox.Status.SENT


def _finish(game) -> Outbox:
    for i, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=game, position=i, event=event, by=None)
    return Outbox.objects.get()


@pytest.fixture
def channel(club, admin, fake):
    return services.channel_connect(club=club, kind="discord", secret=fake.webhook_url, by=admin,
                                    events=["game_ended"])


def test_a_worker_killed_between_send_and_commit_sends_no_duplicate(game, channel, fake, broker_url, start_worker,
                                                                      monkeypatch):
    app = Celery(broker=broker_url, set_as_current=False)
    monkeypatch.setattr("notify.tasks.queue_send",
                        lambda pk, countdown=None: app.send_task("notify.send_outbox", args=[pk]) and True)
    fake.hold_seconds = 8  # Discord has the message; its answer is late; the worker dies meanwhile
    worker = start_worker()
    row = _finish(game)
    assert fake.arrived.wait(60), "the worker never sent"
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait(timeout=15)
    row.refresh_from_db()
    assert row.status == Outbox.Status.SENDING
    assert len(fake.posted) == 1
    fake.hold_seconds = 0
    lease_ends = row.claimed_at + datetime.timedelta(seconds=LEASE_SECONDS)
    wait_until(lambda: timezone.now() > lease_ends, timeout=LEASE_SECONDS + 30, message="the lease never ended")
    start_worker()  # its start runs league.requeue_stale: the row goes out again with the same nonce
    wait_until(lambda: _sent(row), timeout=120, message="the row was not sent again after the lease")
    assert len(fake.requests) == 2
    assert fake.requests[0].body["nonce"] == fake.requests[1].body["nonce"]
    assert len(fake.posted) == 1  # exactly one message in the channel


def test_a_broker_down_at_the_change_and_a_worker_restart_send_exactly_once(game, channel, fake, broker_url,
                                                                             start_worker, monkeypatch):
    def broker_down(pk, countdown=None):
        dead = Celery(broker="redis://127.0.0.1:1/0", set_as_current=False)
        dead.conf.broker_connection_timeout = 0.5
        dead.conf.broker_connection_retry_on_startup = False
        try:
            dead.send_task("notify.send_outbox", args=[pk], retry=False)
        except Exception:  # the queueing fails, as with a broker that is down
            return False
        return True

    monkeypatch.setattr("notify.tasks.queue_send", broker_down)
    row = _finish(game)
    assert Outbox.objects.get(pk=row.pk).status == Outbox.Status.PENDING
    assert not fake.requests
    first = start_worker()  # the broker is back: the worker's start picks the row up
    wait_until(lambda: _sent(row), timeout=120, message="the worker's start did not send the row")
    first.terminate()
    first.wait(timeout=30)
    start_worker()  # a restart runs requeue_stale again: nothing is sent twice
    app = Celery(broker=broker_url, backend=broker_url, set_as_current=False)
    # The sweep's own answer (it ran, on the restarted worker) says it queued nothing: the row is sent.
    swept = app.send_task("league.requeue_stale").get(timeout=120)
    assert swept["outbox_queued"] == []
    assert swept["outbox_unknown"] == 0
    assert Outbox.objects.get(pk=row.pk).status == Outbox.Status.SENT
    assert len(fake.requests) == 1
    assert len(fake.posted) == 1
