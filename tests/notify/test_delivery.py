"""Notifications sent exactly once (issue 27 items 3–5), against a local fake Discord/Telegram server:
the exact requests, retries with backoff, 4xx marked failed with the reason on the admin page, an
outbox written in the change's transaction, a worker killed mid-send, secrets never shown in full."""
from __future__ import annotations

import datetime
import json
from http import HTTPStatus

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from core.models import AuditEntry
from league.games import services as game_services
from notify import delivery, services
from notify.models import Outbox
from tests.league.events import ALL_LAST_FINISH
from tests.notify.fake_services import BOT_TOKEN, WEBHOOK_PATH

pytestmark = pytest.mark.django_db


def finish(game, captured):
    with captured(execute=True):
        for i, event in enumerate(ALL_LAST_FINISH):
            game_services.hand_record(game=game, position=i, event=event, by=None)
    game.refresh_from_db()
    return game


def test_a_finished_game_goes_to_discord_once_with_a_nonce(game, discord, fake, django_capture_on_commit_callbacks):
    game = finish(game, django_capture_on_commit_callbacks)
    row = Outbox.objects.get(channel=discord)
    assert row.status == Outbox.Status.SENT
    assert row.event == "game_ended"
    assert row.remote_id == "1000"
    [request] = fake.requests
    assert request.path == WEBHOOK_PATH
    assert request.query == "wait=true"
    assert request.body == {"content": row.text, "nonce": row.nonce, "enforce_nonce": True,
                            "allowed_mentions": {"parse": []}}
    first = sorted(game.seat_set.select_related("member"), key=lambda s: game.final_ranks[s.seat])[0]
    assert row.text.startswith("**대국 종료 (Game ended) · A**\n1위 " + first.member.display_name)
    assert len(row.nonce) <= 25


def test_telegram_gets_plain_bot_api_html(game, telegram, fake, django_capture_on_commit_callbacks):
    finish(game, django_capture_on_commit_callbacks)
    [request] = fake.requests
    assert request.path == f"/bot{BOT_TOKEN}/sendMessage"
    assert request.body["chat_id"] == "-1001234567890"
    assert request.body["parse_mode"] == "HTML"
    assert request.body["text"].startswith("<b>대국 종료 (Game ended) · A</b>\n1위 ")
    assert Outbox.objects.get(channel=telegram).status == Outbox.Status.SENT


def test_an_event_the_admin_did_not_choose_is_not_sent(game, club, admin, fake, django_capture_on_commit_callbacks):
    services.channel_connect(club=club, kind="discord", secret=fake.webhook_url, by=admin, events=["night_ended"])
    finish(game, django_capture_on_commit_callbacks)
    assert not Outbox.objects.exists()
    assert not fake.requests


def test_the_outbox_row_exists_only_if_the_change_commits(game, discord, fake):
    def change_then_fail():
        with transaction.atomic():
            for i, event in enumerate(ALL_LAST_FINISH):
                game_services.hand_record(game=game, position=i, event=event, by=None)
            assert Outbox.objects.filter(channel=discord).count() == 1  # written with the change
            raise RuntimeError("the change fails")

    with pytest.raises(RuntimeError, match="the change fails"):
        change_then_fail()
    assert not Outbox.objects.exists()
    assert not fake.requests


def test_the_same_change_twice_is_one_message(game, discord, fake, django_capture_on_commit_callbacks):
    from notify import messages

    game = finish(game, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        again = services.outbox_write(club_id=game.club_id, message=messages.game_ended(game))
    assert again == []
    assert Outbox.objects.count() == 1
    assert len(fake.requests) == 1


def ended(game):
    """A final result on the game object only (the message's content; nothing stored)."""
    game.final_ranks, game.final_scores = [1, 2, 3, 4], [40000, 30000, 20000, 10000]
    game.final_points = [50, 10, -20, -40]


def _due_now(row):
    Outbox.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now())


