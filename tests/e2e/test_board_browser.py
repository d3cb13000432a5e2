"""Issue 25 item 10 in a real browser: the club night's board on the projector (1920×1080) — the QR code is at
least 240 px, no name breaks over two lines, every table of the round is on screen. The screenshot goes to
``E2E_SHOTS`` (board-1920.png, to look at)."""
from __future__ import annotations

import shutil

import pytest

from tests.e2e.test_whatif_browser import log_in

CHROMIUM = "/usr/bin/chromium"
playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]

LONG_NAMES = ["남궁민준서", "황보서연아", "제갈도윤호", "선우하은비", "독고지호민", "사공수아린", "서문예준혁",
              "동방지우현", "김수한무거북", "이두루미삼천", "박갑돌이와", "최을순이네", "정한별빛나", "강하늘바다",
              "조은하수별", "윤초롱초롱"]


@pytest.fixture
def night_seated(transactional_db):
    from events.nights import services
    from tests.factories import (
        CheckInFactory,
        ClubFactory,
        ClubRoleFactory,
        MemberFactory,
        RulesetFactory,
        SeasonFactory,
        UserFactory,
    )

    club = ClubFactory()
    admin = MemberFactory(club=club, display_name="관리자", user=UserFactory(username="boss"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    ruleset = RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026")
    season = SeasonFactory(club=club, ruleset=ruleset, name="2026 봄 시즌")
    night = services.night_open(club=club, season=season, title="목요일 클럽 나이트", round_minutes=80, by=admin.user)
    members = [MemberFactory(club=club, display_name=n) for n in LONG_NAMES]
    CheckInFactory.for_members(night, members)
    services.round_seat(night=night, number=1, by=admin.user, seed=1)
    return night


def test_the_board_at_1920_by_1080(base_url, new_context, night_seated, shots):
    page = new_context(viewport={"width": 1920, "height": 1080}, is_mobile=False, has_touch=False,
                       device_scale_factor=1).new_page()
    log_in(page, base_url, "boss", f"/events/nights/{night_seated.pk}/board/")
    expect(page.locator("article.bd-table")).to_have_count(4)
    qr = page.locator(".bd-qr svg").bounding_box()
    assert qr is not None
    assert qr["width"] >= 240, qr
    assert qr["height"] >= 240, qr
    wrapped = page.evaluate("""() => [...document.querySelectorAll('.bd-players .name')]
        .filter(e => e.getClientRects().length > 1 || e.getBoundingClientRect().height >
                     1.6 * parseFloat(getComputedStyle(e).fontSize))
        .map(e => e.textContent)""")
    assert wrapped == [], wrapped
    for name in LONG_NAMES:
        expect(page.get_by_text(name, exact=True)).to_be_visible()
    page.screenshot(path=f"{shots}/board-1920.png")
