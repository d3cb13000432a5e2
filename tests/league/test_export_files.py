"""Issue 22, item 7: a large season's files are built in the Celery worker (eager here), shown with their
progress on the season's files page, and handed out only by the permission-checked download view.

The built file holds the bytes the streamed answer gives (the CSVs byte for byte, the season file but
its ``exported_at``); a formula-looking name is still guarded in a built CSV; the page's form is
once-protected; other clubs' users and anonymous visitors get nothing; an expired file is removed.
"""
from __future__ import annotations

import datetime
import json
from http import HTTPStatus

import pytest
from django.core.files.storage import default_storage
from django.urls import reverse
from django.utils import timezone

from league.models import SeasonExport
from league.transfer import exports
from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("small_chunks")]

STREAMED = {"hands": "/api/seasons/{}/csv/hands/", "games": "/api/seasons/{}/csv/games/",
            "season": "/api/seasons/{}/export/?format=json"}


@pytest.fixture(autouse=True)
def every_season_in_the_worker(settings, tmp_path):
    settings.LEAGUE_EXPORT_SYNC_MAX_GAMES = 0  # the smallest season is "large": built in the worker
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def organiser(busy_season, club_admin):
    return club_admin


def _page(client):
    return lambda season: client.get(reverse("league:season_files", args=[season.pk]))


@pytest.fixture
def ask(client, django_capture_on_commit_callbacks):
    """Post the page's form; the after-commit queueing runs (eager: the worker's task, at once)."""
    def post(season, kind: str, token: str = "export.first") -> None:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("league:season_files", args=[season.pk]),
                                   {"kind": kind, "entry_token": token})
        assert response.status_code == HTTPStatus.FOUND
    return post


def _built(season, kind: str) -> SeasonExport:
    export = SeasonExport.objects.get(season=season, kind=kind)
    assert export.status == SeasonExport.Status.READY, export.error
    return export


def _download(client, export) -> tuple[int, bytes]:
    response = client.get(reverse("league:export_download", args=[export.pk]))
    body = b"".join(response.streaming_content) if getattr(response, "streaming", False) else response.content
    return response.status_code, body


@pytest.mark.parametrize("kind", ["hands", "games", "season"])
def test_the_built_file_holds_what_the_request_streams(client, ask, busy_season, organiser, kind,
                                                       settings):
    client.force_login(organiser.user)
    ask(busy_season, kind)
    export = _built(busy_season, kind)
    assert export.done == export.total == busy_season.games.count()
    assert export.file.name.startswith(f"exports/club-{busy_season.club_id}/")
    status, built = _download(client, export)
    assert status == HTTPStatus.OK
    settings.LEAGUE_EXPORT_SYNC_MAX_GAMES = busy_season.games.count()  # small enough for the API to stream
    streamed = b"".join(client.get(STREAMED[kind].format(busy_season.pk)).streaming_content)
    if kind == "season":  # the two were made at different moments
        built_doc, streamed_doc = json.loads(built), json.loads(streamed)
        assert built_doc.pop("exported_at")
        assert streamed_doc.pop("exported_at")
        assert built_doc == streamed_doc
        assert len(built_doc["games"]) == busy_season.games.count()
    else:
        assert built == streamed


def test_a_formula_looking_name_is_still_guarded_in_a_built_csv(client, ask, busy_season, organiser):
    client.force_login(organiser.user)
    ask(busy_season, "games")
    _, body = _download(client, _built(busy_season, "games"))
    text = body.decode("utf-8")
    assert "'=HYPERLINK(1)" in text
    assert ",=HYPERLINK" not in text


def test_a_member_gets_the_csvs_but_not_the_season_file(client, ask, busy_season, organiser):
    member = MemberFactory(club=busy_season.club, user=UserFactory())
    client.force_login(organiser.user)
    ask(busy_season, "hands", token="export.hands")
    ask(busy_season, "season", token="export.season")
    client.force_login(member.user)
    assert _download(client, _built(busy_season, "hands"))[0] == HTTPStatus.OK
    assert _download(client, _built(busy_season, "season"))[0] == HTTPStatus.FORBIDDEN
    page = _page(client)(busy_season)
    assert page.status_code == HTTPStatus.OK
    assert b'value="season"' not in page.content
    assert b'value="hands"' in page.content
    response = client.post(reverse("league:season_files", args=[busy_season.pk]),
                           {"kind": "season", "entry_token": "export.member"})
    assert response.status_code == HTTPStatus.FOUND
    assert SeasonExport.objects.filter(season=busy_season, kind="season").count() == 1  # nothing asked for


