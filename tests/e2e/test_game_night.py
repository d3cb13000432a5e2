"""Game night in a real browser, across roles: the host plays, the referee cards, the admin reads the log.

One browser, one context per user (their own login cookies): the host on a phone, the referee
on a phone, the club admin on a desktop-sized window. The same stability rules as
``test_table_browser.py``: every check is a Playwright ``expect`` on the exact content expected
(htmx swaps the preview in after each tap; a partial preview must not satisfy the wait), a hand is
saved only once its preview shows the expected payments, and the database is read only while
every page is idle.

Juki's Agit 2026: 25,000 start, 30,000 return, uma 30/10/−10/−30; a second yellow card to one
player in one hand costs the chombo payment (3,000 to each other player) and play goes on.
"""
from __future__ import annotations

import shutil

import pytest

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_table_browser import expect_preview, save, stored_events, tap
from tests.e2e.waits import left_login, new_document

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1, "is_mobile": False,
           "has_touch": False}
CARD_REASONS = ["자기 차례 전에 패를 건드림", "다른 사람의 대기패를 말함"]


@pytest.fixture
def night(transactional_db):
    """A Juki season, four seated members (김민준 hosts and plays), a referee and a club admin."""
    from league.games import services as game_services
    from tests.factories import (
        ClubFactory,
        ClubRoleFactory,
        MemberFactory,
        RulesetFactory,
        SeasonFactory,
        UserFactory,
    )

    club = ClubFactory(name="쥬키의 아지트", slug="juki")
    names = ["김민준", "이서연", "박도윤", "최하은"]
    players = [MemberFactory(club=club, display_name=n, user=UserFactory(username=f"p{i}"))
               for i, n in enumerate(names)]
    ClubRoleFactory(club=club, member=players[0], role="host")
    referee = MemberFactory(club=club, display_name="정지호", user=UserFactory(username="referee"))
    ClubRoleFactory(club=club, member=referee, role="referee")
    admin = MemberFactory(club=club, display_name="강수아", user=UserFactory(username="admin"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    game = game_services.game_start(season=season, table_label="1번 테이블", members=players, by=None)
    return game, players


def login(context, base_url: str, username: str, next_path: str):
    page = context.new_page()
    page.goto(f"{base_url}/accounts/login/?next={next_path}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "pass1234")
    page.click("form[action$='/login/'] button[type=submit]")
    left_login(page)
    expect(page).to_have_url(f"{base_url}{next_path}")
    return page


def expect_scores(page, scores: list[str]) -> None:
    for seat, score in enumerate(scores):
        expect(page.locator(f"[data-testid=score-{seat}]")).to_have_text(score)


def give_yellow_card(page, member_pk: int, reason: str) -> None:
    tap(page, "member", str(member_pk))
    tap(page, "type", "yellow_card")
    page.fill("[data-testid=penalty-form] textarea[name=reason]", reason)
    new_document(page, lambda: page.click("[data-testid=penalty-form] button[type=submit]"))
    expect(page.locator("[data-testid=penalties]")).to_contain_text(reason)
    page.wait_for_load_state("networkidle")


def reload_table(page, position: int) -> None:
    page.reload()
    expect(page.locator("#hand-form input[name=position]")).to_have_value(str(position))
    page.wait_for_load_state("networkidle")


def test_game_night_host_referee_and_admin(base_url, new_context, night, shots):
    game, players = night
    table_path = f"/games/{game.pk}/table/"

    # 1. The host, on a phone: a ron, then a draw with tenpai toggles.
    host = login(new_context(), base_url, "p0", table_path)
    banner = host.locator("[data-testid=round]")
    expect(banner).to_contain_text("동 1국 · 0본장 · 공탁 0")
    tap(host, "ron_winner", "1")
    tap(host, "ron_loser", "2")
    tap(host, "ron_value", "3-30")
    expect_preview(host, [0, 3900, -3900, 0])
    save(host, next_position=1)
    expect(banner).to_contain_text("동 2국 · 0본장 · 공탁 0")
    expect_scores(host, ["25,000", "28,900", "21,100", "25,000"])

    tap(host, "kind", "draw")
    tap(host, "draw_tenpai", "1")  # the dealer, 이서연
    tap(host, "draw_tenpai", "3")
    expect_preview(host, [-1500, 1500, -1500, 1500])  # after 이서연 alone it is 3,000 to one: wait for both
    save(host, next_position=2)
    expect(banner).to_contain_text("동 2국 · 1본장 · 공탁 0")  # the dealer was tenpai: renchan
    expect(host.locator("[data-testid=renchan]")).to_have_text("1연장")
    expect_scores(host, ["23,500", "30,400", "19,600", "26,500"])

    # 2. The referee, in a context of their own: two yellow cards to 박도윤 in this hand.
    referee = login(new_context(), base_url, "referee", f"/games/{game.pk}/penalties/")
    give_yellow_card(referee, players[2].pk, CARD_REASONS[0])
    reload_table(host, 3)  # the card is an event of the game record: the next hand's position moves on
    expect_scores(host, ["23,500", "30,400", "19,600", "26,500"])  # the first card costs nothing
    expect(host.locator("[data-testid=marks-2]")).to_have_text("옐로카드 1장")

    give_yellow_card(referee, players[2].pk, CARD_REASONS[1])
    expect(referee.locator("[data-testid=penalties] tr")).to_have_count(3)  # head + two cards
    referee.screenshot(path=f"{shots}/referee-penalties.png", full_page=True)
    reload_table(host, 4)
    expect_scores(host, ["26,500", "33,400", "10,600", "29,500"])  # 9,000: 3,000 to each other player
    expect(host.locator("[data-testid=marks-2]")).to_have_text("옐로카드 2장")
    expect(banner).to_contain_text("동 2국 · 1본장 · 공탁 0")  # play goes on: no replay, same hand
    host.screenshot(path=f"{shots}/table-yellow-cards.png", full_page=False)

    # 3. The host ends it: 최하은 rons 박도윤 for a yakuman, 박도윤 goes below zero (tobi).
    tap(host, "ron_winner", "3")
    tap(host, "ron_loser", "2")
    tap(host, "ron_value", "Y1")
    # The preview shows the hand alone (32,000 + 300 honba); the cards given during it on their own line
    # (issue 21 item 8); the saved row still folds them in.
    expect_preview(host, [0, 0, -32300, 32300])
    expect(host.locator("#preview")).to_contain_text("이 국 전에 받은 벌칙")
    expect(host.locator("#preview [data-testid=preview]")).to_contain_text("이 국으로 대국이 끝납니다")
    save(host, next_position=None)
    final = host.locator("[data-testid=final]")
    expect(banner).to_contain_text("대국 종료")
    expect(final).to_contain_text("토비")
    rows = final.locator("tr")
    expect(rows).to_have_count(5)
    expected = [("1", "최하은", "61,800", "+81.8"), ("2", "이서연", "33,400", "+13.4"),
                ("3", "김민준", "26,500", "−13.5"), ("4", "박도윤", "−21,700", "−81.7")]
    for i, cells in enumerate(expected, start=1):
        expect(rows.nth(i).locator("td")).to_have_text(list(cells))
    host.screenshot(path=f"{shots}/table-final.png", full_page=True)
    game.refresh_from_db()
    assert game.status == game.Status.FINISHED
    assert game.ended_by == "tobi"
    assert [e["kind"] for e in stored_events(game)] == ["ron", "draw", "penalty", "penalty", "ron"]

    # 4. The club admin, on a desktop: the audit log in Korean, then the game page.
    admin = login(new_context(**DESKTOP), base_url, "admin", f"/c/{game.club.slug}/audit/")
    audit = admin.locator("[data-testid=audit]")
    hand_rows = audit.locator("tr:has(td.what[data-object=hand][data-action=create])")
    expect(hand_rows).to_have_count(5)  # three hands by the host, the two cards' events by the referee
    expect(hand_rows.first.locator("td.what")).to_have_text("국 기록 등록")  # in words, no ids (issue 9, item 20)
    card_rows = audit.locator("tr:has(td.what[data-object=penalty][data-action=create])")
    expect(card_rows).to_have_count(2)
    for reason in CARD_REASONS:
        row = card_rows.filter(has_text=reason)
        expect(row).to_have_count(1)
        expect(row.locator("td.what")).to_have_text("벌칙 등록")
        expect(row.locator("td.who")).to_have_text("정지호")  # the member's name, not the login
        expect(row.locator("[data-testid=audit-summary]")).to_contain_text("박도윤 · 옐로카드")
    admin.screenshot(path=f"{shots}/audit.png", full_page=True)

    admin.goto(f"{base_url}/games/{game.pk}/")
    hands = admin.locator("[data-testid=hands] tbody.hand")
    expect(hands).to_have_count(5)
    for i in (2, 3):  # the cards: listed in words
        expect(hands.nth(i).locator(".hand-result")).to_have_text("박도윤: 옐로카드")
    # each payment on its own row (issue 9, item 18): the first card moves nothing, the second is the chombo payment
    expect(hands.nth(2).locator("tr.hand-deltas")).to_have_count(0)
    expect(hands.nth(3).locator("tr.hand-deltas td span")).to_have_text(["+3,000", "+3,000", "−9,000", "+3,000"])
    last = hands.nth(4)
    expect(last.locator(".hand-round")).to_contain_text("동 2국")
    expect(last.locator(".hand-result")).to_contain_text("최하은")
    expect(last.locator("tr.hand-deltas td span")).to_have_text(["0", "0", "−32,300", "+32,300"])  # the ron alone
    expect(last.locator("tr.hand-deltas td small")).to_have_text(["26,500", "33,400", "−21,700", "61,800"])
    expect(admin.locator("[data-testid=final]")).to_contain_text("토비")
    admin.screenshot(path=f"{shots}/game-detail.png", full_page=True)
    admin.wait_for_load_state("networkidle")
