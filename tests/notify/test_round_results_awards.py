"""Issue 27 item 3 / issue 26 item 4: a tournament round's results when its last table finishes, the
season's awards when it is closed, tonight's awards on the night's page and in the chat when the night
closes; and the admin's test-message button. Each goes through the outbox once."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.urls import reverse

from events.nights import services as night_services
from league.games import services as game_services
from league.seasons import services as season_services
from league.standings.services import standings_refresh
from notify import services
from notify.models import Outbox
from tests.factories import CheckInFactory
from tests.league.events import ALL_LAST_FINISH

pytestmark = pytest.mark.django_db


def connect(club, admin, fake, *events):
    return services.channel_connect(club=club, kind="discord", secret=fake.webhook_url, by=admin, events=list(events))


def finish(game, captured):
    with captured(execute=True):
        for i, event in enumerate(ALL_LAST_FINISH):
            game_services.hand_record(game=game, position=i, event=event, by=None)
    game.refresh_from_db()
    return game


def first_of(game):
    return next(s.member for s in game.seat_set.select_related("member") if game.final_ranks[s.seat] == 1)


# --- a tournament round's results -----------------------------------------------------------------------
def test_round_results_go_out_once_when_the_last_table_finishes(club, ruleset, members, admin_user, fake,
                                                                 django_capture_on_commit_callbacks):
    from events.tournaments import services as tournament_services
    from tests.events.test_tournaments import WIN_ORDER, enter_all, make

    connect(club, admin_user, fake, "tournament_round_results")
    tournament = make(club, ruleset, admin_user, rounds=2)
    enter_all(tournament, members[:8], admin_user)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = tournament_services.round_seat(tournament=tournament, number=1, by=admin_user, seed=1)[0]
    first, last = list(rnd.tables.order_by("id"))
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.table_scores(table=first, scores=list(WIN_ORDER), sticks=0, by=admin_user)
    assert not Outbox.objects.exists()  # a table still plays
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.table_scores(table=last, scores=list(WIN_ORDER), sticks=0, by=admin_user)
        # a corrected score re-finishes nothing: still one message
        tournament_services.table_scores(table=last, scores=list(WIN_ORDER), sticks=0, by=admin_user,
                                         reason="다시 입력")
    [row] = Outbox.objects.all()
    lines = row.text.splitlines()
    assert lines[0] == f"**{tournament.name} · 1라운드 결과 (Round 1 results)**"
    assert lines[1].startswith(f"{first.label}번 테이블: 1위 ")
    assert lines[2].startswith(f"{last.label}번 테이블: 1위 ")
    assert lines[3] == "1라운드 후 순위:"
    assert lines[4].startswith("1위 ")
    assert row.status == Outbox.Status.SENT
    assert len(fake.posted) == 1


# --- season awards --------------------------------------------------------------------------------------
def test_closing_a_season_posts_its_awards_once(club, season, game, admin, fake, django_capture_on_commit_callbacks):
    connect(club, admin, fake, "season_awards")
    game = finish(game, django_capture_on_commit_callbacks)
    standings_refresh(season_id=season.pk)
    with django_capture_on_commit_callbacks(execute=True):
        season_services.season_close(season=season, by=admin)
        season_services.season_close(season=season, by=admin, reopen=True)
        season_services.season_close(season=season, by=admin)  # closed again: the same awards, not again
    [row] = Outbox.objects.filter(event="season_awards")
    lines = row.text.splitlines()
    assert lines[0] == f"**{season.name} 시즌 종료 · 시즌 어워드 (Season awards)**"
    assert f"최다 1위: {first_of(game).display_name} (1)" in lines
    players = ", ".join(sorted(s.member.display_name for s in game.seat_set.select_related("member")))
    assert f"철인: {players} (공동) (1)" in lines  # four players with one game each: a tie, said so
    assert len(fake.posted) == 1


def test_a_season_without_awards_posts_nothing(club, season, admin, fake, django_capture_on_commit_callbacks):
    connect(club, admin, fake, "season_awards")
    with django_capture_on_commit_callbacks(execute=True):
        season_services.season_close(season=season, by=admin)
    assert not Outbox.objects.exists()
    assert not fake.requests


# --- tonight's awards -----------------------------------------------------------------------------------
@pytest.fixture
def played_night(night, members, admin_user, django_capture_on_commit_callbacks):
    CheckInFactory.for_members(night, members[:4])
    with django_capture_on_commit_callbacks(execute=True):
        rnd = night_services.round_seat(night=night, number=1, by=admin_user, seed=1)[0]
    game = finish(rnd.tables.get().game, django_capture_on_commit_callbacks)
    return night, game


def test_tonights_awards_on_the_nights_page(client, played_night, admin_user):
    night, game = played_night
    client.force_login(admin_user)
    response = client.get(reverse("events:night_detail", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    page = response.content.decode()
    assert 'data-testid="night-awards"' in page
    assert "오늘의 어워드" in page
    assert 'data-award="most_firsts"' in page
    assert first_of(game).display_name in page
    assert 'data-award="iron_player"' not in page  # not a night's award


def test_no_awards_section_before_a_game_finishes(client, night, admin_user):
    client.force_login(admin_user)
    page = client.get(reverse("events:night_detail", args=[night.pk])).content.decode()
    assert 'data-testid="night-awards"' not in page


def test_closing_the_night_posts_tonights_awards_once(club, played_night, admin_user, fake,
                                                     django_capture_on_commit_callbacks):
    night, game = played_night
    connect(club, admin_user, fake, "night_ended", "night_awards")
    with django_capture_on_commit_callbacks(execute=True):
        night_services.night_close(night=night, by=admin_user)
        night_services.night_close(night=night, by=admin_user)
    assert list(Outbox.objects.order_by("id").values_list("event", flat=True)) == ["night_ended", "night_awards"]
    awards = Outbox.objects.get(event="night_awards").text.splitlines()
    assert awards[0] == f"**{night} · 오늘의 어워드 (Tonight's awards)**"
    assert f"최다 1위: {first_of(game).display_name} (1)" in awards
    assert len(fake.posted) == 2


# --- the admin's test button ----------------------------------------------------------------------------
def _test_form_token(client, club, channel):
    import re

    page = client.get(reverse("notify:channels", args=[club.slug])).content.decode()
    form = page[page.index(f'data-testid="test-{channel.pk}"'):]
    return re.search(r'name="entry_token" value="([^"]+)"', form).group(1)


def test_the_test_button_sends_one_message_and_says_so_in_korean(client, club, admin, fake,
                                                                  django_capture_on_commit_callbacks):
    channel = connect(club, admin, fake, "game_ended")
    client.force_login(admin)
    token = _test_form_token(client, club, channel)
    url = reverse("notify:channel_test", args=[club.slug, channel.pk])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"entry_token": token}, follow=True, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    assert "테스트 메시지를 보냈습니다" in response.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        again = client.post(url, {"entry_token": token}, follow=True, HTTP_ACCEPT_LANGUAGE="ko")  # a double tap
    assert "이미 보낸 테스트 메시지입니다" in again.content.decode()
    [row] = Outbox.objects.all()
    assert row.event == "test"
    assert row.status == Outbox.Status.SENT
    assert len(fake.posted) == 1
    assert row.text.startswith("**테스트 메시지 (Test message)**\n")
    assert club.name in row.text


@pytest.mark.parametrize(("answer", "shown"), [
    pytest.param((404, {"message": "Unknown Webhook", "code": 10015}),
                 "테스트 메시지를 보내지 못했습니다: 404 Unknown Webhook", id="4xx-failed-with-the-reason"),
    pytest.param((500, {"message": "Internal"}), "아직 보내지 못했습니다", id="5xx-tried-again-later"),
])
def test_the_test_button_shows_a_failure(client, club, admin, fake, answer, shown, django_capture_on_commit_callbacks):
    channel = connect(club, admin, fake, "game_ended")
    fake.script.append(answer)
    client.force_login(admin)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("notify:channel_test", args=[club.slug, channel.pk]),
                               {"entry_token": _test_form_token(client, club, channel)}, follow=True,
                               HTTP_ACCEPT_LANGUAGE="ko")
    assert shown in response.content.decode()
    assert Outbox.objects.get().status == (Outbox.Status.FAILED if answer[0] == 404 else Outbox.Status.PENDING)


def test_only_a_club_admin_may_send_a_test(client, club, admin, players, fake):
    channel = connect(club, admin, fake, "game_ended")
    client.force_login(players[0].user)
    response = client.post(reverse("notify:channel_test", args=[club.slug, channel.pk]), {"entry_token": "test.x"})
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert not Outbox.objects.exists()
    assert not fake.requests
