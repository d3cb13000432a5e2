"""A table code (issue 42 item 1): seating a game gives it a short code; a phone that types it at /t/ (or opens
the table card's QR) gets that game's table screen — enter, preview, undo, call the referee — and nothing
else. The code ends with the game, an organiser can renew it, guesses are throttled like logins, and every
write made with it is audited as "테이블 코드 (table N)" with the device."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from core.models import AuditEntry
from events.casual import services as casual_services
from events.nights import services
from league.games import services as game_services
from league.models import Game, HandRecord, RefereeCall

RON = {"kind": "ron", "riichi": [], "ron_loser": "1", "ron_winner": "0", "ron_value": "3900"}


def _seated(night, members, admin_user, count=8):
    for m in members[:count]:
        services.check_in(night=night, member=m, by=admin_user)
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user, seed=1)
    return [t.game for t in rnd.tables.order_by("pk")]


def _phone(code: str) -> Client:
    phone = Client()
    response = phone.post(reverse("table_code"), {"code": code})
    assert response.status_code == 302, response.content.decode()[:500]
    return phone


def _ron(phone: Client, game: Game, position: int = 0):
    return phone.post(reverse("league:hand_create", args=[game.pk]),
                      {"position": position, "action": "save", "kind": "ron", "ron_loser": 1, "ron_winner": 0,
                       "ron_value": "3-30", "entry_token": f"t-{game.pk}-{position}"})


@pytest.fixture
def tables(night, members, admin_user):
    return _seated(night, members, admin_user)


def test_seating_a_round_gives_every_table_its_own_code(tables):
    codes = [g.table_code for g in tables]
    assert all(codes)
    assert len(set(codes)) == len(codes)
    assert all(len(c) == 6 for c in codes)


def test_a_casual_game_gets_a_code_too(club, season, members, admin_user):
    game = casual_services.casual_game_start(club=club, ruleset=season.ruleset, members=members[:4], by=admin_user)
    assert game.table_code


def test_the_code_opens_its_table_and_the_phone_enters_a_hand_audited_as_the_table_code(tables):
    game = tables[0]
    phone = _phone(game.table_code.lower())  # typed in small letters: the same code
    screen = phone.get(reverse("league:game_table", args=[game.pk]))
    assert screen.status_code == 200
    assert 'name="kind"' in screen.content.decode()  # the entry form, not the watch-only screen
    assert _ron(phone, game).status_code == 302
    hand = HandRecord.objects.get(game=game, position=0)
    assert hand.entered_by is None
    entry = AuditEntry.objects.filter(object_type="hand", object_id=str(hand.pk)).get()
    assert entry.actor is None
    assert "테이블 코드" in entry.reason
    assert game.table_label in entry.reason
    assert "기기" in entry.reason


def test_the_qr_address_opens_the_table_as_the_typed_code_does(tables):
    game = tables[0]
    phone = Client()
    response = phone.get(reverse("table_code_open", args=[game.table_code]))
    assert response.status_code == 302
    assert response["Location"] == reverse("league:game_table", args=[game.pk])
    assert phone.get(response["Location"]).status_code == 200


def test_the_code_opens_no_other_game(tables):
    mine, other = tables
    phone = _phone(mine.table_code)
    assert phone.get(reverse("league:game_table", args=[other.pk])).status_code in (302, 403, 404)
    response = _ron(phone, other)
    assert response.status_code in (302, 403, 404)
    assert not HandRecord.objects.filter(game=other).exists()
    assert response.status_code != 302 or "/accounts/login/" in response["Location"]


def test_the_phone_undoes_its_last_hand_and_calls_the_referee(tables):
    game = tables[0]
    phone = _phone(game.table_code)
    _ron(phone, game)
    phone.post(reverse("league:hand_undo", args=[game.pk]), {"position": 0, "entry_token": "u1"})
    assert not HandRecord.objects.filter(game=game).exists()
    phone.post(reverse("league:referee_call", args=[game.pk]), {"reason": "score_dispute", "entry_token": "c1"})
    call = RefereeCall.objects.get(game=game)
    assert call.called_by is None
    assert "테이블 코드" in AuditEntry.objects.get(object_type="referee_call").reason


def test_a_code_gives_no_referee_powers(tables):
    game = tables[0]
    phone = _phone(game.table_code)
    # a deliberate chombo is a penalty: a referee's
    response = phone.post(reverse("league:hand_create", args=[game.pk]),
                          {"position": 0, "action": "save", "kind": "chombo", "offender": 2, "entry_token": "p1"})
    assert not HandRecord.objects.filter(game=game).exists(), response.status_code
    # time is not up: the code cannot end the game
    phone.post(reverse("league:game_end_time", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS


def test_the_code_ends_with_the_game(tables, admin_user):
    game = tables[0]
    phone = _phone(game.table_code)
    game_services.game_cancel(game=game, by=admin_user, reason="테스트")
    assert _ron(phone, game).status_code in (302, 403, 404, 409)
    assert not HandRecord.objects.filter(game=game).exists()
    again = Client().post(reverse("table_code"), {"code": game.table_code})
    assert again.status_code == 404


def test_a_renewed_code_shuts_out_the_old_phones(tables, admin_user):
    game = tables[0]
    old = game.table_code
    phone = _phone(old)
    renewed = game_services.table_code_renew(game=game, by=admin_user)
    assert renewed.table_code != old
    _ron(phone, game)
    assert not HandRecord.objects.filter(game=game).exists()
    assert Client().post(reverse("table_code"), {"code": old}).status_code == 404
    assert _ron(_phone(renewed.table_code), game).status_code == 302
    assert AuditEntry.objects.filter(object_type="game", object_id=str(game.pk), action="edit").exists()
    assert old not in str(list(AuditEntry.objects.values_list("before", "after", "reason")))  # never logged


def test_only_a_referee_or_an_admin_renews(tables, members):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        game_services.table_code_renew(game=tables[0], by=members[0].user)


def test_guessing_codes_is_throttled_like_logins(tables, settings):
    game = tables[0]
    guesser = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        assert guesser.post(reverse("table_code"), {"code": "AAAAAA"}).status_code == 404
    # used up: even the right code is refused now, and nothing is opened
    blocked = guesser.post(reverse("table_code"), {"code": game.table_code})
    assert blocked.status_code == 429
    assert guesser.get(reverse("league:game_table", args=[game.pk])).status_code == 302  # to the login


def test_the_host_screen_shows_the_code_and_its_qr(tables, admin_user):
    game = tables[0]
    client = Client()
    client.force_login(admin_user)
    page = client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert game.table_code in page
    assert "<svg" in page
    assert f"/t/{game.table_code}" in page


def test_the_phone_keeps_its_table_screen_offline(tables):
    game = tables[0]
    phone = _phone(game.table_code)
    pages = phone.get(reverse("offline:pages")).json()["pages"]
    assert pages == [reverse("league:game_table", args=[game.pk])]
    assert Client().get(reverse("offline:pages")).json()["pages"] == []


def test_the_night_table_card_and_the_board_show_the_code_to_the_organiser(night, tables, admin_user):
    from events.models import NightTable

    client = Client()
    client.force_login(admin_user)
    table = NightTable.objects.get(game=tables[0])
    assert tables[0].table_code in client.get(reverse("events:table_manage", args=[table.pk])).content.decode()
    board = client.get(reverse("events:board", args=[night.pk])).content.decode()
    assert all(g.table_code in board for g in tables)
