"""Club-night pages: the desk, the phone check-in, a table's referee tools, the board and its 304s."""
from __future__ import annotations

import datetime
from http import HTTPStatus

import pytest
from django.urls import reverse

from events.models import CheckIn, NightRound
from events.nights import services
from league.games import services as game_services
from league.models import Game
from tests.events.clock import seated_earlier
from tests.factories import CheckInFactory, UserFactory
from tests.league.events import ron

pytestmark = pytest.mark.django_db


def seat_first_round(night, members, admin_user, n=8):
    CheckInFactory.for_members(night, members[:n])
    return services.round_seat(night=night, number=1, by=admin_user, seed=1)[0]


def test_an_admin_opens_a_night_from_the_browser(client, club, season, sanma_season, admin_user):
    client.force_login(admin_user)
    url = reverse("events:night_list", args=[club.slug])
    assert client.get(url).status_code == HTTPStatus.OK
    response = client.post(url, {"season": season.pk, "sanma_season": sanma_season.pk, "title": "금요일",
                                 "round_minutes": 75, "end_rule": "one_more_hand"})
    assert response.status_code == HTTPStatus.FOUND
    night = club.nights.get()
    assert night.round_minutes == 75
    assert night.sanma_season == sanma_season
    assert night.end_rule == "one_more_hand"


def test_a_sanma_season_cannot_be_the_nights_season(client, club, sanma_season, admin_user):
    client.force_login(admin_user)
    response = client.post(reverse("events:night_list", args=[club.slug]),
                           {"season": sanma_season.pk, "end_rule": "finish_hand"})
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert not club.nights.exists()


def test_a_member_cannot_open_a_night(client, club, season, members):
    client.force_login(members[0].user)
    response = client.post(reverse("events:night_list", args=[club.slug]),
                           {"season": season.pk, "end_rule": "finish_hand"})
    assert response.status_code == HTTPStatus.FORBIDDEN


def test_the_phone_check_in_twice_says_nothing_changed(client, night, members):
    client.force_login(members[0].user)
    url = reverse("events:night_checkin", args=[night.pk])
    assert client.get(url).status_code == HTTPStatus.OK
    client.post(url)
    response = client.post(url, follow=True)
    assert "이미 체크인" in response.content.decode()
    assert CheckIn.objects.filter(night=night, member=members[0]).count() == 1


def test_the_check_in_page_sends_visitors_to_log_in(client, night):
    response = client.get(reverse("events:night_checkin", args=[night.pk]))
    assert response.status_code == HTTPStatus.FOUND
    assert "/accounts/login/" in response["Location"]


def test_the_desk_seats_a_round_once_when_pressed_twice(client, night, members, admin_user):
    CheckInFactory.for_members(night, members[:8])
    client.force_login(admin_user)
    url = reverse("events:round_seat", args=[night.pk])
    client.post(url, {"number": 1})
    response = client.post(url, {"number": 1}, follow=True)
    assert NightRound.objects.filter(night=night).count() == 1
    assert "이미" in response.content.decode()
    page = client.get(reverse("events:night_detail", args=[night.pk])).content.decode()
    assert 'data-testid="table-1-1"' in page
    assert 'data-testid="table-1-2"' in page


def test_seating_with_too_few_present_shows_why(client, night, members, admin_user):
    CheckInFactory(night=night, member=members[0])
    client.force_login(admin_user)
    response = client.post(reverse("events:round_seat", args=[night.pk]), {"number": 1}, follow=True)
    assert "1명" in response.content.decode() or "1 " in response.content.decode()
    assert not NightRound.objects.exists()


def test_a_member_cannot_seat_a_round(client, night, members, admin_user):
    CheckInFactory.for_members(night, members[:4])
    client.force_login(members[0].user)
    client.post(reverse("events:round_seat", args=[night.pk]), {"number": 1})
    assert not NightRound.objects.exists()


def test_leaving_mid_game_at_the_desk_is_refused_with_the_way_out(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user)
    player = rnd.tables.first().game.seat_set.first().member
    client.force_login(admin_user)
    response = client.post(reverse("events:desk_leave", args=[night.pk]), {"member": player.pk, "confirm": "1"},
                           follow=True)
    assert "대타" in response.content.decode()
    assert CheckIn.objects.get(night=night, member=player).present


