"""A game's end costs the host no more than it must (issue 41, "a game's end as cheap as a hand").

* A club's channels that did not choose an event cost one query: nothing is worded, nobody's language read.
* On ``make run`` (no broker, tasks eager, ``EAGER_TASKS_AFTER_RESPONSE``) the message's send (an HTTP call to
  Discord or Telegram) runs in the process's background runner after the save's response, not inside it, as the
  standings' update does (tests/league/test_recompute_after_response.py) and the federation's.
"""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.queueing import later
from league.games import services as game_services
from notify import services
from notify.models import Outbox
from tests.league.events import ALL_LAST_FINISH, TO_SOUTH_4
from tests.served import post_as_a_server


def _finish(game) -> None:
    for i, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=game, position=i, event=event, by=None)


@pytest.mark.django_db
def test_a_channel_that_did_not_choose_game_ended_gets_nothing_and_nothing_is_worded(game, club, admin, fake,
                                                                                    monkeypatch):
    services.channel_connect(club=club, kind="discord", secret=fake.webhook_url, by=admin, events=["penalty_given"])

    def worded(game):
        raise AssertionError("the game's end was worded for nobody")

    monkeypatch.setattr("notify.messages.game_ended", worded)
    _finish(game)
    assert not Outbox.objects.exists()


@pytest.mark.django_db
def test_a_club_without_channels_pays_one_query_for_a_games_end_messages(game, monkeypatch):
    """A member's own Telegram is linked through their club's bot (an active channel of the club), and a game seats
    only its club's members: with no active channel, nobody seated has one linked, and the links are not asked."""
    from league.signals import game_finished
    from notify import receivers

    for i, event in enumerate(ALL_LAST_FINISH[:-1]):
        game_services.hand_record(game=game, position=i, event=event, by=None)
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        receivers._game_finished(sender=game_finished, game=game)
    # the club's active channels (none): not the seated members' Telegram links
    assert len(queries) == 1, [q["sql"] for q in queries]
    assert '"notify_channel"' in queries[0]["sql"]


@pytest.mark.django_db(transaction=True)  # on_commit runs for real
def test_on_make_run_the_games_end_message_is_sent_after_the_hosts_response(game, players, discord, fake, settings):
    settings.EAGER_TASKS_AFTER_RESPONSE = True  # config/settings/local.py
    settings.EAGER_TASKS_DELAY_SECONDS = 3600  # run below by the test itself, not by the clock
    settings.LEAGUE_STANDINGS_GATHER_SECONDS = 3600
    for i, event in enumerate(TO_SOUTH_4):
        game_services.hand_record(game=game, position=i, event=event, by=players[0].user)
    client = Client()
    client.force_login(players[0].user)

    response, status = post_as_a_server(client, reverse("league:hand_create", args=[game.pk]), {
        "_game": game.pk, "position": 7, "kind": "ron", "ron_winner": 0, "ron_loser": 1, "ron_value": "5",
        "action": "save"})
    assert status.startswith(str(HTTPStatus.FOUND.value))
    row = Outbox.objects.get(channel=discord)
    assert row.status == Outbox.Status.PENDING  # written with the game's end, in its transaction
    response.close()  # the server has sent the last byte
    assert fake.requests == []  # ...and Discord was not asked while the host waited
    assert ("notify.send_outbox", row.pk) in later.pending()

    later.run_due(everything=True)
    assert Outbox.objects.get(pk=row.pk).status == Outbox.Status.SENT
    assert len(fake.posted) == 1


@pytest.mark.django_db(transaction=True)
def test_without_the_setting_the_message_is_sent_once_the_save_commits(game, discord, fake, settings):
    settings.EAGER_TASKS_AFTER_RESPONSE = False  # the tests' default: eager, inside the request, after commit
    _finish(game)
    row = Outbox.objects.get(channel=discord)
    assert row.status == Outbox.Status.SENT
    assert ("notify.send_outbox", row.pk) not in later.pending()
