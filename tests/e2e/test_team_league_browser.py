"""A team league match day in a real browser (issue 37, done when): a captain sets a line-up on a phone;
the organiser closes the line-ups and seats the match day's game; the hand is entered on the table screen;
the team standings page and the 1920×1080 board (its live fragment, without a reload) show the result.

Four teams of two (청룡, 백호, 주작, 현무), one table. 청룡's captain picks 청룡2; the others take the
roster's first player at the close. One hand: South (백호) rons East (청룡) for a yakuman, East falls
below zero: Juki 2026 gives 백호 +77.0, 주작 +5.0, 현무 −15.0, 청룡 −67.0 (start 25,000, return 30,000,
oka +20, uma +30/+10/−10/−30; 주작 and 현무 tie on 25,000 and the seat order splits them).

With ``E2E_SHOTS=docs/img`` the screenshots of docs/team-league.md are written there.
"""
from __future__ import annotations

import datetime
import shutil

import pytest

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_game_night import login
from tests.e2e.test_table_browser import save, tap
from tests.e2e.waits import new_document

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1, "is_mobile": False,
           "has_touch": False, "locale": "ko-KR"}
BOARD = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1, "is_mobile": False,
         "has_touch": False, "locale": "ko-KR"}
TEAMS = [("청룡", "#2e7d32"), ("백호", "#546e7a"), ("주작", "#c62828"), ("현무", "#283593")]


@pytest.fixture
def match_day(transactional_db):
    from django.utils import timezone

    from events.teams import services
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, UserFactory

    club = ClubFactory(name="쥬키의 아지트", slug="juki")
    admin = MemberFactory(club=club, display_name="관리자", user=UserFactory(username="admin"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    ruleset = RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026", name="쥬키 2026")
    league = services.team_league_create(club=club, by=None, name="2026 쥬키 팀 리그", ruleset=ruleset)
    teams = []
    for k, (name, colour) in enumerate(TEAMS):
        team = services.team_add(league=league, by=None, name=name, colour=colour)
        for j in (1, 2):
            member = MemberFactory(club=club, display_name=f"{name}{j}", user=UserFactory(username=f"t{k}{j}"))
            services.roster_add(team=team, member=member, by=None, captain=j == 1,
                                joined_on=datetime.date(2026, 1, 1))
        teams.append(team)
    stage = league.stages.get(number=1)
    services.stage_edit(stage=stage, by=None, games_per_team=4, player_min_games=0, player_max_games=4)
    services.stage_open(stage=stage, by=None)
    day = services.match_day_add(stage=stage, by=None, starts_at=timezone.now() + datetime.timedelta(days=2),
                                 venue="쥬키의 아지트 본점")
    fixture = services.fixture_add(match_day=day, teams=teams, by=None)
    return league, teams, day, fixture


def test_a_captain_picks_on_a_phone_the_organiser_seats_and_the_board_follows(base_url, new_context, match_day,
                                                                               shots):
    from events.teams.models import Fixture, Slot
    from league.models import Game

    league, teams, day, fixture = match_day
    schedule = f"/events/team-leagues/{league.pk}/schedule/"

    # 청룡's captain picks 청룡2 on their phone; the pick is theirs to see until the deadline.
    phone = login(new_context(), base_url, "t01", schedule)
    phone.locator(f"[data-testid=pick-{teams[0].pk}]").select_option(label="청룡2")
    new_document(phone, lambda: phone.locator("[data-testid=pick-save]").click())
    expect(phone.locator("[data-testid=slot-player]").first).to_have_text("청룡2")
    phone.screenshot(path=f"{shots}/team-league-lineup-phone.png", full_page=True)
    assert Slot.objects.get(fixture=fixture, team=teams[0]).member.display_name == "청룡2"

    # The board is up at the venue before the game starts.
    board = new_context(**BOARD).new_page()
    board.goto(f"{base_url}/accounts/login/?next=/events/team-leagues/{league.pk}/board/")
    board.fill("input[name=username]", "admin")
    board.fill("input[name=password]", "pass1234")
    new_document(board, lambda: board.click("form[action$='/login/'] button[type=submit]"))
    expect(board.locator("[data-testid=board-standings]")).to_contain_text("청룡")

    # The organiser closes the line-ups and seats the game.
    desk = login(new_context(**DESKTOP), base_url, "admin", schedule)
    expect(desk.locator("[data-testid=slot-player]").first).to_have_text("청룡2")
    new_document(desk, lambda: desk.click("[data-testid=close-lineups]"))
    expect(desk.locator("[data-testid=slot-player]").nth(1)).to_have_text("백호1")
    new_document(desk, lambda: desk.click("[data-testid=seat-fixture]"))
    expect(desk.locator("[data-testid=game-link]")).to_be_visible()
    desk.screenshot(path=f"{shots}/team-league-schedule.png", full_page=True)
    game = Fixture.objects.get(pk=fixture.pk).game
    assert [s.member.display_name for s in game.seat_set.order_by("seat")] == ["청룡2", "백호1", "주작1", "현무1"]

    # The hand on the table screen: South rons East for a yakuman; East busts and the game ends.
    table = desk.context.new_page()
    table.goto(f"{base_url}/games/{game.pk}/table/")
    tap(table, "ron_winner", "1")
    tap(table, "ron_loser", "0")
    tap(table, "ron_value", "Y1")
    save(table, next_position=None)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED

    # The team standings and the board (its live fragment: no reload) show the result.
    desk.goto(f"{base_url}/events/team-leagues/{league.pk}/")
    expect(desk.locator("[data-testid=team-total]")).to_have_text(["+77.0", "+5.0", "−15.0", "−67.0"])
    desk.screenshot(path=f"{shots}/team-league-standings.png", full_page=True)
    expect(board.locator("[data-testid=board-team-total]")).to_have_text(["+77.0", "+5.0", "−15.0", "−67.0"])
    expect(board.locator("[data-testid=board-fixture-1-1]")).to_contain_text("백호")
    board.screenshot(path=f"{shots}/team-league-board-1920.png")

    # On the captain's phone every team league page fits 390 px (nothing scrolls sideways).
    for path in ("", "schedule/", "ranking/", "board/"):
        phone.goto(f"{base_url}/events/team-leagues/{league.pk}/{path}")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, path
    phone.goto(f"{base_url}/events/team-leagues/teams/{teams[0].pk}/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    day.refresh_from_db()
    assert day.finished_at is not None
