"""Time is up at a club night's table: the round's end rule says which saved hand is the last,
and the games service then ends the game with an ``end`` event, reason ``time``.

Rulebook (docs/events.md): finish the hand in play; play one more hand; the next hand is all-last
(it repeats while the dealer keeps the deal). A host may end it only when the rule says it is over.
"""
from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from core.models import AuditEntry
from events.nights import services
from league.error_codes import LeagueErrorCode as Code
from league.games import services as game_services
from league.models import Game, HandRecord
from tests.events.clock import seated_earlier

pytestmark = pytest.mark.django_db

NOTEN = {"kind": "draw", "tenpai": [], "riichi": []}
"""All noten: nobody pays, the deal passes."""


def _timed_game(club, season, members, admin_user, rule):
    night = services.night_open(club=club, season=season, round_minutes=1, end_rule=rule, by=admin_user)
    for m in members[:4]:
        services.check_in(night=night, member=m, by=admin_user)
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user, seed=1)
    return rnd, rnd.tables.get().game


def _time_runs_out(rnd):
    """Two minutes pass (a 1-minute round): the round and the hands saved so far move back in time."""
    two = datetime.timedelta(minutes=2)
    seated_earlier(rnd, two)
    for hand in HandRecord.objects.filter(game__night_table__round=rnd):
        HandRecord.objects.filter(pk=hand.pk).update(entered_at=hand.entered_at - two)


def _save(game, event, by):
    game_services.hand_record(game=game, position=None, event=event, by=by)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize(
    ("rule", "after_time", "hands_before_end"),
    [
        ("finish_hand", [NOTEN], 2),
        ("one_more_hand", [NOTEN, NOTEN], 3),
        # E3 dealer (seat 2) tenpai keeps the deal: the all-last goes on; the noten draw after it ends the game.
        ("all_last", [NOTEN, {"kind": "draw", "tenpai": [2], "riichi": []}, NOTEN], 4),
    ],
    ids=["finish the hand in play", "one more hand", "the next hand is all-last (repeats while the dealer keeps)"],
)
def test_the_rules_last_hand_ends_the_game_at_time(club, season, members, admin_user, rule, after_time,
                                                   hands_before_end):
    rnd, game = _timed_game(club, season, members, admin_user, rule)
    host = members[0].user
    _save(game, NOTEN, host)  # E1, before the time
    _time_runs_out(rnd)
    for event in after_time[:-1]:
        assert _save(game, event, host).status == Game.Status.IN_PROGRESS
    game = _save(game, after_time[-1], host)
    assert game.status == Game.Status.FINISHED
    assert game.ended_by == "time"
    events = list(game.hands.order_by("position").values_list("event", flat=True))
    assert len(events) == hands_before_end + 1
    assert events[-1] == {"kind": "end", "reason": "time"}
    assert sum(game.final_points) == pytest.approx(0)
    assert AuditEntry.objects.filter(object_type="hand", reason="time").exists()


def test_before_the_time_nothing_ends(club, season, members, admin_user):
    _rnd, game = _timed_game(club, season, members, admin_user, "finish_hand")
    game = _save(game, NOTEN, members[0].user)
    assert game.status == Game.Status.IN_PROGRESS
    assert game.hands.count() == 1


def test_the_final_table_of_a_time_end(club, season, members, admin_user):
    """All-last rule: E3 dealer tenpai alone (+3000, others -1000), then a noten draw passes the deal."""
    rnd, game = _timed_game(club, season, members, admin_user, "all_last")
    host = members[0].user
    _save(game, NOTEN, host)
    _time_runs_out(rnd)
    for event in (NOTEN, {"kind": "draw", "tenpai": [2], "riichi": []}, NOTEN):
        game = _save(game, event, host)
    # 28000: -2 + 30 + 20 = 48; 24000 in seat order: -6 + 10, -6 - 10, -6 - 30.
    assert game.final_scores == [24000, 24000, 28000, 24000]
    assert game.final_points == [4.0, -16.0, 48.0, -36.0]
    assert game.final_ranks == [2, 3, 1, 4]


def test_a_host_cannot_end_before_the_rule_says_so(club, season, members, admin_user):
    rnd, game = _timed_game(club, season, members, admin_user, "one_more_hand")
    host = members[0].user
    with pytest.raises(ValidationError) as exc:
        game_services.game_end(game=game, reason="time", by=host)
    assert exc.value.code == Code.TIME_NOT_UP
    _time_runs_out(rnd)
    _save(game, NOTEN, host)  # the hand in play: one more to go
    with pytest.raises(ValidationError):
        game_services.game_end(game=game, reason="time", by=host)
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS


def test_extra_time_keeps_the_table_playing(club, season, members, admin_user, referee_user):
    rnd, game = _timed_game(club, season, members, admin_user, "finish_hand")
    _time_runs_out(rnd)
    services.table_extra_time(table=rnd.tables.get(), minutes=10, by=referee_user)
    game = _save(game, NOTEN, members[0].user)
    assert game.status == Game.Status.IN_PROGRESS


def test_editing_a_past_hand_replays_the_end_too(club, season, members, admin_user, referee_user):
    rnd, game = _timed_game(club, season, members, admin_user, "finish_hand")
    _time_runs_out(rnd)
    game = _save(game, NOTEN, members[0].user)
    assert game.ended_by == "time"
    first = game.hands.get(position=0)
    game_services.hand_edit(hand=first, event={"kind": "draw", "tenpai": [1], "riichi": []}, by=referee_user,
                            reason="텐파이 누락")
    game.refresh_from_db()
    assert game.ended_by == "time"
    assert game.final_scores == [24000, 28000, 24000, 24000]


def test_the_host_ends_with_one_confirming_tap_when_the_rule_says_so(client, club, season, members, admin_user):
    from django.urls import reverse

    rnd, game = _timed_game(club, season, members, admin_user, "finish_hand")
    host = members[0].user
    client.force_login(host)
    table = client.get(reverse("league:game_table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert 'data-testid="time-over"' not in table  # never earlier
    client.post(reverse("league:game_end_time", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS
    _save(game, NOTEN, host)
    # The time ran out while that hand was played (it was saved after the limit) and nothing ended it yet.
    seated_earlier(rnd, datetime.timedelta(minutes=2))
    table = client.get(reverse("league:game_table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert 'data-testid="time-over"' in table
    assert "종료" in table
    client.post(reverse("league:game_end_time", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.ended_by == "time"
    table = client.get(reverse("league:game_table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert "시간 종료 — 대국 끝" in table
