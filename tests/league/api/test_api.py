"""REST API: every endpoint, allowed and refused per role (the screens' permission matrix)."""
from __future__ import annotations

import json
from http import HTTPStatus

import pytest
from rest_framework.test import APIClient

from core.models import AuditEntry
from league.games import services as game_services
from league.models import Game, HandRecord, ImportBatch, Penalty, Ruleset, Season
from league.referee import services as referee_services
from tests.factories import ClubFactory, UserFactory
from tests.league.test_import_tenhou6 import DATA, FULL_GAMES, load

RON = {"kind": "ron", "loser": 2, "wins": [{"winner": 3, "han": 3, "fu": 30}], "riichi": []}
TSUMO = {"kind": "tsumo", "winner": 1, "han": 2, "fu": 30, "riichi": []}

pytestmark = pytest.mark.django_db

REFUSED = {"anonymous": HTTPStatus.UNAUTHORIZED, "outsider": HTTPStatus.NOT_FOUND}
REFUSED.update(dict.fromkeys(("member", "player", "host", "referee", "admin", "superuser"), HTTPStatus.FORBIDDEN))
ROLES = ["anonymous", "outsider", "member", "player", "host", "referee", "admin", "superuser"]


def expect(allowed_roles, role, ok=HTTPStatus.OK):
    if role in allowed_roles or role == "superuser":
        return ok
    # Another club's data answers 404 (docs/api.md): an outsider cannot tell it exists.
    return {"anonymous": HTTPStatus.UNAUTHORIZED, "outsider": HTTPStatus.NOT_FOUND}.get(role, HTTPStatus.FORBIDDEN)


# --- reads ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("role", ROLES)
def test_club_data_is_visible_to_members_only(role, as_role, table_game, tenhou_season):
    client = as_role(role)
    member_like = role in {"member", "player", "host", "referee", "admin", "superuser"}
    for url in (f"/api/games/{table_game.pk}/", f"/api/games/{table_game.pk}/record/",
                f"/api/games/{table_game.pk}/replay/", f"/api/seasons/{tenhou_season.pk}/"):
        assert client.get(url).status_code == (HTTPStatus.OK if member_like else HTTPStatus.NOT_FOUND), url
    listed = client.get("/api/games/").json()["results"]
    assert [g["id"] for g in listed] == ([table_game.pk] if member_like else [])
    assert bool(client.get("/api/members/").json()["results"]) == member_like
    assert bool(client.get("/api/clubs/").json()["results"]) == member_like


@pytest.mark.parametrize("public", [True, False], ids=["public-standings", "private-standings"])
def test_anonymous_sees_standings_only_when_the_club_publishes_them(public, club, as_role, tenhou_season):
    club.public_standings = public
    club.save()
    r = as_role("anonymous").get(f"/api/seasons/{tenhou_season.pk}/standings/")
    assert r.status_code == (HTTPStatus.OK if public else HTTPStatus.NOT_FOUND)
    assert as_role("anonymous").get(f"/api/games/?season={tenhou_season.pk}").json()["results"] == []


def test_standings_and_ratings_after_a_finished_game(as_role, table_game, tenhou_season,
                                                     django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game_services.hand_record(game=table_game, position=0,
                             event={"kind": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1}]})
    client = as_role("member")
    standings = client.get(f"/api/seasons/{tenhou_season.pk}/standings/").json()
    assert standings["games_count"] == 1
    assert [r["games"] for r in standings["rows"]] == [1, 1, 1, 1]
    ratings = client.get(f"/api/seasons/{tenhou_season.pk}/ratings/").json()
    assert set(ratings["final"]) == {str(s.member_id) for s in table_game.seat_set.all()}
    # each member's history, read from its own row: one step, ending at the final rating
    assert ratings["history"] == {
        m: [[table_game.pk, value]] for m, value in ratings["final"].items()}


