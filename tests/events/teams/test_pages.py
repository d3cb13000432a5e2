"""The team league's pages (issue 37 item 4), Korean first: the stage table with "이전 단계 / × 이월 / 이번
단계 / 합계", a team's page, the schedule where a captain picks on their phone, the individual ranking, the
board and the export; a private club's league is not shown to a visitor."""
from __future__ import annotations

import datetime
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from events.teams import services
from events.teams.models import Slot
from tests.events.teams.hands import finish_in_order

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(stage, teams, organiser):
    """Match day 1 played (가 1st, 나 2nd, 다 3rd, 라 4th), match day 2 scheduled, line-ups open."""
    day = services.match_day_add(stage=stage, by=None, starts_at=timezone.now() - datetime.timedelta(hours=1))
    fixture = services.fixture_add(match_day=day, teams=teams, by=None)
    finish_in_order(services.fixture_seat(fixture=fixture, by=organiser), [0, 1, 2, 3])
    later = services.match_day_add(stage=stage, by=None, starts_at=timezone.now() + datetime.timedelta(days=7))
    services.fixture_add(match_day=later, teams=[teams[i] for i in (3, 2, 1, 0)], by=None)
    return later


def get(client, user, name, *args, **query):
    if user is not None:
        client.force_login(user)
    url = reverse(f"events:{name}", args=args)
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return client.get(url, HTTP_ACCEPT_LANGUAGE="ko")


def test_the_stage_table_reads_in_korean_with_the_carry_columns(client, team_league, played, organiser, teams):
    page = get(client, organiser, "team_league", team_league.pk).content.decode()
    assert "팀 순위" in page
    assert "이번 단계" in page
    assert "합계" in page
    assert [t in page for t in ("가팀", "나팀", "다팀", "라팀")] == [True] * 4
    page = get(client, organiser, "team_league", team_league.pk, stage=2).content.decode()
    assert "이전 단계" in page
    assert "× 0.5" in page


def test_a_captain_picks_on_the_schedule_page_and_others_see_it_hidden(client, team_league, played, teams):
    captain = teams[0].captain.user
    page = get(client, captain, "team_league_schedule", team_league.pk).content.decode()
    assert "선택" in page
    slot = Slot.objects.get(fixture__match_day=played, team=teams[0])
    second = teams[0].roster.get(member__display_name="가2").member
    response = client.post(reverse("events:team_league_slot", args=[slot.pk]), {"member": second.pk},
                           HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.FOUND
    slot.refresh_from_db()
    assert (slot.member.display_name, slot.source) == ("가2", Slot.Source.CAPTAIN)
    other = get(Client(), teams[1].captain.user, "team_league_schedule", team_league.pk).content.decode()
    assert "선택됨 (마감 전까지 비공개)" in other
    assert "가2" not in other


def test_the_team_page_ranking_board_and_export(client, team_league, played, organiser, teams):
    page = get(client, organiser, "team_league_team", teams[0].pk).content.decode()
    assert "명단" in page
    assert "69.0" in page
    page = get(client, organiser, "team_league_ranking", team_league.pk, min=0).content.decode()
    assert "4위 회피율" in page
    assert "가1" in page
    page = get(client, organiser, "team_league_board", team_league.pk).content.decode()
    assert "팀 순위" in page
    csv = get(client, organiser, "team_league_export", team_league.pk, "csv").content.decode("utf-8-sig")
    assert csv.splitlines()[1].split(",")[:3] == ["정규 시즌", "1", "가팀"]
    xlsx = get(client, organiser, "team_league_export", team_league.pk, "xlsx")
    assert xlsx["Content-Type"].startswith("application/vnd.openxmlformats")


def test_a_private_clubs_league_sends_a_visitor_to_log_in(client, team_league, played):
    response = get(client, None, "team_league", team_league.pk)
    assert response.status_code == HTTPStatus.FOUND
    assert "login" in response["Location"]


def test_the_organiser_adds_a_team_and_its_players_on_the_pages(client, club, team_league, organiser):
    from events.teams.models import Team
    from tests.factories import MemberFactory

    client.force_login(organiser)
    response = client.post(reverse("events:team_league_team_add", args=[team_league.pk]),
                           {"name": "청룡", "colour": "#2e7d32"}, HTTP_ACCEPT_LANGUAGE="ko")
    team = Team.objects.get(league=team_league, name="청룡")
    assert response["Location"] == reverse("events:team_league_team", args=[team.pk])
    player = MemberFactory(club=club, display_name="용일")
    client.post(reverse("events:team_league_team", args=[team.pk]), {"member": player.pk, "role": "player",
                                                                      "captain": "1"}, HTTP_ACCEPT_LANGUAGE="ko")
    team.refresh_from_db()
    assert (team.colour, team.captain.display_name, [e.member.display_name for e in team.roster.all()]) == (
        "#2e7d32", "용일", ["용일"])
