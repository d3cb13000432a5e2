"""Unfinished games never block silently (issue 21, item 5): one organiser page lists every unfinished
game of the club with end at time / end by referee / cancel; the night's seating names whom it skips
and links the game holding them; closing a night with tables still playing asks about each."""
from __future__ import annotations

import html
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from events import open_games
from events.models import ClubNight
from events.nights import services
from league.games import services as game_services
from league.models import Game

pytestmark = pytest.mark.django_db
KO = {"HTTP_ACCEPT_LANGUAGE": "ko"}


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def playing_night(club, season, members, admin_user):
    """A night whose round 1 (two tables) is still playing, and a league game outside any night."""
    night = services.night_open(club=club, season=season, round_minutes=60, by=admin_user)
    for m in members[:8]:
        services.check_in(night=night, member=m, by=admin_user)
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user, seed=3)
    return night, [t.game for t in rnd.tables.order_by("label")]


def test_every_unfinished_game_is_listed_with_where_players_and_age(playing_night, season, members, admin_user):
    night, games = playing_night
    stray = game_services.game_start(season=season, table_label="구석 테이블", members=members[8:12], by=admin_user)
    listed = open_games.open_games(night.club)
    assert [g.game.pk for g in listed] == [games[0].pk, games[1].pk, stray.pk]
    assert [g.where for g in listed] == ["night", "night", "league"]
    assert listed[2].label == "구석 테이블"
    assert listed[2].players == tuple(m.display_name for m in members[8:12])
    page = html.unescape(_client(admin_user).get(reverse("events:open_games", args=[night.club.slug]), **KO)
                         .content.decode())
    assert "끝나지 않은 대국" in page
    assert "구석 테이블" in page
    for g in listed:
        assert f'data-testid="open-game-{g.game.pk}"' in page


def test_only_the_organisers_see_the_page(playing_night, members):
    night, _games = playing_night
    response = _client(members[0].user).get(reverse("events:open_games", args=[night.club.slug]))
    assert response.status_code == HTTPStatus.FORBIDDEN


@pytest.mark.parametrize(("action", "note", "status", "ended_by"), [
    ("time", "", Game.Status.FINISHED, "time"),
    ("referee", "자리를 떠남", Game.Status.FINISHED, "referee"),
    ("cancel", "잘못 시작", Game.Status.CANCELLED, ""),
], ids=["end at time", "end by referee with a note", "cancel with a reason"])
def test_the_organiser_ends_or_cancels_a_stale_game(playing_night, admin_user, action, note, status, ended_by):
    night, games = playing_night
    response = _client(admin_user).post(reverse("events:open_games", args=[night.club.slug]),
                                        {"game": games[0].pk, "action": action, "note": note})
    assert response.status_code == HTTPStatus.FOUND
    games[0].refresh_from_db()
    assert games[0].status == status
    assert games[0].ended_by == ended_by


def test_a_referee_end_without_a_note_is_refused_in_korean(playing_night, admin_user):
    night, games = playing_night
    response = _client(admin_user).post(reverse("events:open_games", args=[night.club.slug]),
                                        {"game": games[0].pk, "action": "referee", "note": ""}, **KO)
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "심판이 대국을 끝내는 이유를 적어 주세요." in html.unescape(response.content.decode())
    games[0].refresh_from_db()
    assert games[0].status == Game.Status.IN_PROGRESS


def test_the_seating_names_whom_it_skips_and_links_their_game(playing_night, admin_user, members):
    night, games = playing_night
    page = html.unescape(_client(admin_user).get(reverse("events:night_detail", args=[night.pk]), **KO)
                         .content.decode())
    assert "배정되지 않음: 아직 끝나지 않은 대국에 앉아 있음" in page
    for game in games:
        assert f'data-testid="held-game-{game.pk}"' in page
        for seat in game.seat_set.select_related("member"):
            assert seat.member.display_name in page


def test_closing_a_night_with_tables_playing_asks_about_each(playing_night, admin_user):
    night, games = playing_night
    c = _client(admin_user)
    response = c.post(reverse("events:night_close", args=[night.pk]))
    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"] == reverse(
        "events:night_close_ask", args=[night.pk])
    night.refresh_from_db()
    assert night.status == ClubNight.Status.OPEN
    page = html.unescape(c.get(response["Location"], **KO).content.decode())
    assert "아직 대국 중인 테이블이 있습니다" in page
    assert all(f'data-testid="close-game-{g.pk}"' in page for g in games)
    # a played hand: ended at time is scored (a table with no hands is cancelled: test_night_close_edges.py)
    game_services.hand_record(game=games[0], position=0, event={"kind": "draw", "tenpai": [0]}, by=admin_user)
    c.post(reverse("events:night_close_ask", args=[night.pk]), {f"game_{games[0].pk}": "time",
                                                               f"game_{games[1].pk}": "keep"})
    night.refresh_from_db()
    for g in games:
        g.refresh_from_db()
    assert night.status == ClubNight.Status.CLOSED
    assert (games[0].status, games[0].ended_by) == (Game.Status.FINISHED, "time")
    assert games[1].status == Game.Status.IN_PROGRESS


def test_closing_refuses_until_every_table_has_a_decision(playing_night, admin_user):
    night, games = playing_night
    response = _client(admin_user).post(reverse("events:night_close_ask", args=[night.pk]),
                                        {f"game_{games[0].pk}": "cancel"}, **KO)
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    night.refresh_from_db()
    games[0].refresh_from_db()
    assert night.status == ClubNight.Status.OPEN
    assert games[0].status == Game.Status.IN_PROGRESS


def test_a_night_without_tables_playing_closes_on_the_one_confirming_tap(club, season, admin_user):
    night = services.night_open(club=club, season=season, by=admin_user)
    response = _client(admin_user).post(reverse("events:night_close", args=[night.pk]), {"confirm": "1"})
    assert response.status_code == HTTPStatus.FOUND  # no ask page: nothing is playing (tests/events/test_confirm.py)
    night.refresh_from_db()
    assert night.status == ClubNight.Status.CLOSED


@pytest.mark.parametrize(("action", "words"), [("time", "시간 종료"), ("referee", "심판 종료")],
                         ids=["time end on the night's page and board", "referee end on the night's page and board"])
def test_the_night_and_its_board_say_how_a_game_ended(playing_night, admin_user, action, words):
    night, games = playing_night
    open_games.settle_game(game=games[0], action=action, note="밤 마감", by=admin_user)
    c = _client(admin_user)
    assert words in html.unescape(c.get(reverse("events:night_detail", args=[night.pk]), **KO).content.decode())
    board = html.unescape(c.get(reverse("events:board", args=[night.pk]), **KO).content.decode())
    assert 'data-testid="board-ended-by"' in board
    assert words in board