def test_the_referee_gives_extra_time_and_cancels_a_table(client, night, members, admin_user, referee_user):
    rnd = seat_first_round(night, members, admin_user)
    table = rnd.tables.first()
    client.force_login(referee_user)
    url = reverse("events:table_manage", args=[table.pk])
    assert client.get(url).status_code == HTTPStatus.OK
    assert client.post(url, {"action": "extra", "minutes": 7}).status_code == HTTPStatus.FOUND
    table.refresh_from_db()
    assert table.extra_minutes == 7
    response = client.post(url, {"action": "cancel", "reason": ""})
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert client.post(url, {"action": "cancel", "reason": "귀가"}).status_code == HTTPStatus.FOUND
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.CANCELLED


def test_a_member_gets_no_referee_tools(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user)
    client.force_login(members[0].user)
    response = client.get(reverse("events:table_manage", args=[rnd.tables.first().pk]))
    assert response.status_code == HTTPStatus.FORBIDDEN


def test_the_table_screen_shows_the_countdown(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user)
    game = rnd.tables.first().game
    client.force_login(game.seat_set.first().member.user)
    page = client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'data-testid="night-timer"' in page
    assert 'data-testid="countdown"' in page
    assert 'data-testid="last-hand"' in page
    assert " hidden>" in page  # time not up yet


def test_the_table_screen_shows_the_last_hand_banner_when_time_is_up(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user)
    seated_earlier(rnd, datetime.timedelta(days=365))
    game = rnd.tables.first().game
    client.force_login(admin_user)
    page = client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'data-testid="last-hand" hidden' not in page
    assert 'data-testid="last-hand"' in page
    assert "마지막 국" in page


def test_a_watcher_gets_the_refresh_and_a_player_does_not(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user)
    game = rnd.tables.first().game
    watcher = next(m for m in members[:8] if not game.seat_set.filter(member=m).exists())
    client.force_login(watcher.user)
    assert 'data-testid="watch-live"' in client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    client.force_login(game.seat_set.first().member.user)
    assert 'data-testid="watch-live"' not in client.get(reverse("league:game_table", args=[game.pk])).content.decode()


def test_the_watch_check_is_304_until_a_hand_is_saved(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user)
    game = rnd.tables.first().game
    client.force_login(members[0].user)
    url = reverse("events:game_live", args=[game.pk])
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == HTTPStatus.NOT_MODIFIED
    game_services.hand_record(game=game, position=0, event=ron(1, loser=2), by=None)
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == HTTPStatus.OK
    assert response["ETag"] != etag


def test_the_board_shows_every_table_and_a_qr_code(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user, n=14)
    client.force_login(admin_user)
    page = client.get(reverse("events:board", args=[night.pk])).content.decode()
    assert "<svg" in page
    assert "check-in" in page
    assert page.count('data-testid="board-table-1-') == rnd.tables.count() == 4
    for t in rnd.tables.all():
        for s in t.game.seat_set.all():
            assert s.member.display_name in page


def test_the_board_fragment_is_304_until_something_changes(client, night, members, admin_user):
    rnd = seat_first_round(night, members, admin_user)
    client.force_login(admin_user)
    url = reverse("events:board_live", args=[night.pk])
    first = client.get(url)
    assert first.status_code == HTTPStatus.OK
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == HTTPStatus.NOT_MODIFIED
    game = rnd.tables.first().game
    game_services.hand_record(game=game, position=0, event=ron(1, loser=2, han=3), by=None)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == HTTPStatus.OK
    assert "28,900" in changed.content.decode()


def test_the_board_speaks_english_too(client, night, members, admin_user):
    seat_first_round(night, members, admin_user)
    client.force_login(admin_user)
    client.cookies["django_language"] = "en"
    page = client.get(reverse("events:board", args=[night.pk])).content.decode()
    assert "Tables" in page
    assert "테이블" in page  # the other language under each heading


def test_the_board_is_for_members_unless_standings_are_public(client, night):
    url = reverse("events:board", args=[night.pk])
    client.force_login(UserFactory())
    assert client.get(url).status_code == HTTPStatus.NOT_FOUND  # another club's night: as a missing id (issue 35)
    night.club.public_standings = True
    night.club.save()
    assert client.get(url).status_code == HTTPStatus.OK


