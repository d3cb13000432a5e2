"""A whole 16-player tournament in a real browser, run by the organiser from the desk alone.

4 rounds, balanced seating, a cut to 4 after round 3 with points halved: the admin creates it;
two members register from their phones and the admin approves them; thirteen members and one
guest are added at the desk; all sixteen check in; round 1 is seated (four tables): table 1 is
entered hand by hand on the table screen (a yakuman ron ends it), the others by final scores only
(one that does not add up is refused with a clear message, nothing lost); round 2 balanced;
round 3 swiss; seating round 4 makes the cut: one final table of the top 4; its scores; the
tournament is closed and the public results page shows the final standings.
"""
from __future__ import annotations

import itertools
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
           "has_touch": False}
NAMES = ["김민준", "이서연", "박도윤", "최하은", "정지호", "강수아", "조예준", "윤지우", "장시우", "임서윤",
         "한도현", "오하린", "서준우", "신유나", "권태민"]
BOARD = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1, "is_mobile": False,
         "has_touch": False}
GUEST = "손님 백승호"
SCORES = [40000, 30000, 20000, 10000]


@pytest.fixture
def juki(transactional_db):
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, UserFactory

    club = ClubFactory(name="쥬키의 아지트", slug="juki")
    members = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"p{i}"))
               for i, n in enumerate(NAMES)]
    admin = MemberFactory(club=club, display_name="관리자", user=UserFactory(username="admin"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    ruleset = RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026", name="쥬키 2026")
    return club, members, ruleset


def submit(page, selector: str) -> None:
    new_document(page, lambda: page.click(selector))


def enter_scores(desk, rnd, skip: set[str] = frozenset()) -> None:
    for table in rnd.tables.order_by("id"):
        if table.label in skip:
            continue
        form = desk.locator(f"[data-testid=scores-{rnd.number}-{table.label}]")
        for seat, score in enumerate(SCORES):
            form.locator(f"[data-testid=score-{seat}]").fill(str(score))
        submit(desk, f"[data-testid=scores-{rnd.number}-{table.label}] [data-testid=save-scores]")
        expect(desk.locator(f"[data-testid=scores-{rnd.number}-{table.label}]")).to_have_count(0)


@pytest.mark.long
def test_a_sixteen_player_tournament_with_a_cut(base_url, new_context, juki, shots):
    from events.tournaments import standings
    from events.tournaments.models import Entrant, Tournament
    from league.models import Game

    club, members, ruleset = juki
    desk = login(new_context(**DESKTOP), base_url, "admin", "/events/c/juki/tournaments/")

    # The organiser creates the tournament.
    form = desk.locator("[data-testid=create-tournament]")
    form.locator("input[name=name]").fill("2026 쥬키배")
    form.locator("input[name=starts_on]").fill("2026-12-05")
    form.locator("select[name=ruleset]").select_option(str(ruleset.pk))
    form.locator("input[name=rounds]").fill("4")
    form.locator("input[name=cut_after]").fill("3")
    form.locator("input[name=cut_to]").fill("4")
    form.locator("select[name=carry]").select_option("half")
    form.locator("input[name=public_results]").check()  # 결과 공개: the board and the visitor below read them
    submit(desk, "[data-testid=create-tournament] button[type=submit]")
    tournament = Tournament.objects.get()
    path = f"/events/tournaments/{tournament.pk}/"
    expect(desk).to_have_url(f"{base_url}{path}")
    expect(desk.locator("[data-testid=settings]")).to_contain_text("2026-12-05")

    # Two members register from their phones; the organiser approves them.
    for username in ("p0", "p1"):
        phone = login(new_context(), base_url, username, path)
        submit(phone, "[data-testid=register-me]")
        expect(phone.locator("[data-testid=my-status]")).to_have_text("승인 대기")
    desk.reload()
    for member in members[:2]:
        submit(desk, f"[data-testid=approve-{member.pk}]")
        expect(desk.locator(f"[data-testid=entrant-{member.pk}]")).to_be_visible()

    # Thirteen more members and a guest at the desk.
    for member in members[2:]:
        desk.select_option("[data-testid=add-member] select", str(member.pk))
        submit(desk, "[data-testid=add-member] button[type=submit]")
    desk.fill("[data-testid=add-guest] input[name=name]", GUEST)
    submit(desk, "[data-testid=add-guest] button[type=submit]")
    entrants = list(Entrant.objects.filter(tournament=tournament, status="approved").select_related("member"))
    assert len(entrants) == 16
    assert sum(e.guest for e in entrants) == 1

    # Check-in on the day.
    for e in entrants:
        submit(desk, f"[data-testid=check-in-{e.member_id}]")
    expect(desk.locator("[data-testid=seat-round]")).to_contain_text("16")

    # Round 1: four tables.
    submit(desk, "[data-testid=seat-next]")
    expect(desk.locator("[data-testid^=table-1-]")).to_have_count(4)
    rnd1 = tournament.round_set.get(number=1)

    # Table 1 hand by hand on the table screen: seat 1 rons East for a yakuman, East busts.
    game1 = rnd1.tables.get(label="1").game
    table = desk.context.new_page()
    table.goto(f"{base_url}/games/{game1.pk}/table/")
    tap(table, "ron_winner", "1")
    tap(table, "ron_loser", "0")
    tap(table, "ron_value", "Y1")
    save(table, next_position=None)
    table.close()
    game1.refresh_from_db()
    assert game1.status == Game.Status.FINISHED
    assert game1.hands.count() == 1

    # The others by final scores; one that does not add up is refused and what was typed is kept.
    desk.reload()
    expect(desk.locator("[data-testid=scores-1-1]")).to_have_count(0)
    bad = desk.locator("[data-testid=scores-1-2]")
    for seat, score in enumerate([40000, 30000, 20000, 9000]):
        bad.locator(f"[data-testid=score-{seat}]").fill(str(score))
    submit(desk, "[data-testid=scores-1-2] [data-testid=save-scores]")
    expect(desk.locator(".errorlist")).to_contain_text("99,000")
    expect(desk.locator("input[name$=score3]")).to_have_value("9000")
    desk.goto(f"{base_url}{path}")
    enter_scores(desk, rnd1, skip={"1"})

    # A round is not seated twice by a stale page, and round 2 only once round 1 is done.
    submit(desk, "[data-testid=seat-next]")
    expect(desk.locator("[data-testid^=table-2-]")).to_have_count(4)
    enter_scores(desk, tournament.round_set.get(number=2))

    # Round 3: swiss, by the standings.
    desk.select_option("[data-testid=seat-round] select[name=method]", "swiss")
    points = {r["member_id"]: r["points"] for r in standings.standings(tournament)}
    ranked = sorted(points.values(), reverse=True)
    # The top four, and whoever is level with the fourth (players level in the standings are drawn at random).
    leaders = [m for m, p in points.items() if p >= ranked[3]]
    submit(desk, "[data-testid=seat-next]")
    rnd3 = tournament.round_set.get(number=3)
    assert rnd3.method == "swiss"
    # Swiss puts the strongest together unless they have met already (a repeated meeting weighs more
    # than a place in the standings): a leader always heads table 1, and the top four sit there
    # whenever no two of them met in rounds 1–2 (which the random earlier rounds decide).
    met = {frozenset(pair) for rnd in tournament.round_set.filter(number__lt=3) for t in rnd.tables.all()
           for pair in itertools.combinations(t.game.seat_set.values_list("member_id", flat=True), 2)}
    table1 = set(rnd3.tables.get(label="1").game.seat_set.values_list("member_id", flat=True))
    assert any(points[m] == ranked[0] for m in table1)
    if not any(frozenset(pair) in met for pair in itertools.combinations(leaders, 2)):
        assert table1 <= set(leaders)
    enter_scores(desk, rnd3)

    # Round 4 makes the cut: the top four at one final table, their points halved.
    top4 = [r["member_id"] for r in standings.standings(tournament)[:4]]
    stage1 = {r["member_id"]: r["points"] for r in standings.standings(tournament)}
    expect(desk.locator("[data-testid=seat-round]")).to_contain_text("4")
    submit(desk, "[data-testid=seat-next]")
    expect(desk.locator("[data-testid^=table-4-]")).to_have_count(1)
    tournament.refresh_from_db()
    assert tournament.finalists == top4
    rnd4 = tournament.round_set.get(number=4)

    # The projector follows the final table by itself (a marker in the page proves it never reloads).
    board = new_context(**BOARD).new_page()
    board.goto(f"{base_url}{path}board/")
    final_card = board.locator("[data-testid=board-table-4-1]")
    expect(final_card).to_contain_text("25,000")
    board.evaluate("window.__stayed = true")
    enter_scores(desk, rnd4)
    expect(final_card).to_contain_text("40,000", timeout=6000)
    assert board.evaluate("window.__stayed") is True
    board.screenshot(path=f"{shots}/tournament-board.png")
    desk.screenshot(path=f"{shots}/tournament-desk.png", full_page=True)

    # Closed: the public results page shows the final standings.
    submit(desk, "[data-testid=finish]")
    expect(desk).to_have_url(f"{base_url}{path}results/")
    final = rnd4.tables.get().game
    final.refresh_from_db()
    winner_seat = final.final_ranks.index(1)
    winner = final.seat_set.get(seat=winner_seat).member
    rows = standings.standings(tournament)
    assert [r["member_id"] for r in rows[:4]] != []
    assert {r["member_id"] for r in rows[:4]} == set(top4)
    first = rows[0]
    assert first["points"] == stage1[first["member_id"]] / 2 + first["stage2"]
    visitor = new_context().new_page()
    visitor.goto(f"{base_url}{path}results/")
    expect(visitor.locator("[data-testid=standing-1]")).to_contain_text(first["name"])
    expect(visitor.locator("[data-testid=standing-1] [data-testid=points]")).to_have_text(str(first["points"]))
    expect(visitor.locator("[data-testid^=standing-]")).to_have_count(16)
    expect(visitor.locator("[data-testid=round-4]")).to_contain_text(winner.display_name)
    visitor.screenshot(path=f"{shots}/tournament-results.png", full_page=True)
