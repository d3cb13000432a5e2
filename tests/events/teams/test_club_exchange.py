"""Issue 37, done when: the club-exchange preset (teams of two from each club, four rounds) runs end to
end with team and individual rankings from the same games.

The host club 주키 and the visiting club 한강 each send four teams of two. A visiting player plays as a
member of the host club: their membership there, made for them (the same person as at home). Every game
finishes in seat order (East 1st … North 4th: +69.0, +17.0, −11.1, −74.9), and the schedule seats every
team once at each wind over the four rounds, so every team ends on 69 + 17 − 11.1 − 74.9 = 0.0; each
player played two of their team's four games, and the two players' points add up to the team's."""
from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from club.models import Member
from events.teams import services, standings
from events.teams.presets import Format
from tests.events.teams.hands import finish_in_order
from tests.factories import ClubFactory, MemberFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_club_exchange_runs_end_to_end_with_team_and_individual_rankings(club, ruleset, club_admin):
    visiting = ClubFactory(name="한강 마작")
    league = services.team_league_create(club=club, by=club_admin.user, name="주키 × 한강 교류전", ruleset=ruleset,
                                         format=Format.CLUB_EXCHANGE)
    stage = league.stages.get()
    assert (stage.name, stage.games_per_team, league.team_max_players) == ("교류전", 4, 2)
    visitors = []
    for home, prefix in ((club, "주"), (visiting, "한")):
        for t in range(1, 5):
            team = services.team_add(league=league, by=club_admin.user, name=f"{prefix}{t}", home_club=home)
            for k in (1, 2):
                player = MemberFactory(club=home, user=UserFactory(), display_name=f"{prefix}{t}-{k}")
                entry = services.roster_add(team=team, member=player, by=club_admin.user, captain=k == 1,
                                            joined_on=datetime.date(2026, 1, 1))
                if home == visiting:
                    visitors.append((player, entry.member))
    for home_member, host_member in visitors:  # the same person, now also a member of the host club
        assert (host_member.club_id, host_member.person_id, host_member.user_id) == (
            club.pk, home_member.person_id, home_member.user_id)
    assert Member.objects.filter(club=club, display_name__startswith="한").count() == 8

    services.stage_open(stage=stage, by=club_admin.user)
    days = services.stage_schedule(stage=stage, by=club_admin.user, first_day=timezone.now())
    assert [d.fixtures.count() for d in days] == [2, 2, 2, 2]  # 4 rounds of 2 tables
    for day in days:
        services.lineups_close(match_day=day, by=club_admin.user)
        for fixture in day.fixtures.all():
            finish_in_order(services.fixture_seat(fixture=fixture, by=club_admin.user), [0, 1, 2, 3])

    table = standings.stage_table(stage)
    assert [(r.total, r.games) for r in table] == [(Decimal("0.0"), 4)] * 8
    players = standings.individual_ranking(league)
    assert len(players) == 16
    assert {p.games for p in players} == {2}
    for row in table:
        mine = [p for p in players if p.team.pk == row.team.pk]
        assert sum(p.points for p in mine) == row.total
    # each player's two games are two different winds of their team's four: a sum of two of the four points
    possible = {a + b for a in (69, 17, Decimal("-11.1"), Decimal("-74.9"))
                for b in (69, 17, Decimal("-11.1"), Decimal("-74.9")) if a != b}
    assert {p.points for p in players} <= possible
    assert sum(p.ranks[0] for p in players) == 8  # one winner a game
