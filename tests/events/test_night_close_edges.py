"""The night's rough edges (issue 42 items 4 and 5), each first reproduced here.

4. A timed-out table whose hand in play holds only a penalty (a yellow card) ends at time with the penalty
   kept; closing a night names a table it cannot settle and closes the rest.
5. Closing a night "at current scores" cancels a table with no hands (an unplayed game scores nothing); the
   close page shows each table's hands and picks "cancel" for a table with none.
"""
from __future__ import annotations

import datetime

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from events.nights import services
from league.games import services as game_services
from league.models import Game
from league.referee import services as referee_services

YELLOW = {"kind": "penalty", "type": "yellow_card", "player": 1}


def _seated(night, members, admin_user, count=8):
    for m in members[:count]:
        services.check_in(night=night, member=m, by=admin_user)
    rnd, _ = services.round_seat(night=night, number=1, by=admin_user, seed=1)
    return [t.game for t in rnd.tables.order_by("pk")]


def _timed_out_with_a_yellow_card(game, referee_user, admin_user):
    """A hand played, time up during the next one, and in it only a yellow card so far."""
    game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": [0]}, by=admin_user)
    game_services.game_time_set(game=game, ends_at=timezone.now() - datetime.timedelta(minutes=1))
    referee_services.penalty_hand(game=game, position=1, event=YELLOW, by=referee_user)
    return Game.objects.get(pk=game.pk)


def test_a_timed_out_table_with_only_a_yellow_card_in_its_hand_ends_at_time(night, members, admin_user,
                                                                            referee_user):
    game = _seated(night, members, admin_user)[0]
    game = _timed_out_with_a_yellow_card(game, referee_user, admin_user)
    scores_before = game_services.game_selectors.game_replay(game).state.scores
    client = Client()
    client.force_login(referee_user)  # the referee's "시간 종료" (staff end at time whenever it is up)
    response = client.post(reverse("league:game_end_time", args=[game.pk]))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert tuple(game.final_scores) == tuple(scores_before)  # the yellow card's deposit stays taken
    assert game.hands.filter(event__kind="penalty").exists()


def test_closing_the_night_settles_a_table_with_a_yellow_card_in_its_hand(night, members, admin_user, referee_user):
    games = _seated(night, members, admin_user)
    _timed_out_with_a_yellow_card(games[0], referee_user, admin_user)
    game_services.hand_record(game=games[1], position=0, event={"kind": "draw", "tenpai": [0]}, by=admin_user)
    closed, refused = services.night_close_settling(night=night, by=admin_user,
                                                   decisions={g.pk: "time" for g in games})
    assert refused == []
    assert not closed.is_open
    assert set(Game.objects.filter(pk__in=[g.pk for g in games]).values_list("status", flat=True)) == {"finished"}


def test_closing_the_night_names_a_table_it_cannot_settle_and_closes_the_rest(night, members, admin_user,
                                                                              monkeypatch):
    from django.core.exceptions import ValidationError

    from events import open_games

    games = _seated(night, members, admin_user)
    for g in games:
        game_services.hand_record(game=g, position=0, event={"kind": "draw", "tenpai": [0]}, by=admin_user)
    real = open_games.settle_game

    def settle(*, game, action, note="", by):
        if game.pk == games[0].pk:
            raise ValidationError("stuck")
        return real(game=game, action=action, note=note, by=by)

    monkeypatch.setattr(open_games, "settle_game", settle)
    closed, refused = services.night_close_settling(night=night, by=admin_user, decisions={g.pk: "time" for g in games})
    assert not closed.is_open
    assert len(refused) == 1
    assert "1번 테이블" in refused[0]
    assert "stuck" in refused[0]
    assert Game.objects.get(pk=games[1].pk).status == Game.Status.FINISHED
    assert Game.objects.get(pk=games[0].pk).status == Game.Status.IN_PROGRESS


def test_a_table_with_no_hands_is_cancelled_not_scored_at_the_close(night, members, admin_user):
    games = _seated(night, members, admin_user)
    game_services.hand_record(game=games[1], position=0, event={"kind": "draw", "tenpai": [0]}, by=admin_user)
    services.night_close_settling(night=night, by=admin_user, decisions={g.pk: "time" for g in games})
    empty = Game.objects.get(pk=games[0].pk)
    assert empty.status == Game.Status.CANCELLED
    assert empty.final_points is None
    assert Game.objects.get(pk=games[1].pk).status == Game.Status.FINISHED


def test_the_close_page_shows_hands_and_picks_cancel_for_an_empty_table(night, members, admin_user):
    games = _seated(night, members, admin_user)
    game_services.hand_record(game=games[1], position=0, event={"kind": "draw", "tenpai": [0]}, by=admin_user)
    client = Client()
    client.force_login(admin_user)
    page = client.get(reverse("events:night_close_ask", args=[night.pk])).content.decode()
    assert "0국" in page
    assert "1국" in page
    empty = page[page.index(f'data-testid="close-game-{games[0].pk}"'):]
    empty = empty[:empty.index("</fieldset>")]
    assert 'value="cancel" required checked' in empty
    assert 'value="time"' not in empty
