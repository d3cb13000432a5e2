"""Issue 35, item 1: a real Celery worker process on Redis draws the tournament report's PNG; the request
that asked answered 202 at once ("being prepared") and the file is served once the worker wrote it."""
from __future__ import annotations

import time
from http import HTTPStatus

import pytest
from celery import Celery
from django.conf import settings
from django.urls import reverse

from events.tournaments import report_store
from events.tournaments import tasks as report_tasks
from tests.events.test_tournament_views import _play_a_round
from tests.factories import TournamentFactory

pytestmark = [pytest.mark.celery_worker, pytest.mark.waits, pytest.mark.postgres,
              pytest.mark.django_db(transaction=True)]


@pytest.fixture
def shared_media(monkeypatch):
    """The worker process writes where this one reads (``MEDIA_ROOT`` of the test settings)."""
    monkeypatch.setenv("DJANGO_MEDIA_ROOT", settings.MEDIA_ROOT)


def test_the_worker_draws_the_report_and_the_request_never_does(
        client, club, ruleset, members, admin_user, monkeypatch, shared_media, broker_url, worker):
    tournament = TournamentFactory(club=club, ruleset=ruleset, rounds=2, public_results=True)
    _play_a_round(tournament, members, admin_user, "손님")
    sender = Celery(broker=broker_url, set_as_current=False)
    # this process runs tasks eagerly: send the build to the worker as production's web does
    monkeypatch.setattr(report_tasks.tournament_report_build, "delay",
                        lambda *args: sender.send_task("events.tournament_report_build", args=list(args)))
    client.force_login(admin_user)
    url = reverse("events:tournament_report_png", args=[tournament.pk])
    first = client.get(url, HTTP_ACCEPT_LANGUAGE="ko")
    assert first.status_code == HTTPStatus.ACCEPTED
    assert "보고서를 만드는 중" in first.content.decode()
    # wait for the worker's file, not by asking the page: six asks a minute are the member's limit
    tournament.refresh_from_db()  # its version reads the status the round changed
    deadline = time.monotonic() + 300
    while report_store.ready_file(tournament, "png", "ko") is None:
        assert worker.poll() is None, f"the worker exited {worker.poll()}"
        assert time.monotonic() < deadline, "no report file"
        time.sleep(0.2)
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK, response.status_code
    assert response.content.startswith(b"\x89PNG")
