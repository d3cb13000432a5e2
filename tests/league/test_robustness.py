"""Issue 9, items 8-14 ("Robustness"): each test is named after the item it reproduces."""
from __future__ import annotations

import csv
import io
from decimal import Decimal
from http import HTTPStatus

import openpyxl
import pytest
from django.urls import reverse

from tests.factories import MemberFactory, UserFactory
from tests.league.standings.conftest import finished_game

EVIL_NAMES = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)", "\tTAB", "\rCR"]


# --- item 8: formula injection in exports ------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "written"),
    [
        pytest.param('=HYPERLINK("http://x","x")', '\'=HYPERLINK("http://x","x")', id="equals-is-text"),
        pytest.param("+1", "'+1", id="plus-is-text"),
        pytest.param("-1", "'-1", id="minus-text-is-text"),
        pytest.param("@A1", "'@A1", id="at-is-text"),
        pytest.param("\tx", "'\tx", id="tab-is-text"),
        pytest.param("\rx", "'\rx", id="cr-is-text"),
        pytest.param("김민준", "김민준", id="a-name-stays"),
        pytest.param(-12.5, -12.5, id="a-negative-float-stays-a-number"),
        pytest.param(Decimal("-3.4"), Decimal("-3.4"), id="a-negative-decimal-stays-a-number"),
        pytest.param(-25000, -25000, id="a-negative-int-stays-a-number"),
    ],
)
def test_item8_formula_injection_guard_per_cell(value, written):
    from core.spreadsheet import safe_cell

    assert safe_cell(value) == written


@pytest.fixture
def evil_season(season, club):
    members = [MemberFactory(club=club, display_name=name) for name in EVIL_NAMES[:4]]
    finished_game(season, members, [Decimal("45.1"), Decimal("5.2"), Decimal("-15.3"), Decimal("-35.0")])
    viewer = MemberFactory(club=club, user=UserFactory())
    return season, members, viewer


