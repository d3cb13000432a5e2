"""One vocabulary for refusal codes (issue #10, issue #24 item 4): each domain names its refusals from
its own enum (``error_codes.py``), never as a bare string, and every error body of the API carries
its ``code``, a member of one of those enums (saleor's habit)."""
from __future__ import annotations

import ast
import enum
import importlib
from http import HTTPStatus
from pathlib import Path

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core.error_codes import FloorErrorCode
from league.api.error_codes import ApiErrorCode
from league.error_codes import LeagueErrorCode
from league.games.errors import HandConflict, HandRefused, SeatedElsewhere
from tests.factories import ClubFactory, UserFactory
from tests.league.events import ron, tsumo

ROOT = Path(__file__).resolve().parents[2]
WRITERS = ["league/games/errors.py", "core/once.py", "core/validation.py", "league/games/records.py",
           "league/games/services.py", "league/referee/services.py", "league/seasons/services.py",
           "club/services.py", "events/nights/services.py", "events/tournaments/services.py", "events/seating.py",
           "events/rounds.py", "events/open_games.py", "notify/services.py", "notify/personal.py"]
DOMAIN_CODES = ["core", "club", "league", "events", "notify", "league/api"]
"""Where each domain's ``error_codes.py`` lives (one file per domain)."""


def _enums_of(path: str) -> list[type[enum.Enum]]:
    module = importlib.import_module(path.replace("/", ".") + ".error_codes")
    return [v for v in vars(module).values()
            if isinstance(v, type) and issubclass(v, enum.Enum) and v.__module__ == module.__name__]


ALL_ENUMS = [e for domain in DOMAIN_CODES for e in _enums_of(domain)]


@pytest.mark.parametrize("module", WRITERS)
def test_a_refusal_names_its_code_from_the_enum(module):
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    bare = [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.keyword) and node.arg == "code" and isinstance(node.value, ast.Constant)]
    assert bare == [], f"{module}: code given as a string at lines {bare}"


@pytest.mark.parametrize("domain", DOMAIN_CODES)
def test_every_domain_has_its_error_code_enum(domain):
    assert _enums_of(domain), f"{domain}/error_codes.py defines no enum"


@pytest.mark.parametrize(("error", "code"), [
    pytest.param(HandRefused("no"), "invalid", id="a refused hand is invalid by default"),
    pytest.param(HandConflict("taken", hand=0, existing=None), "conflict", id="a taken position is a conflict"),
    pytest.param(SeatedElsewhere([("가", "A", 1)]), "seated_elsewhere", id="a player seated at another table"),
])
def test_the_codes_are_the_strings_clients_already_read(error, code):
    assert error.code == code
    # the class's own default is the enum member, not a bare string that happens to be equal to it
    assert type(error.code) is LeagueErrorCode


# --- every error body of the API carries its code ------------------------------------------------------

def _in_an_enum(code) -> bool:
    return any(code in e._value2member_map_ for e in ALL_ENUMS)


@pytest.fixture
def walk(season, players, referee, game):
    """Clients and ids the refusals need: a player, a referee, a plain member, an outsider, anyone."""
    from tests.factories import MemberFactory

    def client(user=None):
        c = APIClient()
        if user is not None:
            c.force_authenticate(user)
        return c

    return {
        "game": game, "season": season, "players": players,
        "anonymous": client(), "player": client(players[0].user), "referee": client(referee.user),
        "member": client(MemberFactory(club=season.club, user=UserFactory()).user),
        "outsider": client(UserFactory()),
        "superuser": client(UserFactory(is_superuser=True, is_staff=True)),
    }


def _hand(w, event, who="referee", **extra):
    return w[who].post("/api/hands/", {"game": w["game"].pk, "event": event}, format="json", **extra)


def _key_reused(w):
    _hand(w, ron(1, loser=2), who="player", HTTP_IDEMPOTENCY_KEY="k-1")
    return _hand(w, tsumo(1), who="player", HTTP_IDEMPOTENCY_KEY="k-1")


def _conflict(w):
    _hand(w, ron(1, loser=2))
    return w["referee"].post("/api/hands/", {"game": w["game"].pk, "position": 0, "event": tsumo(1)}, format="json")


def _undone(w):
    from league.games import services as game_services

    _hand(w, ron(1, loser=2), who="player", HTTP_IDEMPOTENCY_KEY="k-2")
    game_services.hand_undo_last(game=w["game"], by=w["players"][1].user, position=0)
    return _hand(w, ron(1, loser=2), who="player", HTTP_IDEMPOTENCY_KEY="k-2")


def _penalty_as_player(w):
    return _hand(w, {"kind": "penalty", "player": 1, "type": "yellow_card"}, who="player")


def _bad_token(w):
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION="Token nonsense")
    return c.get("/api/games/")


