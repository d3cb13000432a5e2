"""A whole club night in a real browser: the admin's desk, members' phones (390×844), the board (1920×1080).

The admin opens the night for the Juki season with the Juki sanma season for a leftover three;
two members check in from their phones through the link the board's QR code carries, twelve at
the desk; "seat round 1" makes two tables of 4 and two of 3; a member watches table 1 on their
phone while its host saves a hand, and both the watcher's screen and the board show it without a
reload (a marker set in the page survives). The games end (written through the services while every
page is idle), one member leaves, a late arrival checks in, and round 2 seats the late arrival and
not the leaver — the board following along by itself.
"""
from __future__ import annotations

import re
import shutil

import pytest

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_game_night import login
from tests.e2e.test_table_browser import expect_preview, save, tap
from tests.e2e.waits import new_document

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1, "is_mobile": False,
           "has_touch": False}
BOARD = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1, "is_mobile": False,
         "has_touch": False}
NAMES = ["김민준", "이서연", "박도윤", "최하은", "정지호", "강수아", "조예준", "윤지우", "장시우", "임서윤",
         "한도현", "오하린", "서준우", "신유나", "권태민"]


@pytest.fixture
def club_night(transactional_db):
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory(name="쥬키의 아지트", slug="juki")
    members = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"p{i}"))
               for i, n in enumerate(NAMES)]
    admin = MemberFactory(club=club, display_name="관리자", user=UserFactory(username="admin"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    SeasonFactory(club=club, name="2026 시즌",
                  ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    SeasonFactory(club=club, name="2026 삼마",
                  ruleset=RulesetFactory(club=club, key="juki-agit-sanma-2026", base="juki-agit-sanma-2026"))
    return club, members


def finish_round(rnd) -> None:
    """End every game of the round at once: a yakuman ron off East (below zero ends the game)."""
    from league.games import services as game_services
    from league.models import Game

    for table in rnd.tables.select_related("game"):
        if table.game.status == Game.Status.IN_PROGRESS:
            position = table.game.hands.count()
            game_services.hand_record(game=table.game, position=position, by=None, event={
                "kind": "ron", "loser": 0, "riichi": [], "wins": [{"winner": 1, "yakuman": 1}]})


def seated_ids(rnd) -> set[int]:
    from league.models import GameSeat

    return set(GameSeat.objects.filter(game__night_table__round=rnd).values_list("member_id", flat=True))


def test_a_whole_club_night(base_url, new_context, club_night, shots):
    from events.models import ClubNight, NightTable

    club, members = club_night
    by_name = {m.display_name: m for m in members}

    # The admin opens the night at the desk.
    desk = login(new_context(**DESKTOP), base_url, "admin", "/events/c/juki/nights/")
    desk.select_option("select[name=season]", label="2026 시즌")
    desk.select_option("select[name=sanma_season]", label="2026 삼마")
    desk.fill("input[name=title]", "목요일 클럽 나이트")
    new_document(desk, lambda: desk.click("[data-testid=open-night] button[type=submit]"))
    night = ClubNight.objects.get()
    assert night.sanma_season.name == "2026 삼마"
    assert night.round_minutes == 80
    night_path = f"/events/nights/{night.pk}/"
    expect(desk).to_have_url(f"{base_url}{night_path}")

    # The projector shows the board; a marker in the page proves it never reloads.
    board = login(new_context(**BOARD), base_url, "admin", f"{night_path}board/")
    expect(board.locator("[data-testid=qr] svg")).to_be_visible()
    board.evaluate("window.__stayed = true")
    checkin_url = board.locator(".bd-url").inner_text().strip()
    assert checkin_url.endswith(f"{night_path}check-in/")

    # Two members check in from their phones through the QR code's link.
    phones = {}
    for username in ("p0", "p1"):
        context = new_context()
        phone = login(context, base_url, username, f"{night_path}check-in/")
        phone.click("[data-testid=check-in]")
        expect(phone.locator("[data-testid=checked-in]")).to_be_visible()
        phones[username] = phone
    # Checking in twice is harmless.
    phones["p0"].goto(checkin_url.replace("http://localhost:", "http://127.0.0.1:"))
    expect(phones["p0"].locator("[data-testid=checked-in]")).to_be_visible()

    # Twelve more at the desk.
    for member in members[2:14]:  # one tap a name, found by the search box
        desk.fill("[data-testid=desk-checkin] input[type=search]", member.display_name)
        new_document(desk, lambda selector=f"[data-testid=desk-checkin-{member.pk}]": desk.click(selector))
        expect(desk.locator(f"[data-testid=checkin-{member.pk}]")).to_be_visible()
    expect(board.locator(".bd-present")).to_contain_text("14")

    # Round 1: fourteen present, the sanma season: two tables of 4 and two of 3.
    new_document(desk, lambda: desk.click("[data-testid=seat-next]"))
    expect(desk.locator("[data-testid^=table-1-]")).to_have_count(4)
    expect(desk.locator("[data-testid=round-1] .pill")).to_have_count(2)
    expect(board.locator("[data-testid^=board-table-1-]")).to_have_count(4)
    rnd1 = night.rounds.get(number=1)
    assert sorted(t.game.seats for t in rnd1.tables.all()) == [3, 3, 4, 4]
    desk.screenshot(path=f"{shots}/night-desk.png", full_page=True)

    # p14 (not here yet) watches table 1 on their phone.
    table1 = NightTable.objects.get(round=rnd1, label="1")
    game = table1.game
    seats = list(game.seat_set.select_related("member").order_by("seat"))
    watcher = login(new_context(), base_url, "p14", f"/games/{game.pk}/table/")
    expect(watcher.locator("[data-testid=watch-live]")).to_have_count(1)
    expect(watcher.locator("[data-testid=countdown]")).to_have_text(re.compile(r"^(79|80):\d\d$"))
    watcher.evaluate("window.__stayed = true")

    # Its East player hosts: seat 1 rons seat 2 for 3 han 30 fu.
    host_name = f"p{NAMES.index(seats[0].member.display_name)}"
    host = login(new_context(), base_url, host_name, f"/games/{game.pk}/table/")
    expect(host.locator("[data-testid=night-timer]")).to_contain_text("1라운드")
    tap(host, "ron_winner", "1")
    tap(host, "ron_loser", "2")
    tap(host, "ron_value", "3-30")
    expect_preview(host, [0, 3900, -3900, 0])
    save(host, next_position=1)
    host.screenshot(path=f"{shots}/night-table.png")

    # The board and the watcher follow by themselves, without a reload.
    table_card = board.locator("[data-testid=board-table-1-1]")
    expect(table_card).to_contain_text("28,900", timeout=4000)
    expect(table_card).to_contain_text("21,100")
    assert board.evaluate("window.__stayed") is True
    expect(watcher.locator("[data-testid=score-1]")).to_have_text("28,900", timeout=6000)
    assert watcher.evaluate("window.__stayed") is True
    board.screenshot(path=f"{shots}/night-board.png")

    # The round ends; one member leaves; p14 arrives late (from their phone).
    for page in (desk, board, host, watcher, *phones.values()):
        page.wait_for_load_state("networkidle")
    finish_round(rnd1)
    leaver = seats[3].member
    desk.reload()
    desk.once("dialog", lambda dialog: dialog.accept())  # one confirming tap (issue 25 item 5)
    new_document(desk, lambda: desk.click(f"[data-testid=leave-{leaver.pk}]"))
    expect(desk.locator(f"[data-testid=checkin-{leaver.pk}]")).to_have_class("gone")
    watcher.goto(f"{base_url}{night_path}check-in/")
    watcher.click("[data-testid=check-in]")
    expect(watcher.locator("[data-testid=checked-in]")).to_be_visible()

    # Round 2: still fourteen (thirteen and the late arrival), the leaver not among them.
    new_document(desk, lambda: desk.click("[data-testid=seat-next]"))
    expect(desk.locator("[data-testid^=table-2-]")).to_have_count(4)
    rnd2 = night.rounds.get(number=2)
    assert by_name["권태민"].pk in seated_ids(rnd2)
    assert leaver.pk not in seated_ids(rnd2)
    assert len(seated_ids(rnd2)) == 14
    expect(board.locator("[data-testid^=board-table-2-]")).to_have_count(4)
    expect(board.locator("[data-testid=board-results]")).to_contain_text(seats[1].member.display_name)
    assert board.evaluate("window.__stayed") is True
    board.screenshot(path=f"{shots}/night-board-round-2.png")
