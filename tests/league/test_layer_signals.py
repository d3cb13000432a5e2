"""Games and seasons know no listener (issue 24 item 2): they send signals the standings and the
referee receive, and a penalty event reaches the referee from the API and the table screen, never
from inside ``hand_append``. The imports themselves are held by ``tests/test_import_graph.py``.
"""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from league.games import services as game_services
from league.games.errors import HandRefused
from league.models import Game, Penalty, Season
from league.referee import services as referee_services
from league.seasons import services as season_services
from league.signals import game_finished, season_results_changed
from tests.factories import RulesetFactory, SeasonFactory
from tests.league.events import ALL_LAST_FINISH, TO_SOUTH_4

pytestmark = pytest.mark.django_db


@pytest.fixture
def results_changes():
    """The ``season_results_changed`` and ``game_finished`` signals sent: (signal, sender, season_id)."""
    sent: list[tuple[str, type, int]] = []

    def changed(sender, *, season_id, **kwargs):
        sent.append(("season_results_changed", sender, season_id))

    def finished(sender, *, game, **kwargs):
        sent.append(("game_finished", sender, game.season_id))

    season_results_changed.connect(changed, dispatch_uid="test.results_changes")
    game_finished.connect(finished, dispatch_uid="test.game_finished")
    yield sent
    season_results_changed.disconnect(dispatch_uid="test.results_changes")
    game_finished.disconnect(dispatch_uid="test.game_finished")


def test_a_game_that_finishes_says_so_and_the_standings_mark_its_season(game, results_changes):
    for position, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=game, position=position, event=event)
    assert results_changes == [("game_finished", Game, game.season_id)]
    season = Season.objects.get(pk=game.season_id)
    assert season.standings_changed_at is not None  # the standings' receiver ran in the game's transaction
    assert season.standings_epoch == 0  # only a game just finished: the snapshot may add it


def test_a_change_to_a_finished_game_makes_the_standings_recompute_whole(game, results_changes):
    for position, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=game, position=position, event=event)
    last = game.hands.get(position=len(ALL_LAST_FINISH) - 1)
    changed = {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 6, "fu": 30}]}
    game_services.hand_edit(hand=last, event=changed, reason="was a haneman")
    assert results_changes[-1] == ("season_results_changed", Game, game.season_id)
    assert Season.objects.get(pk=game.season_id).standings_epoch == 1


def test_a_season_setting_the_table_is_computed_with_reaches_the_standings(season, results_changes):
    season_services.season_update(season=season, min_games=season.min_games + 1, reason="more games")
    assert results_changes == [("season_results_changed", Season, season.pk)]
    assert Season.objects.get(pk=season.pk).standings_epoch == 1


def test_a_hand_in_progress_changes_no_season(game, results_changes):
    game_services.hand_record(game=game, position=0, event=TO_SOUTH_4[0])
    assert results_changes == []


PENALTY = {"kind": "penalty", "player": 2, "type": "yellow_card"}


def test_hand_append_refuses_a_new_penalty_even_from_a_referee(game, referee):
    with pytest.raises(HandRefused) as refused:
        game_services.hand_append(game=game, position=0, event=PENALTY, by=referee.user)
    assert refused.value.code == "referee_only"
    assert not game.hands.exists()
    assert not Penalty.objects.exists()


def test_the_referees_service_writes_a_penalty_sent_as_a_hand_once(game, players, referee):
    hand, created = referee_services.penalty_hand(game=game, position=None, event=PENALTY, by=referee.user)
    assert created
    assert hand.position == 0
    again, created_again = referee_services.penalty_hand(game=game, position=0, event=PENALTY, by=referee.user)
    assert (again.pk, created_again) == (hand.pk, False)
    penalty = Penalty.objects.get()
    assert penalty.hand_record_id == hand.pk
    assert penalty.member == players[2]


def test_the_referees_service_refuses_a_penalty_after_the_game_finished(game, referee):
    for position, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=game, position=position, event=event)
    with pytest.raises(HandRefused) as refused:
        referee_services.penalty_hand(game=game, position=None, event=PENALTY, by=referee.user)
    assert refused.value.code == "finished"
    assert not Penalty.objects.exists()


@pytest.fixture
def asi_game(club, players, referee):
    """A game under A.S.I., whose table screen offers the deliberate chombo."""
    ruleset = RulesetFactory(club=club, key="asi-shirai", base="asi-shirai")
    season = SeasonFactory(club=club, ruleset=ruleset)
    return game_services.game_start(season=season, table_label="B", members=players, by=referee.user)


def _deliberate_chombo(client: Client, game: Game):
    return client.post(reverse("league:hand_create", args=[game.pk]), {
        "position": 0, "kind": "chombo", "chombo_offender": 3, "chombo_deliberate": "on", "action": "save",
        "entry_token": "hand.deliberate-1"})


def test_the_table_screen_hands_a_deliberate_chombo_to_the_referee(asi_game, players, referee):
    client = Client()
    client.force_login(referee.user)
    response = _deliberate_chombo(client, asi_game)
    assert response.status_code == HTTPStatus.FOUND
    penalty = Penalty.objects.get()
    assert penalty.member == players[3]
    assert penalty.given_by == referee.user
    assert asi_game.hands.get().event == {"kind": "chombo", "offender": 3, "deliberate": True}


def test_the_table_screen_refuses_a_players_deliberate_chombo_in_korean(asi_game, players):
    client = Client()
    client.force_login(players[0].user)
    response = _deliberate_chombo(client, asi_game)
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "심판" in response.content.decode()
    assert not asi_game.hands.exists()
    assert not Penalty.objects.exists()
