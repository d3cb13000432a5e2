"""Issue 9, item 17: who may start a game they do not sit in, who may cancel an empty one, and
nobody is seated at two games in progress."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse

from core.models import AuditEntry
from league.games import services as game_services
from league.games.errors import SeatedElsewhere
from league.models import Game
from tests.factories import MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def _start(client, season, members, **extra):
    data = {"season": season.pk, "table_label": "T9"} | {f"seat_{i}": m.pk for i, m in enumerate(members)} | extra
    return client.post(reverse("league:game_start", args=[season.club.slug]), data, HTTP_ACCEPT_LANGUAGE="ko")


def _others(club, n=3):
    return [MemberFactory(club=club, user=UserFactory()) for _ in range(n)]


# --- a host starting a game they do not sit in ------------------------------------------------
def test_host_starting_a_game_they_do_not_sit_in_is_warned_and_refused(host, season, club):
    response = _start(_client(host), season, _others(club, 4))
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "이 대국에 앉아 있지 않아" in html.unescape(response.content.decode())
    assert not Game.objects.filter(table_label="T9").exists()


@pytest.mark.parametrize(("rule", "role"), [("a referee may start any table", "referee"),
                                            ("an admin may start any table", "club_admin")])
def test_host_starting_a_game_they_do_not_sit_in_referee_or_admin_may(request, season, club, rule, role):
    staff = request.getfixturevalue(role)
    response = _start(_client(staff), season, _others(club, 4))
    assert response.status_code == HTTPStatus.FOUND
    game = Game.objects.get(table_label="T9")
    follow = _client(staff).get(response["Location"], HTTP_ACCEPT_LANGUAGE="ko")
    assert follow.status_code == HTTPStatus.OK
    assert game.status == Game.Status.IN_PROGRESS


# --- whoever started an empty game may cancel it -----------------------------------------------
@pytest.fixture
def started_by_host(host, season, club):
    response = _start(_client(host), season, [host, *_others(club)])
    assert response.status_code == HTTPStatus.FOUND
    return Game.objects.get(table_label="T9")


def test_starter_may_cancel_an_empty_game(host, started_by_host):
    client = _client(host)
    table = client.get(reverse("league:game_table", args=[started_by_host.pk])).content.decode()
    assert 'data-testid="cancel-game"' in table
    response = client.post(reverse("league:game_cancel", args=[started_by_host.pk]), {"reason": "잘못 시작"})
    assert response.status_code == HTTPStatus.FOUND
    started_by_host.refresh_from_db()
    assert started_by_host.status == Game.Status.CANCELLED
    assert AuditEntry.objects.filter(object_type="game", action="cancel", actor=host.user).exists()


def test_starter_may_not_cancel_once_a_hand_is_entered(host, started_by_host):
    game_services.hand_record(game=started_by_host, position=0, event={"kind": "draw", "tenpai": []}, by=None)
    client = _client(host)
    assert client.get(reverse("league:game_cancel", args=[started_by_host.pk])).status_code == HTTPStatus.FORBIDDEN
    with pytest.raises(PermissionDenied):
        game_services.game_cancel(game=started_by_host, by=host.user, reason="x")


def test_someone_else_may_not_cancel_an_empty_game(players, started_by_host):
    player = started_by_host.seat_set.exclude(seat=0).first().member
    assert _client(player).post(reverse("league:game_cancel", args=[started_by_host.pk]),
                                {"reason": "x"}).status_code == HTTPStatus.FORBIDDEN


# --- nobody at two games in progress ------------------------------------------------------------
def test_member_seated_at_a_game_in_progress_cannot_be_seated_at_another(game, host, season, players):
    response = _start(_client(host), season, [host, players[1], *_others(season.club, 2)])
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    text = html.unescape(response.content.decode())
    assert "이미 진행 중인 대국에 앉아 있습니다" in text
    assert players[1].display_name in text
    assert 'data-testid="override-seated"' not in text  # a host cannot override
    assert not Game.objects.filter(table_label="T9").exists()


def test_member_seated_at_a_game_in_progress_service_refuses(game, referee, season, players):
    with pytest.raises(SeatedElsewhere) as refused:
        game_services.game_start(season=season, members=[players[0], *_others(season.club)], by=referee.user)
    assert refused.value.code == "seated_elsewhere"
    assert refused.value.seats[0][0] == players[0].display_name


def test_member_seated_at_a_game_in_progress_referee_overrides_explicitly(game, referee, season, players):
    members = [players[0], *_others(season.club)]
    response = _start(_client(referee), season, members)
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert 'data-testid="override-seated"' in response.content.decode()
    response = _start(_client(referee), season, members, override_seated="on")
    assert response.status_code == HTTPStatus.FOUND
    entry = AuditEntry.objects.filter(object_type="game", action="create").latest("pk")
    assert players[0].display_name in entry.reason


def test_member_seated_at_a_game_in_progress_host_cannot_override(game, host, season, players):
    with pytest.raises(PermissionDenied):
        game_services.game_start(season=season, members=[players[0], *_others(season.club)], by=host.user,
                            override_seated=True)


def test_member_seated_at_a_finished_or_cancelled_game_may_start_again(game, referee, season, players):
    game_services.game_cancel(game=game, by=referee.user, reason="x")
    assert game_services.game_start(season=season, members=players, by=referee.user).status == Game.Status.IN_PROGRESS


def test_member_seated_at_a_game_in_progress_api_answers_400(game, referee, season, players):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(referee.user)
    members = [players[0], *_others(season.club)]
    response = client.post("/api/games/", {"season": season.pk, "members": [m.pk for m in members]}, format="json")
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert players[0].display_name in str(response.json())
    assert Game.objects.filter(season=season).count() == 1
