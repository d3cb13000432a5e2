"""Captains' line-ups (issue 37 item 3): a captain picks the team's player for each slot until the match
day's line-ups close, hidden from the other teams until then; the organiser may override at any time
before the game starts; a late line-up falls back to the roster's next eligible player; a player's
fewest and most games of the stage are enforced with a refusal in Korean."""
from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from events.error_codes import TeamLeagueErrorCode as Refusal
from events.teams import selectors, services, standings
from events.teams.models import Slot
from league.models import Game
from notify import services as notify_services
from notify.models import Outbox

pytestmark = pytest.mark.django_db


def captain(team):
    return team.captain.user


def member(team, name):
    return team.roster.get(member__display_name=name).member


def day_with_fixture(stage, teams, *, days_ahead=2, order=None):
    day = services.match_day_add(stage=stage, by=None, starts_at=timezone.now() + datetime.timedelta(days=days_ahead))
    fixture = services.fixture_add(match_day=day, teams=[teams[i] for i in (order or (0, 1, 2, 3))], by=None)
    return day, fixture


def slot_of(fixture, team) -> Slot:
    return fixture.slots.get(team=team)


def test_a_captains_pick_is_hidden_from_the_other_teams_until_the_line_ups_close(stage, teams, organiser):
    day, fixture = day_with_fixture(stage, teams)
    services.lineup_set(slot=slot_of(fixture, teams[0]), member=member(teams[0], "가2"), by=captain(teams[0]))

    def seen_by(user):
        return {v.team.name: (v.name, v.hidden) for v in selectors.schedule(stage, user=user)[0].fixtures[0].slots}

    assert seen_by(captain(teams[0]))["가팀"] == ("가2", False)
    assert seen_by(organiser)["가팀"] == ("가2", False)
    assert seen_by(captain(teams[1]))["가팀"] == (None, True)
    assert seen_by(None)["가팀"] == (None, True)
    services.lineups_close(match_day=day, by=organiser)
    assert seen_by(captain(teams[1]))["가팀"] == ("가2", False)
    assert seen_by(captain(teams[1]))["나팀"] == ("나1", False)  # nobody picked: the roster's first player


def test_after_the_deadline_only_the_organiser_changes_a_line_up(stage, teams, organiser):
    day, fixture = day_with_fixture(stage, teams)
    after = day.deadline + datetime.timedelta(minutes=1)
    slot = slot_of(fixture, teams[0])
    with pytest.raises(services.TeamLeagueRefused) as refused:
        services.lineup_set(slot=slot, member=member(teams[0], "가2"), by=captain(teams[0]), now=after)
    assert refused.value.refusal is Refusal.DEADLINE
    assert refused.value.messages == ["이 경기일의 출전 명단은 마감되었습니다. 바꾸려면 운영자에게 요청하세요."]
    slot = services.lineup_set(slot=slot, member=member(teams[0], "가2"), by=organiser, now=after)
    assert (slot.member.display_name, slot.source) == ("가2", Slot.Source.ORGANISER)


def test_a_captain_picks_only_for_their_own_team(stage, teams):
    _, fixture = day_with_fixture(stage, teams)
    with pytest.raises(PermissionDenied):
        services.lineup_set(slot=slot_of(fixture, teams[1]), member=member(teams[1], "나2"), by=captain(teams[0]))


def test_a_player_not_on_the_roster_is_refused(stage, teams):
    _, fixture = day_with_fixture(stage, teams)
    with pytest.raises(services.TeamLeagueRefused) as refused:
        services.lineup_set(slot=slot_of(fixture, teams[0]), member=member(teams[1], "나2"), by=captain(teams[0]))
    assert refused.value.refusal is Refusal.NOT_ON_ROSTER


def test_a_player_past_the_most_games_is_refused_in_korean(stage, teams):
    fixtures = [day_with_fixture(stage, teams, days_ahead=k)[1] for k in (2, 3, 4)]
    for fixture in fixtures[:2]:
        services.lineup_set(slot=slot_of(fixture, teams[0]), member=member(teams[0], "가1"), by=captain(teams[0]))
    with pytest.raises(services.TeamLeagueRefused) as refused:
        services.lineup_set(slot=slot_of(fixtures[2], teams[0]), member=member(teams[0], "가1"), by=captain(teams[0]))
    assert refused.value.refusal is Refusal.MAX_GAMES
    assert refused.value.messages == [
        "가1은 이 단계에서 이미 최대 출전 수인 2경기에 나갔거나 뽑혔습니다. 다른 선수를 고르세요."]


def test_a_pick_that_leaves_a_player_short_of_the_fewest_games_is_refused(stage, teams, organiser):
    services.stage_edit(stage=stage, by=organiser, player_max_games=3)  # 4 games; 가1, 가2, 가3 must play one each
    fixtures = [day_with_fixture(stage, teams, days_ahead=k)[1] for k in (2, 3, 4, 5)]
    for fixture in fixtures[:2]:
        services.lineup_set(slot=slot_of(fixture, teams[0]), member=member(teams[0], "가1"), by=captain(teams[0]))
    with pytest.raises(services.TeamLeagueRefused) as refused:  # 2 games left after it; 가2 and 가3 need one each
        services.lineup_set(slot=slot_of(fixtures[2], teams[0]), member=member(teams[0], "가1"), by=captain(teams[0]))
    assert refused.value.refusal is Refusal.MIN_GAMES
    assert refused.value.messages == [
        "남은 1경기로는 가2가 이 단계의 최소 출전 수 1경기를 채울 수 없습니다. 가2를 고르세요."]