def test_item8_formula_injection_standings_csv_and_xlsx(client, evil_season):
    season, members, viewer = evil_season
    client.force_login(viewer.user)
    body = client.get(reverse("standings:export", args=[season.pk, "csv"])).content.decode("utf-8-sig")
    cells = [c for row in csv.reader(io.StringIO(body)) for c in row]
    for name in EVIL_NAMES[:4]:
        assert name not in cells
        assert "'" + name in cells
    response = client.get(reverse("standings:export", args=[season.pk, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    values = [c.value for row in sheet.iter_rows() for c in row]
    for name in EVIL_NAMES[:4]:
        assert "'" + name in values
    assert not any(isinstance(v, str) and v.startswith(("=", "+", "-", "@")) for v in values)
    assert any(isinstance(v, (int, float)) and v < 0 for v in values), "negative totals stay numbers"


def test_item8_formula_injection_games_and_hands_csv(client, evil_season):
    season, members, viewer = evil_season
    game = season.games.get()
    game.table_label = "=1+2"
    game.ended_by = "-all_last"  # any text column, not only names
    game.save()
    client.force_login(viewer.user)
    for url_name in ("api:season-games-csv", "api:season-hands-csv"):
        body = b"".join(client.get(reverse(url_name, args=[season.pk])).streaming_content).decode("utf-8-sig")
        for row in csv.reader(io.StringIO(body)):
            for cell in row:
                assert not cell.startswith(("=", "+", "@", "\t", "\r")), (url_name, cell)
                assert not (cell.startswith("-") and not _is_number(cell)), (url_name, cell)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


# --- shared helpers -----------------------------------------------------------------------------
YAKUMAN_TOBI = {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "yakuman": 1}]}  # seat 0 busts: the game ends


def api_as(user):
    from rest_framework.test import APIClient

    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def post_json(client, url, body):
    """A raw JSON body (``json.dumps`` escapes NUL and lone surrogates as \\u0000 / \\ud800)."""
    import json

    return client.generic("POST", url, json.dumps(body), content_type="application/json")


def tenhou_log():
    import json

    from tests.paths import TENHOU6_LOGS

    name = "tenhou-shuffle__test_data__2016022509gm-0009-0000-b327da61.json"
    return json.loads((TENHOU6_LOGS / name).read_text(encoding="utf-8"))


@pytest.fixture
def tenhou_club_season(club):
    from scoring.tenhou6 import derive_ruleset
    from tests.factories import RulesetFactory, SeasonFactory

    spec = derive_ruleset(tenhou_log())
    spec = {"base": spec, "overrides": {}} if isinstance(spec, str) else spec
    ruleset = RulesetFactory(club=club, key="tenhou", base=spec["base"], overrides=spec["overrides"])
    return SeasonFactory(club=club, ruleset=ruleset)


# --- item 9: settings that crash the league -----------------------------------------------------
BAD_RATING_PARAMS = [
    pytest.param("p_rating", {"divisor": "1e-50000"}, id="p-rating-divisor-tiny"),
    pytest.param("p_rating", {"initial": "1e50000"}, id="p-rating-initial-huge"),
    pytest.param("p_rating", {"points_weight": "NaN"}, id="p-rating-weight-nan"),
    pytest.param("p_rating", {"decimals": 2.5}, id="p-rating-decimals-not-whole"),
    pytest.param("openskill", {"mu": "nan"}, id="openskill-mu-nan"),
    pytest.param("openskill", {"sigma": "inf"}, id="openskill-sigma-inf"),
    pytest.param("tenhou_r", {"scale": "Infinity"}, id="tenhou-r-scale-inf"),
    pytest.param("tenhou_r", {"average_divisor": "1e-9"}, id="tenhou-r-divisor-tiny"),
]


@pytest.mark.parametrize(("method", "params"), BAD_RATING_PARAMS)
def test_item9_rating_params_refused_by_the_service(club, ruleset, club_admin, method, params):
    from django.core.exceptions import ValidationError

    from league.models import Season
    from league.seasons import services as season_services

    with pytest.raises(ValidationError) as refused:
        season_services.season_create(club=club, name="나쁜 시즌", ruleset=ruleset, rating_method=method,
                               rating_params=params, by=club_admin.user)
    assert "rating_params" in refused.value.message_dict
    assert not Season.objects.filter(name="나쁜 시즌").exists()


@pytest.mark.parametrize(("method", "params"), BAD_RATING_PARAMS)
def test_item9_rating_params_refused_by_the_api(club, ruleset, club_admin, method, params):
    from league.models import Season

    body = {"club": club.pk, "name": "나쁜 시즌", "ruleset": ruleset.pk, "rating_method": method,
            "rating_params": params}
    r = post_json(api_as(club_admin.user), "/api/seasons/", body)
    assert r.status_code == HTTPStatus.BAD_REQUEST, r.content
    assert "rating_params" in r.json()
    assert not Season.objects.filter(name="나쁜 시즌").exists()


def test_item9_rating_params_refused_by_the_restore(season):
    from league.models import Season
    from league.transfer.season_file import RestoreError, export_season, restore_season

    doc = export_season(season)
    doc["club"]["slug"] = "restored-club"
    doc["season"]["rating_method"] = "p_rating"
    doc["season"]["rating_params"] = {"divisor": "1e-50000"}
    with pytest.raises(RestoreError, match="divisor"):
        restore_season(doc)
    assert not Season.objects.filter(club__slug="restored-club").exists()


def test_item9_good_rating_params_still_pass(club, ruleset, club_admin):
    from league.seasons import services as season_services

    season = season_services.season_create(club=club, name="좋은 시즌", ruleset=ruleset, rating_method="p_rating",
                                    rating_params={"divisor": "41", "initial": "0"}, by=club_admin.user)
    assert season.rating_params == {"divisor": "41", "initial": "0"}


@pytest.mark.parametrize(
    "overrides",
    [
        pytest.param({"start_points": 10**400}, id="start-points-huge"),
        pytest.param({"chombo_season_points": 1e400}, id="chombo-points-inf"),
        pytest.param({"chombo_season_points": float("nan")}, id="chombo-points-nan"),
        pytest.param({"chombo_season_points": 1e-300}, id="chombo-points-tiny"),
        pytest.param({"uma": [10**30, 0, 0, -10**30]}, id="uma-huge"),
        pytest.param({"name": "규칙\x00"}, id="name-with-nul"),
    ],
)
def test_item9_ruleset_options_must_be_finite_and_in_range(club, club_admin, overrides):
    from django.core.exceptions import ValidationError

    from league.models import Ruleset
    from league.seasons import services as season_services

    with pytest.raises(ValidationError):
        season_services.ruleset_create(club=club, key="bad", name="bad", base="tenhou", overrides=overrides,
                                by=club_admin.user)
    assert not Ruleset.objects.filter(key="bad").exists()


@pytest.mark.parametrize(
    ("method", "params"),
    [
        pytest.param("openskill", {"mu": "nan"}, id="openskill-mu-nan"),
        pytest.param("openskill", {"sigma": "inf"}, id="openskill-sigma-inf"),
        pytest.param("p_rating", {"initial": "1e50000"}, id="p-rating-initial-huge"),
    ],
)
def test_item9_settings_stored_before_the_check_do_not_break_the_standings(client, season, players, method, params):
    """Old rows (or a raw SQL edit) skip the service: the standings fall back to the default parameters."""
    from league.models import Season

    finished_game(season, players, [Decimal("45.1"), Decimal("5.2"), Decimal("-15.3"), Decimal("-35.0")])
    Season.objects.filter(pk=season.pk).update(rating_method=method, rating_params=params)
    client.force_login(players[0].user)
    assert client.get(reverse("standings:season", args=[season.pk])).status_code == HTTPStatus.OK
    assert client.get(reverse("standings:player", args=[season.pk, players[0].pk])).status_code == HTTPStatus.OK


@pytest.mark.django_db(transaction=True)
def test_item9_a_failing_recompute_never_fails_the_request_after_its_commit(game, players, monkeypatch, caplog):
    from league.models import Game, HandRecord

    def broken(*, season_id):
        raise ArithmeticError("the rating exploded")

    monkeypatch.setattr("league.standings.services.standings_refresh", broken)
    r = post_json(api_as(players[1].user), "/api/hands/", {"game": game.pk, "position": 0, "event": YAKUMAN_TOBI})
    assert r.status_code == HTTPStatus.CREATED, r.content
    assert HandRecord.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert "requeue_stale will retry" in caplog.text


# --- item 10: broker down, or a crash -----------------------------------------------------------
@pytest.fixture
def broker_down():
    """Non-eager Celery with its broker (Redis) down: nothing listens on port 1. ``up()`` brings
    back the test setup (eager)."""
    from config.celery_app import app

    saved = (app.conf.task_always_eager, app.conf.broker_url)

    def up():
        app.conf.task_always_eager, app.conf.broker_url = saved

    app.conf.task_always_eager = False
    app.conf.broker_url = "redis://127.0.0.1:1/0"
    yield up
    up()


@pytest.mark.django_db(transaction=True)
def test_item10_broker_down_the_game_ending_hand_still_answers_and_is_recomputed_later(game, players, broker_down):
    import datetime

    from django.utils import timezone

    from config import tasks
    from league.models import HandRecord, Season, StandingsSnapshot

    r = post_json(api_as(players[1].user), "/api/hands/", {"game": game.pk, "position": 0, "event": YAKUMAN_TOBI})
    assert r.status_code == HTTPStatus.CREATED, r.content
    assert HandRecord.objects.filter(game=game).count() == 1
    season = Season.objects.get(pk=game.season_id)
    assert season.standings_changed_at is not None
    assert not StandingsSnapshot.objects.filter(season=season).exists()

    broker_down()  # the broker is back (eager again in the tests)
    Season.objects.filter(pk=season.pk).update(standings_changed_at=timezone.now() - datetime.timedelta(minutes=2))
    assert tasks.requeue_stale()["seasons"] == [season.pk]
    snapshot = StandingsSnapshot.objects.get(season=season)
    assert snapshot.games_count == 1
    assert tasks.requeue_stale()["seasons"] == []  # up to date now


@pytest.mark.django_db(transaction=True)
def test_item10_broker_down_an_import_is_accepted_and_queued_again_later(tenhou_club_season, club_admin, broker_down):
    import datetime

    from django.utils import timezone

    from config import tasks
    from league.models import ImportBatch

    r = post_json(api_as(club_admin.user), "/api/imports/",
                  {"season": tenhou_club_season.pk, "logs": [tenhou_log()], "create_members": True})
    assert r.status_code == HTTPStatus.ACCEPTED, r.content
    batch = ImportBatch.objects.get()
    assert batch.status == ImportBatch.Status.PENDING
    assert r.json()["stalled"] is False

    broker_down()
    ImportBatch.objects.filter(pk=batch.pk).update(progress_at=timezone.now() - datetime.timedelta(minutes=10))
    assert api_as(club_admin.user).get(f"/api/imports/{batch.pk}/").json()["stalled"] is True
    assert tasks.requeue_stale()["batches"] == [batch.pk]
    batch.refresh_from_db()
    assert batch.status == ImportBatch.Status.DONE
    assert batch.done == 1
    assert api_as(club_admin.user).get(f"/api/imports/{batch.pk}/").json()["stalled"] is False


def test_item10_a_batch_left_running_by_a_crash_resumes_where_it_stopped(tenhou_club_season):
    import datetime

    from django.utils import timezone

    from config import tasks
    from league.models import Game, ImportBatch
    from league.transfer import tasks as transfer_tasks
    from league.transfer import tenhou6 as importers

    log = tenhou_log()
    batch = importers.batch_create(season=tenhou_club_season, logs=[("a.json", log), ("b.json", {"log": []})],
                                   create_members=True)
    game, _ = importers.import_log(season=tenhou_club_season, log=log, create_members=True)
    # kill -9 after the first log: its result is recorded, the batch says "running" for ever
    ImportBatch.objects.filter(pk=batch.pk).update(
        status=ImportBatch.Status.RUNNING, done=1,
        results=[{"file": "a.json", "status": "imported", "game": game.pk}],
        progress_at=timezone.now() - datetime.timedelta(minutes=6),
    )
    assert transfer_tasks.batch_is_stalled(ImportBatch.objects.get(pk=batch.pk))
    assert tasks.requeue_stale()["batches"] == [batch.pk]
    batch.refresh_from_db()
    assert batch.status == ImportBatch.Status.DONE
    assert batch.done == 2
    assert [r["status"] for r in batch.results] == ["imported", "error"]
    assert Game.objects.filter(season=tenhou_club_season).count() == 1


def test_item10_a_fresh_or_finished_batch_is_not_stalled(tenhou_club_season):
    import datetime

    from django.utils import timezone

    from league.models import ImportBatch
    from league.transfer import tasks as transfer_tasks
    from league.transfer import tenhou6 as importers

    batch = importers.batch_create(season=tenhou_club_season, logs=[("a.json", tenhou_log())])
    assert not transfer_tasks.batch_is_stalled(batch)
    later = timezone.now() + datetime.timedelta(minutes=10)
    assert transfer_tasks.batch_is_stalled(batch, now=later)
    ImportBatch.objects.filter(pk=batch.pk).update(status=ImportBatch.Status.DONE)
    batch.refresh_from_db()
    assert not transfer_tasks.batch_is_stalled(batch, now=later)


def test_item10_beat_schedules_requeue_stale_and_a_starting_worker_runs_it(season, settings):
    import datetime

    from celery.signals import worker_ready
    from django.utils import timezone

    import config.tasks  # noqa: F401 - a worker's autodiscovery imports it (config/celery_app.py): the hook
    from league.models import Season, StandingsSnapshot

    schedule = settings.CELERY_BEAT_SCHEDULE
    tasks = [entry["task"] for entry in schedule.values()]
    assert "league.requeue_stale" in tasks  # beside the exports' cleanup and the Telegram link poll
    Season.objects.filter(pk=season.pk).update(standings_changed_at=timezone.now() - datetime.timedelta(minutes=5))
    worker_ready.send(sender=None)
    assert StandingsSnapshot.objects.filter(season=season).exists()


# --- item 11: login throttling --------------------------------------------------------------------
@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/"], ids=["site-login", "admin-login"])
def test_item11_login_is_locked_after_five_wrong_passwords(client, db, url):
    from django.conf import settings

    user = UserFactory(is_staff=True)
    user.set_password("right-password-1")
    user.save()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        r = client.post(url, {"username": user.username, "password": "wrong"})
        assert r.status_code == HTTPStatus.OK  # the form again, with its error
    r = client.post(url, {"username": user.username, "password": "wrong"})
    assert r.status_code == HTTPStatus.TOO_MANY_REQUESTS  # the fifth locks
    r = client.post(url, {"username": user.username, "password": "right-password-1"})
    assert r.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert "로그인 시도가 너무 많습니다" in r.content.decode()
    assert "_auth_user_id" not in client.session


def test_item11_another_user_is_not_locked_out_by_someone_elses_failures(client, db):
    from django.conf import settings

    victim = UserFactory()
    victim.set_password("right-password-1")
    victim.save()
    for _ in range(settings.AXES_FAILURE_LIMIT + 1):
        client.post("/accounts/login/", {"username": "attacker-guess", "password": "wrong"})
    r = client.post("/accounts/login/", {"username": victim.username, "password": "right-password-1"})
    assert r.status_code == HTTPStatus.FOUND


def test_item11_api_token_is_throttled(client, db):
    statuses = [  # a new username each time: the address's rate, not one account's lockout
        client.post("/api/auth/token/", {"username": f"nobody{i}", "password": "wrong"}).status_code
        for i in range(12)
    ]
    assert statuses[:10] == [HTTPStatus.BAD_REQUEST] * 10
    assert statuses[10:] == [HTTPStatus.TOO_MANY_REQUESTS] * 2
    r = client.post("/api/auth/token/", {"username": "nobody", "password": "wrong"}, HTTP_ACCEPT_LANGUAGE="ko")
    assert "로그인 시도가 너무 많습니다" in r.json()["detail"]


def test_item11_api_token_is_locked_after_five_wrong_passwords(client, db):
    from django.conf import settings

    user = UserFactory()
    user.set_password("right-password-1")
    user.save()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/api/auth/token/", {"username": user.username, "password": "wrong"})
    r = client.post("/api/auth/token/", {"username": user.username, "password": "right-password-1"})
    assert r.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert "15분" in r.json()["detail"]


# --- item 12: the Django admin scoped to the club ---------------------------------------------------
@pytest.fixture
def two_clubs(club, season, game, club_admin):
    """Club A (the fixtures' club, with a game, a penalty, an audit log) and club B with its staff admin."""
    from django.contrib.auth.models import Permission

    from league.games import services as game_services
    from league.referee import services as referee_services
    from tests.factories import ClubFactory, ClubRoleFactory, RulesetFactory, SeasonFactory

    referee_services.penalty_give(member=game.seat_set.first().member, type="season_deduction", reason="A의 벌점",
                          season=season, points=5)
    game_services.hand_record(game=game, position=0, event={"kind": "tsumo", "winner": 0, "han": 1, "fu": 30})
    club.name = "가나다 클럽"
    club.save()
    other = ClubFactory(name="라마바 클럽")
    other_season = SeasonFactory(club=other, ruleset=RulesetFactory(club=other, key="b-rules", base="tenhou"),
                                 min_games=1)
    staff = UserFactory(is_staff=True)
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label__in=["core", "league", "club"]))
    member = MemberFactory(club=other, user=staff)
    ClubRoleFactory(club=other, member=member, role="admin")
    return {"a": club, "a_season": season, "a_game": game, "b": other, "b_season": other_season, "staff": staff}


