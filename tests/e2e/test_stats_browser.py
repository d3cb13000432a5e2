"""Issue 26 in a real browser, on a phone (390×844): the host enters hands with the optional
"울었음" tap, the game ends, then the player page's figures, the head-to-head and the season awards.
Screenshots (``E2E_SHOTS``): stats-entry-open.png, stats-player.png, stats-h2h.png, stats-awards.png."""
from __future__ import annotations

import shutil

import pytest

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_game_night import login
from tests.e2e.test_table_browser import expect_preview, save, stored_events, tap
from tests.e2e.waits import new_document

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]


@pytest.fixture
def seated(transactional_db):
    from league.games import services as game_services
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory(name="쥬키의 아지트", slug="juki")
    names = ["김민준", "이서연", "박도윤", "최하은"]
    players = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"p{i}"))
               for i, n in enumerate(names)]
    ClubRoleFactory(club=club, member=players[0], role="host")
    season = SeasonFactory(club=club, min_games=1,
                           ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    game = game_services.game_start(season=season, table_label="1번 테이블", members=players, by=None)
    return season, game, players


def _finish(game) -> None:
    """The rest of the hanchan by the services: each hand the dealer's left neighbour rons the one after."""
    from league.games import selectors as game_selectors
    from league.games import services as game_services
    from league.models import Game
    from scoring.game import replay

    for _ in range(24):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return
        record = game_selectors.game_record(game)
        dealer = replay(record).state.dealer
        event = {"kind": "ron", "loser": (dealer + 2) % 4,
                 "wins": [{"winner": (dealer + 1) % 4, "han": 1, "fu": 30, "open": True}], "riichi": []}
        game_services.hand_record(game=game, position=len(record["hands"]), event=event, by=None)
    raise AssertionError("the game did not end")


def test_open_tap_then_player_page_head_to_head_and_awards(base_url, new_context, seated, shots):
    season, game, players = seated
    host = login(new_context(), base_url, "p0", f"/games/{game.pk}/table/")

    # 1. A ron with the one tap "울었음" for the winner (이서연): the same taps plus one.
    tap(host, "ron_winner", "1")
    tap(host, "ron_loser", "2")
    tap(host, "ron_value", "2-30")
    host.locator('label:has(input[name="open"][value="1"])').click()
    expect_preview(host, [0, 2000, -2000, 0])
    host.screenshot(path=f"{shots}/stats-entry-open.png", full_page=False)
    save(host, next_position=1)
    # 2. A riichi tsumo by the dealer 이서연 (no tap): closed.
    host.locator('label:has(input[name="riichi"][value="1"])').click()
    tap(host, "kind", "tsumo")
    tap(host, "tsumo_winner", "1")
    tap(host, "tsumo_value", "1-30")
    save(host, next_position=2)
    first, second = stored_events(game)[:2]
    assert first["wins"][0]["open"] is True
    assert "open" not in second

    _finish(game)

    # 3. The player page: this season, all-time and the club's average, each with its sample.
    host.goto(f"{base_url}/seasons/{season.pk}/players/{players[1].pk}/")
    figures = host.locator("[data-testid=figures]")
    expect(figures).to_contain_text("울은 비율")
    expect(figures.locator('tr[data-figure="riichi_win_rate"] td').first).to_contain_text("100.0%")
    expect(figures.locator('tr[data-figure="riichi_win_rate"] td').first).to_contain_text("1 리치")
    host.screenshot(path=f"{shots}/stats-player.png", full_page=True)

    # 4. Head-to-head from the player page.
    host.select_option("select[name=other]", str(players[2].pk))
    new_document(host, lambda: host.click("[data-testid=h2h-link] button[type=submit]"))
    expect(host.locator("h1")).to_contain_text("상대 전적")
    expect(host.locator("[data-testid=h2h-games]")).to_have_text("1")
    host.screenshot(path=f"{shots}/stats-h2h.png", full_page=True)

    # 5. The season awards, each with its rule and its evidence.
    host.goto(f"{base_url}/seasons/{season.pk}/awards/")
    expect(host.locator('[data-award="iron_player"]')).to_contain_text("공동 수상: 4명")
    expect(host.locator('[data-award="biggest_hand"] a[href*="#hand-"]').first).to_be_visible()
    host.screenshot(path=f"{shots}/stats-awards.png", full_page=True)


def test_tournament_report_on_a_phone(base_url, page, transactional_db, shots):
    from events.tournaments import services
    from tests.events.test_tournaments import WIN_ORDER
    from tests.factories import (
        ClubFactory,
        ClubRoleFactory,
        EntrantFactory,
        MemberFactory,
        RulesetFactory,
        TournamentFactory,
        UserFactory,
    )

    club = ClubFactory(name="쥬키의 아지트", slug="juki")
    desk = MemberFactory(club=club, display_name="관리자", user=UserFactory(username="desk"))
    ClubRoleFactory(club=club, member=desk, role="admin")
    admin = desk.user
    members = [MemberFactory(club=club, display_name=n) for n in ["김민준", "이서연", "박도윤", "최하은"]]
    tournament = TournamentFactory(club=club, name="겨울 오픈", rounds=2, public_results=True,
                                   ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    EntrantFactory.for_members(tournament, members)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin)
    services.table_scores(table=rnd.tables.get(), scores=WIN_ORDER, by=admin)

    page.goto(f"{base_url}/events/tournaments/{tournament.pk}/results/")
    new_document(page, lambda: page.click("[data-testid=report-link]"))
    report = page.locator("[data-testid=tournament-report]")
    expect(report).to_contain_text("대회 보고서")
    expect(report.locator("[data-testid=standing-4]")).to_be_visible()
    expect(report.locator("[data-testid=report-awards]")).to_contain_text("최다 1위")
    page.screenshot(path=f"{shots}/stats-tournament-report.png", full_page=True)
