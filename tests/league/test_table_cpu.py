"""The table screen's CPU (issue 41): what is written once must be what the plain way writes.

The offline configuration's fixed parts are JSON written once per language (``offline_config``): its
script must be ``json_script`` of the whole value, byte for byte, at every state of a game. The seat names
read with the game (``with_seat_names``) must be the names the seats give, in seat order, and the table's
GET, preview and save ask one statement less for them.
"""
from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.html import json_script

from league.games import selectors
from league.games import services as game_services
from league.games.entry_screen import game_view
from league.models import Game
from league.web.templatetags import offline
from tests.factories import MemberFactory, UserFactory
from tests.league.events import ron

pytestmark = pytest.mark.django_db



def _plain(game) -> str:
    return json_script(offline.config_value({"gv": game_view(game), "game": game}), "offline-config")


def _fast(game) -> str:
    return offline.offline_config({"gv": game_view(game), "game": game})


@pytest.mark.parametrize("language", ["ko", "en", "ja"])
def test_the_offline_configuration_is_json_script_of_the_whole_value(game, language):
    with translation.override(language):
        assert _fast(game) == _plain(game)  # the first hand
        for position in range(3):
            event = ron((position + 1) % 4, loser=(position + 2) % 4, han=3)
            game_services.hand_record(game=game, position=position, event=event, by=None)
            game.refresh_from_db()
            assert _fast(game) == _plain(game), position


def test_names_that_need_escaping_are_escaped_as_json_script_does(game):
    seat = game.seat_set.get(seat=0)
    seat.member.display_name = '</script><b>"&\'김'
    seat.member.save()
    game = Game.objects.get(pk=game.pk)
    assert _fast(game) == _plain(game)
    assert "</script><b>" not in _fast(game)


def test_seat_names_read_with_the_game_are_the_seats_names_in_seat_order(game):
    seats = list(game.seat_set.order_by("seat"))
    names = ['이"서연', "Ann, O'Neil", "\\back", "最後"]
    for seat, name in zip(reversed(seats), names, strict=True):  # seat 3 gets the first name
        seat.member.display_name = name
        seat.member.save()
    read = selectors.keep_seat_names(selectors.with_seat_names(Game.objects.all()).get(pk=game.pk))
    expected = list(reversed(names))
    assert selectors.seat_names(Game.objects.get(pk=game.pk)) == expected  # the plain read
    with CaptureQueriesContext(connection) as queries:
        assert selectors.seat_names(read) == expected
    assert len(queries) == 0


def test_a_game_read_the_plain_way_still_reads_its_names(game):
    with CaptureQueriesContext(connection) as queries:
        names = selectors.seat_names(Game.objects.get(pk=game.pk))
    assert len(names) == 4
    assert len(queries) == 2  # the game, then its names


def test_the_table_get_asks_no_statement_for_the_seat_names(game, players):
    client = Client()
    client.force_login(players[0].user)
    url = reverse("league:game_table", args=[game.pk])
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    assert not [q for q in queries if "league_gameseat" in q["sql"] and "display_name" in q["sql"]
                and "league_game\".\"id\"" not in q["sql"]]


def test_a_member_who_is_not_seated_sees_the_same_names(game, club):
    outsider = MemberFactory(club=club, user=UserFactory())
    client = Client()
    client.force_login(outsider.user)
    page = client.get(reverse("league:game_table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for name in selectors.seat_names(Game.objects.get(pk=game.pk)):
        assert name in page


@pytest.mark.parametrize("case", ["seated player", "seated host", "referee", "admin and referee", "inactive member",
                                  "not a member", "another club's admin", "seated visitor", "visitor not seated",
                                  "table host of the night"])
def test_the_membership_read_with_the_game_is_the_lookups(case, club, game, players):
    from club.models import Member
    from league import permissions
    from tests.factories import ClubFactory, ClubRoleFactory

    def member(in_club, *roles, **fields):
        made = MemberFactory(club=in_club, user=UserFactory(), **fields)
        for role in roles:
            ClubRoleFactory(club=in_club, member=made, role=role)
        return made

    if case == "seated player":
        user = players[1].user
    elif case == "seated host":
        ClubRoleFactory(club=club, member=players[0], role="host")
        user = players[0].user
    elif case == "referee":
        user = member(club, "referee").user
    elif case == "admin and referee":
        user = member(club, "admin", "referee").user
    elif case == "inactive member":
        user = member(club, "admin", active=False).user
    elif case == "not a member":
        user = UserFactory()
    elif case == "another club's admin":
        user = member(ClubFactory(), "admin", "host").user
    elif case == "seated visitor":
        Member.objects.filter(pk=players[2].pk).update(visitor=True)
        user = players[2].user
    elif case == "visitor not seated":
        user = member(club, visitor=True).user
    else:
        host = member(club)
        Game.objects.filter(pk=game.pk).update(table_hosts=[host.pk])
        user = host.user
    with permissions.memberships_memo():
        with CaptureQueriesContext(connection) as queries:
            read = permissions.with_membership(Game.objects.all(), user).get(pk=game.pk)
            permissions.keep_membership(user, read)
            kept = permissions.membership_for(user, read.club, game=read)
        assert len(queries) == 2  # the game with the membership, then the club (not selected here)
    assert kept == permissions._lookup_membership(user, read.club, read)


def test_the_next_games_seats_come_with_the_game_read_east_first(game, players, rf, django_assert_num_queries):
    """The final table offers the table's next game with its seats' members: read with the game (its seat names'
    statement, ``with_seat_names``), in seat order, as the seats themselves say."""
    from league.games.selectors import keep_seat_names, seat_member_ids, with_seat_names
    from league.models import Game

    read = keep_seat_names(with_seat_names(Game.objects.filter(pk=game.pk)).get())
    with django_assert_num_queries(0):
        ids = seat_member_ids(read)
    assert ids == [m.pk for m in players]
    assert ids == list(game.seat_set.order_by("seat").values_list("member_id", flat=True))
    plain = Game.objects.get(pk=game.pk)
    with django_assert_num_queries(1):  # a game read without them asks
        assert seat_member_ids(plain) == ids
