"""Words of the night (issue 42 item 9), each as the issue saw it: a night's results count games (대국), not hands;
my seat writes points with a separator and, after the night closed, does not promise a next round; the table
screen names the referee who is coming (not their login) and stops saying so once play went on."""
from __future__ import annotations

import datetime

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from events.nights import services
from league.games import services as game_services
from league.models import RefereeCall
from league.referee import calls
from tests.league.events import ALL_LAST_FINISH


def _played(night, members, admin_user):
    for m in members[:4]:
        services.check_in(night=night, member=m, by=admin_user)
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user, seed=1)
    game = rnd.tables.get().game
    for i, event in enumerate(ALL_LAST_FINISH):
        game_services.hand_record(game=game, position=i, event=event, by=None)
    game.refresh_from_db()
    return game


def test_the_nights_results_count_games_not_hands(night, members, admin_user):
    from notify import messages

    _played(night, members, admin_user)
    services.night_close(night=night, by=admin_user)
    text = "\n".join(messages.night_ended(night).lines)
    assert "(1대국)" in text
    assert "(1국)" not in text


def test_my_seat_writes_points_with_a_separator_and_no_next_round_after_the_close(night, members, admin_user):
    game = _played(night, members, admin_user)
    services.night_close(night=night, by=admin_user)
    client = Client()
    client.force_login(members[0].user)
    page = client.get(reverse("events:night_checkin", args=[night.pk])).content.decode()
    scores = [s for s in game.final_scores if abs(s) >= 1000]
    assert any(f"{s:,}" in page for s in scores)
    assert "다음 라운드에 자리가 배정됩니다" not in page


def test_the_table_names_the_referee_coming_and_stops_once_play_went_on(club, season, game, referee):
    call, _ = calls.referee_call(game=game, reason="score_dispute", by=referee.user)
    calls.referee_call_acknowledge(call=call, by=referee.user)
    client = Client()
    client.force_login(referee.user)
    page = client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert f"({referee.display_name}," in page
    assert f"({referee.user.username}," not in page
    game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": [0]}, by=None)
    page = client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'data-testid="referee-call-acknowledged"' not in page
    # and in any case not for the rest of the game
    RefereeCall.objects.filter(pk=call.pk).update(acknowledged_at=timezone.now() - datetime.timedelta(hours=1))
    game.hands.all().delete()
    page = client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'data-testid="referee-call-acknowledged"' not in page
