"""Game list, starting a game, the game page, and editing/deleting past hands."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from core.models import AuditEntry
from league.games import services as game_services
from league.models import Game, HandRecord
from tests.factories import ClubFactory, MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


@pytest.fixture
def played(game, players):
    """Two hands: seat 1 rons seat 2 for 3 han 30 fu, then an all-noten draw."""
    by = players[0].user
    game_services.hand_record(game=game, position=0, event={"kind": "ron", "loser": 2,
                         "wins": [{"winner": 1, "han": 3, "fu": 30}]}, by=by)
    game_services.hand_record(game=game, position=1, event={"kind": "draw", "tenpai": [1]}, by=by)
    return game


@pytest.mark.parametrize("name", ["game_list", "game_detail", "game_table", "home"],
                         ids=["game_list", "game_page", "table_screen", "home"])
def test_member_sees_club_screens(name, played, club):
    """(The audit log is for referees and admins: issue 9, item 20.)"""
    member = MemberFactory(club=club, user=UserFactory())
    args = {"game_list": [club.slug], "home": []}.get(name, [played.pk])
    assert _client(member).get(reverse(f"league:{name}", args=args)).status_code == HTTPStatus.OK


@pytest.mark.parametrize("name", ["game_list", "game_detail", "game_table", "audit_log"],
                         ids=["game_list", "game_page", "table_screen", "audit_log"])
def test_other_clubs_member_is_refused(name, played, club):
    """A game named by its id answers 404, like an id that does not exist (issue 22, item 9)."""
    stranger = MemberFactory(club=ClubFactory(), user=UserFactory())
    args = {"game_list": [club.slug], "audit_log": [club.slug]}.get(name, [played.pk])
    expected = HTTPStatus.FORBIDDEN if name in ("game_list", "audit_log") else HTTPStatus.NOT_FOUND
    assert _client(stranger).get(reverse(f"league:{name}", args=args)).status_code == expected


def test_game_page_shows_hands_in_words_deltas_and_chart(played, players):
    response = _client(players[3]).get(reverse("league:game_detail", args=[played.pk]), HTTP_ACCEPT_LANGUAGE="en")
    text = response.content.decode()
    assert response.status_code == HTTPStatus.OK
    assert f"{players[1].display_name} ron from {players[2].display_name} · 3 han 30 fu" in text
    assert "+3,900" in text
    assert "−3,900" in text
    assert "<svg" in text


def test_game_page_shows_each_hand_as_two_lines(played, players):
    """Phone-readable: the round and the result in words span the row; the four deltas sit below."""
    text = _client(players[3]).get(reverse("league:game_detail", args=[played.pk]),
                                   HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert text.count('<tbody class="hand">') == 2
    assert text.count('<tr class="hand-head"><th scope="rowgroup" colspan="4">') == 2
    assert text.count('<tr class="hand-deltas">') == 2


def test_host_starts_a_game_with_seats(host, season, players):
    seats = [host, *players[1:]]  # a host starts a game they sit at (issue 9, item 17)
    data = {"season": season.pk, "table_label": "T1"} | {f"seat_{i}": m.pk for i, m in enumerate(seats)}
    response = _client(host).post(reverse("league:game_start", args=[season.club.slug]), data)
    game = Game.objects.get(table_label="T1")
    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"] == reverse("league:game_table", args=[game.pk])
    assert [s.member_id for s in game.seat_set.order_by("seat")] == [m.pk for m in seats]


def test_start_needs_as_many_players_as_the_ruleset(host, season, players):
    data = {"season": season.pk} | {f"seat_{i}": m.pk for i, m in enumerate(players[:3])}
    response = _client(host).post(reverse("league:game_start", args=[season.club.slug]), data)
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert not Game.objects.exists()


def test_plain_member_cannot_start_a_game(season, club):
    member = MemberFactory(club=club, user=UserFactory())
    assert _client(member).get(reverse("league:game_start", args=[club.slug])).status_code == HTTPStatus.FORBIDDEN


def test_edit_a_past_hand_with_a_reason(played, referee):
    url = reverse("league:hand_edit", args=[played.pk, 0])
    client = _client(referee)
    assert client.get(url).status_code == HTTPStatus.OK
    data = {"position": 0, "kind": "ron", "ron_winner": "1", "ron_loser": "2", "ron_value": "4-30",
            "reason": "점수 계산 실수", "action": "save"}
    assert client.post(url, data).status_code == HTTPStatus.FOUND
    assert HandRecord.objects.get(game=played, position=0).event["wins"][0]["han"] == 4
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.EDIT).get()
    assert entry.reason == "점수 계산 실수"
    assert entry.before["event"]["wins"][0]["han"] == 3


def test_edit_needs_a_reason(played, referee):
    data = {"position": 0, "kind": "ron", "ron_winner": "1", "ron_loser": "2", "ron_value": "4-30", "action": "save"}
    response = _client(referee).post(reverse("league:hand_edit", args=[played.pk, 0]), data)
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert HandRecord.objects.get(game=played, position=0).event["wins"][0]["han"] == 3


def test_edit_that_makes_a_later_hand_impossible_is_refused_with_the_reason(game, players, referee):
    by = players[0].user
    # Seat 2 pays a baiman and a mangan (1,000 left) and then declares riichi in a draw.
    game_services.hand_record(game=game, position=0,
                              event={"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 8}]}, by=by)
    game_services.hand_record(game=game, position=1,
                              event={"kind": "ron", "loser": 2, "wins": [{"winner": 3, "han": 5}]}, by=by)
    game_services.hand_record(game=game, position=2, event={"kind": "draw", "tenpai": [2], "riichi": [2]}, by=by)
    data = {"position": 1, "kind": "ron", "ron_winner": "3", "ron_loser": "2", "ron_value": "6",
            "reason": "하네만이었다", "action": "save"}
    response = _client(referee).post(reverse("league:hand_edit", args=[game.pk, 1]), data)
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    text = html.unescape(response.content.decode())
    assert "아무것도 바뀌지 않았습니다. 이 변경으로 3번째 국이 성립하지 않게 됩니다" in text
    assert "리치" in text  # the engine's reason (riichi below 1,000), in Korean
    assert HandRecord.objects.get(game=game, position=1).event["wins"][0]["han"] == 5


def test_delete_a_past_hand_with_a_reason(played, referee):
    url = reverse("league:hand_delete", args=[played.pk, 0])
    assert _client(referee).post(url, {"reason": "잘못 입력"}).status_code == HTTPStatus.FOUND
    assert list(HandRecord.objects.filter(game=played).values_list("event__kind", flat=True)) == ["draw"]


def test_non_player_member_cannot_edit(played, club):
    member = MemberFactory(club=club, user=UserFactory())
    response = _client(member).get(reverse("league:hand_edit", args=[played.pk, 0]))
    assert response.status_code == HTTPStatus.FORBIDDEN