@pytest.mark.parametrize(
    "model", ["auditentry", "game", "penalty", "season", "handrecord", "gameseat", "importbatch"],
)
def test_item12_admin_lists_only_the_users_clubs(client, two_clubs, model):
    from django.contrib import admin as django_admin
    from django.test import RequestFactory

    from league import models as league_models

    klass = next(m for m in django_admin.site._registry if m._meta.model_name == model)
    request = RequestFactory().get("/")
    request.user = two_clubs["staff"]
    visible = django_admin.site._registry[klass].get_queryset(request)
    path = getattr(django_admin.site._registry[klass], "club_path", "club")
    assert not visible.filter(**{path: two_clubs["a"]}).exists()
    assert klass.objects.filter(**{path: two_clubs["a"]}).exists() or model == "importbatch"
    client.force_login(two_clubs["staff"])
    page = client.get(reverse(f"admin:{klass._meta.app_label}_{model}_changelist"))
    assert page.status_code == HTTPStatus.OK
    assert two_clubs["a"].name not in page.content.decode()  # not in the rows, nor in a filter's choices
    assert league_models  # the models module is the admin's


@pytest.mark.parametrize("model", ["member", "clubrole", "club"])
def test_item12_admin_club_pages_only_the_users_clubs(client, two_clubs, model):
    client.force_login(two_clubs["staff"])
    body = client.get(reverse(f"admin:club_{model}_changelist")).content.decode()
    a_names = [m.display_name for m in two_clubs["a"].members.all()]
    assert not any(name in body for name in a_names)
    if model == "club":
        assert two_clubs["a"].name not in body
        assert two_clubs["b"].name in body


