"""On ``make run`` (issue 42 item 6): eager tasks, no worker, no beat. A notification whose first send fails (the
service is away) is sent again by the web process itself within a minute of the service coming back — exactly
once — where it used to wait for a beat that ``make run`` never starts. Against the local fake service."""
from __future__ import annotations

import threading
import time

import pytest

from league.games import services as game_services
from notify import delivery
from notify.models import Outbox
from tests.league.events import ALL_LAST_FINISH
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)  # the retry runs in its own thread: it sees committed rows


@pytest.fixture
def make_run_settings(settings):
    """What config.settings.local says about notifications (the rest of the test settings are alike: eager)."""
    from config.settings import local

    settings.NOTIFY_EMBEDDED_RETRY = local.NOTIFY_EMBEDDED_RETRY
    settings.NOTIFY_RETRY_MAX_SECONDS = local.NOTIFY_RETRY_MAX_SECONDS
    settings.NOTIFY_MAX_ATTEMPTS = local.NOTIFY_MAX_ATTEMPTS
    assert settings.CELERY_TASK_ALWAYS_EAGER
    return settings


def _wait_for(predicate, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    return predicate()


@pytest.mark.waits
def test_a_send_that_failed_once_is_sent_once_within_a_minute_of_the_service_coming_back(
        game, discord, fake, make_run_settings):
    fake.script.append((503, {"message": "Service Unavailable"}))  # away for the first send, back after it
    for i, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=game, position=i, event=event, by=None)
    row = Outbox.objects.get(channel=discord)
    assert row.status == Outbox.Status.PENDING
    assert row.attempts == 1
    back_at = time.monotonic()
    sent = _wait_for(lambda: Outbox.objects.filter(pk=row.pk, status=Outbox.Status.SENT).exists(), 60)
    assert sent, Outbox.objects.get(pk=row.pk).last_error
    assert time.monotonic() - back_at < 60
    # nothing more goes out after the send: the retry thread ends once nothing is pending
    wait_until(lambda: not any(t.name == "notify-embedded-retry" and t.is_alive() for t in threading.enumerate()),
               timeout=60, message="the embedded retry thread still runs with nothing pending")
    assert len(fake.posted) == 1
    assert len(fake.requests) == 2
    assert fake.requests[0].body["nonce"] == fake.requests[1].body["nonce"]


def test_the_embedded_default_keeps_trying_at_least_every_thirty_seconds(make_run_settings):
    assert delivery.backoff(10) == 30
    assert delivery.max_attempts() * 30 >= 3600


@pytest.mark.django_db
def test_the_notifications_page_says_network_errors_chats_and_senders_in_korean(club, admin, settings):
    """Issue 42 item 9: "ProxyError", "ConnectionError", "chat -100123456", "(보낸 사람: admin)"."""
    from django.test import Client
    from django.urls import reverse

    from notify import messages, services
    from notify.models import Channel
    from tests.notify.fake_services import BOT_TOKEN

    channel = services.channel_connect(club=club, kind="telegram", secret=BOT_TOKEN, chat_id="-100123456", by=admin,
                                       events=["game_ended"])
    Outbox.objects.create(channel=channel, event="game_ended", key="k1", text="x", status=Outbox.Status.PENDING,
                          last_error="ProxyError", nonce="n1")
    Outbox.objects.create(channel=channel, event="game_ended", key="k2", text="x", status=Outbox.Status.PENDING,
                          last_error="ConnectionError", nonce="n2")
    client = Client()
    client.force_login(admin)
    page = client.get(reverse("notify:channels", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert "ProxyError" not in page
    assert "ConnectionError" not in page
    assert "chat -100123456" not in page
    text = messages.test_message(Channel.objects.get(pk=channel.pk), key="t", by=admin).lines[0]
    assert "(보낸 사람: 관리자)" in text
    assert admin.username not in text