def test_filters_and_pagination(as_role, table_game, tenhou_season, seated):
    client = as_role("admin")
    other = game_services.game_start(season=tenhou_season, members=list(reversed(seated)))
    game_services.game_cancel(game=other, reason="test")
    assert [g["id"] for g in client.get("/api/games/?status=cancelled").json()["results"]] == [other.pk]
    assert client.get(f"/api/games/?member={seated[0].pk}").json()["count"] == 2
    page = client.get("/api/games/?page_size=1&page=1").json()
    assert page["count"] == 2
    assert "next" in page
    assert client.get("/api/games/?status=nonsense").status_code == HTTPStatus.BAD_REQUEST


# --- games -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("role", ROLES)
def test_start_game(role, as_role, tenhou_season, seated):
    body = {"season": tenhou_season.pk, "members": [m.pk for m in seated], "table_label": "API"}
    r = as_role(role).post("/api/games/", body, format="json")
    assert r.status_code == expect({"host", "referee", "admin"}, role, HTTPStatus.CREATED), r.content
    if r.status_code == HTTPStatus.CREATED:
        assert [s["member"] for s in r.json()["seats"]] == [m.pk for m in seated]
        assert AuditEntry.objects.filter(object_type="game", action="create").exists()
    else:
        assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"members": [1, 2, 3, 4]}, "season"),
        ({"season": "x", "members": []}, "season"),
        ({"members": "abc"}, "members"),
        ({"members": [999999, 999998, 999997, 999996]}, "members"),
    ],
    ids=["no-season", "bad-season", "members-not-a-list", "strangers"],
)
def test_start_game_refuses_bad_input_with_field_errors(body, field, as_role, tenhou_season):
    body = {"season": tenhou_season.pk, **body} if field != "season" else body
    r = as_role("admin").post("/api/games/", body, format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert field in r.json()


def test_start_game_with_a_repeated_member_is_a_400(as_role, tenhou_season, seated):
    r = as_role("admin").post("/api/games/", {"season": tenhou_season.pk, "members": [seated[0].pk] * 4}, format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert not Game.objects.exists()


@pytest.mark.parametrize("role", ROLES)
def test_cancel_game(role, as_role, table_game):
    r = as_role(role).post(f"/api/games/{table_game.pk}/cancel/", {"reason": "wrong table"}, format="json")
    refused = REFUSED[role]
    assert r.status_code == (HTTPStatus.OK if role in {"referee", "admin", "superuser"} else refused)
    table_game.refresh_from_db()
    assert (table_game.status == Game.Status.CANCELLED) == (r.status_code == HTTPStatus.OK)


def test_cancel_needs_a_reason(as_role, table_game):
    r = as_role("referee").post(f"/api/games/{table_game.pk}/cancel/", {}, format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert "reason" in r.json()


# --- hands -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("role", ROLES)
def test_record_hand(role, as_role, table_game):
    r = as_role(role).post("/api/hands/", {"game": table_game.pk, "position": 0, "event": RON}, format="json")
    allowed = {"player", "referee", "admin"}
    assert r.status_code == expect(allowed, role, HTTPStatus.CREATED), r.content
    assert HandRecord.objects.count() == (1 if r.status_code == HTTPStatus.CREATED else 0)


def test_record_hand_is_idempotent_and_conflicts_are_409(as_role, table_game):
    client = as_role("player")
    first = client.post("/api/hands/", {"game": table_game.pk, "position": 0, "event": RON}, format="json")
    again = client.post("/api/hands/", {"game": table_game.pk, "position": 0, "event": RON}, format="json")
    assert (first.status_code, again.status_code) == (HTTPStatus.CREATED, HTTPStatus.OK)
    assert first.json()["id"] == again.json()["id"]
    other = client.post("/api/hands/", {"game": table_game.pk, "position": 0, "event": TSUMO}, format="json")
    assert other.status_code == HTTPStatus.CONFLICT
    nxt = client.post("/api/hands/", {"game": table_game.pk, "event": TSUMO}, format="json")
    assert nxt.status_code == HTTPStatus.CREATED
    assert nxt.json()["position"] == 1
    assert AuditEntry.objects.filter(object_type="hand", action="create").count() == 2


@pytest.mark.parametrize(
    "event",
    [
        {"kind": "ron", "loser": 2, "wins": [{"winner": 2, "han": 3, "fu": 30}]},
        {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 1, "fu": 20}]},
        {"kind": "teleport"},
        {"kind": "tsumo", "winner": 9, "han": 1, "fu": 30},
    ],
    ids=["winner-is-the-loser", "impossible-han-fu", "unknown-kind", "no-such-seat"],
)
def test_record_hand_refuses_what_the_rules_refuse(event, as_role, table_game):
    r = as_role("referee").post("/api/hands/", {"game": table_game.pk, "position": 0, "event": event}, format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert r.json()["detail"]
    assert not HandRecord.objects.exists()


@pytest.mark.parametrize("event", ["ron", [1, 2], None, 5], ids=["string", "list", "null", "number"])
def test_record_hand_refuses_an_event_that_is_not_an_object(event, as_role, table_game):
    r = as_role("referee").post("/api/hands/", {"game": table_game.pk, "position": 0, "event": event}, format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert "event" in r.json()


@pytest.mark.parametrize("role", ROLES)
def test_edit_and_delete_hand(role, as_role, table_game):
    hand = game_services.hand_record(game=table_game, position=0, event=RON)
    client = as_role(role)
    r = client.patch(f"/api/hands/{hand.pk}/", {"event": TSUMO, "reason": "typo"}, format="json")
    refused = REFUSED[role]
    allowed = role in {"player", "referee", "admin", "superuser"}
    assert r.status_code == (HTTPStatus.OK if allowed else refused)
    hand.refresh_from_db()
    assert hand.event["kind"] == ("tsumo" if allowed else "ron")
    r = client.delete(f"/api/hands/{hand.pk}/?reason=mistake")
    assert r.status_code == (HTTPStatus.NO_CONTENT if allowed else refused)
    assert HandRecord.objects.exists() == (not allowed)


def test_edit_that_makes_a_later_hand_impossible_is_refused(as_role, table_game):
    first = game_services.hand_record(game=table_game, position=0, event=RON)
    game_services.hand_record(game=table_game, position=1,
                         event={"kind": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1}]})
    # with a yakuman at hand 1 the game ended by tobi; a draw there would let play go on
    r = as_role("referee").patch(f"/api/hands/{first.pk}/",
                                 {"event": {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "yakuman": 1}]},
                                  "reason": "wrong hand"},
                                 format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert r.json()["error"]["hand"] == 1
    first.refresh_from_db()
    assert first.event == RON


