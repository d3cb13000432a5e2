"""The table screen's clocks ask in one plain query whether a game is at a club night's or a
tournament's table (``events.tables.event_tables``), and only then read that table."""
from __future__ import annotations

import pytest

from events.nights.selectors import table_for_game as night_table_for_game
from events.tables import event_tables
from events.tournaments.selectors import table_for_game as tournament_table_for_game
from league.models import Game
from tests.factories import NightTableFactory, TournamentTableFactory

pytestmark = pytest.mark.django_db


def test_a_game_at_neither_costs_one_query_for_both_clocks(game, django_assert_num_queries):
    fresh = Game.objects.get(pk=game.pk)
    with django_assert_num_queries(1):
        assert night_table_for_game(fresh) is None
        assert tournament_table_for_game(fresh) is None
        assert event_tables(fresh) == (None, None)


def test_a_club_night_game_finds_its_table_and_round(night, django_assert_num_queries):
    table = NightTableFactory(round__night=night)
    fresh = Game.objects.get(pk=table.game_id)
    with django_assert_num_queries(2):
        found = night_table_for_game(fresh)
        assert tournament_table_for_game(fresh) is None
    assert found == table
    assert found.round.night == night


def test_a_tournament_game_finds_its_table_and_tournament(club):
    table = TournamentTableFactory(round__tournament__club=club)
    tournament = table.round.tournament
    fresh = Game.objects.get(pk=table.game_id)
    assert night_table_for_game(fresh) is None
    found = tournament_table_for_game(fresh)
    assert found == table
    assert found.round.tournament == tournament
