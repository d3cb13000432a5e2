"""Issue 9, items 1–6: no hand or penalty lost, doubled or overridden at the table.

Each test is named after the rule it holds; the races on real connections are in
``test_concurrency_safety.py`` (PostgreSQL) and ``test_sqlite_tables.py`` (SQLite).
"""
from __future__ import annotations

import re
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from core.models import AuditEntry, IdempotencyKey
from core.once import AlreadyDone, Once
from league.games import services as game_services
from league.games.errors import HandRefused
from league.models import Game, HandRecord, Penalty
from league.referee import services as referee_services
from tests.league.events import ALL_LAST_FINISH, TO_SOUTH_4, ron

pytestmark = pytest.mark.django_db

ALREADY_SAVED = "이 핸드는 이미 저장되었습니다"


def _client(member) -> Client:
    c = Client()
    c.force_login(member.user)
    return c


def _api(member) -> APIClient:
    c = APIClient()
    c.force_authenticate(member.user)
    return c


def _token(html: str, scope: str) -> str:
    match = re.search(rf'name="entry_token" value="({scope}\.[^"]+)"', html)
    assert match, f"no {scope} entry token in the page"
    return match.group(1)


def _ron_form(position, token, *, winner=1, loser=2, value="3-30"):
    return {"position": position, "kind": "ron", "ron_winner": winner, "ron_loser": loser, "ron_value": value,
            "action": "save", "entry_token": token}


def _record(game, events, by=None):
    for i, e in enumerate(events):
        game_services.hand_record(game=game, position=i, event=e, by=by)


# --- item 1: Back, then save again ------------------------------------------------------------
def test_back_then_save_again_does_not_store_twice(game, players):
    host = _client(players[0])
    page = host.get(reverse("league:game_table", args=[game.pk])).content.decode()
    form = _ron_form(0, _token(page, "hand"))
    saved = host.post(reverse("league:hand_create", args=[game.pk]), form)
    assert saved.status_code == HTTPStatus.FOUND

    # Back: the page rendered before the save, with its selections, is tapped again
    again = host.post(reverse("league:hand_create", args=[game.pk]), form, follow=True)

    assert HandRecord.objects.filter(game=game).count() == 1
    assert ALREADY_SAVED in again.content.decode()
    assert again.redirect_chain[-1][0] == reverse("league:game_table", args=[game.pk])


def test_a_form_rendered_before_the_last_save_with_the_next_position_stores_nothing(game, players):
    """The old form's token even with the position of the next hand (a browser restoring fields)."""
    host = _client(players[0])
    token = _token(host.get(reverse("league:game_table", args=[game.pk])).content.decode(), "hand")
    host.post(reverse("league:hand_create", args=[game.pk]), _ron_form(0, token))

    host.post(reverse("league:hand_create", args=[game.pk]), _ron_form(1, token))

    assert HandRecord.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("screen", ["game_table", "hand_full"])
def test_entry_screens_are_not_cached_nor_restored_by_the_browser(game, players, screen):
    response = _client(players[0]).get(reverse(f"league:{screen}", args=[game.pk]))
    assert "no-store" in response["Cache-Control"]
    html = response.content.decode()
    assert re.search(r'<form[^>]*id="(hand|full)-form"[^>]*autocomplete="off"', html)
    assert 'name="entry_token"' in html


def test_a_refused_save_keeps_its_token_and_a_new_page_gets_a_new_one(game, players):
    host = _client(players[0])
    url = reverse("league:hand_create", args=[game.pk])
    refused = host.post(url, {"position": 0, "kind": "ron", "action": "save", "entry_token": "hand.abc"})
    assert refused.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert _token(refused.content.decode(), "hand") == "hand.abc"
    first = _token(host.get(reverse("league:game_table", args=[game.pk])).content.decode(), "hand")
    second = _token(host.get(reverse("league:game_table", args=[game.pk])).content.decode(), "hand")
    assert first != second


