from __future__ import annotations

import pytest

from tests.notify import fake_services


@pytest.fixture
def fake(settings):
    fake, server = fake_services.start()
    settings.NOTIFY_DISCORD_WEBHOOK_PREFIXES = (fake.base + "/api/webhooks/",)
    settings.NOTIFY_TELEGRAM_API_BASE = fake.base
    yield fake
    server.shutdown()
    server.server_close()


@pytest.fixture
def admin(request):
    """The club's admin (``admin_user`` of tests/conftest.py)."""
    return request.getfixturevalue("admin_user")


@pytest.fixture
def discord(club, admin, fake):
    from notify import services

    return services.channel_connect(club=club, kind="discord", secret=fake.webhook_url, by=admin,
                                    events=["round_seated", "game_ended", "night_ended", "penalty_given"])


@pytest.fixture
def telegram(club, admin, fake):
    from notify import services
    from tests.notify.fake_services import BOT_TOKEN

    return services.channel_connect(club=club, kind="telegram", secret=BOT_TOKEN, chat_id="-1001234567890",
                                    by=admin, events=["game_ended"])
