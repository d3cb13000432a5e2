"""Tournament pages: creating one, the desk (register, approve, check in, seat, final scores, penalty),
the public results page and its CSV/XLSX export (guarded against formula injection), and refusals."""
from __future__ import annotations

import csv
import io
from http import HTTPStatus

import pytest
from django.urls import reverse

from events.tournaments import services
from events.tournaments.models import Entrant, Tournament, TournamentRound
from league.models import Game
from tests.events.test_tournaments import WIN_ORDER
from tests.factories import EntrantFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(club, ruleset):
    # Results public (결과 공개): the results, board and export tests below read them as a visitor.
    # A private tournament's pages refuse visitors: tests/events/test_private_access.py.
    return TournamentFactory(club=club, ruleset=ruleset, rounds=2, public_results=True)


def test_an_admin_creates_a_tournament_from_the_list(client, club, ruleset, admin_user):
    client.force_login(admin_user)
    url = reverse("events:tournament_list", args=[club.slug])
    assert client.get(url).status_code == HTTPStatus.OK
    response = client.post(url, {"name": "봄 대회", "starts_on": "2026-12-05", "ruleset": ruleset.pk, "rounds": 4,
                                 "round_minutes": 90, "end_rule": "finish_hand", "team_size": 1,
                                 "seating": "balanced", "cut_after": 3, "cut_to": 4, "carry": "half",
                                 "withdrawal_policy": "keep"})
    tournament = Tournament.objects.get()
    assert response.status_code == HTTPStatus.FOUND
    assert tournament.cut_to == 4
    assert tournament.carry == "half"


def test_a_bad_cut_is_shown_on_the_form_and_nothing_is_created(client, club, ruleset, admin_user):
    client.force_login(admin_user)
    response = client.post(reverse("events:tournament_list", args=[club.slug]), {
        "name": "봄 대회", "starts_on": "2026-12-05", "ruleset": ruleset.pk, "rounds": 4, "end_rule": "finish_hand",
        "team_size": 1, "seating": "balanced", "cut_after": 4, "cut_to": 4, "carry": "full",
        "withdrawal_policy": "keep"})
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert not Tournament.objects.exists()


def test_a_member_cannot_create_one(client, club, ruleset, members):
    client.force_login(members[0].user)
    response = client.post(reverse("events:tournament_list", args=[club.slug]), {"name": "x"})
    assert response.status_code == HTTPStatus.FORBIDDEN


def test_a_member_registers_and_the_desk_approves_and_checks_in(client, tournament, members, admin_user):
    member = members[0]
    client.force_login(member.user)
    client.post(reverse("events:tournament_register", args=[tournament.pk]))
    entrant = Entrant.objects.get(member=member)
    assert entrant.status == "pending"
    page = client.get(reverse("events:tournament_detail", args=[tournament.pk]))
    assert page.status_code == HTTPStatus.OK
    assert b'data-testid="my-status"' in page.content
    client.force_login(admin_user)
    client.post(reverse("events:tournament_entrant", args=[entrant.pk]), {"action": "approve"})
    client.post(reverse("events:tournament_entrant", args=[entrant.pk]), {"action": "check_in"})
    entrant.refresh_from_db()
    assert entrant.status == "approved"
    assert entrant.checked_in_at is not None


def test_the_desk_adds_a_guest(client, tournament, admin_user):
    client.force_login(admin_user)
    client.post(reverse("events:tournament_entrant_add", args=[tournament.pk]), {"name": "손님 박"})
    assert Entrant.objects.get(tournament=tournament).guest


