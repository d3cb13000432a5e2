"""The events factories build rows as the services leave them: what a factory makes, the next
service step takes as its own (a checked-in player is seated, an approved entrant plays, a casual
season is the one the club's casual games go into)."""
from __future__ import annotations

import pytest

from events.casual import services as casual_services
from events.nights import services as night_services
from events.nights.selectors import table_for_game as night_table_for_game
from events.tournaments import services as tournament_services
from events.tournaments.selectors import table_for_game as tournament_table_for_game
from tests.factories import (
    CasualSeasonFactory,
    CheckInFactory,
    ClubNightFactory,
    EntrantFactory,
    NightRoundFactory,
    NightTableFactory,
    TournamentFactory,
    TournamentRoundFactory,
    TournamentTableFactory,
)

pytestmark = pytest.mark.django_db


def test_checked_in_members_are_seated_by_the_nights_first_round(club, members, admin_user):
    night = ClubNightFactory(club=club)
    present = CheckInFactory.for_members(night, members[:8])
    assert all(c.present for c in present)
    rnd, created = night_services.round_seat(night=night, number=1, by=admin_user, seed=1)
    seated = {s.member_id for t in rnd.tables.all() for s in t.game.seat_set.all()}
    assert created
    assert seated == {c.member_id for c in present}
    assert rnd.sitting_out == []


@pytest.mark.parametrize(("traits", "plays"), [
    pytest.param({}, True, id="approved and checked in: plays"),
    pytest.param({"absent": True}, False, id="approved, not checked in: does not play"),
    pytest.param({"pending": True}, False, id="signed up, not approved: does not play"),
])
def test_an_entrant_plays_round_one_only_when_approved_and_checked_in(traits, plays):
    entrant = EntrantFactory(**traits)
    assert (entrant in tournament_services.round_players(entrant.tournament, 1)) is plays


def test_a_tournament_is_in_registration_in_its_own_season_of_its_club():
    tournament = TournamentFactory()
    assert tournament.status == tournament.Status.REGISTRATION
    assert tournament.season.club == tournament.club
    assert tournament.season.ruleset == tournament.ruleset


@pytest.mark.parametrize(("round_factory", "table_factory", "event"), [
    pytest.param(NightRoundFactory, NightTableFactory, "night", id="a club night"),
    pytest.param(TournamentRoundFactory, TournamentTableFactory, "tournament", id="a tournament"),
])
def test_rounds_number_on_and_tables_play_in_the_events_season(round_factory, table_factory, event):
    first = round_factory()
    second = round_factory(**{event: getattr(first, event)})
    table_one = table_factory(round=second)
    table_two = table_factory(round=second)
    assert (first.number, second.number) == (1, 2)
    assert (table_one.label, table_two.label) == ("1", "2")
    assert table_one.game.season == getattr(second, event).season
    found = (night_table_for_game if event == "night" else tournament_table_for_game)(table_one.game)
    assert found == table_one


def test_a_casual_season_is_the_one_the_clubs_casual_games_go_into(members, referee):
    holder = CasualSeasonFactory(club=referee.club)
    game = casual_services.casual_game_start(club=holder.club, ruleset=holder.ruleset, members=members[:4],
                                             by=referee.user)
    assert game.season == holder.season