def _season_form(season, **changes):
    data = {
        "club": season.club_id,  # read-only on the change form now; the old form needed it
        "name": season.name, "ruleset": season.ruleset_id, "starts_on": season.starts_on.isoformat(),
        "ends_on": "", "rating_method": season.rating_method, "rating_params": "{}",
        "min_games": season.min_games, "best_n": season.best_n or "",
    }
    data.update(changes)
    return data


def test_item12_admin_cannot_change_another_clubs_season(client, two_clubs):
    a_season = two_clubs["a_season"]
    client.force_login(two_clubs["staff"])
    url = reverse("admin:league_season_change", args=[a_season.pk])
    client.post(url, _season_form(a_season, min_games=99))
    a_season.refresh_from_db()
    assert a_season.min_games != 99


def test_item12_admin_season_change_goes_through_the_service_and_is_audited(client, two_clubs):
    from core.models import AuditEntry

    b_season = two_clubs["b_season"]
    client.force_login(two_clubs["staff"])
    url = reverse("admin:league_season_change", args=[b_season.pk])
    r = client.post(url, _season_form(b_season, min_games=5))
    assert r.status_code == HTTPStatus.FOUND, r.content.decode()[:2000]
    b_season.refresh_from_db()
    assert b_season.min_games == 5
    entry = AuditEntry.objects.get(club=two_clubs["b"], object_type="season", action=AuditEntry.Action.EDIT)
    assert (entry.before["min_games"], entry.after["min_games"], entry.actor) == (1, 5, two_clubs["staff"])


