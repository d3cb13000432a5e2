"""A real Celery worker process on Redis builds a season's file (issue 22, item 7) into the storage the
web process reads: the download view then hands out the bytes the request streams."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from celery import Celery
from django.conf import settings
from django.urls import reverse

from league.models import SeasonExport
from league.transfer import exports
from tests.workers import wait_for_worker

pytestmark = [pytest.mark.celery_worker, pytest.mark.waits, pytest.mark.postgres,
              pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("small_chunks")]


@pytest.fixture
def shared_media(monkeypatch):
    """The worker process writes where this one reads (``MEDIA_ROOT`` of the test settings)."""
    monkeypatch.setenv("DJANGO_MEDIA_ROOT", settings.MEDIA_ROOT)


def test_the_worker_builds_the_hands_csv_and_the_admin_downloads_it(
        client, busy_season, club_admin, monkeypatch, shared_media, broker_url, worker):
    monkeypatch.setattr(exports, "on_commit", lambda *args, **kwargs: None)  # this process is eager: no build here
    export = exports.export_request(season=busy_season, kind="hands", by=club_admin.user)
    assert export.status == SeasonExport.Status.PENDING

    Celery(broker=broker_url, set_as_current=False).send_task("league.season_export_build", args=[export.pk])
    ended = (SeasonExport.Status.READY, SeasonExport.Status.FAILED)
    export = wait_for_worker(worker, lambda: SeasonExport.objects.filter(pk=export.pk, status__in=ended).first(),
                             what="build the file")
    assert export.status == SeasonExport.Status.READY, export.error
    client.force_login(club_admin.user)
    response = client.get(reverse("league:export_download", args=[export.pk]))
    assert response.status_code == HTTPStatus.OK
    built = b"".join(response.streaming_content)
    streamed = b"".join(client.get(f"/api/seasons/{busy_season.pk}/csv/hands/").streaming_content)
    assert built == streamed
    assert export.done == busy_season.games.count()