def test_seating_and_final_scores_from_the_desk(client, tournament, members, admin_user):
    EntrantFactory.for_members(tournament, members[:8])
    client.force_login(admin_user)
    response = client.post(reverse("events:tournament_round_seat", args=[tournament.pk]),
                           {"number": 1, "method": "balanced"})
    assert response.status_code == HTTPStatus.FOUND
    rnd = TournamentRound.objects.get()
    page = client.get(reverse("events:tournament_detail", args=[tournament.pk]))
    assert page.content.count(b'data-testid="save-scores"') == 2
    table = rnd.tables.order_by("id").first()
    url = reverse("events:tournament_table_scores", args=[table.pk])
    bad = client.post(url, {f"t{table.pk}-score{i}": s for i, s in enumerate([40000, 30000, 20000, 9000])})
    assert bad.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert b"99,000" in bad.content
    assert b'value="9000"' in bad.content  # what was typed is kept
    ok = client.post(url, {f"t{table.pk}-score{i}": s for i, s in enumerate(WIN_ORDER)} | {f"t{table.pk}-sticks": 0})
    assert ok.status_code == HTTPStatus.FOUND
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.FINISHED
    early = client.post(reverse("events:tournament_round_seat", args=[tournament.pk]), {"number": 2, "method": "swiss"},
                        follow=True)
    assert TournamentRound.objects.count() == 1
    assert b"2" in early.content


def test_a_predefined_seating_is_uploaded_as_a_csv_file(client, tournament, members, admin_user):
    from django.core.files.uploadedfile import SimpleUploadedFile

    EntrantFactory.for_members(tournament, members[:4])
    client.force_login(admin_user)
    names = [m.display_name for m in members[:4]]
    text = "round,table,east,south,west,north\n1,1," + ",".join(reversed(names)) + "\n"
    client.post(reverse("events:tournament_round_seat", args=[tournament.pk]), {
        "number": 1, "method": "predefined", "csv_file": SimpleUploadedFile("plan.csv", text.encode("utf-8-sig"))})
    game = Game.objects.get(season=tournament.season)
    assert list(game.seat_set.order_by("seat").values_list("member_id", flat=True)) == [m.pk for m in members[3::-1]]


def test_a_member_cannot_seat_a_round(client, tournament, members, admin_user):
    EntrantFactory.for_members(tournament, members[:4])
    client.force_login(members[0].user)
    client.post(reverse("events:tournament_round_seat", args=[tournament.pk]), {"number": 1, "method": "balanced"})
    assert not TournamentRound.objects.exists()


