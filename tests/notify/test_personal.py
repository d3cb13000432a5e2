"""Issue 27: a member's own page shows tonight's seat; a member links their own Telegram with a one-time
/start code (read from the bot's updates: a local fake Bot API) and gets only their own seat, referee
calls at their table and their result, once each; unlinking stops them."""
from __future__ import annotations

import datetime
from http import HTTPStatus

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone

from events.nights import services as night_services
from league.games import services as game_services
from league.referee import calls as referee_calls
from notify import personal, services
from notify.models import MemberTelegram, Outbox
from tests.factories import CheckInFactory
from tests.league.events import ALL_LAST_FINISH, TO_SOUTH_4
from tests.notify.fake_services import BOT_TOKEN

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot(club, admin, fake):
    """The club's Telegram bot (its group chat gets only what the admin ticked: nothing here)."""
    return services.channel_connect(club=club, kind="telegram", secret=BOT_TOKEN, chat_id="-1001234567890",
                                    bot_username="club_league_bot", by=admin, events=[])


def linked(member, bot, fake, chat_id, captured):
    link = personal.link_start(member=member, by=member.user)
    fake.start_from(chat_id, f"/start {link.code}")
    with captured(execute=True):
        assert personal.poll_updates(bot) == 1
    return MemberTelegram.objects.get(member=member)


def seat_round(night, members, admin_user, captured):
    CheckInFactory.for_members(night, members[:8])
    with captured(execute=True):
        return night_services.round_seat(night=night, number=1, by=admin_user, seed=1)[0]