def _wrong_password(w):
    user = UserFactory()
    Token.objects.get_or_create(user=user)
    return APIClient().post("/api/auth/token/", {"username": user.username, "password": "wrong"}, format="json")


REFUSALS = [
    pytest.param(lambda w: w["anonymous"].post("/api/games/", {}, format="json"),
                 HTTPStatus.UNAUTHORIZED, ApiErrorCode.NOT_AUTHENTICATED, id="anonymous-write"),
    pytest.param(_bad_token, HTTPStatus.UNAUTHORIZED, ApiErrorCode.AUTHENTICATION_FAILED, id="bad-token"),
    pytest.param(lambda w: w["member"].post(f"/api/games/{w['game'].pk}/cancel/", {"reason": "x"}, format="json"),
                 HTTPStatus.FORBIDDEN, ApiErrorCode.PERMISSION_DENIED, id="member-cancels"),
    pytest.param(lambda w: w["outsider"].get(f"/api/games/{w['game'].pk}/"),
                 HTTPStatus.NOT_FOUND, ApiErrorCode.NOT_FOUND, id="another-clubs-game"),
    pytest.param(lambda w: w["referee"].post("/api/games/", {}, format="json"),
                 HTTPStatus.BAD_REQUEST, ApiErrorCode.INVALID, id="fields-missing"),
    pytest.param(lambda w: w["referee"].post(f"/api/games/{w['game'].pk}/cancel/", {}, format="json"),
                 HTTPStatus.BAD_REQUEST, ApiErrorCode.INVALID, id="cancel-without-reason"),
    pytest.param(lambda w: w["referee"].generic("POST", "/api/games/", "{", content_type="application/json"),
                 HTTPStatus.BAD_REQUEST, ApiErrorCode.PARSE_ERROR, id="broken-json"),
    pytest.param(lambda w: w["referee"].put("/api/games/", {}, format="json"),
                 HTTPStatus.METHOD_NOT_ALLOWED, ApiErrorCode.METHOD_NOT_ALLOWED, id="wrong-method"),
    pytest.param(lambda w: w["referee"].generic("POST", "/api/games/", "x", content_type="text/plain"),
                 HTTPStatus.UNSUPPORTED_MEDIA_TYPE, ApiErrorCode.UNSUPPORTED_MEDIA_TYPE, id="wrong-media-type"),
    pytest.param(lambda w: _hand(w, {"kind": "ron", "loser": 2, "wins": [{"winner": 2, "han": 3, "fu": 30}]}),
                 HTTPStatus.BAD_REQUEST, LeagueErrorCode.INVALID, id="rules-refuse-the-hand"),
    pytest.param(lambda w: _hand(w, {"kind": "teleport"}),
                 HTTPStatus.BAD_REQUEST, LeagueErrorCode.INVALID, id="unknown-event-kind"),
    pytest.param(lambda w: w["referee"].post("/api/hands/", {"game": w["game"].pk, "position": 3,
                                                            "event": ron(1, loser=2)}, format="json"),
                 HTTPStatus.BAD_REQUEST, LeagueErrorCode.POSITION, id="not-the-next-position"),
    pytest.param(_conflict, HTTPStatus.CONFLICT, LeagueErrorCode.CONFLICT, id="position-taken"),
    pytest.param(_key_reused, HTTPStatus.UNPROCESSABLE_ENTITY, FloorErrorCode.KEY_REUSED, id="key-reused"),
    pytest.param(_undone, HTTPStatus.CONFLICT, LeagueErrorCode.UNDONE, id="retry-of-an-undone-hand"),
    pytest.param(_penalty_as_player, HTTPStatus.FORBIDDEN, LeagueErrorCode.REFEREE_ONLY, id="penalty-by-a-player"),
    pytest.param(lambda w: w["superuser"].post("/api/calc/hand/", {"hand": "nonsense"}, format="json"),
                 HTTPStatus.BAD_REQUEST, "invalid", id="calculator-refuses"),
    pytest.param(_wrong_password, HTTPStatus.BAD_REQUEST, ApiErrorCode.INVALID, id="token-wrong-password"),
    pytest.param(lambda w: w["superuser"].post(f"/api/rulesets/{w['season'].ruleset_id}/derive/",
                                               {"overrides": {}, "club": ClubFactory().pk}, format="json"),
                 HTTPStatus.BAD_REQUEST, ApiErrorCode.INVALID, id="derive-for-another-club"),
]


@pytest.mark.parametrize(("refuse", "status", "code"), REFUSALS)
def test_every_api_refusal_body_carries_its_code(refuse, status, code, walk):
    response = refuse(walk)
    assert response.status_code == status, response.content
    body = response.json()
    assert "code" in body, body
    assert _in_an_enum(body["code"]), f"{body['code']!r} is in no error-code enum"
    assert body["code"] == code, body