def _play_a_round(tournament, members, admin_user, guest_name):
    EntrantFactory.for_members(tournament, members[:3])
    services.register_guest(tournament=tournament, name=guest_name, by=admin_user)
    guest = Entrant.objects.get(tournament=tournament, guest=True)
    services.check_in(entrant=guest, by=admin_user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    services.table_scores(table=rnd.tables.get(), scores=WIN_ORDER, by=admin_user)


def test_the_results_page_is_public(client, tournament, members, admin_user):
    _play_a_round(tournament, members, admin_user, "손님")
    response = client.get(reverse("events:tournament_results", args=[tournament.pk]))
    assert response.status_code == HTTPStatus.OK
    assert b'data-testid="standing-4"' in response.content
    after = client.get(reverse("events:tournament_results", args=[tournament.pk]) + "?after=1")
    assert after.status_code == HTTPStatus.OK


@pytest.mark.parametrize("name", ["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)"])
def test_the_csv_export_guards_against_formulas(client, tournament, members, admin_user, name):
    _play_a_round(tournament, members, admin_user, name)
    response = client.get(reverse("events:tournament_export", args=[tournament.pk, "csv"]))
    assert response.status_code == HTTPStatus.OK
    assert response["Content-Type"].startswith("text/csv")
    cells = [c for row in csv.reader(io.StringIO(response.content.decode("utf-8-sig"))) for c in row]
    assert "'" + name in cells
    assert name not in cells


def test_the_xlsx_export_has_standings_and_tables(client, tournament, members, admin_user):
    from openpyxl import load_workbook

    _play_a_round(tournament, members, admin_user, "=1+1")
    response = client.get(reverse("events:tournament_export", args=[tournament.pk, "xlsx"]))
    book = load_workbook(io.BytesIO(response.content))
    standings, tables = book.worksheets
    values = [c.value for row in standings.iter_rows() for c in row]
    assert "'=1+1" in values
    assert standings.max_row == 5
    assert tables.max_row == 5
    assert all(not (isinstance(v, str) and v.startswith("=")) for v in values)


def test_the_xlsx_export_fits_hangul_names_and_names_seats_in_korean(client, tournament, members, admin_user):
    from openpyxl import load_workbook
    from openpyxl.utils import get_column_letter

    from core.spreadsheet import display_width

    long_name = "남궁수한무거북이와두루미"
    _play_a_round(tournament, members, admin_user, long_name)
    response = client.get(reverse("events:tournament_export", args=[tournament.pk, "xlsx"]), HTTP_ACCEPT_LANGUAGE="ko")
    for sheet in load_workbook(io.BytesIO(response.content)).worksheets:
        for column in sheet.iter_cols(min_row=1, max_row=sheet.max_row):
            longest = max(display_width("" if c.value is None else str(c.value)) for c in column)
            width = sheet.column_dimensions[get_column_letter(column[0].column)].width
            assert width >= longest, f"{sheet.title} column {column[0].column}: {width} < {longest}"
    tables = load_workbook(io.BytesIO(response.content)).worksheets[1]
    header = [c.value for c in tables[1]]
    seats = [row[header.index("자리")] for row in tables.iter_rows(min_row=2, values_only=True)]
    assert seats == ["동", "남", "서", "북"]


def test_an_unknown_export_format_is_not_found(client, tournament):
    response = client.get(reverse("events:tournament_export", args=[tournament.pk, "pdf"]))
    assert response.status_code == HTTPStatus.NOT_FOUND


def test_the_table_screen_shows_the_tournament_clock_and_the_desk_gives_extra_time(client, tournament, members,
                                                                                    admin_user):
    EntrantFactory.for_members(tournament, members[:4])
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    table = rnd.tables.get()
    client.force_login(admin_user)
    screen = client.get(reverse("league:game_table", args=[table.game.pk]))
    assert b'data-testid="tournament-timer"' in screen.content
    assert tournament.name.encode() in screen.content
    client.post(reverse("events:tournament_table_action", args=[table.pk]), {"minutes": 5})
    client.post(reverse("events:tournament_table_action", args=[table.pk]), {"minutes": 500})
    table.refresh_from_db()
    assert table.extra_minutes == 5
    screen = client.get(reverse("league:game_table", args=[table.game.pk]))
    assert "(+5′)".encode() in screen.content


def test_the_desk_cancels_a_table_with_a_reason_and_the_next_round_can_be_seated(client, tournament, members,
                                                                                  admin_user):
    EntrantFactory.for_members(tournament, members[:4])
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    table = rnd.tables.get()
    client.force_login(admin_user)
    client.post(reverse("events:tournament_table_action", args=[table.pk]), {"action": "cancel", "reason": ""})
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.IN_PROGRESS
    client.post(reverse("events:tournament_table_action", args=[table.pk]), {"action": "cancel", "reason": "정전"})
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.CANCELLED
    rnd2, created = services.round_seat(tournament=tournament, number=2, by=admin_user)
    assert created


def test_a_game_outside_a_tournament_has_no_tournament_clock(client, game, referee):
    client.force_login(referee.user)
    screen = client.get(reverse("league:game_table", args=[game.pk]))
    assert screen.status_code == HTTPStatus.OK
    assert b"tournament-timer" not in screen.content


def test_the_board_shows_the_round_live_and_answers_304_while_nothing_changed(client, tournament, members,
                                                                             admin_user):
    EntrantFactory.for_members(tournament, members[:8])
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    page = client.get(reverse("events:tournament_board", args=[tournament.pk]))
    assert page.status_code == HTTPStatus.OK
    assert page.content.count(b'data-testid="board-table-1-') == 2
    live = reverse("events:tournament_board_live", args=[tournament.pk])
    first = client.get(live)
    etag = first["ETag"]
    assert client.get(live, headers={"If-None-Match": etag}).status_code == HTTPStatus.NOT_MODIFIED
    services.table_scores(table=rnd.tables.order_by("id").first(), scores=WIN_ORDER, by=admin_user)
    changed = client.get(live, headers={"If-None-Match": etag})
    assert changed.status_code == HTTPStatus.OK
    assert b"40,000" in changed.content
    assert b"+60.0" in changed.content


def test_the_desk_seats_a_substitute_for_a_player_who_leaves_mid_game(client, tournament, members, admin_user):
    EntrantFactory.for_members(tournament, members[:4])
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin_user)
    table = rnd.tables.get()
    client.force_login(admin_user)
    page = client.get(reverse("events:tournament_detail", args=[tournament.pk]))
    assert b'data-testid="substitute-1-1"' in page.content
    leaver = table.game.seat_set.get(seat=0).member
    client.post(reverse("events:tournament_table_action", args=[table.pk]), {
        "action": "substitute", "leaving": leaver.pk, "substitute": members[9].pk, "reason": "급한 일"})
    assert table.game.seat_set.get(seat=0).member == members[9]


