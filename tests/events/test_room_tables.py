"""The night's room (issue 21, item 6): a night's tables are the room's tables, numbered once.

Table 2 is the same table in every round. A round seated while some tables still play takes the
numbers they leave free; the organiser can add a table to the round in play; the board never
shows one table number twice.
"""
from __future__ import annotations

from collections import Counter
from http import HTTPStatus

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from core.models import AuditEntry
from events.models import NightRound, NightTable
from events.nights import selectors, services
from events.nights.services import NightRefused, Refusal
from league.games import services as game_services
from league.models import Game

pytestmark = pytest.mark.django_db


def check_in_all(night, members, by):
    for m in members:
        services.check_in(night=night, member=m, by=by)


def finish(game: Game) -> None:
    """End a game at once: a yakuman ron off East (Juki: below zero ends the game)."""
    game_services.hand_record(game=game, position=0, event={"kind": "ron", "loser": 0, "riichi": [],
                              "wins": [{"winner": 1, "yakuman": 1}]}, by=None)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def labels(rnd: NightRound) -> list[str]:
    return sorted(t.label for t in rnd.tables.all())


def at(rnd: NightRound, label: str) -> NightTable:
    return rnd.tables.get(label=label)


@pytest.fixture
def three_tables(night_no_sanma, members, admin_user):
    """Round 1 at tables 1, 2 and 3; tables 1 and 3 have finished, table 2 still plays."""
    night = night_no_sanma
    check_in_all(night, members[:12], admin_user)
    first, _ = services.round_seat(night=night, number=1, by=admin_user, seed=1)
    assert labels(first) == ["1", "2", "3"]
    finish(at(first, "1").game)
    finish(at(first, "3").game)
    return night, first


def test_a_round_seated_while_a_table_plays_takes_the_free_table_numbers(three_tables, admin_user):
    night, first = three_tables
    second, _ = services.round_seat(night=night, number=2, by=admin_user, seed=2)
    assert labels(second) == ["1", "3"]  # table 2 is still playing round 1
    assert at(second, "3").game.table_label.endswith(" · 2라운드 · 3번 테이블")


