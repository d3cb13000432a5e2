"""The embedded default recomputes the standings after the host's response, not inside it (item 4).

``make run`` has no broker (tasks eager): the game-ending hand used to wait for the whole season's
recompute before the host got the table back. With ``EAGER_TASKS_AFTER_RESPONSE`` (set by
config/settings/local.py) the update is handed, when the server closes the response, to the process's
background runner (``core.queueing.later``), which runs it ``LEAGUE_STANDINGS_GATHER_SECONDS`` later (issue 41,
item 3): the host's next screen is answered first, as on production. Here the WSGI handler is called as a
server calls it: the response first, then ``close()``.
"""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from core.queueing import later
from league.games import services as game_services
from league.models import Game, StandingRow, StandingsSnapshot
from tests.league.events import TO_SOUTH_4
from tests.served import post_as_a_server

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs for real


def _to_south_4(game, players) -> dict:
    for i, event in enumerate(TO_SOUTH_4):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    return {"_game": game.pk, "position": 7, "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "5",
            "action": "save"}


def test_in_tests_the_game_ending_hand_recomputes_in_the_request(game, players, settings):
    settings.EAGER_TASKS_AFTER_RESPONSE = False
    client = Client()
    client.force_login(players[0].user)

    response, status = post_as_a_server(client, reverse("league:hand_create", args=[game.pk]), _to_south_4(game,
                                                                                                             players))

    assert status.startswith(str(HTTPStatus.FOUND.value))
    assert StandingsSnapshot.objects.get(season=game.season).games_count == 1
    response.close()


def test_the_game_ending_hand_updates_the_standings_after_the_hosts_next_screen(game, players, settings):
    """The embedded default: the save's response is sent, and the host's next screen (the GET its redirect asks
    for) is answered, before the standings' update runs; once it ran, the standings hold the game."""
    settings.EAGER_TASKS_AFTER_RESPONSE = True
    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 3600  # run below by the test itself, not by the clock
    client = Client()
    client.force_login(players[0].user)

    response, status = post_as_a_server(client, reverse("league:hand_create", args=[game.pk]), _to_south_4(game,
                                                                                                             players))
    assert status.startswith(str(HTTPStatus.FOUND.value))
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    response.close()  # the server has sent the last byte
    assert later.pending() == [("league.season_recompute", game.season_id)]  # (its club is in no federation)
    assert client.get(reverse("league:game_table", args=[game.pk])).status_code == HTTPStatus.OK  # the next screen
    assert not StandingsSnapshot.objects.filter(season=game.season).exists()  # ...answered before the update

    assert later.run_due(everything=True) == 1

    snapshot = StandingsSnapshot.objects.get(season=game.season)
    assert snapshot.games_count == 1
    finished = Game.objects.get(pk=game.pk)
    by_place = [players[seat].pk for seat in sorted(range(4), key=lambda seat: finished.final_ranks[seat])]
    assert list(StandingRow.objects.filter(snapshot=snapshot).order_by("position")
                .values_list("member_id", flat=True)) == by_place


def test_the_background_runner_runs_the_update_a_moment_later_on_its_own(game, players, settings):
    settings.EAGER_TASKS_AFTER_RESPONSE = True
    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 0.05
    client = Client()
    client.force_login(players[0].user)

    response, _status = post_as_a_server(client, reverse("league:hand_create", args=[game.pk]),
                                          _to_south_4(game, players))
    response.close()

    assert later.wait_idle(timeout=60)  # a deadline, not a pause: done as soon as the thread ran it
    assert StandingsSnapshot.objects.get(season=game.season).games_count == 1


def test_outside_a_request_the_recompute_is_not_deferred(game, players, settings):
    settings.EAGER_TASKS_AFTER_RESPONSE = True
    from tests.league.events import ALL_LAST_FINISH

    for i, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    assert StandingsSnapshot.objects.get(season=game.season).games_count == 1


def test_with_a_broker_the_update_is_sent_once_the_response_has_been(game, players, settings):
    """Production (a broker): the standings' message to Redis is not part of the host's wait; it leaves when the
    server closes the response (a broker that is away is then logged, and requeue_stale finds the season)."""
    from unittest import mock

    settings.CELERY_TASK_ALWAYS_EAGER = False
    client = Client()
    client.force_login(players[0].user)
    with mock.patch("core.queueing.send", return_value=True) as sent:
        response, status = post_as_a_server(client, reverse("league:hand_create", args=[game.pk]),
                                            _to_south_4(game, players))
        assert status.startswith(str(HTTPStatus.FOUND.value))
        assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
        assert sent.call_count == 0  # the response is out; nothing sent yet
        response.close()  # the server has sent the last byte
    assert [(c.args[0].name, c.args[1]) for c in sent.call_args_list] == [("league.season_recompute", game.season_id)]


def test_with_the_broker_away_the_game_ending_save_is_answered_and_the_season_stays_marked(game, players, settings,
                                                                                          caplog):
    """Redis down on production: the message sent after the response fails, is logged, and nothing of the host's
    save is lost; the season keeps ``standings_changed_at`` for requeue_stale."""
    from unittest import mock

    from kombu.exceptions import OperationalError

    from league.models import Season
    from league.standings.tasks import season_recompute

    settings.CELERY_TASK_ALWAYS_EAGER = False
    client = Client()
    client.force_login(players[0].user)
    with mock.patch.object(season_recompute, "apply_async", side_effect=OperationalError("redis away")):
        response, status = post_as_a_server(client, reverse("league:hand_create", args=[game.pk]),
                                            _to_south_4(game, players))
        assert status.startswith(str(HTTPStatus.FOUND.value))
        response.close()
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert Season.objects.get(pk=game.season_id).standings_changed_at is not None
    assert "requeue_stale will retry it" in caplog.text
