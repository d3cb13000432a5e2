"""Issue 35, item 1: one member cannot stall the site with the tournament report.

A 200-entrant, 4-round tournament: one member asks for its PNG six times at once while another client
reads ``/healthz/`` every 0.2 s, as in production: the requests only queue the build and a real Celery
worker (another process, on Redis) draws the PNG. All six are told it is being prepared (202); health
answers within 1 s all along the drawing; the worker draws once; afterwards the PNG comes from its file
(another member, no new build); a seventh request by the same member within the minute is throttled
(429, in Korean).

Drawn once, counted across the two processes: the build is queued once (this process), the worker's log
names one ``events.tournament_report_build`` received, and the file the first build wrote is the one still
there at the end (same inode: a build writes a new file and renames it over the old one).
"""
from __future__ import annotations

import re
import threading
import time
from http import HTTPStatus

import pytest
from celery import Celery
from django.conf import settings
from django.test import Client
from django.urls import reverse

from events.tournaments import report_store
from events.tournaments import tasks as report_tasks
from tests.events.big_tournament import big_tournament
from tests.factories import MemberFactory, UserFactory

pytestmark = [pytest.mark.celery_worker, pytest.mark.waits, pytest.mark.postgres,
              pytest.mark.django_db(transaction=True)]

BUILD_DEADLINE = 300  # seconds for the worker to start and draw 4 MB of PNG at load 10


@pytest.fixture
def one_window(monkeypatch):
    """The throttle's window (a minute of the clock) does not turn while the test runs (club.web.throttle)."""
    import time as real_time

    from club.web import throttle

    now = real_time.time()
    monkeypatch.setattr(throttle, "time", type("FrozenTime", (), {"time": staticmethod(lambda: now)}))


@pytest.fixture
def shared_media(monkeypatch):
    """The worker process writes where this one reads (``MEDIA_ROOT`` of the test settings)."""
    monkeypatch.setenv("DJANGO_MEDIA_ROOT", settings.MEDIA_ROOT)


@pytest.fixture
def sent(monkeypatch, broker_url) -> list[tuple]:
    """This process runs tasks eagerly: each build is sent to the real worker as production's web sends it,
    and counted."""
    sender = Celery(broker=broker_url, set_as_current=False)
    builds: list[tuple] = []

    def send(*args):
        builds.append(args)
        return sender.send_task("events.tournament_report_build", args=list(args))

    monkeypatch.setattr(report_tasks.tournament_report_build, "delay", send)
    return builds


def worker_log(worker) -> str:
    """Stop the worker and read what it logged."""
    worker.terminate()
    out, _ = worker.communicate(timeout=60)
    return out


def test_six_at_once_queue_one_build_health_answers_and_the_seventh_is_throttled(
        one_window, shared_media, sent, worker):
    tournament, _admin = big_tournament(200, 4)
    member = MemberFactory(club=tournament.club, user=UserFactory())
    other = MemberFactory(club=tournament.club, user=UserFactory())
    url = reverse("events:tournament_report_png", args=[tournament.pk])
    Client().get(reverse("events:tournament_report", args=[tournament.pk]))  # the standings stored once

    health: list[tuple[int, float]] = []
    drawn = threading.Event()

    def read_health() -> None:
        from django.db import connection

        client = Client()
        try:
            while not drawn.is_set():
                t0 = time.perf_counter()
                status = client.get("/healthz/").status_code
                health.append((status, time.perf_counter() - t0))
                drawn.wait(0.2)
        finally:
            connection.close()

    answers: list[object] = [0] * 6
    barrier = threading.Barrier(6)
    phones = []
    for _ in range(6):  # six phones of the same member, logged in before
        phones.append(Client())
        phones[-1].force_login(member.user)

    def ask(i: int) -> None:
        from django.db import connection

        try:
            barrier.wait(timeout=30)
            answers[i] = phones[i].get(url, HTTP_ACCEPT_LANGUAGE="ko").status_code
        except Exception as exc:
            answers[i] = exc
        finally:
            connection.close()

    reader = threading.Thread(target=read_health, daemon=True)
    reader.start()
    askers = [threading.Thread(target=ask, args=(i,)) for i in range(6)]
    for t in askers:
        t.start()
    for t in askers:
        t.join(timeout=60)
    assert answers == [HTTPStatus.ACCEPTED] * 6, answers
    assert sent == [(tournament.pk, "png", "ko")]  # the build is queued once; the other five found it queued

    # the worker draws it: wait for the file (health is read all along)
    deadline = time.monotonic() + BUILD_DEADLINE
    while (path := report_store.ready_file(tournament, "png", "ko")) is None:
        if time.monotonic() > deadline or worker.poll() is not None:
            drawn.set()
            pytest.fail(f"no report file (worker exit {worker.poll()}):\n{worker_log(worker)[-3000:]}")
        time.sleep(0.2)
    drawn.set()
    reader.join(timeout=30)
    first_build = path.stat().st_ino

    assert len(health) >= 5, health  # read while the worker drew (seconds at 200 entrants)
    assert {status for status, _ in health} == {HTTPStatus.OK}, health
    slowest = max(seconds for _, seconds in health)
    assert slowest < 1.0, sorted(seconds for _, seconds in health)[-5:]

    # from its file: another member, no new build
    reader_client = Client()
    reader_client.force_login(other.user)
    again = reader_client.get(url, HTTP_ACCEPT_LANGUAGE="ko")
    assert again.status_code == HTTPStatus.OK
    assert again["Content-Type"] == "image/png"
    assert again.content.startswith(b"\x89PNG")
    assert again.content == path.read_bytes()

    # the seventh by the same member within the minute
    client = Client()
    client.force_login(member.user)
    seventh = client.get(url, HTTP_ACCEPT_LANGUAGE="ko")
    assert seventh.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert "보고서를 너무 자주" in seventh.content.decode()

    assert len(sent) == 1
    assert report_store.ready_file(tournament, "png", "ko").stat().st_ino == first_build
    log = worker_log(worker)
    assert len(re.findall(r"Task events\.tournament_report_build\[[0-9a-f-]+\] received", log)) == 1, log[-3000:]