def test_the_board_never_shows_two_tables_with_one_number(three_tables, admin_user, client):
    night, first = three_tables
    services.round_seat(night=night, number=2, by=admin_user, seed=2)
    shown = [t["table"].label for t in selectors.board_tables(night)]
    assert sorted(shown) == ["1", "2", "3"]
    client.force_login(admin_user)
    page = client.get(reverse("events:board_live", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    for n in ("1", "2", "3"):
        assert page.count(f"{n}번 테이블") == 1, n


def test_the_room_shows_the_game_playing_at_a_table_not_the_one_that_ended_there(night_no_sanma, members,
                                                                                 admin_user):
    night = night_no_sanma
    check_in_all(night, members[:8], admin_user)
    first, _ = services.round_seat(night=night, number=1, by=admin_user, seed=1)
    finish(at(first, "1").game)
    added, created = services.round_add_table(night=night, number=1, tables_seen=2, by=admin_user, seed=3)
    assert created
    assert added.label == "1"  # table 1 is free again: the added table sits there
    shown = {t.label: t for t in selectors.room_tables(night)}
    assert sorted(shown) == ["1", "2"]
    assert shown["1"].pk == added.pk


def test_table_numbers_stay_the_rooms_when_every_table_is_free(night_no_sanma, members, admin_user):
    night = night_no_sanma
    check_in_all(night, members[:12], admin_user)
    first, _ = services.round_seat(night=night, number=1, by=admin_user, seed=1)
    for t in first.tables.all():
        finish(t.game)
    second, _ = services.round_seat(night=night, number=2, by=admin_user, seed=2)
    assert labels(second) == labels(first) == ["1", "2", "3"]


def test_the_organiser_adds_a_table_for_late_arrivals_at_a_free_number(night_no_sanma, members, admin_user):
    night = night_no_sanma
    check_in_all(night, members[:8], admin_user)
    first, _ = services.round_seat(night=night, number=1, by=admin_user, seed=1)
    check_in_all(night, members[8:12], admin_user)
    table, created = services.round_add_table(night=night, number=1, tables_seen=2, by=admin_user, seed=2)
    assert created
    assert table.label == "3"
    assert table.round_id == first.pk
    assert set(table.game.seat_set.values_list("member_id", flat=True)) == {m.pk for m in members[8:12]}
    assert table.game.status == Game.Status.IN_PROGRESS
    assert table.game.season_id == night.season_id
    entry = AuditEntry.objects.get(object_type="night_table", object_id=str(table.pk))
    assert entry.actor == admin_user
    assert entry.after["table"] == "3"


def test_adding_a_table_pressed_twice_adds_one(night_no_sanma, members, admin_user, referee_user):
    night = night_no_sanma
    check_in_all(night, members[:8], admin_user)
    services.round_seat(night=night, number=1, by=admin_user, seed=1)
    check_in_all(night, members[8:16], admin_user)
    table, created = services.round_add_table(night=night, number=1, tables_seen=2, by=admin_user)
    again, created_again = services.round_add_table(night=night, number=1, tables_seen=2, by=referee_user)
    assert created
    assert not created_again
    assert again.pk == table.pk
    assert NightTable.objects.filter(round__night=night).count() == 3


def test_an_added_table_seats_who_sat_out_before_who_just_played(night_no_sanma, members, admin_user):
    night = night_no_sanma
    check_in_all(night, members[:9], admin_user)
    first, _ = services.round_seat(night=night, number=1, by=admin_user, seed=1)
    assert len(first.sitting_out) == 1
    sitter = first.sitting_out[0]
    finish(at(first, "1").game)  # four more are free, with one game each
    table, _ = services.round_add_table(night=night, number=1, tables_seen=2, by=admin_user, seed=5)
    assert sitter in set(table.game.seat_set.values_list("member_id", flat=True))
    first.refresh_from_db()
    assert first.sitting_out == []


@pytest.mark.parametrize(("free", "sanma", "size"), [(3, True, 3), (3, False, None), (5, True, 4)],
                         ids=["three-free-play-sanma", "three-free-without-sanma-refused", "five-free-play-four"])
def test_an_added_table_has_four_or_a_leftover_three(request, members, admin_user, free, sanma, size):
    night = request.getfixturevalue("night" if sanma else "night_no_sanma")
    check_in_all(night, members[:4], admin_user)
    services.round_seat(night=night, number=1, by=admin_user, seed=1)
    check_in_all(night, members[4:4 + free], admin_user)
    if size is None:
        with pytest.raises(NightRefused) as info:
            services.round_add_table(night=night, number=1, tables_seen=1, by=admin_user)
        assert info.value.refusal == Refusal.TOO_FEW
        return
    table, _ = services.round_add_table(night=night, number=1, tables_seen=1, by=admin_user)
    assert table.game.seats == size
    assert table.label == "2"


def test_an_added_table_needs_the_round_in_play(night_no_sanma, members, admin_user):
    night = night_no_sanma
    check_in_all(night, members[:12], admin_user)
    with pytest.raises(NightRefused) as info:
        services.round_add_table(night=night, number=1, tables_seen=0, by=admin_user)
    assert info.value.refusal == Refusal.OUT_OF_DATE


def test_a_player_cannot_add_a_table(night_no_sanma, members, admin_user):
    night = night_no_sanma
    check_in_all(night, members[:12], admin_user)
    services.round_seat(night=night, number=1, by=admin_user, seed=1)
    with pytest.raises(PermissionDenied):
        services.round_add_table(night=night, number=1, tables_seen=3, by=members[0].user)


def test_the_desk_adds_a_table(client, night_no_sanma, members, admin_user):
    night = night_no_sanma
    check_in_all(night, members[:8], admin_user)
    services.round_seat(night=night, number=1, by=admin_user, seed=1)
    check_in_all(night, members[8:12], admin_user)
    client.force_login(admin_user)
    desk = client.get(reverse("events:night_detail", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert 'data-testid="add-table"' in desk
    assert "1라운드에 테이블 추가" in desk
    response = client.post(reverse("events:round_add_table", args=[night.pk]), {"number": 1, "tables": 2},
                           HTTP_ACCEPT_LANGUAGE="ko", follow=True)
    assert response.status_code == HTTPStatus.OK
    assert "3번 테이블" in response.content.decode()
    assert Counter(t.label for t in NightTable.objects.filter(round__night=night)) == Counter(["1", "2", "3"])