def test_item12_admin_refuses_bad_rating_params_on_the_form(client, two_clubs):
    b_season = two_clubs["b_season"]
    client.force_login(two_clubs["staff"])
    url = reverse("admin:league_season_change", args=[b_season.pk])
    r = client.post(url, _season_form(b_season, rating_method="openskill", rating_params='{"mu": "nan"}'))
    assert r.status_code == HTTPStatus.OK
    assert "mu" in r.content.decode()
    b_season.refresh_from_db()
    assert b_season.rating_method != "openskill"


def test_item12_admin_season_foreign_keys_offer_only_the_users_clubs(client, two_clubs):
    client.force_login(two_clubs["staff"])
    body = client.get(reverse("admin:league_season_add")).content.decode()
    assert two_clubs["a"].name not in body
    assert two_clubs["b"].name in body
    assert two_clubs["a_season"].ruleset.name not in body or two_clubs["a_season"].ruleset.club_id is None


def test_item12_superuser_sees_every_club(client, two_clubs):
    admin = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(admin)
    body = client.get(reverse("admin:club_club_changelist")).content.decode()
    assert two_clubs["a"].name in body
    assert two_clubs["b"].name in body


# --- item 13: bad input gives 400, not 500 -------------------------------------------------------------
@pytest.mark.parametrize(
    ("url_name", "query"),
    [
        pytest.param("league:game_list", "?season=abc", id="game-list-season-abc"),
        pytest.param("league:game_list", "?season=1%00", id="game-list-season-nul"),
        pytest.param("league:audit_log", "?game=abc", id="audit-log-game-abc"),
        pytest.param("league:audit_log", "?game=" + "9" * 30, id="audit-log-game-too-long"),
    ],
)
def test_item13_bad_ids_in_the_address_are_a_400_with_a_message(client, club, club_admin, url_name, query):
    client.force_login(club_admin.user)
    r = client.get(reverse(url_name, args=[club.slug]) + query)
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert "숫자" in r.content.decode()


