"""A large finished tournament for the report's test and bench (issue 35, item 1): ``entrants`` members,
``rounds`` rounds seated and given final scores (score sheets, as the desk enters them)."""
from __future__ import annotations

from events.tournaments import services
from events.tournaments.models import Tournament
from tests.factories import (
    ClubFactory,
    ClubRoleFactory,
    EntrantFactory,
    MemberFactory,
    RulesetFactory,
    TournamentFactory,
    UserFactory,
)

SCORES = [45000, 30000, 15000, 10000]


def big_tournament(entrants: int = 200, rounds: int = 4) -> tuple[Tournament, object]:
    """(the tournament, its club admin's user); results public (결과 공개)."""
    club = ClubFactory()
    admin = MemberFactory(club=club, user=UserFactory(), display_name="대회 운영")
    ClubRoleFactory(club=club, member=admin, role="admin")
    ruleset = RulesetFactory(club=club, key="juki-agit-2026", base="juki-agit-2026")
    tournament = TournamentFactory(club=club, ruleset=ruleset, rounds=rounds, public_results=True)
    members = [MemberFactory(club=club) for _ in range(entrants)]
    EntrantFactory.for_members(tournament, members)
    for number in range(1, rounds + 1):
        rnd, _ = services.round_seat(tournament=tournament, number=number, by=admin.user, seed=number)
        for k, table in enumerate(rnd.tables.select_related("game")):
            scores = SCORES[k % 4:] + SCORES[:k % 4]  # a different winner's seat at each table
            services.table_scores(table=table, scores=scores[:table.game.seats], sticks=0, by=admin.user)
    return Tournament.objects.get(pk=tournament.pk), admin.user
