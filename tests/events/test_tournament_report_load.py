"""Issue 35, item 1: one member cannot stall the site with the tournament report.

A 200-entrant, 4-round tournament: one member asks for its PNG six times at once while another client
reads ``/healthz/`` every 0.2 s. Health answers within 1 s all along; the PNG is drawn once (the first
request; the others are told it is being prepared, 202); afterwards it comes from its file (another member,
at once, no drawing); a seventh request by the same member within the minute is throttled (429, in Korean).
A new result makes a new version: the next request draws it again.

Tasks run eagerly here (no broker), so the first request draws the file itself, as on the embedded
default; in production the worker does (``events.tournament_report_build``).
"""
from __future__ import annotations

import threading
import time
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from events.tournaments import report_files
from tests.events.big_tournament import big_tournament
from tests.factories import MemberFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

@pytest.fixture
def one_window(monkeypatch):
    """The throttle's window (a minute of the clock) does not turn while the test runs (club.web.throttle)."""
    import time as real_time

    from club.web import throttle

    now = real_time.time()
    monkeypatch.setattr(throttle, "time", type("FrozenTime", (), {"time": staticmethod(lambda: now)}))


@pytest.mark.long
def test_six_at_once_draw_once_health_answers_and_the_seventh_is_throttled(monkeypatch, one_window):
    tournament, _admin = big_tournament(200, 4)
    member = MemberFactory(club=tournament.club, user=UserFactory())
    other = MemberFactory(club=tournament.club, user=UserFactory())
    url = reverse("events:tournament_report_png", args=[tournament.pk])
    drawn: list[float] = []
    draw = report_files.sheet_png

    def counted(sheet):
        drawn.append(time.monotonic())
        return draw(sheet)

    monkeypatch.setattr(report_files, "sheet_png", counted)

    health: list[float] = []
    stop = threading.Event()

    def read_health() -> None:
        client = Client()
        while not stop.is_set():
            t0 = time.perf_counter()
            assert client.get("/healthz/").status_code == HTTPStatus.OK
            health.append(time.perf_counter() - t0)
            time.sleep(0.2)

    answers: list[object] = [0] * 6
    barrier = threading.Barrier(6)
    phones = []
    for _ in range(6):  # six phones of the same member, logged in before
        phones.append(Client())
        phones[-1].force_login(member.user)
    Client().get(reverse("events:tournament_report", args=[tournament.pk]))  # the standings stored once

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
        t.join(timeout=300)
    stop.set()
    reader.join(timeout=10)

    assert sorted(answers) == [HTTPStatus.OK] + [HTTPStatus.ACCEPTED] * 5, answers
    assert len(drawn) == 1
    assert health
    # The figure is 1 s (the stall it reported was 39 s); the bound here leaves room for a CI machine at
    # load 20, where a thread waits its turn for the interpreter: no timing the test cannot keep on a busy machine.
    assert max(health) < 5.0, sorted(health)[-5:]

    # from its file: another member, no drawing
    reader_client = Client()
    reader_client.force_login(other.user)
    t0 = time.process_time()
    again = reader_client.get(url, HTTP_ACCEPT_LANGUAGE="ko")
    assert again.status_code == HTTPStatus.OK
    assert again["Content-Type"] == "image/png"
    assert again.content.startswith(b"\x89PNG")
    assert len(drawn) == 1
    assert time.process_time() - t0 < 1.0

    # the seventh by the same member within the minute
    client = Client()
    client.force_login(member.user)
    seventh = client.get(url, HTTP_ACCEPT_LANGUAGE="ko")
    assert seventh.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert "보고서를 너무 자주" in seventh.content.decode()
