"""Issue 37, done when: a 9-team × 4-player M-League-style season, scaled down, run from the models through
the services (hands entered through ``league.games``), ends in the table worked out here by hand.

Every game is one hand: a triple ron off the table's 4th team — the 1st team's player wins 24,000, the
2nd's 12,000, the 3rd's 3,900 (the same payment whether the winner is East or not: East's baiman,
mangan and 2 han 40 fu pay what a non-dealer's sanbaiman, haneman and 3 han 30 fu do). The 4th falls to
25,000 − 39,900 = −14,900 and the game ends (below zero). Juki 2026 (start 25,000, return 30,000, oka
+20 to 1st, uma +30/+10/−10/−30) then gives:

    1st 49,000 → +19 + 30 + 20 = +69.0      2nd 37,000 → +7 + 10 = +17.0
    3rd 28,900 → −1.1 − 10 = −11.1           4th −14,900 → −44.9 − 30 = −74.9    (sum 0)

Regular stage (12 games per team): the 9 windows of four teams in a row around 1..9 ({1234}, {2345}, …,
{9123}), each played three times; at every table the lower team number finishes higher. Places per
window round (1st, 2nd, 3rd, 4th): T1 (4,0,0,0) T2 (1,3,0,0) T3 (1,1,2,0) T4, T5, T6 (1,1,1,1)
T7 (0,2,1,1) T8 (0,0,3,1) T9 (0,0,0,4). Times three:

    T1 3×(4×69)                = 828.0     T2 3×(69 + 3×17)          = 360.0
    T3 3×(69 + 17 − 2×11.1)    = 191.4     T4 = T5 = T6 3×(69 + 17 − 11.1 − 74.9) = 0
    T7 3×(2×17 − 11.1 − 74.9)  = −156.0    T8 3×(−3×11.1 − 74.9)      = −324.6
    T9 3×(−4×74.9)             = −898.8    (sum 0)

Semifinal (top 6, ½ carried, 6 games each): tables {1234} {2345} {3456} {1456} {1256} {1236} and again
{1234} {3456} {1256}; at every table the HIGHER team number finishes higher. Places: T1 (0,0,0,6)
T2 (0,0,5,1) T3 (0,3,1,2) T4 (2,1,3,0) T5 (1,5,0,0) T6 (6,0,0,0):

    T1 828/2 = 414   + 6×(−74.9)             = 414 − 449.4 = −35.4
    T2 360/2 = 180   + 5×(−11.1) − 74.9      = 180 − 130.4 =  49.6
    T3 191.4/2 = 95.7 + 3×17 − 11.1 − 2×74.9 = 95.7 − 109.9 = −14.2
    T4 0 + 2×69 + 17 − 3×11.1 = 121.7;  T5 0 + 69 + 5×17 = 154;  T6 0 + 6×69 = 414

Final (top 4: T6, T5, T4, T2; ½ carried, 4 games, the four teams at every table), places by game:
(T2, T4, T5, T6), (T2, T5, T4, T6), (T4, T2, T6, T5), (T2, T6, T4, T5):

    T2 49.6/2 = 24.8  + 69 + 69 + 17 + 69      = 24.8 + 224    = 248.8
    T4 121.7/2 = 60.85 + 17 − 11.1 + 69 − 11.1 = 60.85 + 63.8  = 124.65
    T6 414/2 = 207    − 74.9 − 74.9 − 11.1 + 17 = 207 − 143.9  =  63.1
    T5 154/2 = 77     − 11.1 + 17 − 74.9 − 74.9 = 77 − 143.9   = −66.9
"""
from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from events.teams import services, standings
from events.teams.models import Slot
from events.teams.presets import Format
from tests.events.teams.hands import play
from tests.factories import MemberFactory, UserFactory

pytestmark = pytest.mark.django_db

def play_day(stage, number: int, tables: list[list[int]], teams, order) -> None:
    """One match day of ``tables`` (team numbers in seat order), one table after another."""
    start = timezone.now() + datetime.timedelta(days=number)
    day = services.match_day_add(stage=stage, by=None, starts_at=start)
    fixtures = [services.fixture_add(match_day=day, teams=[teams[n] for n in table], by=None, table=1, order=k)
                for k, table in enumerate(tables, start=1)]
    services.lineups_close(match_day=day, by=None)  # nobody picked: each slot takes the roster's next player
    for fixture, table in zip(fixtures, tables, strict=True):
        play(fixture, sorted(table, key=order), teams)
    day.refresh_from_db()
    assert day.finished_at is not None


def table(stage) -> list[tuple[str, Decimal | None, Decimal, Decimal, Decimal, int]]:
    return [(r.team.name, r.previous, r.carried, r.stage_points, r.total, r.place)
            for r in standings.stage_table(stage)]