@pytest.mark.parametrize(
    "query",
    [
        pytest.param("season=abc", id="season-abc"),
        pytest.param("started_after=2026-03-01T18:00:00-18:43", id="offset-minus-18-43"),
        pytest.param("started_before=2026-03-01T18:00:00%2B15:00", id="offset-plus-15"),
        pytest.param("started_after=9999-12-31T23:59:59-11:00", id="out-of-range"),
    ],
)
def test_item13_bad_api_filters_are_a_400(game, players, query):
    r = api_as(players[0].user).get(f"/api/games/?{query}")
    assert r.status_code == HTTPStatus.BAD_REQUEST, r.content


def test_item13_a_real_offset_still_filters(game, players):
    r = api_as(players[0].user).get("/api/games/?started_after=2000-01-01T09:00:00%2B09:00")
    assert r.status_code == HTTPStatus.OK
    assert r.json()["count"] == 1


NUL, SURROGATE = "\x00", "\ud800"


@pytest.mark.parametrize("bad", [NUL, SURROGATE], ids=["nul", "lone-surrogate"])
def test_item13_unstorable_text_in_a_hand_note_is_a_400(game, players, bad):
    from league.models import HandRecord

    event = {"kind": "tsumo", "winner": 0, "han": 1, "fu": 30, "note": f"메모{bad}"}
    r = post_json(api_as(players[0].user), "/api/hands/", {"game": game.pk, "position": 0, "event": event})
    assert r.status_code == HTTPStatus.BAD_REQUEST, r.content
    assert not HandRecord.objects.exists()


@pytest.mark.parametrize("bad", [NUL, SURROGATE], ids=["nul", "lone-surrogate"])
def test_item13_unstorable_text_in_a_reason_is_a_400(game, players, referee, bad):
    from league.models import Penalty

    body = {"game": game.pk, "member": players[0].pk, "type": "chombo", "reason": f"사유{bad}"}
    r = post_json(api_as(referee.user), "/api/penalties/", body)
    assert r.status_code == HTTPStatus.BAD_REQUEST, r.content
    r = post_json(api_as(referee.user), f"/api/games/{game.pk}/cancel/", {"reason": f"사유{bad}"})
    assert r.status_code == HTTPStatus.BAD_REQUEST, r.content
    assert not Penalty.objects.exists()
    game.refresh_from_db()
    assert game.status == game.Status.IN_PROGRESS


@pytest.mark.parametrize("bad", [NUL, SURROGATE], ids=["nul", "lone-surrogate"])
def test_item13_unstorable_text_in_rating_params_is_a_400(club, ruleset, club_admin, bad):
    from league.models import Season

    body = {"club": club.pk, "name": "시즌", "ruleset": ruleset.pk, "rating_method": "p_rating",
            "rating_params": {"divisor": f"41{bad}"}}
    r = post_json(api_as(club_admin.user), "/api/seasons/", body)
    assert r.status_code == HTTPStatus.BAD_REQUEST, r.content
    assert not Season.objects.filter(name="시즌").exists()