def test_an_edit_submitted_twice_changes_once_and_says_it_was_saved(game, players):
    _record(game, [ron(1, loser=2)])
    host = _client(players[0])
    url = reverse("league:hand_edit", args=[game.pk, 0])
    token = _token(host.get(url).content.decode(), "edit")
    data = _ron_form(0, token, value="4-30") | {"reason": "counted a dora"}
    assert host.post(url, data).status_code == HTTPStatus.FOUND
    again = host.post(url, data | {"ron_value": "2-30"}, follow=True)
    assert ALREADY_SAVED in again.content.decode()
    assert HandRecord.objects.get(game=game).event["wins"][0]["han"] == 4
    assert AuditEntry.objects.filter(object_type="hand", action="edit").count() == 1


def test_a_penalty_form_submitted_twice_logs_one_penalty(game, players, referee):
    ref = _client(referee)
    url = reverse("league:game_penalties", args=[game.pk])
    token = _token(ref.get(url).content.decode(), "penalty")
    data = {"member": players[1].pk, "type": "yellow_card", "reason": "exposed two tiles", "entry_token": token}
    assert ref.post(url, data).status_code == HTTPStatus.FOUND
    assert ref.post(url, data).status_code == HTTPStatus.FOUND
    assert Penalty.objects.filter(game=game).count() == 1
    assert HandRecord.objects.filter(game=game).count() == 1


# --- item 2: a double-tap undo removes one hand --------------------------------------------------
def test_double_tap_undo_removes_one_hand(game, players):
    _record(game, TO_SOUTH_4[:3])
    game_services.hand_undo_last(game=game, by=players[0].user, position=2)
    with pytest.raises(HandRefused, match="no longer the last one"):
        game_services.hand_undo_last(game=game, by=players[0].user, position=2)
    assert list(game.hands.values_list("position", flat=True)) == [0, 1]


def test_the_same_undo_form_twice_removes_one_hand(game, players):
    _record(game, TO_SOUTH_4[:3])
    host = _client(players[0])
    token = _token(host.get(reverse("league:game_table", args=[game.pk])).content.decode(), "undo")
    url = reverse("league:hand_undo", args=[game.pk])
    host.post(url, {"position": 2, "entry_token": token})
    _record_next = game_services.hand_record(game=game, position=2, event=TO_SOUTH_4[2])  # the hand entered again
    host.post(url, {"position": 2, "entry_token": token})  # the first tap's twin, after that
    assert game.hands.count() == 3
    assert _record_next.pk in game.hands.values_list("pk", flat=True)


def test_undo_shows_what_it_removes_and_asks_for_a_confirming_tap(game, players):
    _record(game, [ron(1, loser=2, han=3)])
    html = _client(players[0]).get(reverse("league:game_table", args=[game.pk])).content.decode()
    what = re.search(r'data-testid="undo-what">(.*?)</span>', html, re.S).group(1)
    assert "1" in what
    assert players[1].display_name in what
    assert players[2].display_name in what
    assert 'data-testid="undo-confirm"' in html
    assert "<details" in html


def test_deleting_a_hand_already_deleted_deletes_nothing_more(game, players):
    _record(game, TO_SOUTH_4[:3])
    first = game.hands.get(position=0)
    host = _client(players[0])
    url = reverse("league:hand_delete", args=[game.pk, 0])
    token = _token(host.get(url).content.decode(), "delete")
    data = {"hand": first.pk, "reason": "entered twice", "entry_token": token}
    assert host.post(url, data).status_code == HTTPStatus.FOUND
    second_tap = host.post(url, data | {"entry_token": "delete.other-phone"}, follow=True)
    assert game.hands.count() == 2
    assert "이미 삭제" in second_tap.content.decode() or "already deleted" in second_tap.content.decode()


def test_delete_by_position_checks_the_hand_the_host_saw_under_the_lock(game, players):
    _record(game, TO_SOUTH_4[:3])
    seen = game.hands.get(position=1)
    game_services.hand_delete(hand=game.hands.get(position=0), by=players[0].user, reason="dup")
    with pytest.raises(HandRefused) as refused:
        game_services.hand_delete(hand=seen, by=players[0].user, reason="dup", position=1)
    assert refused.value.code == "position"
    game_services.hand_delete(hand=HandRecord(pk=seen.pk, game=game), by=players[0].user, reason="dup", position=0)
    with pytest.raises(HandRefused) as gone:
        game_services.hand_delete(hand=HandRecord(pk=seen.pk, game=game), by=players[0].user, reason="dup", position=0)
    assert gone.value.code == "gone"
    assert game.hands.count() == 1