def test_a_penalty_from_the_desk_is_listed_on_the_seasons_penalty_page(client, tournament, members, admin_user):
    EntrantFactory.for_members(tournament, members[:4])
    client.force_login(admin_user)
    client.post(reverse("events:tournament_penalty", args=[tournament.pk]),
                {"member": members[0].pk, "points": "10", "reason": "지각"})
    page = client.get(reverse("events:tournament_detail", args=[tournament.pk]))
    link = reverse("league:season_penalties", args=[tournament.club.slug, tournament.season_id])
    assert link.encode() in page.content
    listed = client.get(link)
    assert listed.status_code == HTTPStatus.OK
    assert "지각".encode() in listed.content


# --- check in everyone at once (issue 25.4) ---------------------------------------------------
def test_the_desk_checks_in_every_approved_player_in_one_action(client, tournament, members, admin_user):
    entrants = EntrantFactory.for_members(tournament, members[:6], absent=True)
    services.check_in(entrant=entrants[0], by=admin_user)  # one came early
    pending, _ = services.register(tournament=tournament, member=members[6], by=members[6].user)
    client.force_login(admin_user)
    page = client.get(reverse("events:tournament_detail", args=[tournament.pk])).content.decode()
    assert 'data-testid="check-in-all"' in page
    assert "5명" in page  # the five not yet in
    response = client.post(reverse("events:tournament_check_in_all", args=[tournament.pk]), follow=True)
    assert response.status_code == HTTPStatus.OK
    checked = Entrant.objects.filter(tournament=tournament, checked_in_at__isnull=False)
    assert set(checked.values_list("pk", flat=True)) == {e.pk for e in entrants}
    pending.refresh_from_db()
    assert pending.checked_in_at is None  # not approved: not checked in
    assert "5명 체크인" in response.content.decode()
    again = client.post(reverse("events:tournament_check_in_all", args=[tournament.pk]), follow=True)
    assert "체크인할 선수가 없습니다" in again.content.decode()  # twice is harmless


def test_a_member_cannot_check_everyone_in(client, tournament, members, admin_user):
    EntrantFactory.for_members(tournament, members[:4], absent=True)
    client.force_login(members[0].user)
    response = client.post(reverse("events:tournament_check_in_all", args=[tournament.pk]))
    assert response.status_code in (HTTPStatus.FORBIDDEN, HTTPStatus.FOUND)
    assert not Entrant.objects.filter(tournament=tournament, checked_in_at__isnull=False).exists()


def test_a_guest_added_twice_by_a_double_tap_is_added_once(client, tournament, admin_user):
    # issue 25.4: every create carries the form's once-token
    client.force_login(admin_user)
    page = client.get(reverse("events:tournament_detail", args=[tournament.pk])).content.decode()
    form = page[page.index('data-testid="add-guest"'):]
    assert 'name="entry_token"' in form[:form.index("</form>")]
    url = reverse("events:tournament_entrant_add", args=[tournament.pk])
    client.post(url, {"name": "손님 한명", "entry_token": "entrant.tap"})
    again = client.post(url, {"name": "손님 한명", "entry_token": "entrant.tap"}, follow=True)
    assert Entrant.objects.filter(tournament=tournament, member__display_name="손님 한명").count() == 1
    text = again.content.decode()
    assert "이미 추가" in text
    assert "이미 손님 한명" not in text
