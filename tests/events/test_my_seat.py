"""My seat on my phone (issue 27 item 1): table, seat wind and opponents as soon as a round is seated,
"time is nearly up", the result when the game ends; the fragment is 304 until something it shows changes."""
from __future__ import annotations

import datetime
from http import HTTPStatus

import pytest
from django.urls import reverse

from events.models import NightRound
from events.nights import services
from events.web.nights import myseat
from league.games import services as game_services
from tests.factories import CheckInFactory, UserFactory
from tests.league.events import ALL_LAST_FINISH, ron

pytestmark = pytest.mark.django_db

WINDS_KO = ["동", "남", "서", "북"]


def seat_first_round(night, members, admin_user, n=8):
    CheckInFactory.for_members(night, members[:n])
    return services.round_seat(night=night, number=1, by=admin_user, seed=1)[0]


def test_a_seated_player_sees_table_wind_and_opponents(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user)
    table = rnd.tables.order_by("label").first()
    seats = sorted(table.game.seat_set.select_related("member"), key=lambda s: s.seat)
    me = seats[2]
    client.force_login(me.member.user)
    page = client.get(reverse("events:night_checkin", args=[night.pk])).content.decode()
    assert f"1라운드 · {table.label}번 테이블" in page
    assert f"내 자리: {WINDS_KO[2]}" in page
    for other in seats:
        if other is not me:
            assert other.member.display_name in page
    assert 'id="my-seat-live"' in page


def test_the_phone_fragment_is_304_until_my_round_is_seated(client, night, members, admin_user):
    CheckInFactory.for_members(night, members[:8])
    client.force_login(members[0].user)
    url = reverse("events:my_seat_live", args=[night.pk])
    first = client.get(url)
    assert first.status_code == HTTPStatus.OK
    assert 'data-testid="my-seat-waiting"' in first.content.decode()
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == HTTPStatus.NOT_MODIFIED
    services.round_seat(night=night, number=1, by=admin_user, seed=1)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == HTTPStatus.OK
    assert 'data-testid="my-seat-wind"' in changed.content.decode()


@pytest.mark.parametrize(("minutes_ago", "phase"), [
    pytest.param(10, myseat.Phase.PLAYING, id="plenty-of-time"),
    pytest.param(71, myseat.Phase.NEARLY_UP, id="last-ten-minutes-is-nearly-up"),
    pytest.param(81, myseat.Phase.TIME_UP, id="past-the-limit-is-time-up"),
])
def test_the_phone_says_when_time_is_nearly_up(client, night, members, admin_user, minutes_ago, phase):
    rnd = seat_first_round(night, members, admin_user)
    NightRound.objects.filter(pk=rnd.pk).update(
        seated_at=rnd.seated_at - datetime.timedelta(minutes=minutes_ago))
    member = rnd.tables.first().game.seat_set.first().member
    client.force_login(member.user)
    page = client.get(reverse("events:my_seat_live", args=[night.pk])).content.decode()
    assert f'data-phase="{phase}"' in page
    assert ('data-testid="my-seat-nearly-up"' in page) == (phase == myseat.Phase.NEARLY_UP)


def test_the_phone_changes_when_the_clock_turns_nearly_up(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user)
    member = rnd.tables.first().game.seat_set.first().member
    client.force_login(member.user)
    url = reverse("events:my_seat_live", args=[night.pk])
    etag = client.get(url)["ETag"]
    NightRound.objects.filter(pk=rnd.pk).update(seated_at=rnd.seated_at - datetime.timedelta(minutes=75))
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == HTTPStatus.OK


def test_the_phone_shows_my_result_when_my_game_ends(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user)
    game = rnd.tables.first().game
    for i, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=game, position=i, event=event, by=None)
    game.refresh_from_db()
    seat = game.seat_set.get(seat=0)
    client.force_login(seat.member.user)
    page = client.get(reverse("events:my_seat_live", args=[night.pk])).content.decode()
    assert 'data-testid="my-seat-result"' in page
    assert f"대국이 끝났습니다: {game.final_ranks[0]}위, {game.final_scores[0]:,}점" in page


def test_a_hand_saved_at_my_table_changes_the_fragment(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user)
    game = rnd.tables.first().game
    client.force_login(game.seat_set.first().member.user)
    url = reverse("events:my_seat_live", args=[night.pk])
    etag = client.get(url)["ETag"]
    game_services.hand_record(game=game, position=0, event=ron(1, loser=2), by=None)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == HTTPStatus.OK


def test_a_visitor_gets_no_seat_fragment(client, night):
    client.force_login(UserFactory())
    response = client.get(reverse("events:my_seat_live", args=[night.pk]))
    assert response.status_code == HTTPStatus.NOT_FOUND  # another club's night: as a missing id (issue 35)