@pytest.mark.parametrize(("answer", "retry_in"), [
    pytest.param((500, {"message": "Internal"}), 10, id="5xx-retries-after-backoff"),
    pytest.param((502, {}), 10, id="bad-gateway-retries"),
    pytest.param((429, {"message": "You are being rate limited.", "retry_after": 3.5}), 3.5,
                 id="429-retries-after-discords-retry_after"),
])
def test_a_passing_failure_is_retried_with_the_same_nonce(game, discord, fake, django_capture_on_commit_callbacks,
                                                          answer, retry_in):
    fake.script.append(answer)
    before = timezone.now()
    finish(game, django_capture_on_commit_callbacks)
    row = Outbox.objects.get(channel=discord)
    assert row.status == Outbox.Status.PENDING
    assert row.attempts == 1
    assert str(answer[0]) in row.last_error
    wait = (row.next_attempt_at - before).total_seconds()
    assert retry_in - 0.5 <= wait <= retry_in + 5
    assert delivery.deliver(row.pk).result == delivery.Result.SKIPPED  # not due yet: nothing sent
    _due_now(row)
    assert delivery.deliver(row.pk).result == delivery.Result.SENT
    row.refresh_from_db()
    assert row.status == Outbox.Status.SENT
    assert row.attempts == 2
    assert len(fake.requests) == 2
    assert fake.requests[0].body["nonce"] == fake.requests[1].body["nonce"]
    assert len(fake.posted) == 1


def test_backoff_doubles_and_is_capped():
    assert [delivery.backoff(n) for n in (1, 2, 3, 4)] == [10, 20, 40, 80]
    assert delivery.backoff(30) == 3600


def test_a_timeout_or_no_connection_is_retried(game, club, admin, fake, django_capture_on_commit_callbacks, settings):
    settings.NOTIFY_DISCORD_WEBHOOK_PREFIXES = ("http://127.0.0.1:9/api/webhooks/",)
    channel = services.channel_connect(club=club, kind="discord", secret="http://127.0.0.1:9/api/webhooks/1/secret-token-xyz",
                                       by=admin, events=["game_ended"])
    finish(game, django_capture_on_commit_callbacks)
    row = Outbox.objects.get(channel=channel)
    assert row.status == Outbox.Status.PENDING
    assert row.last_error == "ConnectionError"


def test_giving_up_after_the_last_attempt(game, discord, fake, django_capture_on_commit_callbacks):
    fake.script.extend([(503, {})] * delivery.MAX_ATTEMPTS)
    finish(game, django_capture_on_commit_callbacks)
    row = Outbox.objects.get(channel=discord)
    for _ in range(delivery.MAX_ATTEMPTS - 1):
        _due_now(row)
        delivery.deliver(row.pk)
    row.refresh_from_db()
    assert row.status == Outbox.Status.FAILED
    assert row.attempts == delivery.MAX_ATTEMPTS
    assert "6회 시도 후 포기" in row.last_error


@pytest.mark.parametrize(("kind", "answer", "reason"), [
    pytest.param("discord", (400, {"message": "Invalid Form Body", "code": 50035}), "400 Invalid Form Body",
                 id="discord-400-failed"),
    pytest.param("discord", (404, {"message": "Unknown Webhook", "code": 10015}), "404 Unknown Webhook",
                 id="discord-deleted-webhook-failed"),
    pytest.param("telegram", (403, {"ok": False, "error_code": 403,
                                    "description": "Forbidden: bot was kicked from the group chat"}),
                 "403 Forbidden: bot was kicked from the group chat", id="telegram-bot-kicked-failed"),
])
def test_a_4xx_is_failed_with_the_reason_on_the_admins_page(client, game, request, fake, admin,
                                                            django_capture_on_commit_callbacks, kind, answer, reason):
    channel = request.getfixturevalue(kind)
    fake.script.append(answer)
    finish(game, django_capture_on_commit_callbacks)
    row = Outbox.objects.get(channel=channel)
    assert row.status == Outbox.Status.FAILED
    assert row.last_error == reason
    assert row.attempts == 1
    _due_now(row)
    assert delivery.deliver(row.pk).result == delivery.Result.SKIPPED  # failed is never retried
    client.force_login(admin)
    page = client.get(reverse("notify:channels", args=[game.club.slug])).content.decode()
    assert reason in page
    assert f'data-testid="outbox-{row.pk}" data-status="failed"' in page