# --- item 3: penalties belong to referees ----------------------------------------------------------
def test_a_hosts_undo_cannot_remove_a_referees_yellow_card(game, players, referee):
    _record(game, [ron(1, loser=2)])
    referee_services.penalty_give(member=players[2], type="yellow_card", reason="exposed tiles", game=game,
                                  by=referee.user)
    with pytest.raises(HandRefused) as refused:
        game_services.hand_undo_last(game=game, by=players[0].user, position=1)
    assert refused.value.code == "referee_only"
    with pytest.raises(HandRefused):
        game_services.hand_delete(hand=game.hands.get(position=1), by=players[0].user, reason="oops")
    assert game.hands.count() == 2
    assert Penalty.objects.get().is_active
    game_services.hand_undo_last(game=game, by=referee.user, position=1)
    assert game.hands.count() == 1
    assert not Penalty.objects.get().is_active


def test_table_undo_of_a_penalty_says_it_is_the_referees(game, players, referee):
    referee_services.penalty_give(member=players[2], type="yellow_card", reason="exposed tiles", game=game,
                                  by=referee.user)
    response = _client(players[0]).post(reverse("league:hand_undo", args=[game.pk]), {"position": 0}, follow=True)
    assert "심판" in response.content.decode()
    assert game.hands.count() == 1


PENALTY_EVENTS = {
    "yellow_card": {"kind": "penalty", "player": 2, "type": "yellow_card"},
    "agari_forbidden": {"kind": "penalty", "player": 2, "type": "agari_forbidden"},
    "verbal_warning": {"kind": "penalty", "player": 1, "type": "verbal_warning"},
    "ruling_transfer": {"kind": "penalty", "player": 1, "type": "ruling", "amount": 2000, "to": 0},
}


@pytest.mark.parametrize("event", PENALTY_EVENTS.values(), ids=PENALTY_EVENTS.keys())
def test_penalty_events_through_the_api_are_the_referees(game, players, host, referee, event):
    for member in (players[0], host):
        response = _api(member).post("/api/hands/", {"game": game.pk, "event": event}, format="json")
        assert response.status_code == HTTPStatus.FORBIDDEN, response.json()
    assert not game.hands.exists()
    assert not Penalty.objects.exists()

    response = _api(referee).post("/api/hands/", {"game": game.pk, "event": event}, format="json")
    assert response.status_code == HTTPStatus.CREATED, response.json()
    penalty = Penalty.objects.get()
    assert penalty.hand_record_id == response.json()["id"]
    assert penalty.member == players[event["player"]]
    assert penalty.given_by == referee.user


def test_a_plain_chombo_stays_a_table_result(game, players):
    """Both club rulesets fix a chombo's payment and the table screen offers it: a player enters it."""
    response = _api(players[0]).post("/api/hands/", {"game": game.pk, "event": {"kind": "chombo", "offender": 3}},
                                     format="json")
    assert response.status_code == HTTPStatus.CREATED
    game_services.hand_undo_last(game=game, by=players[0].user, position=0)
    assert not game.hands.exists()


def test_a_deliberate_chombo_is_the_referees(game, players):
    response = _api(players[0]).post(
        "/api/hands/", {"game": game.pk, "event": {"kind": "chombo", "offender": 3, "deliberate": True}},
        format="json")
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert not game.hands.exists()


