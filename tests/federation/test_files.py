"""A tournament's results as the EMA workbook and the portal CSV, and back through our import (issue 36 item 5):
export → import → the same results; each line matched by EMA id, else by Latin name or alias, else new."""
from __future__ import annotations

import dataclasses
import datetime
from decimal import Decimal

import pytest

from club.models import Person
from federation import files, selectors, services
from federation.models import FederationTournament

pytestmark = pytest.mark.django_db

D = Decimal


def held_elsewhere() -> files.ImportedTournament:
    lines = (
        files.ResultLine(1, "Minsu", "KIM", "12000001", D("85.3"), D("152000"), "Korea", 8),
        files.ResultLine(2, "=cmd", "LEE", "", D("40.0"), D("131000"), "Korea", 8),  # a name that looks like a formula
        files.ResultLine(3, "Anna", "MÜLLER", "05010002", D("-12.5"), D("118500"), "Germany", 8),
        files.ResultLine(4, "Jieun", "PARK", "", D("-112.8"), D("98500"), "Korea", 8),
    )
    return files.ImportedTournament(title="Seoul Riichi Open 2026", starts_on=datetime.date(2026, 10, 3),
                                    ends_on=datetime.date(2026, 10, 4), rules="EMA Riichi 2016", country="Korea",
                                    mers_weight=D("2"), lines=lines)


def test_the_ema_workbook_round_trips():
    """Everything the EMA's columns carry comes back (the workbook has no games column)."""
    original = held_elsewhere()
    read = files.read_ema_workbook(files.ema_workbook(original))
    assert read == dataclasses.replace(original, lines=tuple(dataclasses.replace(line, games=0)
                                                             for line in original.lines))


def test_the_ema_workbook_has_the_header_rows_then_the_table():
    from io import BytesIO

    from openpyxl import load_workbook

    sheet = load_workbook(BytesIO(files.ema_workbook(held_elsewhere()))).active
    rows = [[c for c in r if c is not None] for r in sheet.iter_rows(values_only=True)]
    assert rows[:6] == [["Title", "Seoul Riichi Open 2026"], ["Players", 4], ["Country", "Korea"],
                        ["MERS weight", 2], ["Rules", "EMA Riichi 2016"], ["Dates", "2026-10-03 - 2026-10-04"]]
    assert rows[7] == ["Position", "First name", "Last name", "EMA id", "Table points", "Score", "Country"]
    assert rows[9] == [2, "'=cmd", "LEE", 40, 131000, "Korea"]  # (no EMA id)  # the formula stays text


def test_the_portal_csv_round_trips():
    original = held_elsewhere()
    text = files.portal_csv(original)
    assert text.splitlines()[:2] == ["place,first_name,last_name,scores,ema,games", "1,Minsu,KIM,85.3,12000001,8"]
    read = files.read_portal_csv(text, title=original.title, starts_on=original.starts_on,
                                 ends_on=original.ends_on, country="Korea", rules=original.rules)
    # the portal's CSV carries no score: the rest comes back as it was
    assert [(r.place, r.first_name, r.last_name, r.ema_id, r.table_points, r.games) for r in read.lines] == [
        (r.place, r.first_name, r.last_name, r.ema_id, r.table_points, r.games) for r in original.lines]


@pytest.mark.parametrize(("text", "problem"), [
    ("place,name\n1,x\n", "첫 줄은 다음이어야 합니다: place,first_name,last_name,scores,ema,games."),
    ("place,first_name,last_name,scores,ema,games\n1,A,B,x,,4\n", "2번째 줄: “x”은(는) 숫자가 아닙니다."),
    ("place,first_name,last_name,scores,ema,games\n5,A,B,1,,4\n",
     "순위는 1부터 1(참가 인원) 사이여야 합니다: 5."),
    ("place,first_name,last_name,scores,ema,games\n", "파일에 결과가 없습니다."),
])
def test_a_bad_portal_file_says_what_is_wrong_in_korean(text, problem):
    with pytest.raises(files.BadResultsFile) as bad:
        files.read_portal_csv(text, title="t", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 1, 1))
    assert problem in bad.value.problems


def test_not_a_workbook_is_refused():
    with pytest.raises(files.BadResultsFile) as bad:
        files.read_ema_workbook(b"place,first_name\n")
    assert bad.value.problems == ["엑셀 파일이 아닙니다."]


def test_an_import_matches_by_ema_id_then_name_then_makes_new_persons(federation, fed_admin):
    """KIM Minsu by his EMA id; PARK Jieun by her alias "Park Jieun"; LEE and MÜLLER are new persons."""
    kim = Person.objects.create(latin_name="KIM Min-su", ema_id="12000001")
    park = Person.objects.create(latin_name="PARK Ji-eun", aliases=["Park Jieun"])
    record, report = services.external_tournament_import(federation=federation, imported=held_elsewhere(),
                                                         source="ema", by=fed_admin, countries=2)
    assert report.as_dict() == {"by_ema_id": ["KIM Minsu"], "by_name": ["PARK Jieun"],
                                "new": ["LEE =cmd", "MÜLLER Anna"]}
    results = list(record.results.order_by("place").values_list("person_id", "place"))
    assert results[0] == (kim.pk, 1)
    assert results[3] == (park.pk, 4)
    assert Person.objects.get(ema_id="05010002").latin_name == "MÜLLER Anna"
    assert (record.days, record.players, record.countries) == (2, 4, 2)


