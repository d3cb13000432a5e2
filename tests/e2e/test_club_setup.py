"""Setting a club up from the browser alone: a member, their login by an invite code, a season, a night.

The admin (desktop) adds a member and makes an invite code; the new member, on a 390×844 phone,
makes a login with the code; the admin creates a season under the club's ruleset and opens a club
night for it from the home page's link; the new member checks in from the phone. No Django admin,
no shell.
"""
from __future__ import annotations

import shutil

import pytest

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_game_night import login
from tests.e2e.waits import new_document

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1, "is_mobile": False,
           "has_touch": False}


@pytest.fixture
def new_club(transactional_db):
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, UserFactory

    club = ClubFactory(name="새 클럽", slug="new")
    admin = MemberFactory(club=club, display_name="운영자", user=UserFactory(username="admin"))
    ClubRoleFactory(club=club, member=admin, role="admin")
    RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026", name="주키 2026", version="1")
    return club


def test_an_admin_sets_up_members_season_and_night_from_the_browser(base_url, new_context, new_club, shots):
    from club.models import Member
    from events.models import CheckIn, ClubNight
    from league.models import Season

    desk = login(new_context(**DESKTOP), base_url, "admin", "/")
    new_document(desk, lambda: desk.click("[data-testid=manage]"))

    # A new member, then an invite code for their phone.
    desk.fill("input[name=display_name]", "신입 회원")
    new_document(desk, lambda: desk.click("[data-testid=add-one] button[type=submit]"))
    # adding one stays on the list (issue 25.4); the member's page is a tap away
    new_document(desk, lambda: desk.click("[data-testid=member-list] a:text('신입 회원')"))
    expect(desk.locator("h1")).to_have_text("신입 회원")
    new_document(desk, lambda: desk.click("[data-testid=login] button[type=submit]"))
    code = desk.locator("[data-testid=invite-code]").inner_text().strip()
    assert len(code) == 8

    # The member makes a login with the code on their phone.
    phone = new_context().new_page()
    phone.goto(f"{base_url}/invite/{code}/")
    phone.fill("input[name='signup-username']", "newbie")
    phone.fill("input[name='signup-password1']", "Mahjong-2026!x")
    phone.fill("input[name='signup-password2']", "Mahjong-2026!x")
    new_document(phone, lambda: phone.click("form.card button[type=submit]"))
    expect(phone).to_have_url(f"{base_url}/me/")
    expect(phone.locator("main")).to_contain_text("신입 회원")
    phone.screenshot(path=f"{shots}/setup-phone-me.png")
    assert Member.objects.get(display_name="신입 회원").user.username == "newbie"

    # A season, from the management pages.
    desk.goto(f"{base_url}/c/new/seasons/new/")
    desk.fill("input[name=name]", "2027 봄 시즌")
    desk.select_option("select[name=ruleset]", label="주키 2026 (v1)")
    desk.select_option("select[name=rating_method]", "p_rating")
    new_document(desk, lambda: desk.click("form.card button[type=submit]"))
    expect(desk.locator("[data-testid=season-list]")).to_contain_text("2027 봄 시즌")
    assert Season.objects.get(name="2027 봄 시즌").rating_method == "p_rating"

    # A club night for it, from the home page's link.
    desk.goto(f"{base_url}/")
    new_document(desk, lambda: desk.click("[data-testid=nights]"))
    desk.select_option("select[name=season]", label="2027 봄 시즌")
    new_document(desk, lambda: desk.click("[data-testid=open-night] button[type=submit]"))
    night = ClubNight.objects.get()

    # The new member checks in from the phone.
    phone.goto(f"{base_url}/events/nights/{night.pk}/check-in/")
    phone.click("[data-testid=check-in]")
    expect(phone.locator("[data-testid=checked-in]")).to_be_visible()
    phone.screenshot(path=f"{shots}/setup-phone-checked-in.png")
    assert CheckIn.objects.filter(night=night, member__display_name="신입 회원").exists()