def test_two_workers_never_both_claim_a_row(game, discord, fake):
    from notify import messages

    ended(game)
    with transaction.atomic():
        [row] = services.outbox_write(club_id=game.club_id, message=messages.game_ended(game))
    first = delivery.claim(row.pk)
    assert first is not None
    assert delivery.claim(row.pk) is None


def test_a_worker_killed_mid_send_to_discord_is_resent_with_the_same_nonce(game, discord, fake, settings,
                                                                          django_capture_on_commit_callbacks):
    from notify import messages

    game = finish(game, django_capture_on_commit_callbacks)
    Outbox.objects.all().delete()
    fake.posted.clear()
    fake.requests.clear()
    with transaction.atomic():
        [row] = services.outbox_write(club_id=game.club_id, message=messages.game_ended(game))
    claimed = delivery.claim(row.pk)
    delivery.send(claimed)  # the message is posted … and the worker dies before it commits "sent"
    assert Outbox.objects.get(pk=row.pk).status == Outbox.Status.SENDING
    assert delivery.requeue_stale()["outbox_queued"] == []  # within the lease: left alone
    Outbox.objects.filter(pk=row.pk).update(claimed_at=timezone.now() - datetime.timedelta(minutes=5))
    with django_capture_on_commit_callbacks(execute=True):
        summary = delivery.requeue_stale()
    assert summary["outbox_queued"] == [row.pk]
    row.refresh_from_db()
    assert row.status == Outbox.Status.SENT
    assert len(fake.requests) == 2
    assert len(fake.posted) == 1  # Discord kept one message (enforce_nonce)


def test_a_worker_killed_mid_send_to_telegram_is_not_resent(game, telegram, fake, django_capture_on_commit_callbacks):
    from notify import messages

    game = finish(game, django_capture_on_commit_callbacks)
    Outbox.objects.all().delete()
    fake.posted.clear()
    with transaction.atomic():
        [row] = services.outbox_write(club_id=game.club_id, message=messages.game_ended(game))
    delivery.send(delivery.claim(row.pk))
    Outbox.objects.filter(pk=row.pk).update(claimed_at=timezone.now() - datetime.timedelta(minutes=5))
    assert delivery.requeue_stale()["outbox_unknown"] == 1
    row.refresh_from_db()
    assert row.status == Outbox.Status.FAILED
    assert "다시 보내지 않음" in row.last_error
    assert len(fake.posted) == 1


def test_league_requeue_stale_picks_up_the_outbox(game, discord, fake, django_capture_on_commit_callbacks):
    from config.tasks import requeue_stale
    from notify import messages

    ended(game)
    with transaction.atomic():  # written, but its queueing was lost (a broker that was down)
        [row] = services.outbox_write(club_id=game.club_id, message=messages.game_ended(game))
    with django_capture_on_commit_callbacks(execute=True):
        summary = requeue_stale()
    assert summary["outbox_queued"] == [row.pk]
    assert Outbox.objects.get(pk=row.pk).status == Outbox.Status.SENT
    assert len(fake.posted) == 1


# --- the admin's page and the secrets ---------------------------------------------------------------
def test_the_admin_connects_discord_and_the_secret_is_never_shown_back(client, club, admin, fake):
    client.force_login(admin)
    url = reverse("notify:channels", args=[club.slug])
    response = client.post(url, {"kind": "discord", "secret": fake.webhook_url, "label": "클럽 채널",
                                 "events": ["round_seated", "game_ended"]}, follow=True)
    assert response.status_code == HTTPStatus.OK
    page = response.content.decode()
    channel = club.notify_channels.get()
    token = WEBHOOK_PATH.rsplit("/", 1)[1]
    assert token not in page
    assert fake.webhook_url not in page
    assert "••••" + token[-4:] in page
    assert channel.events == ["round_seated", "game_ended"]
    assert channel.secret == fake.webhook_url
    assert token not in channel.secret_encrypted
    assert token not in json.dumps(list(AuditEntry.objects.filter(object_type="notify_channel")
                                        .values("before", "after")))
    assert token not in repr(channel)
    assert token not in str(channel)


