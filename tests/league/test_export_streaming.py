"""Issue 22, item 7: the large exports stream, in chunks of games, and write the same bytes as before.

The oracle is the code as it was before streaming (``tests/league/export_oracle.py``); a chunk of
three games makes every season here cross several chunk boundaries.
"""
from __future__ import annotations

import datetime
from http import HTTPStatus

import pytest
from django.utils import timezone
from rest_framework.renderers import JSONRenderer

from tests.factories import ClubRoleFactory, MemberFactory, UserFactory
from tests.league import export_oracle as before

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("small_chunks")]  # busy_season: tests/league/conftest.py


def _client(client, member):
    client.force_login(member.user)
    return client


def _streamed(response) -> bytes:
    assert response.status_code == HTTPStatus.OK
    assert response.streaming, "the export must be streamed"
    return b"".join(response.streaming_content)


@pytest.mark.parametrize(
    ("path", "oracle"),
    [pytest.param("csv/hands", before.hands_csv_response, id="hands-csv"),
     pytest.param("csv/games", before.games_csv_response, id="games-csv")],
)
def test_item7_a_csv_export_streams_the_same_bytes_as_before(client, busy_season, path, oracle):
    viewer = MemberFactory(club=busy_season.club, user=UserFactory())
    response = _client(client, viewer).get(f"/api/seasons/{busy_season.pk}/{path}/")
    expected = oracle(busy_season)
    assert _streamed(response) == expected.content
    assert response["Content-Type"] == expected["Content-Type"]
    assert response["Content-Disposition"] == expected["Content-Disposition"]


def test_item7_the_season_export_streams_the_same_bytes_as_before(client, busy_season, monkeypatch):
    frozen = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: frozen)
    admin = MemberFactory(club=busy_season.club, user=UserFactory())
    ClubRoleFactory(club=busy_season.club, member=admin, role="admin")
    response = _client(client, admin).get(f"/api/seasons/{busy_season.pk}/export/")
    assert _streamed(response) == JSONRenderer().render(before.export_season(busy_season))
    assert response["Content-Type"].startswith("application/json")


def test_item7_an_empty_season_exports_the_same_bytes_too(client, season, monkeypatch):
    frozen = timezone.now() - datetime.timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: frozen)
    admin = MemberFactory(club=season.club, user=UserFactory())
    ClubRoleFactory(club=season.club, member=admin, role="admin")
    c = _client(client, admin)
    assert _streamed(c.get(f"/api/seasons/{season.pk}/export/")) == JSONRenderer().render(
        before.export_season(season))
    assert _streamed(c.get(f"/api/seasons/{season.pk}/csv/hands/")) == before.hands_csv_response(season).content


def test_item7_the_export_command_writes_the_document_as_before(busy_season, tmp_path, monkeypatch):
    import json

    from django.core.management import call_command

    frozen = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: frozen)
    out = tmp_path / "season.json"
    call_command("export_season", str(busy_season.pk), "-o", str(out))
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(
        JSONRenderer().render(before.export_season(busy_season)))
