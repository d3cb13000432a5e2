"""Issue 22, the low-severity faults (items 9-15): each test is named after the item it reproduces."""
from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from league.models import HandRecord

pytestmark = pytest.mark.django_db

NUL = "\x00"


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _api(user) -> APIClient:
    c = APIClient()
    c.force_authenticate(user)
    return c


# --- item 12: a NUL or deep JSON answers 400, not 500 ------------------------------------------
@pytest.mark.parametrize(
    "token",
    [pytest.param(f"hand.{NUL}abc", id="nul-in-the-token"), pytest.param(f"hand.abc{NUL}", id="nul-at-the-end")],
)
def test_item12_a_nul_in_the_entry_token_is_a_400_and_nothing_is_stored(game, players, token):
    host = _client(players[0].user)
    form = {"position": 0, "kind": "ron", "ron_winner": 1, "ron_loser": 2, "ron_value": "3-30", "action": "save",
            "entry_token": token}
    r = host.post(reverse("league:hand_create", args=[game.pk]), form)
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert "NUL" in r.content.decode()
    assert "저장할 수 없는" in r.content.decode()
    assert not HandRecord.objects.filter(game=game).exists()


def test_item12_a_nul_in_a_tournament_tables_reason_is_a_400_and_nothing_changes(club, ruleset):
    from events.tournaments import services
    from tests.events.test_tournaments import enter_all, make
    from tests.factories import ClubRoleFactory, MemberFactory, UserFactory

    admin = MemberFactory(club=club, user=UserFactory())
    ClubRoleFactory(club=club, member=admin, role="admin")
    members = [MemberFactory(club=club, user=UserFactory()) for _ in range(4)]
    tournament = make(club, ruleset, admin.user, rounds=1)
    enter_all(tournament, members, admin.user)
    rnd, _ = services.round_seat(tournament=tournament, number=1, by=admin.user)
    table = rnd.tables.get()
    r = _client(admin.user).post(reverse("events:tournament_table_action", args=[table.pk]),
                                 {"minutes": 5, "reason": f"late{NUL}"})
    assert r.status_code == HTTPStatus.BAD_REQUEST
    table.refresh_from_db()
    assert table.extra_minutes == 0