# --- item 4: finished games are closed ---------------------------------------------------------------
def test_a_finished_game_is_closed_to_players_and_needs_a_reason_from_referees(game, players, referee):
    _record(game, ALL_LAST_FINISH)
    last = game.hands.get(position=len(ALL_LAST_FINISH) - 1)
    changed = {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 6, "fu": 30}]}
    player = _api(players[0]).patch(f"/api/hands/{last.pk}/", {"event": changed}, format="json")
    assert player.status_code == HTTPStatus.FORBIDDEN
    no_reason = _api(referee).patch(f"/api/hands/{last.pk}/", {"event": changed}, format="json")
    assert no_reason.status_code == HTTPStatus.BAD_REQUEST
    last.refresh_from_db()
    assert last.event["wins"][0]["han"] == 5
    for refused in (lambda: game_services.hand_undo_last(game=game, by=players[0].user, position=last.position),
                    lambda: game_services.hand_delete(hand=last, by=players[0].user, reason="x"),
                    lambda: game_services.hand_undo_last(game=game, by=referee.user, position=last.position)):
        with pytest.raises(HandRefused):
            refused()
    with pytest.raises(HandRefused):
        referee_services.penalty_give(member=players[1], type="ruling", amount=None, points=1, reason="", game=game,
                              by=referee.user)
    ok = _api(referee).patch(f"/api/hands/{last.pk}/", {"event": changed, "reason": "was a haneman"}, format="json")
    assert ok.status_code == HTTPStatus.OK
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


# --- item 6: every create honours an idempotency key ---------------------------------------------------
def test_api_hand_without_position_is_idempotent_with_a_key(game, players):
    api = _api(players[0])
    body = {"game": game.pk, "event": ron(1, loser=2)}
    answers = [api.post("/api/hands/", body, format="json", HTTP_IDEMPOTENCY_KEY="hand-1") for _ in range(5)]
    assert [a.status_code for a in answers] == [HTTPStatus.CREATED] + [HTTPStatus.OK] * 4
    assert all(a.json() == answers[0].json() for a in answers)
    assert answers[1]["Idempotent-Replayed"] == "true"
    assert game.hands.count() == 1


