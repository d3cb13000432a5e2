"""The table screen's clocks ask in one plain query whether a game is at a club night's or a
tournament's table (``events.selectors.event_tables``), and only then read that table."""
from __future__ import annotations

import pytest

from events.selectors import event_tables
from events.selectors import table_for_game as night_table_for_game
from events.tournaments import services as tournament_services
from events.tournaments.selectors import table_for_game as tournament_table_for_game
from league.models import Game
from tests.events.test_tournaments import enter_all, make
from tests.events.test_views import seat_first_round

pytestmark = pytest.mark.django_db


def test_a_game_at_neither_costs_one_query_for_both_clocks(game, django_assert_num_queries):
    fresh = Game.objects.get(pk=game.pk)
    with django_assert_num_queries(1):
        assert night_table_for_game(fresh) is None
        assert tournament_table_for_game(fresh) is None
        assert event_tables(fresh) == (None, None)


def test_a_club_night_game_finds_its_table_and_round(night, members, admin_user, django_assert_num_queries):
    table = seat_first_round(night, members, admin_user).tables.first()
    fresh = Game.objects.get(pk=table.game_id)
    with django_assert_num_queries(2):
        found = night_table_for_game(fresh)
        assert tournament_table_for_game(fresh) is None
    assert found == table and found.round.night == night


def test_a_tournament_game_finds_its_table_and_tournament(club, ruleset, members, admin_user):
    tournament = make(club, ruleset, admin_user, rounds=2)
    enter_all(tournament, members[:4], admin_user)
    rnd, _ = tournament_services.round_seat(tournament=tournament, number=1, by=admin_user)
    table = rnd.tables.get()
    fresh = Game.objects.get(pk=table.game_id)
    assert night_table_for_game(fresh) is None
    found = tournament_table_for_game(fresh)
    assert found == table and found.round.tournament == tournament