# --- my seat on "내 정보" ---------------------------------------------------------------------------
def test_my_page_shows_my_seat_tonight_live(client, night, members, admin_user, django_capture_on_commit_callbacks):
    rnd = seat_round(night, members, admin_user, django_capture_on_commit_callbacks)
    member = members[0]
    table = rnd.tables.get(game__seat_set__member=member)
    client.force_login(member.user)
    response = client.get(reverse("club:me"), HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    page = response.content.decode()
    assert 'data-testid="my-seat-tonight"' in page
    assert "오늘 밤 내 자리" in page
    assert reverse("events:my_seat_live", args=[night.pk]) in page  # the same live fragment as the check-in page
    assert f"1라운드 · {table.label}번 테이블" in page
    for seat in table.game.seat_set.exclude(member=member).select_related("member"):
        assert seat.member.display_name in page


@pytest.mark.parametrize("where", ["not-checked-in", "night-closed"])
def test_my_page_shows_no_seat_when_i_am_not_at_an_open_night(client, night, members, admin_user, where):
    member = members[0]
    if where == "night-closed":
        CheckInFactory.for_members(night, [member])
        night_services.night_close(night=night, by=admin_user)
    client.force_login(member.user)
    response = client.get(reverse("club:me"))
    assert response.status_code == HTTPStatus.OK
    assert 'data-testid="my-seat-tonight"' not in response.content.decode()


def test_checked_in_but_not_seated_yet_says_so(client, night, members):
    CheckInFactory.for_members(night, [members[0]])
    client.force_login(members[0].user)
    page = client.get(reverse("club:me"), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert 'data-testid="my-seat-waiting"' in page


# --- linking my Telegram ------------------------------------------------------------------------------
def test_linking_with_the_deep_link_code(client, members, bot, fake, django_capture_on_commit_callbacks):
    member = members[0]
    client.force_login(member.user)
    response = client.post(reverse("notify:my_telegram"), {"action": "link"}, follow=True,
                           HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    link = MemberTelegram.objects.get(member=member)
    page = response.content.decode()
    assert f"https://t.me/club_league_bot?start={link.code}" in page
    assert f"/start {link.code}" in page
    assert "30분 안에" in page
    fake.start_from(555001, f"/start {link.code}")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("notify:my_telegram"), {"action": "check"}, follow=True,
                               HTTP_ACCEPT_LANGUAGE="ko")
    page = response.content.decode()
    assert 'data-testid="telegram-linked"' in page
    assert "텔레그램이 연결되었습니다" in page
    link.refresh_from_db()
    assert link.chat_id == "555001"
    assert link.code is None
    assert link.linked_at is not None
    [welcome] = fake.sent_to(555001)
    assert welcome.startswith("<b>텔레그램 연결 완료 (Linked)</b>\n")
    assert member.display_name in welcome
    bot.refresh_from_db()
    assert bot.update_offset == fake.updates[-1]["update_id"] + 1  # the update is not read again
    assert personal.poll_updates(bot) == 0
    assert len(fake.sent_to(555001)) == 1


@pytest.mark.parametrize("rule", ["from-a-group-chat", "a-wrong-code", "an-expired-code", "a-used-code"])
def test_a_code_links_only_once_only_in_time_only_from_a_private_chat(members, bot, fake, rule,
                                                                      django_capture_on_commit_callbacks):
    member = members[0]
    link = personal.link_start(member=member, by=member.user)
    code = link.code
    if rule == "from-a-group-chat":
        fake.start_from(-100777, f"/start {code}", chat_type="group")
    elif rule == "a-wrong-code":
        fake.start_from(555002, "/start wrongcode123456")
    elif rule == "an-expired-code":
        MemberTelegram.objects.filter(pk=link.pk).update(code_expires_at=timezone.now() - datetime.timedelta(seconds=1))
        fake.start_from(555002, f"/start {code}")
    else:
        fake.start_from(555002, f"/start {code}")
        with django_capture_on_commit_callbacks(execute=True):
            assert personal.poll_updates(bot) == 1
        fake.start_from(555003, f"/start {code}")  # someone else with the same code
    with django_capture_on_commit_callbacks(execute=True):
        assert personal.poll_updates(bot) == 0
    link.refresh_from_db()
    assert link.chat_id == ("555002" if rule == "a-used-code" else "")
    assert fake.sent_to(555003) == []
    assert fake.sent_to(-100777) == []


def test_only_the_member_links_their_own_telegram(members, bot):
    with pytest.raises(PermissionDenied):
        personal.link_start(member=members[0], by=members[1].user)
    with pytest.raises(PermissionDenied):
        personal.unlink(member=members[0], by=members[1].user)
    assert not MemberTelegram.objects.exists()


def test_without_a_club_bot_the_member_is_told_in_korean(client, members):
    client.force_login(members[0].user)
    page = client.get(reverse("club:me")).content.decode()
    assert 'data-testid="my-telegram"' not in page  # nothing to link to: no panel
    response = client.post(reverse("notify:my_telegram"), {"action": "link"}, follow=True, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    assert "클럽에 아직 텔레그램 봇이 연결되어 있지 않습니다" in response.content.decode()
    assert not MemberTelegram.objects.exists()


# --- my own messages ------------------------------------------------------------------------------------
def test_my_seat_call_and_result_come_to_me_once_and_only_to_me(night, members, admin_user, referee, bot, fake,
                                                               django_capture_on_commit_callbacks):
    captured = django_capture_on_commit_callbacks
    me = members[0]
    linked(me, bot, fake, 555010, captured)
    rnd = seat_round(night, members, admin_user, captured)
    table = rnd.tables.get(game__seat_set__member=me)
    game = table.game
    mine = fake.sent_to(555010)
    assert len(mine) == 2
    assert mine[1].startswith(f"<b>{night} · 1라운드 · 내 자리 (My seat)</b>\n{table.label}번 테이블, ")
    for seat in game.seat_set.exclude(member=me).select_related("member"):
        assert seat.member.display_name in mine[1]
    assert fake.sent_to("-1001234567890") == []  # the club's chat gets nothing it was not asked for
    # a referee call at my table, then "the referee is coming"
    with captured(execute=True):
        call = referee_calls.referee_call(game=game, reason="score_dispute", by=me.user)[0]
        referee_calls.referee_call_acknowledge(call=call, by=referee.user)
    mine = fake.sent_to(555010)
    assert "심판을 불렀습니다 (Referee called)" in mine[2]
    assert "점수 분쟁" in mine[2]
    assert "심판이 오고 있습니다" in mine[3]
    assert referee.display_name in mine[3]
    # my result
    with captured(execute=True):
        for i, event in enumerate(ALL_LAST_FINISH):
            game_services.hand_record(game=game, position=i, event=event, by=None)
    game.refresh_from_db()
    seat = game.seat_set.get(member=me).seat
    result = fake.sent_to(555010)[4]
    assert f"{game.final_ranks[seat]}위 · {game.final_scores[seat]:,}점" in result
    # the same changes again: nothing more
    from notify import messages

    with captured(execute=True):
        services.personal_write(member_ids=[me.pk], message=messages.my_result(game)[me.pk])
        services.personal_write(member_ids=[me.pk], message=messages.my_call(call, acknowledged=True))
    assert len(fake.sent_to(555010)) == 5
    assert set(Outbox.objects.filter(recipient__isnull=False).values_list("event", flat=True)) == {
        "my_link", "my_seat", "my_call", "my_result"}
    # nobody else at my table linked: no personal message went anywhere else
    assert {r.body["chat_id"] for r in fake.requests if r.path.endswith("/sendMessage")} == {"555010"}


def test_unlinking_stops_my_messages(client, night, members, admin_user, bot, fake, django_capture_on_commit_callbacks):
    me = members[0]
    linked(me, bot, fake, 555020, django_capture_on_commit_callbacks)
    client.force_login(me.user)
    response = client.post(reverse("notify:my_telegram"), {"action": "unlink"}, follow=True, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.OK
    assert "연결을 해제했습니다" in response.content.decode()
    assert not MemberTelegram.objects.filter(member=me).exists()
    seat_round(night, members, admin_user, django_capture_on_commit_callbacks)
    assert len(fake.sent_to(555020)) == 1  # the welcome only


def test_my_telegram_page_needs_a_login(client):
    response = client.post(reverse("notify:my_telegram"), {"action": "link"})
    assert response.status_code == HTTPStatus.FOUND
    assert "login" in response["Location"]


def test_the_beat_task_polls_a_bot_only_while_a_code_waits(members, bot, fake, django_capture_on_commit_callbacks):
    assert personal.poll_telegram() == 0
    assert fake.requests == []  # nobody is linking: the bot is not asked
    link = personal.link_start(member=members[0], by=members[0].user)
    fake.start_from(555030, f"/start {link.code}")
    with django_capture_on_commit_callbacks(execute=True):
        assert personal.poll_telegram() == 1
    assert [r.path.rsplit("/", 1)[-1] for r in fake.requests] == ["getUpdates", "sendMessage"]
    assert personal.poll_telegram() == 0
    assert len(fake.requests) == 2  # linked: no code waits any more


def _finish(game, players, captured) -> list[str]:
    """The game played to its end; notify's statements in the hand that ends it (inside its save). (A club with no
    active channel asks only for its channels: tests/notify/test_after_the_response.py.)"""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for i, event in enumerate(TO_SOUTH_4):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    with captured(execute=True), CaptureQueriesContext(connection) as queries:
        game_services.hand_record(game=game, position=len(TO_SOUTH_4), event=ALL_LAST_FINISH[-1],
                                  by=players[0].user)
    game.refresh_from_db()
    assert game.status == game.Status.FINISHED
    return [q["sql"] for q in queries.captured_queries if '"notify_' in q["sql"]]


def test_a_linked_member_gets_the_result_though_the_bot_chose_no_event(game, players, bot, fake,
                                                                       django_capture_on_commit_callbacks):
    """With the club's bot active (its group chat chose nothing), the seated member who linked their Telegram still
    gets their own result: the links are asked."""
    linked(players[0], bot, fake, "555001", django_capture_on_commit_callbacks)
    before = set(Outbox.objects.values_list("pk", flat=True))  # the link's own greeting
    statements = _finish(game, players, django_capture_on_commit_callbacks)
    assert any('"notify_membertelegram"' in sql for sql in statements)
    assert list(Outbox.objects.exclude(pk__in=before).values_list("recipient__member_id", flat=True)) == [
        players[0].pk]
