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
