"""The room talks, in a real browser (issue 27): a night is seated and each player's phone (390×844)
shows their table, seat wind and opponents without a reload, then their result; a table calls a
referee, the referee's screen shows it and the acknowledgement reaches the table, without reloads."""
from __future__ import annotations

import os
import shutil

import pytest

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_game_night import login

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1, "is_mobile": False,
           "has_touch": False}
NAMES = ["김민준", "이서연", "박도윤", "최하은", "정지호", "강수아", "조예준", "윤지우"]


@pytest.fixture
def room(transactional_db):
    from events.nights import services as night_services
    from tests.factories import (
        CheckInFactory,
        ClubFactory,
        ClubRoleFactory,
        MemberFactory,
        RulesetFactory,
        SeasonFactory,
        UserFactory,
    )

    club = ClubFactory(name="쥬키의 아지트", slug="juki")
    members = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"p{i}"))
               for i, n in enumerate(NAMES)]
    admin = MemberFactory(club=club, display_name="관리자", user=UserFactory(username="admin"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    referee = MemberFactory(club=club, display_name="심판", user=UserFactory(username="ref"))
    ClubRoleFactory(club=club, member=referee, role="referee")
    season = SeasonFactory(club=club, name="2026 시즌",
                           ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    night = night_services.night_open(club=club, season=season, title="목요일 클럽 나이트", round_minutes=80,
                                      by=admin.user)
    CheckInFactory.for_members(night, members)
    return night, members, admin, referee


def test_each_phone_shows_its_seat_without_reload(base_url, new_context, room, shots):
    from events.nights import services as night_services
    from league.games import services as game_services

    night, members, admin, _ = room
    path = f"/events/nights/{night.pk}/check-in/"
    phones = {m.pk: login(new_context(), base_url, f"p{i}", path) for i, m in enumerate(members[:2])}
    for phone in phones.values():
        expect(phone.get_by_test_id("my-seat-waiting")).to_be_visible()
        phone.evaluate("window.__noReload = true")

    rnd = night_services.round_seat(night=night, number=1, by=admin.user, seed=1)[0]
    for member_id, phone in phones.items():
        table = rnd.tables.get(game__seat_set__member_id=member_id)
        seat = table.game.seat_set.get(member_id=member_id)
        expect(phone.get_by_test_id("my-seat-table")).to_have_text(f"1라운드 · {table.label}번 테이블")
        expect(phone.get_by_test_id("my-seat-wind")).to_have_text(f"내 자리: {'동남서북'[seat.seat]}")
        for other in table.game.seat_set.exclude(member_id=member_id).select_related("member"):
            expect(phone.get_by_test_id("my-seat-opponents")).to_contain_text(other.member.display_name)
        assert phone.evaluate("window.__noReload") is True
    first = phones[members[0].pk]
    first.screenshot(path=os.path.join(shots, "my-seat-390x844.png"))

    game = rnd.tables.get(game__seat_set__member_id=members[0].pk).game
    game_services.hand_record(game=game, position=0, by=None, event={
        "kind": "ron", "loser": 0, "riichi": [], "wins": [{"winner": 1, "yakuman": 1}]})
    expect(first.get_by_test_id("my-seat-result")).to_contain_text("대국이 끝났습니다")
    assert first.evaluate("window.__noReload") is True
    first.screenshot(path=os.path.join(shots, "my-seat-result-390x844.png"))


def test_a_referee_call_round_trip(base_url, new_context, room, shots):
    from events.nights import services as night_services
    from league.models import RefereeCall

    night, members, admin, referee = room
    rnd = night_services.round_seat(night=night, number=1, by=admin.user, seed=1)[0]
    game = rnd.tables.order_by("label").first().game
    seat = game.seat_set.select_related("member").get(seat=2)
    username = f"p{NAMES.index(seat.member.display_name)}"

    desk = login(new_context(**DESKTOP), base_url, "ref", "/c/juki/referee/calls/")
    expect(desk.get_by_test_id("no-open-calls")).to_be_visible()
    desk.evaluate("window.__noReload = true")

    table = login(new_context(), base_url, username, f"/games/{game.pk}/table/")
    table.get_by_test_id("call-referee").click()
    table.get_by_test_id("call-reason-chombo").check()
    table.get_by_test_id("call-referee-send").click()
    expect(table.get_by_test_id("referee-call-open")).to_contain_text("심판을 불렀습니다 (촌보")
    table.evaluate("window.__noReload = true")
    table.screenshot(path=os.path.join(shots, "referee-call-390x844.png"))

    expect(desk.get_by_test_id(f"open-call-{game.pk}")).to_contain_text("촌보")
    assert desk.evaluate("window.__noReload") is True
    desk.get_by_test_id(f"acknowledge-{game.pk}").click()
    expect(desk.get_by_test_id("no-open-calls")).to_be_visible()

    expect(table.get_by_test_id("referee-call-acknowledged")).to_contain_text("심판이 오고 있습니다", timeout=15_000)
    assert table.evaluate("window.__noReload") is True
    assert RefereeCall.objects.get(game=game).acknowledged_by == referee.user


def test_an_admin_connects_discord_and_sees_a_failed_message(base_url, new_context, room, shots, settings):
    """The admin page in a browser, against the local fake Discord: connect, the secret masked, a
    game's message sent, one refused by the service shown with its reason."""
    from league.games import services as game_services
    from notify.models import Outbox
    from tests.notify import fake_services

    night, members, admin, _ = room
    fake, server = fake_services.start()
    settings.NOTIFY_DISCORD_WEBHOOK_PREFIXES = (fake.base + "/api/webhooks/",)
    try:
        page = login(new_context(**DESKTOP), base_url, "admin", "/notify/c/juki/")
        page.get_by_role("radio", name="Discord").check()
        page.fill("input[name=label]", "클럽 디스코드 #결과")
        page.fill("input[name=secret]", fake.webhook_url)
        page.get_by_role("button", name="연결", exact=True).click()
        expect(page.get_by_test_id("secret-hint")).to_have_text("••••" + fake.webhook_url[-4:])
        assert fake.webhook_url not in page.content()

        from events.nights import services as night_services

        rnd = night_services.round_seat(night=night, number=1, by=admin.user, seed=1)[0]
        fake.script.append((400, {"message": "Invalid Form Body", "code": 50035}))
        game = rnd.tables.order_by("label").first().game
        game_services.hand_record(game=game, position=0, by=None, event={
            "kind": "ron", "loser": 0, "riichi": [], "wins": [{"winner": 1, "yakuman": 1}]})
        page.reload()
        failed = Outbox.objects.get(status=Outbox.Status.FAILED)
        expect(page.get_by_test_id(f"outbox-{failed.pk}")).to_contain_text("400 Invalid Form Body")
        assert len(fake.posted) == 1  # the round's tables went out; the refused game did not
        page.screenshot(path=os.path.join(shots, "notifications-admin.png"), full_page=True)
    finally:
        server.shutdown()
        server.server_close()
