"""The team league's REST API (issue 37 item 4): reads, and the captains' line-up write with the domain's
refusal codes."""
from __future__ import annotations

import datetime
from http import HTTPStatus

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from events.teams import services
from events.teams.models import Slot
from tests.events.teams.hands import finish_in_order

pytestmark = pytest.mark.django_db


@pytest.fixture
def next_day(stage, teams, organiser):
    """Match day 1 played (가, 나, 다, 라 in that order); match day 2 with its line-ups open."""
    day = services.match_day_add(stage=stage, by=None, starts_at=timezone.now() - datetime.timedelta(hours=1))
    fixture = services.fixture_add(match_day=day, teams=teams, by=None)
    finish_in_order(services.fixture_seat(fixture=fixture, by=organiser), [0, 1, 2, 3])
    later = services.match_day_add(stage=stage, by=None, starts_at=timezone.now() + datetime.timedelta(days=7))
    services.fixture_add(match_day=later, teams=teams, by=None)
    return later


def api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_stage_table_reads_as_json(team_league, next_day, organiser):
    body = api(organiser).get(f"/api/team-leagues/{team_league.pk}/standings/").json()
    assert [(r["name"], r["total"], r["games"]) for r in body["rows"]] == [
        ("가팀", "69.0", 1), ("나팀", "17.0", 1), ("다팀", "-11.1", 1), ("라팀", "-74.9", 1)]


def test_a_captain_writes_a_line_up_and_the_others_see_it_hidden(team_league, next_day, teams):
    slot = Slot.objects.get(fixture__match_day=next_day, team=teams[0])
    second = teams[0].roster.get(member__display_name="가2").member
    response = api(teams[0].captain.user).post(f"/api/team-slots/{slot.pk}/lineup/", {"member": second.pk},
                                               format="json")
    assert response.status_code == HTTPStatus.OK
    assert response.json() == {"id": slot.pk, "member": second.pk, "source": "captain"}
    body = api(teams[1].captain.user).get(f"/api/team-leagues/{team_league.pk}/schedule/").json()
    seen = body["match_days"][1]["fixtures"][0]["slots"][0]
    assert (seen["player"], seen["hidden"]) == (None, True)


def test_a_refused_pick_carries_the_domains_code(team_league, next_day, teams):
    slot = Slot.objects.get(fixture__match_day=next_day, team=teams[0])
    stranger = teams[1].roster.get(member__display_name="나2").member
    response = api(teams[0].captain.user).post(f"/api/team-slots/{slot.pk}/lineup/", {"member": stranger.pk},
                                               format="json")
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert response.json()["code"] == "not_on_roster"
    response = api(teams[1].captain.user).post(f"/api/team-slots/{slot.pk}/lineup/", {"member": stranger.pk},
                                               format="json")
    assert response.status_code == HTTPStatus.FORBIDDEN