@pytest.mark.parametrize("bad", [NUL, SURROGATE], ids=["nul", "lone-surrogate"])
def test_item13_unstorable_text_in_an_imported_log_is_a_400(tenhou_club_season, club_admin, bad):
    from league.models import ImportBatch

    log = tenhou_log()
    log["name"][0] = f"닉{bad}"
    r = post_json(api_as(club_admin.user), "/api/imports/",
                  {"season": tenhou_club_season.pk, "logs": [log], "create_members": True})
    assert r.status_code == HTTPStatus.BAD_REQUEST, r.content
    assert not ImportBatch.objects.exists()


@pytest.mark.parametrize("bad", [NUL, SURROGATE], ids=["nul", "lone-surrogate"])
def test_item13_unstorable_text_is_refused_by_the_services_too(game, players, referee, bad):
    from django.core.exceptions import ValidationError

    from league.games import services as game_services
    from league.games.errors import HandRefused
    from league.models import HandRecord, Penalty
    from league.referee import services as referee_services
    from league.transfer import tenhou6 as importers

    with pytest.raises(HandRefused):
        game_services.hand_record(game=game, position=0, by=players[0].user,
                             event={"kind": "tsumo", "winner": 0, "han": 1, "fu": 30, "note": bad})
    with pytest.raises(ValidationError):
        referee_services.penalty_give(member=players[0], type="chombo", reason=bad, game=game, by=referee.user)
    log = tenhou_log()
    log["name"][1] = bad
    with pytest.raises(importers.LogError):
        importers.import_log(season=game.season, log=log, create_members=True)
    assert not HandRecord.objects.exists()
    assert not Penalty.objects.exists()


