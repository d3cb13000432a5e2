"""Issue 36 in a real browser: one person plays a tournament at each of two clubs that share their tournaments
and appears once in the federation's public ranking with the MERS figure worked by hand; a club that shares
nothing is not on it. The screenshot goes to ``E2E_SHOTS`` (federation-ranking.png: docs/federation.md's)."""
from __future__ import annotations

import datetime
import shutil

import pytest

CHROMIUM = "/usr/bin/chromium"
playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]


@pytest.fixture
def federation_played(transactional_db):
    """Clubs 아지트 and 강남 share their tournaments; 비공개 shares nothing. 김민수 (one login, a member of both
    sharing clubs) plays one four-player tournament at each:

    * 아지트 봄 대회 (1 day, 4 players, 1 country: weight 1): 김민수, 서준, 하윤, 도윤 in that order
      → base ranks 1000, 667, 333, 0;
    * 강남 여름 대회: 지우, 김민수, 유나, 시우 → 김민수 667;
    * 아지트 가을 대회: 도윤, 하윤, 서준, 은우 → 도윤 1000, 하윤 667, 서준 333.

    김민수: [1000, 667] padded with three zeros at weight 1 — A = 1667 / 5 = 333.4, B = 1667 / 4 = 416.75,
    ½ × 333.4 + ½ × 416.75 = 375.075 → **375.08**, 1st. 서준 [667, 333], 하윤 [333, 667], 도윤 [0, 1000]: each
    A = 1000 / 5 = 200, B = 1000 / 4 = 250 → **225.00**, all three 2nd. The others played once: not listed."""
    from federation import services
    from tests.factories import ClubFactory, MemberFactory, UserFactory
    from tests.federation.conftest import admin_of, play_tournament

    boss = UserFactory(username="fedboss")
    agit, gangnam, private = (ClubFactory(name=n, slug=s) for n, s in (("아지트", "agit"), ("강남", "gangnam"),
                                                                      ("비공개", "hidden")))
    federation = services.federation_create(name="서울 마작 연맹", slug="seoul", by=boss)
    for club, shares in ((agit, True), (gangnam, True), (private, False)):
        services.club_join(federation=federation, club=club, by=boss, share_tournaments=shares)
    services.season_create(federation=federation, name="2026 연맹 랭킹", starts_on=datetime.date(2026, 1, 1),
                           ends_on=datetime.date(2026, 12, 31), method="mers", by=boss)
    minsu = UserFactory()
    at_agit = MemberFactory(club=agit, user=minsu, display_name="김민수")
    at_gangnam = MemberFactory(club=gangnam, user=minsu, display_name="김민수")
    assert at_agit.person_id == at_gangnam.person_id
    seojun, hayun, doyun, eunwoo = (MemberFactory(club=agit, display_name=n) for n in ("서준", "하윤", "도윤", "은우"))
    jiwoo, yuna, siwoo = (MemberFactory(club=gangnam, display_name=n) for n in ("지우", "유나", "시우"))
    hidden = [MemberFactory(club=private, display_name=f"비밀{i}") for i in range(4)]
    agit_admin = admin_of(agit)
    play_tournament(agit, agit_admin, [at_agit, seojun, hayun, doyun], name="아지트 봄 대회",
                    day=datetime.date(2026, 4, 5))
    play_tournament(gangnam, admin_of(gangnam), [jiwoo, at_gangnam, yuna, siwoo], name="강남 여름 대회",
                    day=datetime.date(2026, 7, 12))
    play_tournament(agit, agit_admin, [doyun, hayun, seojun, eunwoo], name="아지트 가을 대회",
                    day=datetime.date(2026, 10, 4))
    owner = admin_of(private)
    play_tournament(private, owner, hidden, name="비밀 대회", day=datetime.date(2026, 5, 1))
    play_tournament(private, owner, hidden[::-1], name="비밀 대회 2", day=datetime.date(2026, 6, 1))
    return federation


def test_one_person_at_two_clubs_is_ranked_once_with_the_mers_figure(base_url, new_context, federation_played,
                                                                     shots):
    page = new_context(viewport={"width": 1280, "height": 900}, is_mobile=False, has_touch=False,
                       device_scale_factor=1).new_page()
    page.goto(f"{base_url}/federations/{federation_played.slug}/")
    table = page.get_by_test_id("federation-ranking")
    expect(table.locator("tr[data-testid^=rank-]")).to_have_count(4)
    first = page.get_by_test_id("rank-1")
    expect(first).to_contain_text("김민수")
    expect(first).to_contain_text("375.08")
    expect(page.get_by_test_id("rank-2")).to_have_count(3)
    expect(page.get_by_test_id("rank-2").first).to_contain_text("225.00")
    expect(table).not_to_contain_text("비밀")
    expect(page.get_by_text("김민수")).to_have_count(1)
    page.screenshot(path=f"{shots}/federation-ranking.png", full_page=True)
