"""Issue 36's done-when in a real browser: one person plays at two clubs' nights and a tournament, claims an old
record at a third club, and appears once in the federation ranking with the right MERS figure.

The person-facing steps go through the screens: 김민수 makes himself findable on "내 정보"; 강남's desk finds him
(not before), checks him in at its night and registers him for its tournament; he claims 부산's old record from
its public standings ("이 기록은 저입니다"); 아지트's and 부산's admins approve on their Claims pages; the
federation's ranking page lists him once. Clubs, the federation and the games' results are set up with the
services. The screenshots are docs/federation.md's (``E2E_SHOTS=docs/img``)."""
from __future__ import annotations

import datetime
import shutil

import pytest

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_game_night import login
from tests.e2e.waits import new_document
from tests.federation.conftest import WIN_ORDER, seat_and_finish

playwright_sync = pytest.importorskip("playwright.sync_api")
expect = playwright_sync.expect
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which(CHROMIUM), reason="needs Debian's chromium at /usr/bin/chromium"),
]
DESKTOP = {"width": 1280, "height": 900}


def _tournament(club, by, name, starts_on, ends_on, entrants=()):
    from events.tournaments import services as tournaments
    from league.models import Ruleset
    from tests.factories import RulesetFactory

    ruleset = (Ruleset.objects.filter(club=club, key="juki-agit-2026").first()
               or RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026"))
    tournament = tournaments.tournament_create(club=club, ruleset=ruleset, by=by, name=name, rounds=1,
                                               starts_on=starts_on, ends_on=ends_on)
    for member in entrants:
        entrant, _new = tournaments.register(tournament=tournament, member=member, by=by)
        tournaments.approve(entrant=entrant, by=by)
    return tournament


def _finish_tournament(tournament, by, finish_order):
    """Every approved entrant checked in, one table, its final scores in ``finish_order`` (1st first)."""
    from events.tournaments import services as tournaments
    from events.tournaments.models import Entrant

    for entrant in tournament.entrants.filter(status=Entrant.Status.APPROVED):
        tournaments.check_in(entrant=entrant, by=by)
    return seat_and_finish(tournament, by, finish_order)


def _play_night_round(night, by):
    """Round 1 of the night: one table of the four checked in, finished by its final scores."""
    from events.nights import services as nights
    from league.games import services as games

    rnd, _seated = nights.round_seat(night=night, number=1, by=by, seed=1)
    table = rnd.tables.select_related("game").get()
    games.game_result(game=table.game, scores=WIN_ORDER, by=by)
    return table.game


@pytest.fixture
def three_clubs(transactional_db):
    """아지트 (김민수's home), 강남 and 부산 (public standings) share their tournaments and seasons with 서울 마작
    연맹, which ranks a MERS season from 2025-01-01 to 2026-11-30 and a cross-club OpenSkill season.

    Before the browser: 김민수 played 아지트's night (one game); 부산 held "부산 오픈 2025" (2025-06-14–15, 4
    players) where "민수옛날" — a record without a login, 김민수 before he had one — came 2nd and 도윤 (one login,
    members of 강남 and 부산) 3rd; 강남 has an open night (지우, 유나, 시우 checked in) and "강남 가을 대회"
    (2026-11-07–08) taking entries, with 도윤, 지우 and 유나 registered."""
    from events.nights import services as nights
    from federation import services as federation
    from tests.factories import ClubFactory, ClubRoleFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

    boss = UserFactory(username="fedboss")
    agit = ClubFactory(name="아지트", slug="agit")
    gangnam = ClubFactory(name="강남", slug="gangnam")
    busan = ClubFactory(name="부산", slug="busan", public_standings=True)
    seoul = federation.federation_create(name="서울 마작 연맹", slug="seoul", by=boss)
    for club in (agit, gangnam, busan):
        federation.club_join(federation=seoul, club=club, by=boss, share_tournaments=True, share_seasons=True)
    mers = federation.season_create(federation=seoul, name="2025–2026 랭킹", starts_on=datetime.date(2025, 1, 1),
                                    ends_on=datetime.date(2026, 11, 30), method="mers", by=boss)
    openskill = federation.season_create(federation=seoul, name="교차 클럽 오픈스킬",
                                         starts_on=datetime.date(2025, 1, 1),
                                         ends_on=None, method="openskill", by=boss)
    admins = {}
    for club, username in ((agit, "agit_admin"), (gangnam, "gangnam_desk"), (busan, "busan_admin")):
        admin = MemberFactory(club=club, display_name=f"{club.name} 관리자", user=UserFactory(username=username))
        ClubRoleFactory(club=club, member=admin, role="admin")
        admins[club.slug] = admin.user

    minsu = MemberFactory(club=agit, display_name="김민수", user=UserFactory(username="minsu"))
    doyun_login = UserFactory(username="doyun")
    doyun = MemberFactory(club=gangnam, display_name="도윤", user=doyun_login)
    doyun_at_busan = MemberFactory(club=busan, display_name="도윤", user=doyun_login)
    old = MemberFactory(club=busan, display_name="민수옛날")
    cheolsu, younghee = (MemberFactory(club=busan, display_name=n) for n in ("박철수", "최영희"))
    busan_open = _tournament(busan, admins["busan"], "부산 오픈 2025", datetime.date(2025, 6, 14),
                             datetime.date(2025, 6, 15), [cheolsu, old, doyun_at_busan, younghee])
    _finish_tournament(busan_open, admins["busan"], [cheolsu, old, doyun_at_busan, younghee])

    agit_season = SeasonFactory(club=agit, name="아지트 2026",
                                ruleset=RulesetFactory(club=agit, key="juki-agit-2026", base="juki-agit-2026"))
    agit_night = nights.night_open(club=agit, season=agit_season, title="아지트 수요 모임", by=admins["agit"])
    for member in (minsu, *(MemberFactory(club=agit, display_name=n) for n in ("서준", "하윤", "지호"))):
        nights.check_in(night=agit_night, member=member, by=admins["agit"])
    _play_night_round(agit_night, admins["agit"])

    gangnam_season = SeasonFactory(club=gangnam, name="강남 2026",
                                   ruleset=RulesetFactory(club=gangnam, key="juki-agit-2026", base="juki-agit-2026"))
    gangnam_night = nights.night_open(club=gangnam, season=gangnam_season, title="강남 금요 모임",
                                      by=admins["gangnam"])
    jiwoo, yuna, siwoo = (MemberFactory(club=gangnam, display_name=n) for n in ("지우", "유나", "시우"))
    for member in (jiwoo, yuna, siwoo):
        nights.check_in(night=gangnam_night, member=member, by=admins["gangnam"])
    autumn = _tournament(gangnam, admins["gangnam"], "강남 가을 대회", datetime.date(2026, 11, 7),
                         datetime.date(2026, 11, 8), [doyun, jiwoo, yuna])
    return {"federation": seoul, "mers": mers, "openskill": openskill, "admins": admins, "minsu": minsu,
            "doyun": doyun, "jiwoo": jiwoo, "yuna": yuna, "old": old, "busan_open": busan_open,
            "gangnam_night": gangnam_night, "autumn": autumn}


def test_one_person_plays_at_two_clubs_nights_and_a_tournament_claims_an_old_record_and_appears_once(
        base_url, new_context, three_clubs, shots):
    """The MERS figures, worked by hand (scoring/mers.py; the season's reckoning day is its last, 2026-11-30,
    as it ended before today):

    * 부산 오픈 2025: 2 days, 4 players, 1 country → weight 2; it ended 2025-06-15, more than a year and less than
      two before 2026-11-30 → half weight, **1**. Base ranks 1000 × (4 − p) / 3: 2nd 666.67 → **667**, 3rd
      333.33 → **333**.
    * 강남 가을 대회: 2 days, 4 players → weight **2**, full (within the year). Finish: 김민수, 도윤, 지우, 유나 →
      김민수 **1000**, 도윤 **667**.

    Before the claim 김민수 has one tournament (강남's): **not listed**; 도윤 has two: best first, padded to five
    at weight 1 — (667, 2), (333, 1), (0, 1) × 3. Part A (all five: 5 + 80 % of 0 more) = (1334 + 333) / 6 =
    277.833… → **277.83**; part B (best four) = 1667 / 5 = **333.40**; ½ × 277.833… + ½ × 333.4 = 305.6166… →
    **305.62**. Everyone else played one tournament: not listed.

    After the claim 김민수 has (1000, 2), (667, 1), (0, 1) × 3: part A = (2000 + 667) / 6 = **444.50**, part B =
    2667 / 5 = **533.40**, ranking ½ × 444.5 + ½ × 533.4 = **488.95** — 1st, once; 도윤 2nd with 305.62.

    The cross-club OpenSkill season counts every shared game: 김민수 has **4** (아지트's night, 강남's night,
    강남 가을 대회, and the claimed 부산 오픈 2025), in one line."""
    w = three_clubs
    night, autumn = w["gangnam_night"], w["autumn"]
    desk_path = "/events/c/gangnam/visitors/"

    # 강남's desk (a phone) looks for 김민수: he has not chosen to be findable, so nobody is found.
    desk = login(new_context(), base_url, "gangnam_desk", desk_path)
    desk.fill("#visitor-q", "김민수")
    new_document(desk, lambda: desk.click("[data-testid=visitor-search] button[type=submit]"))
    expect(desk.get_by_test_id("visitor-results")).to_contain_text("찾지 못했습니다")

    # 김민수, on his "내 정보", lets other clubs find him.
    me = login(new_context(), base_url, "minsu", "/me/")
    me.check("[data-testid=my-person] input[name=findable]")
    new_document(me, lambda: me.click("[data-testid=my-person] button[type=submit]"))
    expect(me.locator("[data-testid=my-person] input[name=findable]")).to_be_checked()

    # The desk finds him now (his name at his club), checks him in at the night with one tap …
    new_document(desk, lambda: desk.click("[data-testid=visitor-search] button[type=submit]"))
    results = desk.get_by_test_id("visitor-results")
    expect(results.locator("li")).to_have_count(1)
    expect(results).to_contain_text("김민수 (아지트)")
    desk.screenshot(path=f"{shots}/federation-visitor-desk-390.png", full_page=True)
    desk.set_viewport_size(DESKTOP)
    desk.screenshot(path=f"{shots}/federation-visitor-desk-desktop.png", full_page=True)
    desk.set_viewport_size({"width": 390, "height": 844})
    new_document(desk, lambda: desk.click(f"[data-testid=visit-night-{night.pk}]"))
    expect(desk).to_have_url(f"{base_url}/events/nights/{night.pk}/")
    expect(desk.locator(".messages")).to_contain_text("김민수")
    # … and registers him for the tournament with another.
    desk.goto(f"{base_url}{desk_path}?q=김민수")
    new_document(desk, lambda: desk.click(f"[data-testid=visit-tournament-{autumn.pk}]"))
    expect(desk).to_have_url(f"{base_url}/events/tournaments/{autumn.pk}/")
    expect(desk.locator(".messages")).to_contain_text("김민수")

    from club.models import Member
    visitor = Member.objects.get(club__slug="gangnam", visitor=True)
    assert (visitor.person_id, visitor.user_id, visitor.display_name) == (
        w["minsu"].person_id, w["minsu"].user_id, "김민수")

    # The night's table and the tournament are played (the services: the hands are not this test's subject).
    admin = w["admins"]["gangnam"]
    _play_night_round(night, admin)
    _finish_tournament(autumn, admin, [visitor, w["doyun"], w["jiwoo"], w["yuna"]])

    # One tournament counts for him so far: not listed; 도윤, with two, is.
    ranking_path = f"/federations/seoul/?season={w['mers'].pk}"
    me.goto(f"{base_url}{ranking_path}")
    table = me.get_by_test_id("federation-ranking")
    expect(table.locator("tr[data-testid^=rank-]")).to_have_count(1)
    expect(me.get_by_test_id("rank-1")).to_contain_text("도윤")
    expect(me.get_by_test_id("rank-1")).to_contain_text("305.62")
    expect(table).not_to_contain_text("김민수")

    # 부산's public standings of its 2025 open: "민수옛날" was him. 이 기록은 저입니다.
    me.goto(f"{base_url}/seasons/{w['busan_open'].season_id}/standings/")
    new_document(me, lambda: me.get_by_role("link", name="민수옛날").first.click())
    new_document(me, lambda: me.get_by_test_id("claim").click())
    form = me.get_by_test_id("claim-form")
    expect(form).to_contain_text("아지트")
    me.fill("[data-testid=claim-form] textarea, [data-testid=claim-form] input[name=message]",
            "2025년 부산 오픈, 로그인이 없던 때의 제 기록입니다")
    me.screenshot(path=f"{shots}/federation-claim-390.png", full_page=True)
    me.set_viewport_size(DESKTOP)
    me.screenshot(path=f"{shots}/federation-claim-desktop.png", full_page=True)
    me.set_viewport_size({"width": 390, "height": 844})
    new_document(me, lambda: me.click("[data-testid=claim-form] button[type=submit]"))
    expect(me).to_have_url(f"{base_url}/me/")

    # Both clubs' admins approve: his club (아지트) vouches for him, 부산 owns the record.
    from club.models import Claim
    claim = Claim.objects.get()
    for slug, username in (("agit", "agit_admin"), ("busan", "busan_admin")):
        admin_page = login(new_context(viewport=DESKTOP, is_mobile=False, has_touch=False, device_scale_factor=1),
                           base_url, username, f"/c/{slug}/manage/claims/")
        expect(admin_page.get_by_test_id("claims")).to_contain_text("민수옛날")
        if slug == "busan":
            admin_page.screenshot(path=f"{shots}/federation-claims-desktop.png", full_page=True)
            admin_page.set_viewport_size({"width": 390, "height": 844})
            admin_page.screenshot(path=f"{shots}/federation-claims-390.png", full_page=True)
        new_document(admin_page, lambda p=admin_page: p.get_by_test_id(f"approve-{claim.pk}").click())
        expect(admin_page.locator(".messages")).to_be_visible()
    claim.refresh_from_db()
    assert claim.status == Claim.Status.APPROVED

    # The federation ranks him once, with the figure worked above.
    me.goto(f"{base_url}{ranking_path}")
    table = me.get_by_test_id("federation-ranking")
    expect(table.locator("tr[data-testid^=rank-]")).to_have_count(2)
    first = me.get_by_test_id("rank-1")
    for text in ("김민수", "488.95", "444.50", "533.40"):
        expect(first).to_contain_text(text)
    expect(first.locator("td").nth(3)).to_have_text("2")  # tournaments
    expect(me.get_by_test_id("rank-2")).to_contain_text("도윤")
    expect(me.get_by_test_id("rank-2")).to_contain_text("305.62")
    expect(table.get_by_text("김민수")).to_have_count(1)
    expect(table).not_to_contain_text("민수옛날")
    me.set_viewport_size(DESKTOP)
    me.screenshot(path=f"{shots}/federation-ranking-claimed.png", full_page=True)

    # Every shared game of his, at three clubs, in one line of the cross-club rating.
    me.goto(f"{base_url}/federations/seoul/?season={w['openskill'].pk}")
    table = me.get_by_test_id("federation-ranking")
    expect(table.get_by_text("김민수")).to_have_count(1)
    expect(table).not_to_contain_text("민수옛날")
    line = table.locator("tr[data-testid^=rank-]", has_text="김민수")
    expect(line.locator("td").nth(3)).to_have_text("4")  # games
