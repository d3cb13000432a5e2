"""The organiser's screens on a 390×844 phone (issue 25.9): the seasons list reads across, not one
character per line. The screenshot goes to ``E2E_SHOTS`` (seasons-list-phone.png) to be looked at."""
from __future__ import annotations

import datetime
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


@pytest.fixture
def club_with_seasons(transactional_db):
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    club = ClubFactory(name="주키 아지트", slug="juki")
    admin = MemberFactory(club=club, display_name="운영자", user=UserFactory(username="admin"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    juki = RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026", name="주키 아지트 2026", version="1")
    sanma = RulesetFactory(club=club, key="juki-agit-sanma-2026", base="juki-agit-sanma-2026",
                           name="주키 아지트 2026 3인", version="1")
    for i, (name, ruleset) in enumerate([("2026 봄 시즌 정규리그", juki), ("2026 여름 시즌", juki),
                                         ("3인 마작 상설 리그", sanma), ("2025 가을 시즌 (종료)", juki)]):
        SeasonFactory(club=club, name=name, ruleset=ruleset, starts_on=datetime.date(2026, 1 + 3 * i, 1),
                      ends_on=datetime.date(2026, 3 + 3 * i, 28))
    return club


def test_seasons_list_fits_a_phone(base_url, page, club_with_seasons, shots):
    phone = login(page.context, base_url, "admin", "/c/juki/seasons/")
    table = phone.locator("[data-testid=season-list]")
    expect(table).to_contain_text("2026 봄 시즌 정규리그")
    phone.screenshot(path=f"{shots}/seasons-list-phone.png", full_page=True)
    height = phone.evaluate("document.documentElement.scrollHeight")
    width = phone.evaluate("document.documentElement.scrollWidth")
    # four seasons, the club's tabs and a button: about two screens at most, never a column of letters
    assert height < 1600, f"the seasons list is {height} px tall on a 390 px phone"
    assert width <= 390, f"the page scrolls sideways ({width} px)"
    # a season's name stays on one or two lines (not one character per line)
    name = phone.get_by_role("link", name="2026 봄 시즌 정규리그")
    box = name.bounding_box()
    line = float(phone.evaluate("(el) => parseFloat(getComputedStyle(el).lineHeight) || 24", name.element_handle()))
    assert box["height"] <= 2.5 * line, f"the season's name wraps to {box['height'] / line:.0f} lines"
    # the close button is a 44 px target
    button = phone.locator("[data-testid=season-list] button").first.bounding_box()
    assert button["height"] >= 44
    assert button["width"] >= 44
    # and so is every header link (and the log-out button)
    for target in phone.locator(".site-header a, .site-header button").all():
        box = target.bounding_box()
        assert box["height"] >= 44, f"header target {target.inner_text()!r} is {box['height']:.0f} px tall"


def test_the_invite_link_is_copied_by_one_tap(base_url, new_context, club_with_seasons, shots):
    from club import services
    from tests.factories import MemberFactory

    member = MemberFactory(club=club_with_seasons, display_name="신입 회원")
    invite = services.invite_create(member=member)
    context = new_context(permissions=["clipboard-read", "clipboard-write"])
    phone = login(context, base_url, "admin", f"/c/juki/manage/members/{member.pk}/")
    link = phone.locator("[data-testid=invite-link]")
    expect(link).to_contain_text(f"/invite/{invite.code}/")
    qr = phone.locator("[data-testid=invite-qr] svg").bounding_box()
    assert qr["width"] >= 200, f"the QR code is {qr['width']:.0f} px wide"
    copy = phone.locator("[data-testid=invite-share] button[data-copy]")
    expect(copy).to_be_visible()
    copy.click()
    expect(copy).to_have_text("복사했습니다")
    assert phone.evaluate("navigator.clipboard.readText()").strip() == link.inner_text().strip()
    phone.screenshot(path=f"{shots}/invite-phone.png", full_page=True)
