"""Calling a referee (issue 27 item 2): a seated player calls with a reason; the referee's screen
and the board show it until a referee acknowledges it; the table sees the acknowledgement; each call
is audited; a second tap while a call is open makes no second call."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from core.models import AuditEntry
from core.once import Once
from league.models import Game, RefereeCall
from league.referee import calls
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("reason", [pytest.param(r.value, id=f"reason-{r.value}") for r in RefereeCall.Reason])
def test_a_seated_player_calls_a_referee_with_a_reason(client, game, players, reason):
    client.force_login(players[2].user)
    response = client.post(reverse("league:referee_call", args=[game.pk]),
                           {"reason": reason, "entry_token": "referee_call.t1"}, follow=True)
    assert response.status_code == HTTPStatus.OK
    call = RefereeCall.objects.get(game=game)
    assert call.reason == reason
    assert call.called_by == players[2].user
    assert call.is_open
    assert 'data-testid="referee-call-open"' in response.content.decode()
    assert "심판을 불렀습니다" in response.content.decode()


def test_a_second_tap_while_the_call_is_open_makes_no_second_call(client, game, players):
    client.force_login(players[0].user)
    url = reverse("league:referee_call", args=[game.pk])
    client.post(url, {"reason": "chombo", "entry_token": "referee_call.same"})
    client.post(url, {"reason": "chombo", "entry_token": "referee_call.same"})
    client.force_login(players[1].user)  # another phone at the table, its own token
    response = client.post(url, {"reason": "other", "entry_token": "referee_call.other"}, follow=True)
    assert RefereeCall.objects.filter(game=game).count() == 1
    assert "이미 심판을 불렀습니다" in response.content.decode()
    assert AuditEntry.objects.filter(object_type="referee_call", action="create").count() == 1


def test_the_database_refuses_two_open_calls_for_one_game(game, players):
    RefereeCall.objects.create(game=game, reason="other")
    with pytest.raises(IntegrityError), transaction.atomic():
        RefereeCall.objects.create(game=game, reason="chombo")


def test_the_same_token_after_the_acknowledgement_makes_no_new_call(game, players, referee):
    once = Once.form(players[0].user, "referee_call.x")
    call, created = calls.referee_call(game=game, reason="chombo", by=players[0].user, once=once)
    calls.referee_call_acknowledge(call=call, by=referee.user)
    again, created_again = calls.referee_call(game=game, reason="chombo", by=players[0].user, once=once)
    assert created
    assert not created_again
    assert again.pk == call.pk
    assert RefereeCall.objects.filter(game=game).count() == 1


def test_after_an_acknowledgement_the_table_can_call_again(game, players, referee):
    first, _ = calls.referee_call(game=game, reason="chombo", by=players[0].user)
    calls.referee_call_acknowledge(call=first, by=referee.user)
    second, created = calls.referee_call(game=game, reason="other", by=players[0].user)
    assert created
    assert second.pk != first.pk


def test_the_table_shows_its_latest_call_the_open_one_after_an_acknowledged_one(game, players, referee):
    assert calls.latest_call(game) is None  # no call yet: nothing in the box
    first, _ = calls.referee_call(game=game, reason="chombo", by=players[0].user)
    calls.referee_call_acknowledge(call=first, by=referee.user)
    acknowledged = calls.latest_call(game)
    assert (acknowledged.pk, acknowledged.acknowledged_by) == (first.pk, referee.user)
    second, _ = calls.referee_call(game=game, reason="other", by=players[1].user)
    latest = calls.latest_call(game)
    assert (latest.pk, latest.reason, latest.is_open) == (second.pk, "other", True)


def test_a_member_not_at_the_table_cannot_call(client, game, club):
    from tests.factories import MemberFactory

    outsider = MemberFactory(club=club, user=UserFactory())
    client.force_login(outsider.user)
    response = client.post(reverse("league:referee_call", args=[game.pk]), {"reason": "other"})
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert not RefereeCall.objects.exists()


def test_an_unknown_reason_is_refused_in_korean(client, game, players):
    client.force_login(players[0].user)
    response = client.post(reverse("league:referee_call", args=[game.pk]), {"reason": "lunch"}, follow=True)
    assert not RefereeCall.objects.exists()
    assert "사유를 고르세요" in response.content.decode()


def test_the_referees_screen_lists_the_call_until_acknowledged(client, game, players, referee):
    call, _ = calls.referee_call(game=game, reason="score_dispute", by=players[0].user)
    client.force_login(referee.user)
    page = client.get(reverse("league:referee_calls", args=[game.club.slug])).content.decode()
    assert f'data-testid="open-call-{game.pk}"' in page
    assert "점수 분쟁" in page
    response = client.post(reverse("league:referee_call_acknowledge", args=[call.pk]), follow=True)
    assert response.status_code == HTTPStatus.OK
    assert f'data-testid="open-call-{game.pk}"' not in response.content.decode()
    call.refresh_from_db()
    assert call.acknowledged_by == referee.user
    assert AuditEntry.objects.filter(object_type="referee_call", object_id=str(call.pk), action="edit").exists()


def test_a_player_cannot_acknowledge(client, game, players):
    call, _ = calls.referee_call(game=game, reason="other", by=players[0].user)
    client.force_login(players[1].user)
    response = client.post(reverse("league:referee_call_acknowledge", args=[call.pk]))
    assert response.status_code == HTTPStatus.FORBIDDEN
    call.refresh_from_db()
    assert call.is_open


def test_the_table_sees_the_acknowledgement_without_a_reload(client, game, players, referee):
    call, _ = calls.referee_call(game=game, reason="other", by=players[0].user)
    client.force_login(players[0].user)
    url = reverse("league:referee_call_live", args=[game.pk])
    first = client.get(url)
    assert 'data-testid="referee-call-open"' in first.content.decode()
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == HTTPStatus.NOT_MODIFIED
    calls.referee_call_acknowledge(call=call, by=referee.user)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == HTTPStatus.OK
    assert 'data-testid="referee-call-acknowledged"' in changed.content.decode()


def test_the_table_screen_offers_the_button(client, game, players):
    client.force_login(players[3].user)
    page = client.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'data-testid="call-referee"' in page
    assert 'data-testid="call-reason-chombo"' in page


def test_the_night_desk_links_to_the_referees_screen(client, club, season, referee):
    from events.nights import services as night_services

    night = night_services.night_open(club=club, season=season, title="금요일", by=None)
    client.force_login(referee.user)
    page = client.get(reverse("events:night_detail", args=[night.pk])).content.decode()
    assert reverse("league:referee_calls", args=[club.slug]) in page


def test_read_with_the_game_the_latest_call_is_the_same_and_no_call_costs_no_query(game, players, referee,
                                                                                   django_assert_num_queries):
    """The table screen reads the game with its latest call's id (``latest_call_id``): none costs no query, and
    the call found is the one ``latest_call`` finds by asking (the open one after an acknowledged one)."""
    def read_with_the_game():
        return Game.objects.annotate(**calls.latest_call_id()).get(pk=game.pk)

    before = read_with_the_game()
    with django_assert_num_queries(0):
        assert calls.latest_call(before) is None
    first, _ = calls.referee_call(game=game, reason="chombo", by=players[0].user)
    calls.referee_call_acknowledge(call=first, by=referee.user)
    assert calls.latest_call(read_with_the_game()).pk == first.pk
    second, _ = calls.referee_call(game=game, reason="other", by=players[1].user)
    after = read_with_the_game()
    with django_assert_num_queries(1):  # the call itself, read where there is one
        latest = calls.latest_call(after)
    assert (latest.pk, latest.is_open) == (second.pk, True)
    assert calls.latest_call(game).pk == second.pk  # as asking finds it
