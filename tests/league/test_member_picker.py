"""Issue 29, item 2: the game-start form's member picker — a short list per seat (checked in tonight,
then the latest games' players), a search by part of a name (htmx, and without JavaScript), never the
whole club; its queries do not grow with the members."""
from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.models import CheckIn, ClubNight
from league.games import services as game_services
from league.models import Game
from league.web.games import picker
from tests.factories import ClubFactory, MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def host_client(client, host):
    client.force_login(host.user)
    return client


@pytest.fixture
def club_folk(club, season, host, players):
    """``recent`` played the club's last game, ``here`` checked in at an open night, ``gone`` checked in and left,
    ``closed`` checked in at a closed night, ``stranger`` neither; ``asleep`` is an inactive member."""
    game = game_services.game_start(season=season, table_label="A", members=players, by=None)
    names = {"here": "김도착", "gone": "박귀가", "closed": "이지난", "stranger": "최처음", "asleep": "정휴면"}
    folk = {key: MemberFactory(club=club, display_name=name) for key, name in names.items()}
    folk["asleep"].active = False
    folk["asleep"].save()
    tonight = ClubNight.objects.create(club=club, season=season)
    last_week = ClubNight.objects.create(club=club, season=season, status=ClubNight.Status.CLOSED)
    CheckIn.objects.create(night=tonight, member=folk["here"])
    CheckIn.objects.create(night=tonight, member=folk["gone"], left_at=tonight.created_at)
    CheckIn.objects.create(night=last_week, member=folk["closed"])
    return {**folk, "recent": players[1], "game": game}


def _options(html: str, seat: int) -> list[str]:
    select = re.search(rf'<select name="seat_{seat}".*?</select>', html, re.S).group(0)
    return re.findall(r'<option value="(\d+)"', select)


def _groups(html: str, seat: int) -> list[str]:
    select = re.search(rf'<select name="seat_{seat}".*?</select>', html, re.S).group(0)
    return re.findall(r'<optgroup label="([^"]+)"', select)


def _start_url(club) -> str:
    return reverse("league:game_start", args=[club.slug])


