"""A game's end written by the games service: a referee's end (note, audit) and its undo, the refusal of
any hand after an end, and of an end or a result sent as a hand (issue 21)."""
from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from core.models import AuditEntry
from league.error_codes import LeagueErrorCode as Code
from league.games import services as game_services
from league.games.errors import HandRefused
from league.models import Game

pytestmark = pytest.mark.django_db

SEAT2_TENPAI = {"kind": "draw", "tenpai": [2], "riichi": [2]}
"""Seat 2 riichi, alone tenpai: 27000, the others 24000, a stick on the table."""


def test_a_referee_ends_a_game_at_its_scores(game, referee):
    game_services.hand_record(game=game, position=0, event=SEAT2_TENPAI, by=referee.user)
    game_services.game_end(game=game, reason="referee", note="한 명이 몸이 안 좋아 중단", by=referee.user)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.ended_by == "referee"
    # Juki: the leftover stick to first: 28000: -2 + 30 + 20 = 48; 24000 by seat order: +4, -16, -36.
    assert game.final_scores == [24000, 24000, 28000, 24000]
    assert game.final_points == [4.0, -16.0, 48.0, -36.0]
    assert game.hands.last().event == {"kind": "end", "reason": "referee", "note": "한 명이 몸이 안 좋아 중단"}
    assert AuditEntry.objects.filter(object_type="hand", reason="한 명이 몸이 안 좋아 중단").exists()


@pytest.mark.parametrize("who", ["host", "seated player"])
def test_only_a_referee_or_admin_ends_a_game(game, host, players, who):
    user = host.user if who == "host" else players[0].user
    with pytest.raises(PermissionDenied):
        game_services.game_end(game=game, reason="referee", note="그만", by=user)


def test_a_referee_end_needs_a_note(game, referee):
    with pytest.raises(ValidationError) as exc:
        game_services.game_end(game=game, reason="referee", note="  ", by=referee.user)
    assert exc.value.code == Code.NOTE
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS


def test_no_hand_follows_an_end(game, referee, players):
    game_services.game_end(game=game, reason="referee", note="중단", by=referee.user)
    for user in (players[0].user, referee.user):
        with pytest.raises(HandRefused) as exc:
            game_services.hand_record(game=game, position=None, event=SEAT2_TENPAI, by=user)
        assert exc.value.code == Code.FINISHED
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.hands.count() == 1


def test_undoing_a_referee_end_reopens_the_game(game, referee):
    game_services.hand_record(game=game, position=0, event=SEAT2_TENPAI, by=referee.user)
    game_services.game_end(game=game, reason="referee", note="중단", by=referee.user)
    game_services.game_end_undo(game=game, reason="잘못 종료함", by=referee.user)
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS
    assert game.ended_by == ""
    assert game.final_scores is None
    assert game.hands.count() == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.DELETE, object_type="hand", reason="잘못 종료함").exists()


def test_undoing_an_end_needs_a_referee_and_a_reason(game, referee, players):
    game_services.game_end(game=game, reason="referee", note="중단", by=referee.user)
    with pytest.raises(PermissionDenied):
        game_services.game_end_undo(game=game, reason="다시", by=players[0].user)
    with pytest.raises(ValidationError) as exc:
        game_services.game_end_undo(game=game, reason="", by=referee.user)
    assert exc.value.code == Code.REASON


def test_there_is_no_end_to_undo_on_a_game_that_ended_by_its_hands(game, referee):
    game_services.hand_record(game=game, position=0, by=referee.user, event={
        "kind": "ron", "loser": 0, "wins": [{"winner": 1, "yakuman": 1}], "riichi": []})
    with pytest.raises(ValidationError) as exc:
        game_services.game_end_undo(game=game, reason="다시", by=referee.user)
    assert exc.value.code == Code.NOT_AN_END


@pytest.mark.parametrize("event", [{"kind": "end", "reason": "referee", "note": "x"}, {"kind": "end", "reason": "time"},
                                   {"kind": "result", "scores": [25000] * 4}],
                         ids=["a referee end is the referee's", "a time end is the rule's", "a result is the desk's"])
def test_an_end_or_a_result_is_not_a_hand_from_the_table(game, players, event):
    with pytest.raises(HandRefused) as exc:
        game_services.hand_record(game=game, position=None, event=event, by=players[0].user)
    assert exc.value.code == Code.END_IS_A_SERVICE


def test_an_untimed_game_is_never_over_by_time_for_a_host(game, players):
    with pytest.raises(ValidationError) as exc:
        game_services.game_end(game=game, reason="time", by=players[0].user)
    assert exc.value.code == Code.TIME_NOT_UP


def test_a_result_on_a_game_with_hands_is_refused(game, referee):
    game_services.hand_record(game=game, position=0, event=SEAT2_TENPAI, by=referee.user)
    with pytest.raises(HandRefused) as exc:
        game_services.game_result(game=game, scores=[25000] * 4, by=referee.user)
    assert exc.value.code == Code.HANDS_ENTERED


def test_a_result_that_does_not_add_up_is_refused_in_korean(game, referee):
    with pytest.raises(HandRefused) as exc:
        game_services.game_result(game=game, scores=[30000, 30000, 30000, 30000], by=referee.user)
    assert "120,000점" in exc.value.error.localized("ko")
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS
    assert not game.hands.exists()


def test_a_finished_game_refuses_a_hand_even_when_its_record_does_not_say_so(game, players):
    """A game finished without an end in its record (as tournament results were written before issue 21):
    the service still refuses the hand, and the game stays finished."""
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, ended_by="final_scores",
                                           final_scores=[40000, 30000, 20000, 10000])
    with pytest.raises(HandRefused) as exc:
        game_services.hand_record(game=game, position=None, event=SEAT2_TENPAI, by=players[0].user)
    assert exc.value.code == Code.FINISHED
    assert "no hand can follow" in exc.value.message
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert not game.hands.exists()
