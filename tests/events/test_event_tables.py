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


@pytest.mark.parametrize("at", ["neither", "night", "tournament"])
def test_read_with_the_game_the_tables_cost_no_query_of_their_own(at, night, club, django_assert_num_queries):
    """The table screen reads the game with its event tables' ids (``event_table_ids``): the clocks ask nothing more
    where the game is at no event, and only the table that exists is read, as when they asked themselves."""
    from events.tables import event_table_ids
    from tests.factories import GameFactory

    table = {"night": lambda: NightTableFactory(round__night=night),
             "tournament": lambda: TournamentTableFactory(round__tournament__club=club),
             "neither": lambda: None}[at]()
    game_id = table.game_id if table is not None else GameFactory(club=club).pk
    fresh = Game.objects.annotate(**event_table_ids()).get(pk=game_id)
    with django_assert_num_queries(0 if table is None else 1):
        found = event_tables(fresh)
    assert found == {"neither": (None, None), "night": (table, None), "tournament": (None, table)}[at]


@pytest.mark.parametrize("at", ["neither", "night", "tournament"])
def test_a_games_end_asks_every_event_for_the_game_in_one_statement(at, night, club, django_assert_num_queries):
    """Each event's receiver of a game's end asks whether the game is its own (a tournament's table, a team
    league's fixture): one statement answers every event, on the game the announcement gives them all."""
    from events.tables import game_event_id, game_models
    from events.teams.models import Fixture
    from events.tournaments.models import TournamentTable
    from tests.factories import GameFactory

    table = {"night": lambda: NightTableFactory(round__night=night),
             "tournament": lambda: TournamentTableFactory(round__tournament__club=club),
             "neither": lambda: None}[at]()
    game = Game.objects.get(pk=table.game_id if table is not None else GameFactory(club=club).pk)
    assert [m.__name__ for m in game_models()] == ["Fixture", "NightTable", "TournamentTable"]
    with django_assert_num_queries(1):
        asked = {model.__name__: game_event_id(game, model) for model in (TournamentTable, Fixture,
                                                                            type(table) if table else Fixture)}
    expected = {"TournamentTable": table.pk if at == "tournament" else None, "Fixture": None}
    if at == "night":
        expected["NightTable"] = table.pk
    assert asked == expected