def test_connecting_twice_with_the_same_form_connects_once(client, club, admin, fake):
    """A double tap or Back + resubmit must not make a second channel (every message would go out twice)."""
    client.force_login(admin)
    url = reverse("notify:channels", args=[club.slug])
    data = {"kind": "discord", "secret": fake.webhook_url, "label": "클럽 채널", "events": ["game_ended"],
            "entry_token": "channel.same-form"}
    client.post(url, data)
    again = client.post(url, data, follow=True, HTTP_ACCEPT_LANGUAGE="ko")
    assert "이미 연결된 채널입니다" in again.content.decode()
    assert club.notify_channels.count() == 1


@pytest.mark.parametrize(("data", "words"), [
    pytest.param({"kind": "discord", "secret": "https://example.com/hook"}, "Discord 웹후크 URL이 아닙니다",
                 id="not-a-discord-webhook"),
    pytest.param({"kind": "telegram", "secret": "not-a-token", "chat_id": "-100123"}, "텔레그램 봇 토큰이 아닙니다",
                 id="not-a-telegram-token"),
    pytest.param({"kind": "telegram", "secret": BOT_TOKEN, "chat_id": "my group"}, "채팅 ID",
                 id="telegram-chat-id"),
])
def test_bad_input_gets_a_korean_error_and_nothing_is_saved(client, club, admin, fake, data, words):
    client.force_login(admin)
    response = client.post(reverse("notify:channels", args=[club.slug]), data)
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert words in response.content.decode()
    assert not club.notify_channels.exists()


def test_a_member_cannot_open_the_notifications_page(client, club, players):
    client.force_login(players[0].user)
    assert client.get(reverse("notify:channels", args=[club.slug])).status_code == HTTPStatus.FORBIDDEN


def test_an_unknown_event_is_refused(club, admin, fake):
    with pytest.raises(ValidationError):
        services.channel_connect(club=club, kind="discord", secret=fake.webhook_url, by=admin, events=["lunch"])


def test_telegrams_429_waits_its_retry_after(game, telegram, fake, django_capture_on_commit_callbacks):
    fake.script.append((429, {"ok": False, "error_code": 429, "description": "Too Many Requests: retry after 7",
                              "parameters": {"retry_after": 7}}))
    before = timezone.now()
    finish(game, django_capture_on_commit_callbacks)
    row = Outbox.objects.get(channel=telegram)
    assert row.status == Outbox.Status.PENDING
    assert 6.5 <= (row.next_attempt_at - before).total_seconds() <= 12


def test_a_secret_in_a_services_answer_is_never_stored_or_logged(game, telegram, fake, caplog,
                                                                 django_capture_on_commit_callbacks):
    fake.script.append((401, {"ok": False, "description": f"Unauthorized: bot{BOT_TOKEN} is revoked"}))
    with caplog.at_level("DEBUG"):
        finish(game, django_capture_on_commit_callbacks)
    row = Outbox.objects.get(channel=telegram)
    secret_part = BOT_TOKEN.split(":")[1]
    assert row.status == Outbox.Status.FAILED
    assert "***" in row.last_error
    assert secret_part not in row.last_error
    assert secret_part not in caplog.text


def test_an_imported_game_is_announced_to_nobody(season, players, discord, fake,
                                                 django_capture_on_commit_callbacks):
    """A log import stores games played elsewhere, hundreds at once: none goes to the club's channel or to a
    player; the same record finished at a table goes to the channel once."""
    with django_capture_on_commit_callbacks(execute=True):
        imported = game_services.game_import(season=season, members=players, events=ALL_LAST_FINISH,
                                             table_label="log")
    imported.refresh_from_db()
    assert imported.status == imported.Status.FINISHED
    assert Outbox.objects.count() == 0
    assert fake.requests == []
    at_the_table = game_services.game_start(season=season, table_label="A", members=players, by=None)
    finish(at_the_table, django_capture_on_commit_callbacks)
    assert list(Outbox.objects.values_list("event", flat=True)) == ["game_ended"]