# --- penalties -----------------------------------------------------------------------------------
@pytest.mark.parametrize("role", ROLES)
def test_give_and_cancel_penalty(role, as_role, table_game, seated):
    client = as_role(role)
    body = {"game": table_game.pk, "member": seated[1].pk, "type": "chombo", "reason": "wrong tsumo"}
    r = client.post("/api/penalties/", body, format="json")
    allowed = role in {"referee", "admin", "superuser"}
    assert r.status_code == (HTTPStatus.CREATED if allowed else expect(set(), role)), r.content
    if not allowed:
        assert not Penalty.objects.exists()
        penalty = referee_services.penalty_give(member=seated[1], type="chombo", reason="x", game=table_game)
    else:
        penalty = Penalty.objects.get()
        assert penalty.hand_record.event["kind"] == "chombo"
    r = client.post(f"/api/penalties/{penalty.pk}/cancel/", {"reason": "appeal"}, format="json")
    refused = REFUSED[role]
    assert r.status_code == (HTTPStatus.OK if allowed else refused)
    penalty.refresh_from_db()
    assert (penalty.cancelled_at is not None) == allowed


def test_season_deduction_needs_points(as_role, tenhou_season, seated):
    client = as_role("referee")
    body = {"season": tenhou_season.pk, "member": seated[0].pk, "type": "season_deduction", "reason": "late"}
    assert client.post("/api/penalties/", body, format="json").status_code == HTTPStatus.BAD_REQUEST
    r = client.post("/api/penalties/", {**body, "points": "2.5"}, format="json")
    assert r.status_code == HTTPStatus.CREATED
    assert r.json()["points"] == "2.5"
    assert client.get("/api/penalties/?type=season_deduction&active=true").json()["count"] == 1


