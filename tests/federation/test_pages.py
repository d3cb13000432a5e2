"""The federation's pages: public ranking, tournaments, files, import; and privacy — walked as anonymous and as
every role of a club that shares nothing (and a sharing club's member), no page shows what was not shared."""
from __future__ import annotations

import datetime
import io
from http import HTTPStatus

import pytest
from django.urls import reverse

from federation import services
from federation.models import FederationTournament
from tests.factories import ClubRoleFactory, MemberFactory, UserFactory
from tests.federation.conftest import admin_of, play_tournament

pytestmark = pytest.mark.django_db

SECRET = "비밀"


@pytest.fixture
def world(federation, fed_admin, club_a, club_b, django_capture_on_commit_callbacks):
    """A shares its tournaments: two finished (공개선수1–4 listed). B shares nothing: its tournament "비밀대회" of
    비밀선수1–4 stays B's."""
    season = services.season_create(federation=federation, name="2026 랭킹", starts_on=datetime.date(2026, 1, 1),
                                    ends_on=None, method="mers", by=fed_admin)
    a_admin, b_admin = admin_of(club_a), admin_of(club_b)
    shared = [MemberFactory(club=club_a, display_name=f"공개선수{i}") for i in range(1, 5)]
    hidden = [MemberFactory(club=club_b, display_name=f"{SECRET}선수{i}") for i in range(1, 5)]
    with django_capture_on_commit_callbacks(execute=True):
        play_tournament(club_a, a_admin, shared, name="공개 대회", day=datetime.date(2026, 3, 1))
        play_tournament(club_a, a_admin, shared[::-1], name="공개 대회 2", day=datetime.date(2026, 4, 1))
        secret = play_tournament(club_b, b_admin, hidden, name=f"{SECRET}대회", day=datetime.date(2026, 3, 1))
    return {"season": season, "secret_tournament": secret, "b_admin": b_admin, "shared": shared}


def _pages(federation) -> list[str]:
    slug = federation.slug
    urls = [reverse("federation:list"), reverse("federation:ranking", args=[slug]),
            reverse("federation:ranking_csv", args=[slug]), reverse("federation:tournaments", args=[slug])]
    for record in FederationTournament.objects.filter(federation=federation):
        urls.append(reverse("federation:tournament", args=[slug, record.pk]))
        urls += [reverse("federation:tournament_file", args=[slug, record.pk, k]) for k in ("portal.csv",)]
        for person_id in record.results.values_list("person_id", flat=True):
            urls.append(reverse("federation:person", args=[slug, person_id]))
    return urls


def _viewers(club_a, club_b, b_admin):
    def with_role(role):
        member = MemberFactory(club=club_b, user=UserFactory())
        ClubRoleFactory(club=club_b, member=member, role=role)
        return member.user

    return {"anonymous": None, "B admin": b_admin, "B referee": with_role("referee"), "B host": with_role("host"),
            "B member": MemberFactory(club=club_b, user=UserFactory()).user,
            "A member": MemberFactory(club=club_a, user=UserFactory()).user}


def test_no_federation_page_shows_what_a_club_did_not_share(client, federation, club_a, club_b, world):
    urls = _pages(federation)
    assert len(urls) >= 4 + 2 * 2 + 4  # two shared tournaments, their pages, files and four persons
    for who, user in _viewers(club_a, club_b, world["b_admin"]).items():
        client.logout()
        if user is not None:
            client.force_login(user)
        for url in urls:
            response = client.get(url, HTTP_ACCEPT_LANGUAGE="ko")
            assert response.status_code == HTTPStatus.OK, (who, url)
            assert SECRET not in response.content.decode("utf-8-sig"), (who, url)
        # the non-sharing club's own tournament file: its members only (hidden as a missing id to others)
        secret_file = reverse("federation:club_tournament_file", args=[world["secret_tournament"].pk, "portal.csv"])
        answer = client.get(secret_file)
        if who.startswith("B"):
            assert answer.status_code == HTTPStatus.OK
        elif user is None:
            assert answer.status_code == HTTPStatus.FOUND  # to the login page
        else:
            assert answer.status_code == HTTPStatus.NOT_FOUND


def test_the_ranking_page_is_korean_and_lists_the_shared_players(client, federation, world):
    response = client.get(reverse("federation:ranking", args=[federation.slug]), HTTP_ACCEPT_LANGUAGE="ko")
    text = response.content.decode()
    assert "연맹 순위" in text
    assert 'data-testid="rank-1"' in text
    assert "공개선수1" in text  # 1st then 4th: [1000, 0] → A 200, B 250: 225.00; all four are listed
    assert "225.00" in text


def test_the_ranking_downloads_as_csv_and_xlsx(client, federation, world):
    from openpyxl import load_workbook

    csv_text = client.get(reverse("federation:ranking_csv", args=[federation.slug]),
                          HTTP_ACCEPT_LANGUAGE="ko").content.decode("utf-8-sig")
    assert csv_text.splitlines()[0] == "순위,이름,랭킹,대회,A 부분,B 부분"
    xlsx = client.get(reverse("federation:ranking_xlsx", args=[federation.slug]), HTTP_ACCEPT_LANGUAGE="ko")
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert sheet.max_row == 5  # the header and four persons