def test_the_desk_checks_a_member_in_and_twice_is_harmless(client, night, members, admin_user):
    client.force_login(admin_user)
    url = reverse("events:desk_checkin", args=[night.pk])
    first = client.post(url, {"member": members[3].pk}, follow=True)
    assert "체크인했습니다" in first.content.decode()
    again = client.post(url, {"member": members[3].pk}, follow=True)
    assert "이미 체크인" in again.content.decode()
    assert CheckIn.objects.filter(night=night).count() == 1


def test_the_desk_names_who_sits_out(client, night_no_sanma, members, admin_user):
    night = night_no_sanma
    rnd = seat_first_round(night, members, admin_user, n=6)
    client.force_login(admin_user)
    page = client.get(reverse("events:night_detail", args=[night.pk])).content.decode()
    out = [m.display_name for m in members if m.pk in rnd.sitting_out]
    assert len(out) == 2
    assert all(name in page for name in out)


def test_a_plain_games_watch_view_refreshes_too(client, game, club):
    from tests.factories import MemberFactory

    watcher = MemberFactory(club=club, user=UserFactory())
    client.force_login(watcher.user)
    page = client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'data-testid="watch-live"' in page
    assert 'data-testid="night-timer"' not in page


def test_a_referee_reaches_extra_time_from_the_table_screen(client, night, members, admin_user, referee_user):
    rnd = seat_first_round(night, members, admin_user)
    table = rnd.tables.first()
    client.force_login(referee_user)
    page = client.get(reverse("league:game_table", args=[table.game.pk])).content.decode()
    assert reverse("events:table_manage", args=[table.pk]) in page
    client.force_login(table.game.seat_set.first().member.user)
    page = client.get(reverse("league:game_table", args=[table.game.pk])).content.decode()
    assert reverse("events:table_manage", args=[table.pk]) not in page


def test_the_board_switches_language_in_one_tap(client, night, admin_user):
    client.force_login(admin_user)
    url = reverse("events:board", args=[night.pk])
    assert 'value="en"' in client.get(url).content.decode()
    response = client.post(reverse("set_language"), {"language": "en", "next": url})
    assert response.status_code == HTTPStatus.FOUND
    assert "Tables" in client.get(url).content.decode()


def test_the_board_shows_what_each_chaser_needs_at_all_last(client, night, members, admin_user):
    from tests.league.events import TO_SOUTH_4

    rnd = seat_first_round(night, members, admin_user)
    at_all_last, early = [t.game for t in rnd.tables.order_by("id")][:2]
    for position, event in enumerate(TO_SOUTH_4):
        game_services.hand_record(game=at_all_last, position=position, event=event, by=None)
    client.force_login(admin_user)
    page = client.get(reverse("events:board_live", args=[night.pk])).content.decode()
    assert page.count('data-testid="board-needs"') == 1  # South 4 only, not the table still in the East
    needs = page.split('data-testid="board-needs"')[1].split("</ul>")[0]
    import re

    lines = re.findall(r'<span class="name">([^<]+)</span>', needs)
    seated = {s.member.display_name for s in at_all_last.seat_set.all()}
    assert len(lines) == 3
    assert set(lines) < seated  # one line a chaser; the leader has none
    assert "론" in needs
    assert "쯔모" in needs


def test_the_desk_check_in_is_a_searchable_list_one_tap_a_name(client, night, members, admin_user):
    # issue 25.4: not a select of every member per person, but one button a name, with a search box
    client.force_login(admin_user)
    client.post(reverse("events:desk_checkin", args=[night.pk]), {"member": members[0].pk})
    page = client.get(reverse("events:night_detail", args=[night.pk])).content.decode()
    start = page.index('data-testid="desk-checkin"')
    desk = page[page.rindex("<section", 0, start):page.index("</section>", start)]
    assert "<select" not in desk
    assert 'type="search"' in desk
    for m in members[1:]:
        assert f'name="member" value="{m.pk}"' in desk
        assert m.display_name in desk
    assert f'value="{members[0].pk}"' not in desk  # already here: not offered again
    # one tap: the name's own button posts it
    response = client.post(reverse("events:desk_checkin", args=[night.pk]), {"member": members[5].pk}, follow=True)
    assert response.status_code == HTTPStatus.OK
    assert CheckIn.objects.filter(night=night, member=members[5]).exists()