def test_penalty_for_a_member_of_another_club_is_a_400(as_role, tenhou_season):
    from tests.factories import MemberFactory

    stranger = MemberFactory(club=ClubFactory())
    r = as_role("admin").post("/api/penalties/", {"season": tenhou_season.pk, "member": stranger.pk,
                                                   "type": "season_deduction", "points": 1}, format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert "member" in r.json()


# --- seasons and rulesets ----------------------------------------------------------------------------
@pytest.mark.parametrize("role", ROLES)
def test_create_season(role, as_role, club, tenhou_season):
    body = {"club": club.pk, "name": "2027 봄", "ruleset": tenhou_season.ruleset_id, "rating_method": "p_rating"}
    r = as_role(role).post("/api/seasons/", body, format="json")
    assert r.status_code == expect({"admin"}, role, HTTPStatus.CREATED), r.content
    assert Season.objects.filter(name="2027 봄").exists() == (r.status_code == HTTPStatus.CREATED)


@pytest.mark.parametrize("role", ROLES)
def test_derive_ruleset(role, as_role, club, tenhou_season):
    base = tenhou_season.ruleset
    r = as_role(role).post(f"/api/rulesets/{base.pk}/derive/", {"overrides": {"kiriage": True}}, format="json")
    refused = REFUSED[role]
    assert r.status_code == (HTTPStatus.CREATED if role in {"admin", "superuser"} else refused), r.content
    if r.status_code == HTTPStatus.CREATED:
        assert r.json()["spec"]["overrides"] == {"kiriage": True}
        assert r.json()["version"] != base.version


def test_derive_with_an_unknown_option_is_a_400(as_role, tenhou_season):
    r = as_role("admin").post(f"/api/rulesets/{tenhou_season.ruleset_id}/derive/",
                              {"overrides": {"no_such_rule": 1}}, format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert Ruleset.objects.count() == 1


def test_shared_rulesets_are_listed_for_everyone(as_role):
    Ruleset.objects.create(club=None, key="tenhou", name="Tenhou", base="tenhou", version="1")
    assert as_role("anonymous").get("/api/rulesets/").json()["count"] == 1


@pytest.mark.parametrize("role", ROLES)
def test_add_a_preset_ruleset_to_the_club(role, as_role, club):
    r = as_role(role).post("/api/rulesets/", {"club": club.pk, "base": "tenhou"}, format="json")
    assert r.status_code == expect({"admin"}, role, HTTPStatus.CREATED), r.content
    if r.status_code == HTTPStatus.CREATED:
        assert (r.json()["key"], r.json()["base"], r.json()["version"]) == ("tenhou", "tenhou", "1")
        # a season can use it
        body = {"club": club.pk, "name": "온라인", "ruleset": r.json()["id"]}
        assert as_role(role).post("/api/seasons/", body, format="json").status_code == HTTPStatus.CREATED


@pytest.mark.parametrize(
    ("body", "field"),
    [({"base": "nope"}, "base"), ({"base": "tenhou", "key": "t2", "overrides": {"no_such_rule": 1}}, "overrides"),
     ({"base": "tenhou", "key": "tenhou"}, "key")],
    ids=["unknown-preset", "unknown-option", "existing-key"],
)
def test_add_ruleset_errors_say_what_to_fix(body, field, as_role, club):
    as_role("admin").post("/api/rulesets/", {"club": club.pk, "base": "tenhou"}, format="json")
    r = as_role("admin").post("/api/rulesets/", {"club": club.pk, **body}, format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST, r.content
    assert field in r.json(), r.json()
    if field == "base":
        assert "tenhou" in r.json()["base"][0]  # lists the known presets


def test_every_documented_event_kind_example_is_accepted(as_role, table_game):
    """The schema's examples for POST /api/hands/ are events the API accepts (each in a fresh game)."""
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    op = schema["paths"]["/api/hands/"]["post"]
    examples = op["requestBody"]["content"]["application/json"]["examples"]
    assert {"kind", "loser", "wins", "tenpai", "reason", "players", "offender"} <= set(
        schema["components"]["schemas"]["HandCreate"]["properties"]["event"]["properties"]
    )
    kinds = set()
    for ex in examples.values():
        event = ex["value"]["event"]
        kinds.add(event["kind"])
        if event["kind"] == "abort":
            continue  # the tenhou fixture's ruleset has abortive draws; checked below with a fresh game
        game = game_services.game_start(season=table_game.season, members=[s.member for s in table_game.seat_set.all()])
        r = as_role("admin").post("/api/hands/", {"game": game.pk, "position": 0, "event": event}, format="json")
        assert r.status_code == HTTPStatus.CREATED, (ex, r.content)
    assert {"ron", "tsumo", "draw", "abort", "nagashi", "chombo"} <= kinds


def test_schema_descriptions_do_not_leak_internal_docstrings():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    text = str(schema["paths"])
    assert "api_exception_handler" not in text
    calc = schema["paths"]["/api/calc/hand/"]["post"]
    example = calc["requestBody"]["content"]["application/json"]["examples"]["RiichiPinfuRon"]["value"]
    r = APIClient().post("/api/calc/hand/", example, format="json")
    assert r.status_code == HTTPStatus.OK, r.content
    assert r.json()["points"] == {"ron": 2000}


# --- import ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("role", ROLES)
def test_import_logs(role, as_role, club, tenhou_season, django_capture_on_commit_callbacks):
    log = load(FULL_GAMES[0])
    with django_capture_on_commit_callbacks(execute=True):
        r = as_role(role).post("/api/imports/", {"season": tenhou_season.pk, "logs": [log], "create_members": True},
                               format="json")
    assert r.status_code == expect({"admin"}, role, HTTPStatus.ACCEPTED), r.content
    if r.status_code == HTTPStatus.ACCEPTED:
        batch = as_role(role).get(f"/api/imports/{r.json()['id']}/").json()
        assert (batch["total"], batch["done"], batch["errors"], batch["status"]) == (1, 1, [], "done")
        game = Game.objects.get(source=Game.Source.IMPORT)
        assert game.final_scores == log["sc"][0::2]
        assert (batch["imported"], batch["already_imported"], batch["failed"]) == (1, 0, 0)
        assert batch["results"] == [{"file": "logs[0]", "status": "imported", "game": game.pk}]
        # the same log again is recognised, and the batch says so
        with django_capture_on_commit_callbacks(execute=True):
            r = as_role(role).post("/api/imports/", {"season": tenhou_season.pk, "logs": [log]}, format="json")
        again = as_role(role).get(f"/api/imports/{r.json()['id']}/").json()
        assert (again["imported"], again["already_imported"], again["failed"]) == (0, 1, 0)
        assert again["results"] == [{"file": "logs[0]", "status": "already_imported", "game": game.pk}]
        assert Game.objects.count() == 1
    else:
        assert not ImportBatch.objects.exists()
        assert not Game.objects.exists()


def test_import_upload_several_files_with_a_mapping(as_role, club, tenhou_season, django_capture_on_commit_callbacks):
    from tests.factories import MemberFactory

    kim = MemberFactory(club=club, display_name="김철수")
    names = FULL_GAMES[:2]
    nick = load(names[0])["name"][0]
    with (DATA / names[0]).open("rb") as f1, (DATA / names[1]).open("rb") as f2, \
            django_capture_on_commit_callbacks(execute=True):
            r = as_role("admin").post(
                "/api/imports/",
                {"season": tenhou_season.pk, "files": [f1, f2], "create_members": "true",
                 "mapping": f'{{"{nick}": "{kim.pk}"}}'},
                format="multipart",
            )
    assert r.status_code == HTTPStatus.ACCEPTED, r.content
    batch = ImportBatch.objects.get()
    assert (batch.total, batch.done, batch.errors) == (2, 2, [])
    assert Game.objects.filter(seat_set__member=kim).count() == 1


def test_import_reports_errors_per_log_and_keeps_the_good_ones(as_role, tenhou_season,
                                                               django_capture_on_commit_callbacks):
    good = load(FULL_GAMES[0])
    with django_capture_on_commit_callbacks(execute=True):
        r = as_role("admin").post("/api/imports/", {"season": tenhou_season.pk, "logs": [good, {"log": [[0]]}, good]},
                                  format="json")
    assert r.status_code == HTTPStatus.ACCEPTED
    batch = ImportBatch.objects.get()
    # no create_members: every log fails on its nicknames; the malformed one on conversion
    assert batch.done == 3
    assert len(batch.errors) == 3
    assert batch.status == "failed"
    assert not Game.objects.exists()
    body = as_role("admin").get(f"/api/imports/{batch.pk}/").json()
    assert body["failed"] == 3
    assert [x["status"] for x in body["results"]] == ["error"] * 3
    assert all(x["error"] for x in body["results"])


def test_import_into_an_unknown_season_is_a_404_like_another_clubs(as_role, tenhou_season):
    """A season that does not exist answers as another club's does (issue 22, item 9): ids are not probed."""
    r = as_role("admin").post("/api/imports/", {"logs": [{}], "season": 999999}, format="json")
    assert r.status_code == HTTPStatus.NOT_FOUND


@pytest.mark.parametrize(
    "body",
    [{"logs": []}, {"logs": ["not an object"]}, {"mapping": "x", "logs": [{}]}],
    ids=["no-logs", "log-not-an-object", "mapping-not-an-object"],
)
def test_import_bad_requests_are_400(body, as_role, tenhou_season):
    r = as_role("admin").post("/api/imports/", {"season": tenhou_season.pk, **body}, format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert not ImportBatch.objects.exists()


def test_import_upload_of_a_non_json_file_is_a_400(as_role, tenhou_season, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\x00\xffnot json")
    with bad.open("rb") as fh:
        r = as_role("admin").post("/api/imports/", {"season": tenhou_season.pk, "files": [fh]}, format="multipart")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert "bad.json" in r.json()["logs"][0]


# --- export and CSV -------------------------------------------------------------------------------
@pytest.mark.parametrize("role", ROLES)
def test_export_and_csv(role, as_role, table_game, tenhou_season):
    game_services.hand_record(game=table_game, position=0, event=RON)
    client = as_role(role)
    member_like = role not in {"anonymous", "outsider"}
    r = client.get(f"/api/seasons/{tenhou_season.pk}/export/")
    refused = HTTPStatus.FORBIDDEN if member_like else HTTPStatus.NOT_FOUND
    assert r.status_code == (HTTPStatus.OK if role in {"admin", "superuser"} else refused)
    if r.status_code == HTTPStatus.OK:  # streamed (issue 22, item 7)
        assert json.loads(b"".join(r.streaming_content))["games"][0]["record"]["hands"] == [RON]
    for kind in ("games", "hands"):
        r = client.get(f"/api/seasons/{tenhou_season.pk}/csv/{kind}/")
        assert r.status_code == (HTTPStatus.OK if member_like else HTTPStatus.NOT_FOUND)
        if member_like:
            assert r["Content-Type"].startswith("text/csv")
            assert len(b"".join(r.streaming_content).decode("utf-8-sig").strip().splitlines()) == 2


# --- calculators, auth, schema -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "points"),
    [
        ({"han": 3, "fu": 30}, {"ron": 3900}),
        ({"han": 3, "fu": 30, "dealer": True}, {"ron": 5800}),
        ({"han": 1, "fu": 30, "tsumo": True}, {"dealer": 500, "non_dealer": 300}),
        ({"han": 5, "dealer": True, "tsumo": True}, {"all": 4000}),
        ({"yakuman": 2}, {"ron": 64000}),
        ({"han": 4, "fu": 30, "ruleset": {"base": "tenhou", "overrides": {"kiriage": True}}}, {"ron": 8000}),
        ({"han": 4, "fu": 30}, {"ron": 7700}),
    ],
    ids=["non-dealer-ron", "dealer-ron", "non-dealer-tsumo", "dealer-tsumo-mangan", "double-yakuman",
         "kiriage-mangan", "no-kiriage"],
)
def test_payments_calculator(body, points):
    r = APIClient().post("/api/calc/payments/", body, format="json")
    assert r.status_code == HTTPStatus.OK, r.content
    assert r.json()["points"] == points


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"han": 1, "fu": 20}, "error"),
        ({"han": 2, "fu": 35}, "error"),
        ({"han": 2}, "error"),
        ({}, "han"),
        ({"han": "many"}, "han"),
        ({"han": 2, "fu": 30, "ruleset": "nope"}, "ruleset"),
        ({"han": 2, "fu": 30, "ruleset": {"base": "tenhou", "overrides": {"x": 1}}}, "ruleset"),
        ({"han": 2, "fu": 30, "ruleset": 5}, "ruleset"),
        ({"han": 2, "fu": 30, "ruleset_id": 999999}, "ruleset_id"),
    ],
    ids=["1-han-20-fu", "35-fu", "no-fu", "nothing", "han-not-a-number", "unknown-preset", "unknown-option",
         "ruleset-a-number", "unknown-ruleset-id"],
)
def test_payments_calculator_refuses_bad_input(body, field):
    r = APIClient().post("/api/calc/payments/", body, format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST
    assert field in r.json()


def test_hand_calculator_scores_a_hand_in_the_contract_shape():
    hand = {"tiles": "234m456p789s22z", "win": "2z", "tsumo": False, "riichi": True}
    hand = {"tiles": "123m456p789s234s55p", "win": "5p", "tsumo": False, "riichi": True,
            "seat_wind": "S", "round_wind": "E"}
    r = APIClient().post("/api/calc/hand/", {"ruleset": "tenhou", "hand": hand}, format="json")
    assert r.status_code == HTTPStatus.OK, r.content
    body = r.json()
    assert set(body) == {"yaku", "han", "fu", "yakuman", "limit", "points"}
    assert {"id": "riichi", "han": 1} in body["yaku"]
    assert set(body["points"]) == {"ron"}


@pytest.mark.parametrize(
    "hand",
    [{"tiles": "123m", "win": "1m"}, {"tiles": "11112222333344m", "win": "4m"}, "nope", {"tiles": "zz", "win": "1z"}],
    ids=["not-a-winning-hand", "five-copies", "hand-not-an-object", "bad-notation"],
)
def test_hand_calculator_refuses_bad_hands(hand):
    r = APIClient().post("/api/calc/hand/", {"ruleset": "tenhou", "hand": hand}, format="json")
    assert r.status_code == HTTPStatus.BAD_REQUEST


def test_token_authentication(club, seated, table_game):
    user = seated[0].user
    r = APIClient().post("/api/auth/token/", {"username": user.username, "password": "pass1234"}, format="json")
    assert r.status_code == HTTPStatus.OK
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {r.json()['token']}")
    created = client.post("/api/hands/", {"game": table_game.pk, "event": RON}, format="json")
    assert created.status_code == HTTPStatus.CREATED
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token nope")
    assert bad.get("/api/games/").status_code == HTTPStatus.UNAUTHORIZED


def test_session_authentication_needs_csrf_for_writes(seated, table_game):
    client = APIClient(enforce_csrf_checks=True)
    client.login(username=seated[0].user.username, password="pass1234")
    assert client.get("/api/games/").json()["count"] == 1
    r = client.post("/api/hands/", {"game": table_game.pk, "event": RON}, format="json")
    assert r.status_code == HTTPStatus.FORBIDDEN


def test_schema_and_docs_are_served_without_a_cdn():
    client = APIClient()
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == HTTPStatus.OK
    paths = schema.json()["paths"]
    for p in ("/api/games/", "/api/hands/{id}/", "/api/imports/", "/api/calc/payments/",
              "/api/seasons/{id}/standings/"):
        assert p in paths
    docs = client.get("/api/docs/")
    assert docs.status_code == HTTPStatus.OK
    html = docs.content.decode()
    assert "http" not in html.split("<script")[1].split(">")[0]  # the bundle is local
    for asset in ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js"):
        assert f"/api/docs/assets/{asset}" in html
        r = client.get(f"/api/docs/assets/{asset}")
        assert r.status_code == HTTPStatus.OK
    assert client.get("/api/docs/assets/..%2Fsettings.py").status_code == HTTPStatus.NOT_FOUND


def test_schema_validates():
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")


__all__ = ["UserFactory"]