@pytest.mark.parametrize(("who", "offered"), [
    pytest.param("here", True, id="a-member-checked-in-tonight-is-offered"),
    pytest.param("recent", True, id="a-player-of-the-latest-games-is-offered"),
    pytest.param("gone", False, id="a-member-who-left-tonight-is-not-offered-unless-searched"),
    pytest.param("closed", False, id="a-check-in-at-a-closed-night-does-not-count"),
    pytest.param("stranger", False, id="anyone-else-only-by-a-search"),
    pytest.param("asleep", False, id="an-inactive-member-is-never-offered"),
])
def test_what_a_seat_offers_before_any_search(host_client, club, club_folk, who, offered):
    body = host_client.get(_start_url(club), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert all((str(club_folk[who].pk) in _options(body, seat)) is offered for seat in range(4))


def test_checked_in_members_come_first_then_the_latest_players(host_client, club, club_folk):
    body = host_client.get(_start_url(club), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert _options(body, 0)[0] == str(club_folk["here"].pk)
    assert _groups(body, 0) == ["오늘 체크인", "최근 대국"]


@pytest.mark.parametrize(("text", "who", "found"), [
    pytest.param("처음", "stranger", True, id="part-of-a-name-finds-the-member"),
    pytest.param("귀가", "gone", True, id="a-member-who-left-is-found-by-name"),
    pytest.param("휴면", "asleep", False, id="an-inactive-member-is-not-found"),
    pytest.param("처음", "here", False, id="a-search-lists-only-the-names-that-match"),
])
def test_htmx_search_of_one_seat(host_client, club, club_folk, text, who, found):
    response = host_client.get(reverse("league:game_start_members", args=[club.slug]),
                               {"seat_2_q": text, "seat_2": ""}, HTTP_HX_REQUEST="true")
    assert response.status_code == HTTPStatus.OK
    body = response.content.decode()
    assert body.startswith('<select name="seat_2"')
    assert 'id="id_seat_2"' in body
    assert (str(club_folk[who].pk) in _options(body, 2)) is found


def test_htmx_search_keeps_the_chosen_member_selected(host_client, club, club_folk):
    chosen = club_folk["here"]
    body = host_client.get(reverse("league:game_start_members", args=[club.slug]),
                           {"seat_1_q": "처음", "seat_1": chosen.pk}).content.decode()
    assert _options(body, 1) == [str(chosen.pk), str(club_folk["stranger"].pk)]
    assert f'<option value="{chosen.pk}" selected>' in body


def test_find_without_javascript_shows_the_form_again_with_each_seats_search(host_client, club, season, club_folk):
    data = {"season": season.pk, "table_label": "T7", "seat_0": club_folk["here"].pk, "seat_1_q": "처음",
            "find": "1"}
    response = host_client.post(_start_url(club), data, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    body = response.content.decode()
    assert str(club_folk["stranger"].pk) in _options(body, 1)
    assert f'<option value="{club_folk["here"].pk}" selected>' in body
    assert 'value="T7"' in body
    assert 'value="처음"' in body
    assert not Game.objects.filter(table_label="T7").exists()  # finding never starts a game


def test_a_member_found_by_search_starts_a_game(host_client, club, season, host, club_folk):
    seats = [host, club_folk["stranger"], club_folk["gone"], club_folk["closed"]]
    data = {"season": season.pk, "table_label": "T8"} | {f"seat_{i}": m.pk for i, m in enumerate(seats)}
    response = host_client.post(_start_url(club), data)
    assert response.status_code == HTTPStatus.FOUND
    game = Game.objects.get(table_label="T8")
    assert [s.member_id for s in game.seat_set.order_by("seat")] == [m.pk for m in seats]


@pytest.mark.parametrize("who", ["asleep", "other-club"], ids=["an-inactive-member", "a-member-of-another-club"])
def test_a_seat_refuses_whom_the_club_cannot_seat(host_client, club, season, host, club_folk, who):
    member = club_folk["asleep"] if who == "asleep" else MemberFactory(club=ClubFactory())
    data = {"season": season.pk, "table_label": "T9", "seat_0": host.pk, "seat_1": member.pk,
            "seat_2": club_folk["here"].pk, "seat_3": club_folk["stranger"].pk}
    response = host_client.post(_start_url(club), data, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert not Game.objects.filter(table_label="T9").exists()


def test_the_next_game_link_keeps_members_who_are_not_on_the_short_list(host_client, club, club_folk):
    stranger = club_folk["stranger"]
    body = host_client.get(_start_url(club) + f"?seat_3={stranger.pk}").content.decode()
    assert f'<option value="{stranger.pk}" selected>' in body
    assert str(stranger.pk) not in _options(body, 0)


def test_a_seat_offers_at_most_the_limit(host_client, club, season, monkeypatch):
    monkeypatch.setattr(picker, "PICKER_LIMIT", 5)
    for i in range(3):
        members = [MemberFactory(club=club) for _ in range(4)]
        game_services.game_start(season=season, table_label=f"L{i}", members=members, by=None)
    body = host_client.get(_start_url(club)).content.decode()
    assert len(_options(body, 0)) == 5


def test_a_host_who_cannot_start_games_gets_no_list(client, club, players):
    client.force_login(players[0].user)
    response = client.get(reverse("league:game_start_members", args=[club.slug]), {"seat_0_q": "김"})
    assert response.status_code == HTTPStatus.FORBIDDEN


def _count(client, url, params=None) -> int:
    client.get(url, params)  # session warm
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url, params)
    assert response.status_code == HTTPStatus.OK
    return len(ctx.captured_queries)


@pytest.mark.parametrize(("page", "params"), [
    pytest.param("league:game_start", None, id="the-game-start-form"),
    pytest.param("league:game_start", {"seat_0_q": "김", "seat_2_q": "이"}, id="the-form-with-two-searches"),
    pytest.param("league:game_start_members", {"seat_1_q": "김", "seat_1": "1"}, id="the-htmx-search"),
    pytest.param("club:members", None, id="the-members-admin-page"),
    pytest.param("club:members", {"q": "김"}, id="the-members-admin-page-searched"),
])
def test_queries_do_not_grow_with_the_members(client, club, season, club_admin, page, params):
    client.force_login(club_admin.user)
    url = reverse(page, args=[club.slug])
    night = ClubNight.objects.create(club=club, season=season)

    def more(n, start):
        for i in range(start, start + n):
            members = [MemberFactory(club=club, display_name=f"{'김이'[j % 2]}{i}-{j}",
                                     user=UserFactory() if j % 2 else None) for j in range(4)]
            game_services.game_start(season=season, table_label=f"Q{i}", members=members, by=None)
            CheckIn.objects.create(night=night, member=members[0])

    more(1, 0)
    few = _count(client, url, params)
    more(40, 1)
    assert _count(client, url, params) == few


@pytest.mark.parametrize(("value", "required", "errors"), [
    pytest.param("", True, False, id="east-required-nothing-chosen"),
    pytest.param("7", False, False, id="a-chosen-member-selected"),
    pytest.param("9", True, True, id="a-refused-seat-keeps-its-error-attributes"),
])
def test_a_seats_select_is_djangos_markup(value, required, errors):
    from django import forms

    choices = [("", "—"), (9, "<b>선택</b>"), ("오늘 체크인", [(7, "김&이"), (8, "박")]), ("최근 대국", [(3, "최")])]
    attrs = {"id": "id_seat_0", **({"required": True} if required else {}),
             **({"aria-invalid": "true"} if errors else {})}
    ours = picker.SeatSelect(choices=choices).render("seat_0", value, attrs)
    django = forms.Select(choices=choices).render("seat_0", value, attrs)
    assert re.sub(r">\s+<", "><", ours) == re.sub(r">\s+<", "><", django)