@pytest.mark.parametrize(
    ("url", "who"),
    [pytest.param("/api/hands/", "player", id="hands"), pytest.param("/api/calc/payments/", None, id="calc-anonymous")],
)
def test_item13_json_nested_100000_deep_is_a_400(game, players, url, who):
    client = api_as(players[0].user if who else None)
    body = "[" * 100_000 + "]" * 100_000
    r = client.generic("POST", url, body, content_type="application/json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert "nested" in r.json()["detail"]


def test_item13_import_nicknames_equal_in_their_first_60_characters_are_a_400(tenhou_club_season, club_admin):
    from club.models import Member
    from league.models import ImportBatch

    log = tenhou_log()
    log["name"][0] = "가" * 60 + "A"
    log["name"][1] = "가" * 60 + "B"
    before = Member.objects.count()
    r = post_json(api_as(club_admin.user), "/api/imports/",
                  {"season": tenhou_club_season.pk, "logs": [log], "create_members": True})
    assert r.status_code == HTTPStatus.BAD_REQUEST, r.content
    assert "60" in str(r.json()["logs"])
    assert not ImportBatch.objects.exists()
    assert Member.objects.count() == before


def test_item13_long_nicknames_in_a_command_import_are_a_clear_log_error(tenhou_club_season):
    from league.models import ImportBatch
    from league.transfer import tenhou6 as importers

    log = tenhou_log()
    log["name"][0] = "가" * 60 + "A"
    log["name"][1] = "가" * 60 + "B"
    batch = importers.batch_create(season=tenhou_club_season, logs=[("long.json", log)], create_members=True)
    batch = importers.batch_run(batch=batch, logs=[("long.json", log)], create_members=True)
    assert batch.status == ImportBatch.Status.FAILED
    assert "60" in batch.errors[0]["error"]


# --- item 14: smaller ------------------------------------------------------------------------------
def test_item14_another_clubs_ids_answer_404(game, season):
    from league.models import HandRecord, Penalty
    from tests.factories import ClubFactory, ClubRoleFactory

    other = ClubFactory()
    stranger = MemberFactory(club=other, user=UserFactory())
    ClubRoleFactory(club=other, member=stranger, role="admin")
    client = api_as(stranger.user)
    member = game.seat_set.first().member
    attempts = {
        "hand": post_json(client, "/api/hands/", {"game": game.pk, "position": 0,
                                                  "event": {"kind": "tsumo", "winner": 0, "han": 1, "fu": 30}}),
        "penalty": post_json(client, "/api/penalties/", {"game": game.pk, "member": member.pk, "type": "chombo"}),
        "deduction": post_json(client, "/api/penalties/", {"season": season.pk, "member": member.pk,
                                                           "type": "season_deduction", "points": "1"}),
        "season": post_json(client, "/api/seasons/",
                            {"club": season.club_id, "name": "x", "ruleset": season.ruleset_id}),
        "cancel": post_json(client, f"/api/games/{game.pk}/cancel/", {"reason": "x"}),
    }
    assert {k: r.status_code for k, r in attempts.items()} == dict.fromkeys(attempts, HTTPStatus.NOT_FOUND)
    assert not HandRecord.objects.exists()
    assert not Penalty.objects.exists()


@pytest.mark.parametrize("points", ["-5", "0", "-0.1"])
def test_item14_a_season_deduction_must_be_positive_in_the_service(season, players, referee, points):
    from django.core.exceptions import ValidationError

    from league.models import Penalty
    from league.referee import services as referee_services

    with pytest.raises(ValidationError):
        referee_services.penalty_give(member=players[0], type="season_deduction", reason="보너스?", season=season,
                              points=Decimal(points), by=referee.user)
    r = post_json(api_as(referee.user), "/api/penalties/",
                  {"season": season.pk, "member": players[0].pk, "type": "season_deduction", "points": points})
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert "points" in r.json()
    assert not Penalty.objects.exists()


def test_item14_the_public_player_page_hides_penalty_reasons_from_anonymous_visitors(client, club, season, players,
                                                                                     referee):
    from league.referee import services as referee_services

    club.public_standings = True
    club.save()
    referee_services.penalty_give(member=players[0], type="season_deduction", reason="비공개 사유 텍스트",
                                  season=season, points=Decimal("2"), by=referee.user)
    url = reverse("standings:player", args=[season.pk, players[0].pk])
    anonymous = client.get(url)
    assert anonymous.status_code == HTTPStatus.OK
    assert "비공개 사유 텍스트" not in anonymous.content.decode()
    client.force_login(players[1].user)
    assert "비공개 사유 텍스트" in client.get(url).content.decode()


def test_item12_admin_adds_a_season_and_a_ruleset_through_the_services(client, two_clubs):
    from core.models import AuditEntry
    from league.models import Ruleset, Season

    client.force_login(two_clubs["staff"])
    r = client.post(reverse("admin:league_ruleset_add"), {
        "club": two_clubs["b"].pk, "key": "b-kiriage", "name": "B 키리아게", "base": "tenhou",
        "overrides": '{"kiriage": true}', "version": "1",
    })
    assert r.status_code == HTTPStatus.FOUND, r.content.decode()[:3000]
    ruleset = Ruleset.objects.get(key="b-kiriage")
    r = client.post(reverse("admin:league_season_add"), {
        **_season_form(two_clubs["b_season"], name="B 새 시즌", ruleset=ruleset.pk, min_games=0),
        "club": two_clubs["b"].pk,
    })
    assert r.status_code == HTTPStatus.FOUND, r.content.decode()[:3000]
    season = Season.objects.get(name="B 새 시즌")
    created = AuditEntry.objects.filter(club=two_clubs["b"], action=AuditEntry.Action.CREATE, actor=two_clubs["staff"])
    assert set(created.values_list("object_type", "object_id")) >= {
        ("ruleset", str(ruleset.pk)), ("season", str(season.pk))}


def test_item12_admin_cannot_add_a_season_to_another_club(client, two_clubs):
    from league.models import Season

    client.force_login(two_clubs["staff"])
    client.post(reverse("admin:league_season_add"), {
        **_season_form(two_clubs["a_season"], name="A에 몰래"), "club": two_clubs["a"].pk,
    })
    assert not Season.objects.filter(name="A에 몰래").exists()


def test_item12_admin_changes_a_ruleset_through_the_service(client, two_clubs):
    from core.models import AuditEntry
    from league.models import Ruleset

    ruleset = Ruleset.objects.create(club=two_clubs["b"], key="b-draft", name="B 초안", base="tenhou", overrides={})
    client.force_login(two_clubs["staff"])
    r = client.post(reverse("admin:league_ruleset_change", args=[ruleset.pk]),
                    {"name": "B 초안 2", "overrides": '{"kiriage": true}'})
    assert r.status_code == HTTPStatus.FOUND, r.content.decode()[:3000]
    ruleset.refresh_from_db()
    assert (ruleset.name, ruleset.overrides) == ("B 초안 2", {"kiriage": True})
    entry = AuditEntry.objects.get(object_type="ruleset", object_id=str(ruleset.pk), action=AuditEntry.Action.EDIT)
    assert entry.actor == two_clubs["staff"]
    assert entry.after["overrides"] == {"kiriage": True}
    r = client.post(reverse("admin:league_ruleset_change", args=[ruleset.pk]),
                    {"name": "B 초안 3", "overrides": '{"start_points": 1e400}'})
    assert r.status_code == HTTPStatus.OK  # the form again, with the engine's refusal
    ruleset.refresh_from_db()
    assert ruleset.name == "B 초안 2"