def test_an_idempotency_key_reused_for_another_body_is_refused(game, players):
    api = _api(players[0])
    api.post("/api/hands/", {"game": game.pk, "event": ron(1, loser=2)}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    other = api.post("/api/hands/", {"game": game.pk, "event": ron(2, loser=3)}, format="json",
                     HTTP_IDEMPOTENCY_KEY="k")
    assert other.status_code == HTTPStatus.UNPROCESSABLE_ENTITY
    assert "Idempotency-Key" in other.json()["detail"]
    assert game.hands.count() == 1


def test_keys_are_per_user(game, players):
    for member in players[:2]:
        api = _api(member)
        api.post("/api/hands/", {"game": game.pk, "position": 0, "event": ron(1, loser=2)}, format="json",
                 HTTP_IDEMPOTENCY_KEY="same")
    assert IdempotencyKey.objects.count() == 2
    assert game.hands.count() == 1


def test_repeated_game_start_penalty_and_deduction_make_one_row_each(season, players, referee):
    api = _api(referee)
    start = {"season": season.pk, "members": [p.pk for p in players], "table_label": "T"}
    games = [api.post("/api/games/", start, format="json", HTTP_IDEMPOTENCY_KEY="start-1") for _ in range(10)]
    assert [g.status_code for g in games] == [HTTPStatus.CREATED] + [HTTPStatus.OK] * 9
    assert Game.objects.count() == 1
    game = Game.objects.get()
    penalty = {"game": game.pk, "member": players[1].pk, "type": "yellow_card", "reason": "exposed"}
    for _ in range(10):
        api.post("/api/penalties/", penalty, format="json", HTTP_IDEMPOTENCY_KEY="card-1")
    deduction = {"season": season.pk, "member": players[2].pk, "type": "season_deduction", "points": "3.0",
                 "reason": "late"}
    answers = [api.post("/api/penalties/", deduction, format="json", HTTP_IDEMPOTENCY_KEY="late-1")
               for _ in range(10)]
    assert answers[0].status_code == HTTPStatus.CREATED
    assert answers[-1].status_code == HTTPStatus.OK
    assert Penalty.objects.filter(type="yellow_card").count() == 1
    assert Penalty.objects.filter(type="season_deduction").get().points == Decimal("3.0")
    assert game.hands.count() == 1


def test_the_game_start_form_submitted_twice_starts_one_game(season, players, host, club):
    c = _client(host)
    url = reverse("league:game_start", args=[club.slug])
    token = _token(c.get(url).content.decode(), "start")
    seated = [*players[:3], host]  # a host starts only a game they sit at
    data = {"season": season.pk, "table_label": "T", **{f"seat_{i}": p.pk for i, p in enumerate(seated)},
            "entry_token": token}
    first = c.post(url, data)
    second = c.post(url, data)
    assert Game.objects.count() == 1
    assert first["Location"] == second["Location"]


def test_the_deduction_form_submitted_twice_logs_one_deduction(season, players, referee, club):
    c = _client(referee)
    url = reverse("league:season_penalties", args=[club.slug, season.pk])
    token = _token(c.get(url).content.decode(), "deduction")
    data = {"member": players[0].pk, "points": "2.0", "reason": "late", "entry_token": token}
    c.post(url, data)
    c.post(url, data)
    assert Penalty.objects.filter(type="season_deduction").count() == 1


def test_a_full_hand_submitted_twice_stores_once(game, players):
    host = _client(players[0])
    url = reverse("league:hand_full", args=[game.pk])
    token = _token(host.get(url).content.decode(), "full")
    data = {"position": 0, "form": "full", "winner": "1", "loser": "2", "tiles": "23455m406p234678s", "win": "8s",
            "melds": "", "dora": "", "ura": "", "action": "save", "entry_token": token}
    assert host.post(url, data).status_code == HTTPStatus.FOUND
    again = host.post(url, data | {"position": 1}, follow=True)
    assert ALREADY_SAVED in again.content.decode()
    assert game.hands.count() == 1


def test_the_table_offers_no_undo_of_a_referees_penalty_to_a_host(game, players, referee):
    referee_services.penalty_give(member=players[2], type="yellow_card", reason="exposed tiles", game=game,
                                  by=referee.user)
    url = reverse("league:game_table", args=[game.pk])
    assert 'data-testid="undo"' not in _client(players[0]).get(url).content.decode()
    assert 'data-testid="undo"' in _client(referee).get(url).content.decode()


def test_a_finished_game_says_up_front_it_is_closed_to_players(game, players, referee):
    _record(game, ALL_LAST_FINISH)
    player = _client(players[0])
    detail = player.get(reverse("league:game_detail", args=[game.pk])).content.decode()
    assert reverse("league:hand_edit", args=[game.pk, 0]) not in detail
    response = player.get(reverse("league:hand_edit", args=[game.pk, 0]), follow=True)
    assert "심판이나 클럽 관리자만" in response.content.decode()
    table = player.get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'data-testid="undo"' not in table
    referee_table = _client(referee).get(reverse("league:game_table", args=[game.pk])).content.decode()
    assert 'name="reason"' in referee_table  # the referee's undo of a finished game asks why


# --- the invariant behind items 1, 2 and 6 ----------------------------------------------------------
ALL_TENPAI = {"kind": "draw", "tenpai": [0, 1, 2, 3]}  # the dealer stays: the game never ends
OPS = st.lists(st.one_of(st.tuples(st.just("save"), st.integers(0, 5)),
                         st.tuples(st.just("undo"), st.integers(-1, 1))), max_size=14)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_whatever_is_submitted_again_each_key_writes_once_and_each_undo_removes_the_hand_it_saw(
        season, players, ops):
    game = game_services.game_start(season=season, members=players, by=None)
    user = players[0].user
    stored: list[int] = []  # the model: which key made each hand, in order
    used: set[str] = set()
    for op, arg in ops:
        if op == "save":  # a form with token t<arg>, posted at the next position the host sees
            key = f"hand.g{game.pk}t{arg}"
            try:
                game_services.hand_record(game=game, position=None, event=ALL_TENPAI, by=user,
                                     once=Once.form(user, key))
            except AlreadyDone:
                assert key in used
            else:
                assert key not in used
                stored.append(arg)
            used.add(key)
        else:  # an undo of the hand the host saw: the last one, or a stale screen's (one off)
            seen = len(stored) - 1 + arg
            try:
                game_services.hand_undo_last(game=game, by=user, position=seen)
            except HandRefused:
                assert arg != 0 or not stored
            else:
                assert arg == 0
                assert stored
                stored.pop()
    positions = list(game.hands.order_by("position").values_list("position", flat=True))
    assert positions == list(range(len(stored)))