@pytest.mark.parametrize("who", ["anonymous", "another club's admin"])
def test_the_file_and_the_page_are_refused_outside_the_club(client, ask, busy_season, organiser, who):
    client.force_login(organiser.user)
    ask(busy_season, "hands")
    export = _built(busy_season, "hands")
    client.logout()
    if who != "anonymous":
        other = ClubFactory()
        stranger = MemberFactory(club=other, user=UserFactory())
        ClubRoleFactory(club=other, member=stranger, role="admin")
        client.force_login(stranger.user)
    expected = HTTPStatus.FOUND if who == "anonymous" else HTTPStatus.NOT_FOUND  # to the login page / no such id
    status, body = _download(client, export)
    assert status == expected
    assert b"HYPERLINK" not in body
    assert _page(client)(busy_season).status_code == expected
    response = client.post(reverse("league:season_files", args=[busy_season.pk]),
                           {"kind": "hands", "entry_token": "export.stranger"})
    assert response.status_code == expected
    assert SeasonExport.objects.filter(season=busy_season).count() == 1


def test_the_form_is_once_protected_and_a_build_is_not_doubled(client, ask, busy_season, organiser):
    client.force_login(organiser.user)
    ask(busy_season, "hands", token="export.same")
    ask(busy_season, "hands", token="export.same")  # Back + resubmit
    assert SeasonExport.objects.filter(season=busy_season).count() == 1
    ask(busy_season, "hands", token="export.new")  # asked again, on purpose
    assert SeasonExport.objects.filter(season=busy_season, status="ready").count() == 2


def test_a_build_still_running_is_returned_instead_of_a_second(busy_season, organiser,
                                                                django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):  # the worker has not taken it yet
        first = exports.export_request(season=busy_season, kind="hands", by=organiser.user)
    second = exports.export_request(season=busy_season, kind="hands", by=organiser.user)
    assert first.pk == second.pk
    assert SeasonExport.objects.count() == 1


def test_the_page_says_preparing_with_the_progress_then_links_the_file(client, busy_season, organiser,
                                                                        django_capture_on_commit_callbacks):
    client.force_login(organiser.user)
    with django_capture_on_commit_callbacks(execute=False):
        export = exports.export_request(season=busy_season, kind="games", by=organiser.user)
    page = _page(client)(busy_season).content.decode()
    assert "준비 중" in page
    assert 'http-equiv="refresh"' in page
    assert _download(client, export)[0] == HTTPStatus.CONFLICT
    exports.export_build(export_id=export.pk)
    page = _page(client)(busy_season).content.decode()
    assert reverse("league:export_download", args=[export.pk]) in page
    assert 'http-equiv="refresh"' not in page


def test_a_small_season_links_the_streamed_files(client, busy_season, organiser, settings):
    settings.LEAGUE_EXPORT_SYNC_MAX_GAMES = busy_season.games.count()
    client.force_login(organiser.user)
    page = _page(client)(busy_season).content.decode()
    assert STREAMED["hands"].format(busy_season.pk) in page
    assert "data-testid=\"export-form\"" not in page


def test_an_expired_file_answers_gone_and_the_cleanup_removes_it(client, ask, busy_season, organiser):
    client.force_login(organiser.user)
    ask(busy_season, "hands")
    export = _built(busy_season, "hands")
    name = export.file.name
    assert default_storage.exists(name)
    SeasonExport.objects.filter(pk=export.pk).update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    assert _download(client, export)[0] == HTTPStatus.GONE
    assert exports.exports_cleanup() == {"removed": 1, "requeued": []}
    assert not default_storage.exists(name)
    assert not SeasonExport.objects.filter(pk=export.pk).exists()


def test_a_build_whose_message_was_lost_is_queued_again(busy_season, organiser, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):  # the broker was down: nothing ran
        export = exports.export_request(season=busy_season, kind="hands", by=organiser.user)
    assert exports.exports_cleanup()["requeued"] == []  # not stalled yet
    later = timezone.now() + exports.STALLED_AFTER + datetime.timedelta(seconds=1)
    assert exports.exports_cleanup(now=later)["requeued"] == [export.pk]
    export.refresh_from_db()
    assert export.status == SeasonExport.Status.READY  # eager: built at once


def test_a_build_delivered_twice_builds_once(busy_season, organiser, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        export = exports.export_request(season=busy_season, kind="hands", by=organiser.user)
    assert exports.export_build(export_id=export.pk) is None  # already built: the claim refuses it


@pytest.mark.parametrize("path", ["csv/hands", "csv/games", "export"])
def test_the_api_sends_a_large_season_to_the_files_page_instead_of_streaming_it(client, busy_season, organiser,
                                                                              settings, path):
    """A sync web worker held past its timeout by one big export (and the site stalled by three) is what
    issue 22 item 7 measured: the API answers at once with the page where the worker builds the file."""
    client.force_login(organiser.user)
    url = f"/api/seasons/{busy_season.pk}/{path}/"
    response = client.get(url)
    assert response.status_code == HTTPStatus.CONFLICT
    body = response.json()
    assert body["code"] == "build_in_worker"
    assert body["files"].endswith(reverse("league:season_files", args=[busy_season.pk]))
    settings.LEAGUE_EXPORT_SYNC_MAX_GAMES = busy_season.games.count()  # small enough: streamed as before
    assert client.get(url).status_code == HTTPStatus.OK