def test_only_the_federations_admins_import(client, federation, fed_admin, world):
    url = reverse("federation:import", args=[federation.slug])
    client.force_login(world["b_admin"])
    assert client.get(url).status_code == HTTPStatus.FORBIDDEN
    client.force_login(fed_admin)
    body = "place,first_name,last_name,scores,ema,games\n1,Minsu,KIM,30.5,,4\n2,Anna,LEE,-30.5,,4\n"
    upload = io.BytesIO(body.encode())
    upload.name = "results.csv"
    response = client.post(url, {"format": "portal", "file": upload, "title": "부산 오픈", "starts_on": "2026-05-01"},
                           HTTP_ACCEPT_LANGUAGE="ko")
    text = response.content.decode()
    assert 'data-testid="import-report"' in text
    assert "KIM Minsu, LEE Anna" in text
    assert FederationTournament.objects.filter(title="부산 오픈", players=2).exists()


def test_every_federation_page_is_korean(client, federation, fed_admin, world):
    """Read as the federation's admin in Korean: no English left but the allowlist's names and what people
    typed (the players' Latin names, the ruleset's name)."""
    from tests.page_walk import visible_text as _visible_text
    from tests.test_korean_pages import ALLOWLIST, LATIN

    client.force_login(fed_admin)
    from league.models import Ruleset

    typed = {"Korea"}  # the federation's country, as the EMA workbook lists it (typed by its admins)
    for name in Ruleset.objects.values_list("name", flat=True):
        typed |= set(LATIN.findall(name))  # a tournament's rules: the ruleset's name as its club typed it
    urls = [u for u in _pages(federation) if not u.endswith(".csv")]
    urls.append(reverse("federation:import", args=[federation.slug]))
    urls.append(reverse("federation:manage", args=[federation.slug]))
    fed_admin.is_superuser = True  # a superuser manages every club: the share page opens for them
    fed_admin.save(update_fields=["is_superuser"])
    urls.append(reverse("federation:share", args=[federation.slug, "agit"]))
    english = {}
    for url in urls:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="ko")
        assert response.status_code == HTTPStatus.OK, url
        words = {w for w in LATIN.findall(_visible_text(response.content.decode())) if w not in ALLOWLIST | typed}
        if words:
            english[url] = sorted(words)
    assert english == {}


def test_the_federations_admin_adds_a_club_and_opens_a_season(client, federation, fed_admin):
    from tests.factories import ClubFactory

    ClubFactory(name="부산 클럽", slug="busan")
    url = reverse("federation:manage", args=[federation.slug])
    client.force_login(fed_admin)
    response = client.post(url, {"action": "join", "join-club": "busan"}, HTTP_ACCEPT_LANGUAGE="ko")
    assert "부산 클럽" in response.content.decode()
    assert federation.memberships.filter(club__slug="busan", share_tournaments=False, share_seasons=False).exists()
    client.post(url, {"action": "season", "season-name": "2027 랭킹", "season-starts_on": "2027-01-01",
                      "season-method": "openskill"})
    assert federation.seasons.filter(name="2027 랭킹", method="openskill", computed_at__isnull=False).exists()


def test_a_clubs_admin_chooses_what_it_shares(client, federation, club_b):
    url = reverse("federation:share", args=[federation.slug, club_b.slug])
    client.force_login(MemberFactory(club=club_b, user=UserFactory()).user)  # a plain member: a missing page
    assert client.get(url).status_code == HTTPStatus.NOT_FOUND
    client.force_login(admin_of(club_b))
    response = client.post(url, {"share_tournaments": "on"}, HTTP_ACCEPT_LANGUAGE="ko")
    assert 'data-testid="saved"' in response.content.decode()
    membership = federation.memberships.get(club=club_b)
    assert (membership.share_tournaments, membership.share_seasons) == (True, False)
    assert federation.log.filter(action="club_share", actor__isnull=False).exists()


FEDERATION_TYPED = [("federation.Federation", ("name", "country")), ("federation.FederationSeason", ("name",)),
                    ("federation.FederationTournament", ("title", "rules", "country")),
                    ("federation.RankingRow", ("name",))]
"""What a federation's admins and clubs typed or imported: names the walk takes out like the club's."""


@pytest.mark.parametrize("language", ["ja", "zh-hans", "zh-hant"])
def test_every_federation_page_reads_in_japanese_and_chinese(client, federation, fed_admin, world, language):
    """The language walk's rule on the federation's pages (the demo club has no federation, so the walk
    does not reach them): read as the federation's admin, a Japanese page shows no Hangul and no Latin word
    outside the allow-list, a Chinese page no Hangul and no kana, once names people typed are taken out."""
    from django.apps import apps
    from django.conf import settings

    from tests.test_language_walk import foreign_words, typed_words

    names = set(typed_words())
    for label, fields in FEDERATION_TYPED:
        for row in apps.get_model(label).objects.values_list(*fields):
            names.update(str(value).strip() for value in row if value)
    names = sorted(names, key=len, reverse=True)
    client.force_login(fed_admin)
    fed_admin.is_superuser = True  # a superuser manages every club: the share page opens for them
    fed_admin.save(update_fields=["is_superuser"])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    urls = [u for u in _pages(federation) if not u.endswith(".csv")]
    urls += [reverse("federation:import", args=[federation.slug]), reverse("federation:manage", args=[federation.slug]),
             reverse("federation:share", args=[federation.slug, "agit"])]
    from tests.page_walk import visible_text

    foreign = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == HTTPStatus.OK, url
        found = foreign_words(visible_text(response.content.decode()), language, names)
        if found:
            foreign[url] = found
    assert foreign == {}
