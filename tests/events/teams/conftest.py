"""A small team league: four teams of three players (and a substitute for the first), each team's first
player its captain, one stage opened; the organiser is the club's admin."""
from __future__ import annotations

import datetime

import pytest

from events.teams import services
from events.teams.models import RosterEntry, Team
from events.teams.presets import Format
from tests.factories import MemberFactory, UserFactory

JOINED = datetime.date(2026, 1, 1)


@pytest.fixture
def organiser(club_admin):
    return club_admin.user


@pytest.fixture
def team_league(club, ruleset, organiser):
    return services.team_league_create(club=club, by=organiser, name="주키 팀 리그", ruleset=ruleset,
                                       format=Format.M_LEAGUE)


@pytest.fixture
def teams(club, team_league, organiser):
    """Four teams 가, 나, 다, 라; players named 가1, 가2, 가3 (가 also has 가4, a substitute)."""
    out = []
    for name in ("가", "나", "다", "라"):
        team = services.team_add(league=team_league, by=organiser, name=f"{name}팀")
        for k in (1, 2, 3):
            services.roster_add(team=team, by=organiser, joined_on=JOINED, captain=k == 1,
                                member=MemberFactory(club=club, user=UserFactory(), display_name=f"{name}{k}"))
        out.append(team)
    services.roster_add(team=out[0], by=organiser, joined_on=JOINED, role=RosterEntry.Role.SUBSTITUTE,
                        member=MemberFactory(club=club, user=UserFactory(), display_name="가4"))
    return [Team.objects.select_related("captain").get(pk=t.pk) for t in out]  # with their captains


@pytest.fixture
def stage(team_league, teams, organiser):
    stage = team_league.stages.get(number=1)
    services.stage_edit(stage=stage, by=organiser, games_per_team=4, player_min_games=1, player_max_games=2)
    return services.stage_open(stage=stage, by=organiser)