def test_a_scaled_down_m_league_season_ends_in_the_hand_worked_table(club, ruleset, club_admin):
    league = services.team_league_create(club=club, by=club_admin.user, name="주키 M리그", ruleset=ruleset,
                                         format=Format.M_LEAGUE)
    regular, semi, final = league.stages.order_by("number")
    assert [(s.name, s.carry, s.advancing) for s in (regular, semi, final)] == [
        ("정규 시즌", Decimal(1), 6), ("준결승", Decimal("0.5"), 4), ("결승", Decimal("0.5"), None)]
    services.stage_edit(stage=regular, by=club_admin.user, games_per_team=12)
    services.stage_edit(stage=semi, by=club_admin.user, games_per_team=6)
    services.stage_edit(stage=final, by=club_admin.user, games_per_team=4)
    teams = {}
    for n in range(1, 10):
        teams[n] = services.team_add(league=league, by=club_admin.user, name=f"T{n}")
        for k in range(4):
            member = MemberFactory(club=club, user=UserFactory(), display_name=f"T{n}-{k + 1}")
            services.roster_add(team=teams[n], member=member, by=club_admin.user, captain=k == 0,
                                joined_on=datetime.date(2026, 1, 1))

    services.stage_open(stage=regular, by=club_admin.user)
    windows = [[(s + i - 1) % 9 + 1 for i in range(4)] for s in range(1, 10)]
    for number in (1, 2, 3):
        play_day(regular, number, windows, teams, order=lambda n: n)
    assert table(regular) == [
        ("T1", None, 0, Decimal("828.0"), Decimal("828.0"), 1),
        ("T2", None, 0, Decimal("360.0"), Decimal("360.0"), 2),
        ("T3", None, 0, Decimal("191.4"), Decimal("191.4"), 3),
        ("T4", None, 0, Decimal("0.0"), Decimal("0.0"), 4),
        ("T5", None, 0, Decimal("0.0"), Decimal("0.0"), 4),
        ("T6", None, 0, Decimal("0.0"), Decimal("0.0"), 4),
        ("T7", None, 0, Decimal("-156.0"), Decimal("-156.0"), 7),
        ("T8", None, 0, Decimal("-324.6"), Decimal("-324.6"), 8),
        ("T9", None, 0, Decimal("-898.8"), Decimal("-898.8"), 9),
    ]
    # the roster's next player in turn: each of a team's four played 3 of its 12 games
    played = Slot.objects.filter(fixture__match_day__stage=regular, team=teams[1]).values_list("member__display_name",
                                                                                              "source")
    assert sorted({name: sum(1 for n, _ in played if n == name) for name, _ in played}.items()) == [
        ("T1-1", 3), ("T1-2", 3), ("T1-3", 3), ("T1-4", 3)]
    assert {source for _, source in played} == {Slot.Source.FALLBACK}

    services.stage_open(stage=semi, by=club_admin.user)
    assert sorted(t.name for t in semi.teams.all()) == ["T1", "T2", "T3", "T4", "T5", "T6"]
    semi_tables = [[1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6], [1, 4, 5, 6], [1, 2, 5, 6], [1, 2, 3, 6],
                   [1, 2, 3, 4], [3, 4, 5, 6], [1, 2, 5, 6]]
    play_day(semi, 1, semi_tables[:5], teams, order=lambda n: -n)
    play_day(semi, 2, semi_tables[5:], teams, order=lambda n: -n)
    assert table(semi) == [
        ("T6", Decimal("0.0"), Decimal("0.0"), Decimal("414.0"), Decimal("414.0"), 1),
        ("T5", Decimal("0.0"), Decimal("0.0"), Decimal("154.0"), Decimal("154.0"), 2),
        ("T4", Decimal("0.0"), Decimal("0.0"), Decimal("121.7"), Decimal("121.7"), 3),
        ("T2", Decimal("360.0"), Decimal("180.0"), Decimal("-130.4"), Decimal("49.6"), 4),
        ("T3", Decimal("191.4"), Decimal("95.7"), Decimal("-109.9"), Decimal("-14.2"), 5),
        ("T1", Decimal("828.0"), Decimal("414.0"), Decimal("-449.4"), Decimal("-35.4"), 6),
    ]

    services.stage_open(stage=final, by=club_admin.user)
    day = services.match_day_add(stage=final, by=None, starts_at=timezone.now() + datetime.timedelta(days=30))
    games = [((2, 4, 5, 6), (2, 4, 5, 6)), ((4, 5, 6, 2), (2, 5, 4, 6)), ((5, 6, 2, 4), (4, 2, 6, 5)),
             ((6, 2, 4, 5), (2, 6, 4, 5))]  # (seat order, finishing order)
    fixtures = [services.fixture_add(match_day=day, teams=[teams[n] for n in seats], by=None, order=k)
                for k, (seats, _) in enumerate(games, start=1)]
    services.lineups_close(match_day=day, by=None)
    for fixture, (_, finishing) in zip(fixtures, games, strict=True):
        play(fixture, list(finishing), teams)
    assert table(final) == [
        ("T2", Decimal("49.6"), Decimal("24.80"), Decimal("224.0"), Decimal("248.80"), 1),
        ("T4", Decimal("121.7"), Decimal("60.85"), Decimal("63.8"), Decimal("124.65"), 2),
        ("T6", Decimal("414.0"), Decimal("207.00"), Decimal("-143.9"), Decimal("63.10"), 3),
        ("T5", Decimal("154.0"), Decimal("77.00"), Decimal("-143.9"), Decimal("-66.90"), 4),
    ]