@pytest.mark.parametrize(
    "body",
    [pytest.param("[" * 100_000 + "]" * 100_000, id="nested-100000-deep"),
     pytest.param('{"username": "a\\u0000b", "password": "x"}', id="nul-in-the-username")],
)
def test_item12_bad_json_to_the_token_endpoint_is_a_400(db, body):
    r = APIClient().generic("POST", "/api/auth/token/", body, content_type="application/json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert r.json()["detail"]


# --- item 9: another club's names and ids are not probed ----------------------------------------
MISSING = 987654


@pytest.fixture
def private_club_game(game):
    """``game`` in a club that keeps its standings private, and a stranger: a member of another club."""
    from tests.factories import ClubFactory, MemberFactory, UserFactory

    game.season.club.public_standings = False
    game.season.club.save()
    stranger = MemberFactory(club=ClubFactory(), user=UserFactory())
    return game, stranger.user


PROBED_GET = [
    pytest.param("league:game_detail", "game", id="game-detail"),
    pytest.param("league:game_table", "game", id="game-table"),
    pytest.param("league:hand_full", "game", id="game-hand-full"),
    pytest.param("league:game_penalties", "game", id="game-penalties"),
    pytest.param("standings:season", "season", id="season-standings"),
    pytest.param("standings:export", "season-csv", id="season-standings-csv"),
    pytest.param("whatif:lab", "season", id="season-whatif"),
    pytest.param("api:season-detail", "season", id="api-season"),
    pytest.param("api:game-detail", "game", id="api-game"),
    pytest.param("api:season-games-csv", "season", id="api-season-games-csv"),
    pytest.param("api:season-hands-csv", "season", id="api-season-hands-csv"),
]


def _probe_args(kind, game, pk=None):
    if kind == "game":
        return [pk or game.pk]
    if kind == "season":
        return [pk or game.season_id]
    return [pk or game.season_id, "csv"]


@pytest.mark.parametrize(("url_name", "kind"), PROBED_GET)
def test_item9_another_clubs_ids_answer_like_ids_that_do_not_exist(private_club_game, url_name, kind):
    game, stranger = private_club_game
    client = _client(stranger)
    existing = client.get(reverse(url_name, args=_probe_args(kind, game)))
    missing = client.get(reverse(url_name, args=_probe_args(kind, game, MISSING)))
    assert existing.status_code == missing.status_code == HTTPStatus.NOT_FOUND
    body = existing.content.decode()
    assert game.season.name not in body
    assert game.season.club.name not in body


def test_item9_the_desk_check_in_does_not_name_another_clubs_member(club, night_setup):
    night, admin_user = night_setup
    from tests.factories import ClubFactory, MemberFactory

    outsider = MemberFactory(club=ClubFactory(), display_name="다른클럽회원")
    client = _client(admin_user)
    url = reverse("events:desk_checkin", args=[night.pk])
    existing = client.post(url, {"member": outsider.pk}, follow=True)
    missing = client.post(url, {"member": MISSING}, follow=True)
    assert "다른클럽회원" not in existing.content.decode()
    assert existing.status_code == missing.status_code == HTTPStatus.NOT_FOUND
    assert not night.checkins.exists()


@pytest.fixture
def night_setup(club, season):
    from events.nights import services
    from tests.factories import ClubRoleFactory, MemberFactory, UserFactory

    admin = MemberFactory(club=club, user=UserFactory())
    ClubRoleFactory(club=club, member=admin, role="admin")
    return services.night_open(club=club, season=season, title="목요일", by=admin.user), admin.user


# --- item 15: a retry after another phone's undo; recovery after a crashed worker ----------------
def test_item15_a_retry_after_another_phones_undo_says_the_hand_was_undone(game, players):
    from league.games import services as game_services
    from tests.league.events import ron

    phone = _api(players[0].user)
    body = {"game": game.pk, "event": ron(1, loser=2)}
    first = phone.post("/api/hands/", body, format="json", HTTP_IDEMPOTENCY_KEY="hand-1")
    assert first.status_code == HTTPStatus.CREATED
    game_services.hand_undo_last(game=game, by=players[1].user, position=0)  # another phone at the table
    retry = phone.post("/api/hands/", body, format="json", HTTP_IDEMPOTENCY_KEY="hand-1", HTTP_ACCEPT_LANGUAGE="ko")
    assert retry.status_code == HTTPStatus.CONFLICT
    assert retry.json()["code"] == "undone"
    assert "되돌" in retry.json()["detail"]
    assert not game.hands.exists()  # nothing written again


def test_item15_a_retry_while_the_hand_stands_still_replays_the_first_answer(game, players):
    from tests.league.events import ron

    phone = _api(players[0].user)
    body = {"game": game.pk, "event": ron(1, loser=2)}
    first = phone.post("/api/hands/", body, format="json", HTTP_IDEMPOTENCY_KEY="hand-1")
    retry = phone.post("/api/hands/", body, format="json", HTTP_IDEMPOTENCY_KEY="hand-1")
    assert retry.status_code == HTTPStatus.OK
    assert retry.json() == first.json()


def test_item15_the_form_after_another_phones_undo_says_the_hand_was_undone(game, players):
    import re

    from league.games import services as game_services

    host = _client(players[0].user)
    page = host.get(reverse("league:game_table", args=[game.pk])).content.decode()
    token = re.search(r'name="entry_token" value="(hand\.[^"]+)"', page).group(1)
    form = {"position": 0, "kind": "ron", "ron_winner": 1, "ron_loser": 2, "ron_value": "3-30", "action": "save",
            "entry_token": token}
    host.post(reverse("league:hand_create", args=[game.pk]), form)
    game_services.hand_undo_last(game=game, by=players[1].user, position=0)
    again = host.post(reverse("league:hand_create", args=[game.pk]), form, follow=True)
    assert "되돌" in again.content.decode()
    assert not game.hands.exists()


def test_item15_the_beat_looks_for_left_work_every_half_minute(settings):
    schedule = settings.CELERY_BEAT_SCHEDULE["league-requeue-stale"]["schedule"]
    assert schedule <= 30


def test_item15_a_batch_a_crashed_worker_left_is_picked_up_within_two_minutes(db):
    import datetime

    from django.conf import settings

    from league.standings.tasks import STALE_SEASON_AFTER
    from league.transfer.tasks import STALLED_AFTER

    beat = datetime.timedelta(seconds=settings.CELERY_BEAT_SCHEDULE["league-requeue-stale"]["schedule"])
    assert STALLED_AFTER + beat <= datetime.timedelta(minutes=2)
    assert STALE_SEASON_AFTER + beat <= datetime.timedelta(minutes=2)


def test_item15_a_batch_another_worker_is_running_is_not_imported_twice(club):
    from django.utils import timezone

    from league.models import Game, ImportBatch
    from league.transfer import tasks as transfer_tasks
    from league.transfer import tenhou6 as importers
    from tests.league.test_import_tenhou6 import season_for
    from tests.league.test_robustness import tenhou_log

    log = tenhou_log()
    season = season_for(log, club)
    batch = importers.batch_create(season=season, logs=[("a.json", log)], create_members=True)
    # a live worker has it: running, moved a moment ago (a redelivered or requeued message arrives)
    ImportBatch.objects.filter(pk=batch.pk).update(status=ImportBatch.Status.RUNNING, progress_at=timezone.now())
    outcome = transfer_tasks.import_batch(batch.pk)
    assert outcome.get("skipped")
    assert not Game.objects.filter(season=season).exists()
    assert ImportBatch.objects.get(pk=batch.pk).done == 0


@pytest.mark.parametrize(
    ("url", "body"),
    [
        pytest.param("/api/games/", lambda g, pk: {"season": pk, "members": [555551, 555552, 555553, 555554]},
                     id="start-a-game"),
        pytest.param("/api/hands/", lambda g, pk: {"game": pk, "event": {"kind": "draw", "tenpai": []}},
                     id="enter-a-hand"),
        pytest.param("/api/penalties/", lambda g, pk: {"game": pk, "member": 555555, "type": "chombo", "reason": "x"},
                     id="penalty-in-a-game"),
        pytest.param("/api/imports/", lambda g, pk: {"season": pk, "logs": [{"log": []}]}, id="import-into-a-season"),
    ],
)
def test_item9_the_api_answers_another_clubs_id_like_one_that_does_not_exist(private_club_game, url, body):
    game, stranger = private_club_game
    api = _api(stranger)
    pk = game.season_id if "season" in body(game, 0) else game.pk
    existing = api.post(url, body(game, pk), format="json")
    missing = api.post(url, body(game, MISSING), format="json")
    assert existing.status_code == missing.status_code
    assert existing.content.decode().replace(str(pk), "ID") == missing.content.decode().replace(str(MISSING), "ID")
