"""The embedded default recomputes the standings after the host's response, not inside it (item 4).

``make run`` has no broker (tasks eager): the game-ending hand used to wait for the whole season's
recompute before the host got the table back. With ``LEAGUE_RECOMPUTE_AFTER_RESPONSE`` (set by
config/settings/local.py) the recompute runs when the server closes the response. Here the WSGI
handler is called as a server calls it: the response first, then ``close()``.
"""
from __future__ import annotations

from http import HTTPStatus
from io import BytesIO
from urllib.parse import urlencode

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.models import Game, StandingsSnapshot
from tests.league.events import TO_SOUTH_4

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs for real


def _post_as_a_server(client: Client, path: str, data: dict):
    """POST through the real WSGI handler with the client's cookies; returns the unclosed response."""
    client.get(reverse("league:game_table", args=[data.pop("_game")]))  # the CSRF cookie
    csrf = client.cookies["csrftoken"].value
    body = urlencode({**data, "csrfmiddlewaretoken": csrf}).encode()
    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": path, "SERVER_NAME": "testserver", "SERVER_PORT": "80",
        "wsgi.url_scheme": "http", "wsgi.input": BytesIO(body), "CONTENT_LENGTH": str(len(body)),
        "CONTENT_TYPE": "application/x-www-form-urlencoded",
        "HTTP_COOKIE": "; ".join(f"{k}={v.value}" for k, v in client.cookies.items()),
        "wsgi.errors": BytesIO(), "wsgi.version": (1, 0), "wsgi.multithread": True, "wsgi.multiprocess": False,
        "wsgi.run_once": False,
    }
    status = []
    response = WSGIHandler()(environ, lambda s, headers, exc_info=None: status.append(s))
    return response, status[0]


@pytest.mark.parametrize("deferred", [True, False], ids=["embedded-default-after-the-response", "tests-in-request"])
def test_the_game_ending_hand_recomputes_after_the_response(game, players, settings, deferred):
    settings.LEAGUE_RECOMPUTE_AFTER_RESPONSE = deferred
    for i, event in enumerate(TO_SOUTH_4):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    client = Client()
    client.force_login(players[0].user)
    hand = {"_game": game.pk, "position": 7, "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "5",
            "action": "save"}

    response, status = _post_as_a_server(client, reverse("league:hand_create", args=[game.pk]), hand)
    assert status.startswith(str(HTTPStatus.FOUND.value))
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert StandingsSnapshot.objects.filter(season=game.season).exists() is (not deferred)
    response.close()  # the server has sent the last byte
    snapshot = StandingsSnapshot.objects.get(season=game.season)
    assert snapshot.games_count == 1


def test_outside_a_request_the_recompute_is_not_deferred(game, players, settings):
    settings.LEAGUE_RECOMPUTE_AFTER_RESPONSE = True
    from tests.league.events import ALL_LAST_FINISH

    for i, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    assert StandingsSnapshot.objects.get(season=game.season).games_count == 1