def test_an_exported_federation_tournament_imports_back_the_same(federation, fed_admin):
    """Import, export as the EMA workbook, import that again (under another title: the same tournament twice is
    refused, as the next test shows): the same places, persons and figures."""
    first, _ = services.external_tournament_import(federation=federation, imported=held_elsewhere(), source="ema",
                                                   by=fed_admin)
    again = files.read_ema_workbook(files.ema_workbook(selectors.tournament_file(record=first)))
    again = dataclasses.replace(again, title=f"{again.title} (again)")
    second, report = services.external_tournament_import(federation=federation, imported=again, source="ema",
                                                         by=fed_admin)
    assert report.new == []
    fields = ("person_id", "place", "table_points", "score", "country", "ema_id")
    assert list(second.results.order_by("place").values_list(*fields)) == \
        list(first.results.order_by("place").values_list(*fields))
    assert FederationTournament.objects.count() == 2


def test_the_same_tournament_imported_twice_is_refused_and_counts_once(federation, fed_admin):
    """A results file sent twice (a double tap, or the same file a week later): the second is refused in
    Korean, and the tournament counts once in the rankings."""
    services.external_tournament_import(federation=federation, imported=held_elsewhere(), source="ema", by=fed_admin)
    with pytest.raises(services.FederationRefused) as refused:
        services.external_tournament_import(federation=federation, imported=held_elsewhere(), source="portal",
                                            by=fed_admin)
    assert refused.value.code == "already_imported"
    assert "이미 가져왔습니다" in refused.value.messages[0]
    assert FederationTournament.objects.count() == 1


def test_a_club_tournaments_two_files_come_back_the_same_through_the_import_page(client, federation, fed_admin,
                                                                                 club_a):
    """아지트's 봄 대회 (shared with 서울; finish 민수, 지은, 서준, 하윤), downloaded as the EMA workbook and as the
    portal CSV from its results' links, then uploaded on another federation's import page: each file gives the
    same persons (민수 by his EMA id, the others by their Latin names), places and table points — 60, 10, -20,
    -50, juki's points for one game — and the workbook the same scores (40000 … 10000). Both imports make no
    new person. (A person with neither an EMA id nor a Latin name would come back as a new one: a club's display
    name is not a federation name.)"""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from federation.models import FederationResult
    from tests.factories import MemberFactory
    from tests.federation.conftest import admin_of, play_tournament

    people = []
    for name, latin, ema in (("민수", "KIM Minsu", "12000001"), ("지은", "PARK Jieun", ""),
                             ("서준", "LEE Seojun", ""), ("하윤", "CHOI Hayun", "")):
        member = MemberFactory(club=club_a, display_name=name)
        member.person.latin_name, member.person.ema_id = latin, ema
        member.person.save()
        people.append(member)
    admin = admin_of(club_a)
    tournament = play_tournament(club_a, admin, people, name="봄 대회", day=datetime.date(2026, 4, 5))
    services.tournament_results_changed(tournament=tournament)
    shared = FederationTournament.objects.get(federation=federation, tournament=tournament)
    fields = ("person_id", "place", "table_points")
    expected = [(people[0].person_id, 1, D("60.0")), (people[1].person_id, 2, D("10.0")),
                (people[2].person_id, 3, D("-20.0")), (people[3].person_id, 4, D("-50.0"))]
    assert list(shared.results.order_by("place").values_list(*fields)) == expected

    client.force_login(admin)
    workbook = client.get(reverse("federation:club_tournament_file", args=[tournament.pk, "ema.xlsx"])).content
    portal = client.get(reverse("federation:club_tournament_file", args=[tournament.pk, "portal.csv"])).content
    assert portal.decode().splitlines()[:2] == ["place,first_name,last_name,scores,ema,games",
                                                "1,Minsu,KIM,60,12000001,1"]

    elsewhere = services.federation_create(name="부산 연맹", slug="busan", by=fed_admin)
    client.force_login(fed_admin)
    persons_before = Person.objects.count()
    page = client.post(reverse("federation:import", args=["busan"]), {
        "format": "ema", "file": SimpleUploadedFile("spring.xlsx", workbook)}).content.decode()
    assert 'data-testid="import-report"' in page, page
    page = client.post(reverse("federation:import", args=["busan"]), {
        "format": "portal", "file": SimpleUploadedFile("spring.csv", portal), "title": "봄 대회 (portal)",
        "starts_on": "2026-04-05"}).content.decode()
    assert 'data-testid="import-report"' in page, page
    assert Person.objects.count() == persons_before
    by_ema, by_portal = FederationTournament.objects.filter(federation=elsewhere).order_by("pk")
    for record in (by_ema, by_portal):
        assert list(record.results.order_by("place").values_list(*fields)) == expected
        assert (record.starts_on, record.ends_on, record.days, record.players) == (
            datetime.date(2026, 4, 5), datetime.date(2026, 4, 5), 1, 4)
    assert (by_ema.title, by_ema.rules) == ("봄 대회", shared.rules)
    assert list(FederationResult.objects.filter(tournament=by_ema).order_by("place").values_list("score", flat=True)) \
        == [D("40000.0"), D("30000.0"), D("20000.0"), D("10000.0")]
