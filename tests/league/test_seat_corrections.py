"""Seat corrections (issue 21, item 7; Pantheon #778): the seats were entered wrong.

A referee or club admin swaps two players' seats, or replaces a member with one who really
played, in a game in progress or finished. The hands stay; the game replays under the right
names; a finished game's standings follow; the audit log says who, when and why (a reason is
required). Hosts and players may not.
"""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from core.models import AuditEntry
from league.error_codes import LeagueErrorCode as Code
from league.games import services as game_services
from league.games.selectors import build_record, game_events
from league.models import Game, GameSeat, StandingsSnapshot
from league.referee import seat_corrections
from league.referee import services as referee_services
from league.referee.seat_corrections import SeatCorrectionRefused
from tests.factories import ClubFactory, MemberFactory, UserFactory
from tests.league.events import ron

pytestmark = pytest.mark.django_db

# East 1: South wins a 5-han ron off East (with a riichi stick), then seven exhaustive draws end the game.
FULL_GAME = [{"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 5, "fu": 30}], "riichi": [1]}] + [
    {"kind": "draw", "tenpai": [], "riichi": []} for _ in range(7)
]


def play(game, events, by):
    for position, event in enumerate(events):
        game_services.hand_record(game=game, position=position, event=event, by=by)


def seat_members(game) -> list[int]:
    return list(GameSeat.objects.filter(game=game).order_by("seat").values_list("member_id", flat=True))


def totals(season) -> dict[int, str]:
    return {r["member_id"]: r["total"] for r in StandingsSnapshot.objects.get(season=season).rows}


@pytest.fixture
def newcomer(club):
    return MemberFactory(club=club, user=UserFactory(), display_name="진짜선수")


# --- swap ------------------------------------------------------------------------------------
def test_a_swap_in_a_game_in_progress_moves_two_players_and_keeps_the_hands(game, players, referee):
    game_services.hand_record(game=game, position=0, event=ron(1, loser=2), by=referee.user)
    scores_before = game.hands.get().event
    seat_corrections.seats_swap(game=game, first=players[1], second=players[2], by=referee.user,
                                reason="남과 서가 바뀌어 입력됨")
    assert seat_members(game) == [players[0].pk, players[2].pk, players[1].pk, players[3].pk]
    assert game_events(game) == [scores_before]  # the record speaks of seats: nothing of it changes
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS
    assert build_record(game, [])["players"][1] == players[2].display_name


def test_a_swap_of_a_player_with_themself_is_refused(game, players, referee):
    with pytest.raises(SeatCorrectionRefused) as info:
        seat_corrections.seats_swap(game=game, first=players[1], second=players[1], by=referee.user, reason="x")
    assert info.value.code == Code.SEATS


def test_only_players_of_the_game_can_be_swapped(game, players, referee, newcomer):
    with pytest.raises(SeatCorrectionRefused) as info:
        seat_corrections.seats_swap(game=game, first=players[1], second=newcomer, by=referee.user, reason="x")
    assert info.value.code == Code.SEATS
    assert seat_members(game) == [p.pk for p in players]


# --- replace ---------------------------------------------------------------------------------
def test_a_replacement_takes_the_seat_and_its_score(game, players, referee, newcomer):
    game_services.hand_record(game=game, position=0, event=ron(1, loser=2), by=referee.user)
    seat_corrections.seat_replace(game=game, leaving=players[2], joining=newcomer, by=referee.user,
                                  reason="명단에 다른 회원이 선택됨")
    assert seat_members(game) == [players[0].pk, players[1].pk, newcomer.pk, players[3].pk]
    assert build_record(game, [])["players"][2] == "진짜선수"


@pytest.mark.parametrize(("who", "code"), [
    pytest.param("seated", Code.SEATS, id="a-member-already-in-the-game"),
    pytest.param("other-club", Code.MEMBER, id="a-member-of-another-club"),
    pytest.param("inactive", Code.MEMBER, id="an-inactive-member"),
])
def test_the_replacement_is_an_active_member_of_the_club_not_in_the_game(game, players, referee, club, who, code):
    joining = {"seated": lambda: players[3], "other-club": lambda: MemberFactory(club=ClubFactory()),
               "inactive": lambda: MemberFactory(club=club, active=False)}[who]()
    with pytest.raises(SeatCorrectionRefused) as info:
        seat_corrections.seat_replace(game=game, leaving=players[2], joining=joining, by=referee.user, reason="x")
    assert info.value.code == code
    assert seat_members(game) == [p.pk for p in players]


def test_a_replacement_playing_another_game_is_refused_while_this_one_plays(game, season, players, referee, club):
    others = [MemberFactory(club=club) for _ in range(4)]
    game_services.game_start(season=season, table_label="B", members=others, by=referee.user)
    with pytest.raises(SeatCorrectionRefused) as info:
        seat_corrections.seat_replace(game=game, leaving=players[2], joining=others[0], by=referee.user, reason="x")
    assert info.value.code == Code.SEATED_ELSEWHERE


# --- finished games and the standings ---------------------------------------------------------
def test_a_swap_in_a_finished_game_moves_the_standings(game, players, referee, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        play(game, FULL_GAME, referee.user)
    before = totals(game.season)
    with django_capture_on_commit_callbacks(execute=True):
        seat_corrections.seats_swap(game=game, first=players[0], second=players[1], by=referee.user,
                                    reason="동과 남이 바뀜")
    after = totals(game.season)
    assert after[players[0].pk] == before[players[1].pk]
    assert after[players[1].pk] == before[players[0].pk]
    assert after[players[2].pk] == before[players[2].pk]
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_a_replacement_in_a_finished_game_moves_the_result_to_the_member_who_played(
        game, players, referee, newcomer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        play(game, FULL_GAME, referee.user)
    before = totals(game.season)
    with django_capture_on_commit_callbacks(execute=True):
        seat_corrections.seat_replace(game=game, leaving=players[1], joining=newcomer, by=referee.user,
                                      reason="대리 입력 실수")
    after = totals(game.season)
    assert after[newcomer.pk] == before[players[1].pk]
    assert players[1].pk not in after


def test_a_penalty_given_with_a_hand_follows_its_seat(game, players, referee):
    game_services.hand_record(game=game, position=0, event=ron(1, loser=2), by=referee.user)
    penalty = referee_services.penalty_give(member=players[2], type="yellow_card", reason="늦은 리치 선언",
                                            by=referee.user, game=game)
    seat_corrections.seats_swap(game=game, first=players[2], second=players[3], by=referee.user, reason="서/북 반대")
    penalty.refresh_from_db()
    assert penalty.member_id == players[3].pk


# --- who, when, why -----------------------------------------------------------------------------
def test_the_audit_log_says_who_when_and_why(game, players, referee):
    seat_corrections.seats_swap(game=game, first=players[0], second=players[3], by=referee.user,
                                reason="동/북 자리 바뀜")
    entry = AuditEntry.objects.filter(object_type="game", object_id=str(game.pk)).latest("id")
    assert entry.actor == referee.user
    assert entry.action == AuditEntry.Action.EDIT
    assert entry.at is not None
    assert entry.reason == "동/북 자리 바뀜"
    assert entry.before["members"] == [p.pk for p in players]
    assert entry.after["members"] == [players[3].pk, players[1].pk, players[2].pk, players[0].pk]
    assert entry.after["correction"] == "swap"


@pytest.mark.parametrize("reason", ["", "   "], ids=["empty", "blank"])
def test_a_reason_is_required(game, players, referee, reason):
    with pytest.raises(SeatCorrectionRefused) as info:
        seat_corrections.seats_swap(game=game, first=players[0], second=players[1], by=referee.user, reason=reason)
    assert info.value.code == Code.REASON
    assert seat_members(game) == [p.pk for p in players]


def test_a_cancelled_game_keeps_its_seats(game, players, referee):
    game_services.game_cancel(game=game, by=referee.user, reason="잘못 시작")
    with pytest.raises(SeatCorrectionRefused) as info:
        seat_corrections.seats_swap(game=game, first=players[0], second=players[1], by=referee.user, reason="x")
    assert info.value.code == Code.CANCELLED


@pytest.mark.parametrize(("who", "allowed"), [
    pytest.param("referee", True, id="referee"), pytest.param("club_admin", True, id="admin"),
    pytest.param("host", False, id="host-refused"), pytest.param("player", False, id="player-refused"),
])
def test_only_a_referee_or_an_admin_corrects_seats(request, game, players, who, allowed):
    user = players[0].user if who == "player" else request.getfixturevalue(who).user
    if allowed:
        seat_corrections.seats_swap(game=game, first=players[0], second=players[1], by=user, reason="자리 정정")
        assert seat_members(game)[0] == players[1].pk
    else:
        with pytest.raises(PermissionDenied):
            seat_corrections.seats_swap(game=game, first=players[0], second=players[1], by=user, reason="자리 정정")
        assert seat_members(game) == [p.pk for p in players]


# --- the screen ---------------------------------------------------------------------------------
def test_the_referee_screen_links_to_the_seat_corrections(client, game, referee):
    client.force_login(referee.user)
    page = client.get(reverse("league:game_penalties", args=[game.pk])).content.decode()
    assert reverse("league:game_seats", args=[game.pk]) in page
    assert 'data-testid="correct-seats"' in page


def test_a_finished_games_referee_screen_offers_the_seat_correction(client, game, players, referee):
    play(game, FULL_GAME, referee.user)
    client.force_login(referee.user)
    page = client.get(reverse("league:game_penalties", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert "누가 어느 자리에 앉았는지 정정하기" in page


def test_the_referee_swaps_seats_on_the_screen(client, game, players, referee):
    client.force_login(referee.user)
    url = reverse("league:game_seats", args=[game.pk])
    assert client.get(url).status_code == HTTPStatus.OK
    response = client.post(url, {"action": "swap", "swap-first": players[0].pk, "swap-second": players[2].pk,
                                 "swap-reason": "동/서 반대로 입력"}, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.FOUND
    assert seat_members(game)[:3] == [players[2].pk, players[1].pk, players[0].pk]


def test_a_swap_posted_twice_swaps_once_not_back(client, game, players, referee):
    """A double tap or Back + resubmit of the same form must not swap the two back (the once-token)."""
    client.force_login(referee.user)
    url = reverse("league:game_seats", args=[game.pk])
    data = {"action": "swap", "swap-first": players[0].pk, "swap-second": players[2].pk,
            "swap-reason": "동/서 반대로 입력", "entry_token": "seats.same-form"}
    assert client.post(url, data).status_code == HTTPStatus.FOUND
    again = client.post(url, data, HTTP_ACCEPT_LANGUAGE="ko", follow=True)
    assert "이미 저장된 정정입니다" in again.content.decode()
    assert seat_members(game)[:3] == [players[2].pk, players[1].pk, players[0].pk]


def test_the_referee_replaces_a_member_on_the_screen(client, game, players, referee, newcomer):
    client.force_login(referee.user)
    url = reverse("league:game_seats", args=[game.pk])
    response = client.post(url, {"action": "replace", "replace-leaving": players[3].pk,
                                 "replace-joining": newcomer.pk, "replace-reason": "명단 실수"})
    assert response.status_code == HTTPStatus.FOUND
    assert seat_members(game)[3] == newcomer.pk


def test_the_screen_asks_for_a_reason_in_korean(client, game, players, referee):
    client.force_login(referee.user)
    response = client.post(reverse("league:game_seats", args=[game.pk]),
                           {"action": "swap", "swap-first": players[0].pk, "swap-second": players[2].pk,
                            "swap-reason": ""}, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "필수 항목" in response.content.decode()
    assert seat_members(game) == [p.pk for p in players]


def test_the_screen_says_the_services_refusal_in_korean(client, game, players, referee):
    client.force_login(referee.user)
    response = client.post(reverse("league:game_seats", args=[game.pk]),
                           {"action": "swap", "swap-first": players[0].pk, "swap-second": players[0].pk,
                            "swap-reason": "자리 정정"}, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "자리를 바꿀 서로 다른 두 선수를 고르세요." in response.content.decode()


@pytest.mark.parametrize("who", ["host", "player"])
def test_hosts_and_players_cannot_open_the_screen(request, client, game, players, who):
    user = players[0].user if who == "player" else request.getfixturevalue(who).user
    client.force_login(user)
    url = reverse("league:game_seats", args=[game.pk])
    assert client.get(url).status_code == HTTPStatus.FORBIDDEN
    response = client.post(url, {"action": "swap", "swap-first": players[0].pk, "swap-second": players[1].pk,
                                 "swap-reason": "x"})
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert seat_members(game) == [p.pk for p in players]


def test_a_swap_at_a_tournament_table_with_entered_scores_moves_the_tournament_standings(club, ruleset, referee):
    from events.tournaments import services as tournament_services
    from events.tournaments import standings as tournament_standings

    organiser = referee.user
    tournament = tournament_services.tournament_create(club=club, ruleset=ruleset, by=None, name="정정 대회", rounds=1)
    members = [MemberFactory(club=club) for _ in range(4)]
    for m in members:
        entrant, _ = tournament_services.register(tournament=tournament, member=m, by=None)
        tournament_services.check_in(entrant=tournament_services.approve(entrant=entrant, by=None), by=None)
    rnd, _ = tournament_services.round_seat(tournament=tournament, number=1, by=None)
    table = rnd.tables.get()
    tournament_services.table_scores(table=table, scores=[40000, 30000, 20000, 10000], sticks=0, by=organiser)
    before = {r["member_id"]: r["points"] for r in tournament_standings.standings(tournament)}
    east, south = (table.game.seat_set.get(seat=s).member for s in (0, 1))
    seat_corrections.seats_swap(game=table.game, first=east, second=south, by=organiser, reason="1·2위 자리 반대")
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.FINISHED
    assert table.game.final_scores == [40000, 30000, 20000, 10000]
    after = {r["member_id"]: r["points"] for r in tournament_standings.standings(tournament)}
    assert after[east.pk] == before[south.pk]
    assert after[south.pk] == before[east.pk]
