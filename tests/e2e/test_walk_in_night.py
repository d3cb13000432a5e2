"""A night of walk-ins in a real browser (issue 42, done-when): twelve guests added at the desk in one step, three
tables seated, each table's hands entered on its own phone (a separate browser context) **with the table code
only** — no login; one table timed out with a yellow card in its hand, one table with no hands; the night closed
("현재 점수로 종료" for the played tables, the empty one cancelled); the standings count what was played. The same
code is refused at another table and once its game is over. Phones are 390×844; the screenshots are the ones
docs/events.md shows (``E2E_SHOTS=docs/img/walk-ins``)."""
from __future__ import annotations

import datetime
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
GUESTS = ["김손님", "이손님", "박손님", "최손님", "정손님", "강손님", "조손님", "윤손님", "장손님", "임손님",
          "한손님", "오손님"]


@pytest.fixture
def club(transactional_db):
    from events.nights import services as nights
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory(name="쥬키의 아지트", slug="juki")
    admin = MemberFactory(club=club, display_name="관리자", user=UserFactory(username="admin"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    season = SeasonFactory(club=club, name="2026 시즌",
                           ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    night = nights.night_open(club=club, season=season, title="워크인 나이트", round_minutes=80, by=admin.user)
    return club, night, admin.user


def code_phone(new_context, base_url: str, code: str):
    """A phone with no login that typed its table's code at /t/."""
    phone = new_context().new_page()
    phone.goto(f"{base_url}/t/")
    phone.fill("input[name=code]", code.lower())
    new_document(phone, lambda: phone.click("form button[type=submit]"))
    return phone


def test_a_night_of_walk_ins_played_with_table_codes(base_url, new_context, club, shots):
    from events.nights.models import NightTable
    from league.games import services as game_services
    from league.models import Game
    from league.referee import services as referee_services

    club, night, admin = club
    night_path = f"/events/nights/{night.pk}/"

    # The desk adds twelve walk-ins in one step.
    desk = login(new_context(), base_url, "admin", night_path)
    desk.fill("[data-testid=walk-in-names]", "\n".join(GUESTS))
    desk.screenshot(path=f"{shots}/walk-ins-desk.png", full_page=True)
    new_document(desk, lambda: desk.click("[data-testid=walk-in-add]"))
    expect(desk.locator(".messages")).to_contain_text("김손님")

    # Three tables.
    new_document(desk, lambda: desk.click("[data-testid=seat-next]"))
    expect(desk.locator("[data-testid^=table-1-]")).to_have_count(3)
    tables = list(NightTable.objects.filter(round__night=night).select_related("game").order_by("label"))
    games = [t.game for t in tables]
    assert all(g.table_code for g in games)

    # Each table's phone comes in with its code alone and enters its hands.
    phones = [code_phone(new_context, base_url, g.table_code) for g in games]
    for phone, game in zip(phones, games, strict=True):
        expect(phone).to_have_url(f"{base_url}/games/{game.pk}/table/")
    phones[0].screenshot(path=f"{shots}/walk-ins-table-code.png")
    for phone in phones[:2]:
        tap(phone, "ron_winner", "1")
        tap(phone, "ron_loser", "2")
        tap(phone, "ron_value", "3-30")
        expect_preview(phone, [0, 3900, -3900, 0])
        save(phone, next_position=1)
    phones[0].screenshot(path=f"{shots}/walk-ins-table-saved.png")

    # The code opens no other table.
    phones[0].goto(f"{base_url}/games/{games[1].pk}/table/")
    expect(phones[0]).to_have_url(re.compile(r"/accounts/login/"))

    # Table 2: time is up, and in the hand in play a referee's yellow card only.
    up = datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=1)
    game_services.game_time_set(game=games[1], ends_at=up)
    referee_services.penalty_hand(game=games[1], position=1, by=admin,
                                  event={"kind": "penalty", "type": "yellow_card", "player": 2})

    # The night is closed: the played tables at their scores, the empty table cancelled (chosen by default).
    desk.goto(f"{base_url}{night_path}close/ask/")
    expect(desk.locator(f"[data-testid=close-hands-{games[2].pk}]")).to_have_text("0국")
    desk.screenshot(path=f"{shots}/walk-ins-close.png", full_page=True)
    new_document(desk, lambda: desk.click("[data-testid=close-confirm]"))
    statuses = {g.pk: Game.objects.get(pk=g.pk) for g in games}
    assert statuses[games[0].pk].status == Game.Status.FINISHED
    assert statuses[games[1].pk].status == Game.Status.FINISHED  # the yellow card did not stop it
    assert statuses[games[2].pk].status == Game.Status.CANCELLED
    assert statuses[games[2].pk].final_points is None
    assert statuses[games[1].pk].hands.filter(event__kind="penalty").exists()

    # Over: the code is refused at /t/ now.
    late = new_context().new_page()
    late.goto(f"{base_url}/t/{games[0].table_code}")
    expect(late.locator("[role=alert]")).to_contain_text("진행 중인 테이블이 없습니다")

    # The standings count the two played tables' eight guests, none of the cancelled table's.
    from league.standings import selectors as standings

    rows = standings_rows(standings, night.season)
    played = {s.member.display_name for g in games[:2] for s in g.seat_set.select_related("member")}
    assert {name for name, count in rows.items() if count} == played
    desk.goto(f"{base_url}/seasons/{night.season_id}/standings/")
    for name in played:
        expect(desk.locator("body")).to_contain_text(name)
    desk.screenshot(path=f"{shots}/walk-ins-standings.png", full_page=True)


def standings_rows(standings, season) -> dict[str, int]:
    """Games counted per member name in the season's standings."""
    from league.models import Game, GameSeat

    counted = (GameSeat.objects.filter(game__season=season, game__status=Game.Status.FINISHED)
               .values_list("member__display_name", flat=True))
    out: dict[str, int] = {}
    for name in counted:
        out[name] = out.get(name, 0) + 1
    return out
