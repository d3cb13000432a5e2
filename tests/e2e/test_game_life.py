"""A game's end in a real browser (issue 21).

A timed club night: a 1-minute round limit. The host saves a hand; the minute runs out while the next
hand is played (the test moves the round's start, and the hand already saved, two minutes back rather
than wait); the host saves the rule's last hand (each end rule: finish the hand in play / one more hand /
the next hand is all-last) and the game ends at time: the table screen says "시간 종료 — 대국 끝" with the
final points, the board shows the table's points, and the season standings include it (the rules' edge
cases at service level: tests/events/test_game_time_end.py).

A referee ends a game from the referee screen (a note required). A tournament table's entered result
shows no entry form to a seated player: nothing they can do wipes it.
"""
from __future__ import annotations

import datetime
import shutil

import pytest

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_game_night import login
from tests.e2e.test_table_browser import expect_preview, save, tap
from tests.e2e.waits import new_document
from tests.events.clock import seated_earlier

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
BOARD = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1, "is_mobile": False,
         "has_touch": False}
NAMES = ["김민준", "이서연", "박도윤", "최하은"]


@pytest.fixture
def juki(transactional_db):
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory(name="쥬키의 아지트", slug="juki")
    members = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"p{i}"))
               for i, n in enumerate(NAMES)]
    admin = MemberFactory(club=club, display_name="관리자", user=UserFactory(username="admin"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    season = SeasonFactory(club=club, name="2026 시즌",
                           ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    return club, members, admin, season


def _host_of(game) -> str:
    east = game.seat_set.select_related("member").get(seat=0).member
    return f"p{NAMES.index(east.display_name)}"


# Each end rule, the same hands: E1 before the time; the minute runs out during E2 (the hand in play).
# finish_hand: E2 is the last hand. one_more_hand: E3 too. all_last: E2 is played out, then the game ends at the
# first later hand that passes the deal (E3: seat 0 wins, the dealer seat 2 does not).
#   E1 seat 1 rons seat 2 3,900 -> [25000, 28900, 21100, 25000]; E2 seat 3 rons seat 0 -> [21100, 28900, 21100, 28900]
#   E3 seat 0 rons seat 1 -> [25000, 25000, 21100, 28900]
# Juki: (score - 30,000) / 1,000, uma 30/10/-10/-30, oka 20 to first, ties by seat order.
AFTER_E2 = ([21100, 28900, 21100, 28900], [-18.9, 48.9, -38.9, 8.9], "+48.9")  # seat 1: -1.1 + 30 + 20
AFTER_E3 = ([25000, 25000, 21100, 28900], [5.0, -15.0, -38.9, 48.9], "+48.9")  # seat 3: -1.1 + 30 + 20
END_RULES = [
    pytest.param("finish_hand", [(3, 0)], AFTER_E2, id="finish the hand in play"),
    pytest.param("one_more_hand", [(3, 0), (0, 1)], AFTER_E3, id="one more hand"),
    pytest.param("all_last", [(3, 0), (0, 1)], AFTER_E3, id="the next hand is all-last"),
]


@pytest.mark.parametrize(("end_rule", "after_time", "final"), END_RULES)
def test_a_timed_night_ends_the_game_at_time(base_url, new_context, juki, shots, end_rule, after_time, final):
    from events.nights import services
    from league.models import Game, HandRecord

    club, members, admin, season = juki
    night = services.night_open(club=club, season=season, round_minutes=1, end_rule=end_rule, by=admin.user)
    for m in members:
        services.check_in(night=night, member=m, by=admin.user)
    rnd, _ = services.round_seat(night=night, number=1, by=admin.user, seed=1)
    game = rnd.tables.get().game

    host = login(new_context(), base_url, _host_of(game), f"/games/{game.pk}/table/")
    # E1 before the time: seat 1 rons seat 2 for 3 han 30 fu (3,900).
    tap(host, "ron_winner", "1")
    tap(host, "ron_loser", "2")
    tap(host, "ron_value", "3-30")
    expect_preview(host, [0, 3900, -3900, 0])
    save(host, next_position=1)
    expect(host.locator("[data-testid=time-over]")).to_have_count(0)  # no end before the rule says so

    # The minute runs out while E2 is played.
    two = datetime.timedelta(minutes=2)
    seated_earlier(rnd, two)
    for hand in HandRecord.objects.filter(game=game):
        HandRecord.objects.filter(pk=hand.pk).update(entered_at=hand.entered_at - two)
    host.reload()
    expect(host.locator("[data-testid=last-hand]")).to_be_visible()

    # The hands after the time, 3 han 30 fu rons; the last one is the rule's last hand: the game ends.
    for i, (winner, loser) in enumerate(after_time):
        last = i == len(after_time) - 1
        tap(host, "ron_winner", str(winner))
        tap(host, "ron_loser", str(loser))
        tap(host, "ron_value", "3-30")
        save(host, next_position=None if last else 2 + i)
        if not last:
            expect(host.locator("[data-testid=time-end]")).to_have_count(0)  # the rule says play on
    expect(host.locator("[data-testid=time-end]")).to_have_text("시간 종료 — 대국 끝")
    expect(host.locator("[data-testid=final]")).to_contain_text("시간 종료")
    expect(host.locator("#hand-form")).to_have_count(0)
    host.screenshot(path=f"{shots}/time-end-table-{end_rule}.png", full_page=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.ended_by == "time"
    scores, points, top = final
    assert game.final_scores == scores
    assert game.final_points == points

    board = login(new_context(**BOARD), base_url, "admin", f"/events/nights/{night.pk}/board/")
    table = board.locator("[data-testid=board-table-1-1]")
    expect(table.locator(".pts")).to_have_count(4)
    expect(table).to_contain_text(top)

    standings = login(new_context(), base_url, "admin", f"/seasons/{season.pk}/standings/")
    for name in NAMES:
        expect(standings.locator("body")).to_contain_text(name)
    expect(standings.locator("body")).to_contain_text(top.lstrip("+"))


def test_a_referee_ends_a_game_and_a_tournament_result_stays(base_url, new_context, juki, shots):
    from club.models import ClubRole
    from events.tournaments import services as tournament_services
    from league.games import services as game_services
    from league.models import Game
    from tests.factories import ClubRoleFactory, MemberFactory, UserFactory

    club, members, admin, season = juki
    referee = MemberFactory(club=club, display_name="심판", user=UserFactory(username="ref"))
    ClubRoleFactory(club=club, member=referee, role=ClubRole.Role.REFEREE)
    game = game_services.game_start(season=season, table_label="A", members=members, by=admin.user)

    ref = login(new_context(), base_url, "ref", f"/games/{game.pk}/penalties/")
    ref.click("[data-testid=referee-end] summary")
    ref.fill("#end-note", "한 명이 급히 떠나야 함")
    new_document(ref, lambda: ref.click("[data-testid=referee-end-confirm]"))
    expect(ref.locator("[data-testid=final]")).to_contain_text("심판")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.ended_by == "referee"

    # A tournament table's result, entered at the desk: the seated player's table screen has no entry form.
    from tests.events.test_tournaments import enter_all

    tournament = tournament_services.tournament_create(club=club, name="12월 대회", ruleset=season.ruleset, rounds=1,
                                                       by=admin.user)
    enter_all(tournament, members, admin.user)
    rnd, _ = tournament_services.round_seat(tournament=tournament, number=1, by=admin.user)
    table = rnd.tables.get()
    played = tournament_services.table_scores(table=table, scores=[40000, 30000, 20000, 9000], sticks=1,
                                              by=admin.user)
    seated = login(new_context(), base_url, _host_of(played), f"/games/{played.pk}/table/")
    expect(seated.locator("[data-testid=final]")).to_contain_text("점수 입력")
    expect(seated.locator("#hand-form")).to_have_count(0)
    expect(seated.locator("[data-testid=undo]")).to_have_count(0)
    seated.screenshot(path=f"{shots}/result-table.png", full_page=True)
    played.refresh_from_db()
    assert played.status == Game.Status.FINISHED
    assert played.ended_by == "result"
    assert played.final_scores == [41000, 30000, 20000, 9000]