def test_a_late_line_up_takes_the_roster_in_turn_after_the_last_player_sent(stage, teams, organiser):
    fixtures = [day_with_fixture(stage, teams, days_ahead=k) for k in (2, 3, 4)]
    services.lineup_set(slot=slot_of(fixtures[0][1], teams[0]), member=member(teams[0], "가2"), by=captain(teams[0]))
    picked = []
    for day, fixture in fixtures:
        services.lineups_close(match_day=day, by=organiser)
        picked.append((slot_of(fixture, teams[0]).member.display_name, slot_of(fixture, teams[0]).source))
    assert picked == [("가2", Slot.Source.CAPTAIN), ("가3", Slot.Source.FALLBACK), ("가1", Slot.Source.FALLBACK)]


def test_closing_the_line_ups_announces_them_and_finishing_the_day_announces_the_results(club, stage, teams,
                                                                                         organiser):
    notify_services.channel_connect(club=club, kind="discord", secret="https://discord.com/api/webhooks/1/abc",
                                    by=organiser, events=["team_lineups", "team_match_day_results"])
    day, fixture = day_with_fixture(stage, teams)
    services.lineups_close(match_day=day, by=organiser)
    fixture = services.fixture_seat(fixture=fixture, by=organiser)
    assert fixture.game.table_label == "주키 팀 리그 · 1일차 · 1번 탁"
    from league.games import services as game_services

    game_services.hand_record(game=fixture.game, position=0, by=None, event={
        "kind": "ron", "loser": 0, "riichi": [], "wins": [{"winner": 1, "yakuman": 1}]})
    fixture.game.refresh_from_db()
    assert fixture.game.status == Game.Status.FINISHED
    titles = list(Outbox.objects.filter(event__startswith="team_").order_by("pk").values_list("event", "text"))
    assert [event for event, _ in titles] == ["team_lineups", "team_match_day_results"]
    assert "가팀: 가1" in titles[0][1]
    assert "1위 나팀(나1) +77.0" in titles[1][1]


def test_a_started_game_fixes_its_line_up(stage, teams, organiser):
    _, fixture = day_with_fixture(stage, teams)
    fixture = services.fixture_seat(fixture=fixture, by=organiser)
    assert [s.member.display_name for s in fixture.slots.order_by("seat")] == ["가1", "나1", "다1", "라1"]
    with pytest.raises(services.TeamLeagueRefused) as refused:
        services.lineup_set(slot=slot_of(fixture, teams[0]), member=member(teams[0], "가2"), by=organiser)
    assert refused.value.refusal is Refusal.SEATED
    assert services.fixture_seat(fixture=fixture, by=organiser).game_id == fixture.game_id  # seated twice: one game


def test_a_forfeit_scores_the_leagues_forfeit_points(stage, teams, organiser, team_league):
    type(team_league).objects.filter(pk=team_league.pk).update(forfeit_points=-50)
    stage = type(stage).objects.get(pk=stage.pk)
    _, fixture = day_with_fixture(stage, teams)
    services.fixture_forfeit(fixture=fixture, team=teams[3], by=organiser)
    rows = {r.team.name: (r.stage_points, r.games) for r in standings.stage_table(stage)}
    assert rows["라팀"] == (-50, 1)
    assert rows["가팀"] == (0, 0)


def test_the_stage_schedule_comes_from_the_generator_with_every_wind_once(stage, teams, organiser):
    days = services.stage_schedule(stage=stage, by=organiser, first_day=timezone.now() + datetime.timedelta(days=1))
    assert len(days) == 4
    winds = {t.name: sorted(Slot.objects.filter(team=t).values_list("seat", flat=True)) for t in teams}
    assert winds == {"가팀": [0, 1, 2, 3], "나팀": [0, 1, 2, 3], "다팀": [0, 1, 2, 3], "라팀": [0, 1, 2, 3]}


def test_line_ups_close_on_their_own_at_the_deadline(stage, teams):
    due, fixture = day_with_fixture(stage, teams, days_ahead=2)
    later, _ = day_with_fixture(stage, teams, days_ahead=9)
    from events.teams.tasks import team_lineups_due

    assert team_lineups_due() == []  # nothing is due yet
    closed = services.lineups_close_due(now=due.deadline)
    assert [d.pk for d in closed] == [due.pk]
    assert [s.member.display_name for s in fixture.slots.order_by("seat")] == ["가1", "나1", "다1", "라1"]
    later.refresh_from_db()
    assert later.lineups_closed_at is None


def test_a_visiting_player_named_by_their_home_membership_plays_as_their_host_membership(stage, teams, organiser):
    from tests.factories import ClubFactory, MemberFactory, UserFactory

    home = MemberFactory(club=ClubFactory(name="한강 마작"), user=UserFactory(), display_name="한별")
    entry = services.roster_add(team=teams[0], member=home, by=organiser, joined_on=datetime.date(2026, 1, 1),
                                role="substitute")
    _, fixture = day_with_fixture(stage, teams)
    slot = services.lineup_set(slot=slot_of(fixture, teams[0]), member=home, by=captain(teams[0]))
    assert (slot.member_id, slot.member.club_id) == (entry.member_id, stage.league.club_id)
