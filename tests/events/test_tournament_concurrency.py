"""Two desks at the same moment, on real PostgreSQL connections: one round, and the cap holds."""
from __future__ import annotations

import pytest

from events.tournaments import services
from events.tournaments.models import Entrant, TournamentRound
from league.models import Game
from tests.events.test_concurrency import together
from tests.factories import EntrantFactory, TournamentFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("attempt", range(2))
def test_a_round_seated_twice_at_once_gives_one_round(club, ruleset, members, admin_user, referee_user, attempt):
    tournament = TournamentFactory(club=club, ruleset=ruleset)
    EntrantFactory.for_members(tournament, members)
    results = together([lambda: services.round_seat(tournament=tournament, number=1, by=admin_user),
                        lambda: services.round_seat(tournament=tournament, number=1, by=referee_user)])
    assert all(isinstance(r, tuple) for r in results), results
    assert sorted(created for _, created in results) == [False, True]
    assert TournamentRound.objects.count() == 1
    assert Game.objects.count() == 4


def test_two_approvals_at_once_keep_the_cap(club, ruleset, members, admin_user, referee_user):
    tournament = TournamentFactory(club=club, ruleset=ruleset, player_cap=4)
    EntrantFactory.for_members(tournament, members[:3], absent=True)
    a, _ = services.register(tournament=tournament, member=members[3], by=admin_user)
    b, _ = services.register(tournament=tournament, member=members[4], by=admin_user)
    results = together([lambda: services.approve(entrant=a, by=admin_user),
                        lambda: services.approve(entrant=b, by=referee_user)])
    assert sorted(r.status for r in results) == ["approved", "waiting"]
    assert Entrant.objects.filter(tournament=tournament, status="approved").count() == 4
