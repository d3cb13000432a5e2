"""Property-based run of the whole API against its own schema: no request gives a server error.

In-process against the Django WSGI app, authenticated as a superuser (token), over a small
club with a season, a game with a hand and a penalty, so that generated ids sometimes hit.
Bounded: a few examples per operation (about a minute in all).
"""
from __future__ import annotations

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from league.games import services as game_services
from league.referee import services as referee_services
from tests.factories import ClubFactory, MemberFactory, RulesetFactory, SeasonFactory, UserFactory

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
# Valid and invalid data alike (malformed bodies, wrong types, out-of-range ids).
schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE])


@pytest.fixture(autouse=True)
def keep_the_test_connection_open():
    """The WSGI handler closes the database connection after each request; inside a test
    transaction on PostgreSQL that kills the test's connection (Django's test client
    disconnects the same signal for the same reason)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def admin_token(db):
    user = UserFactory(is_superuser=True, is_staff=True)
    club = ClubFactory(public_standings=True)
    season = SeasonFactory(club=club, ruleset=RulesetFactory(club=club, key="tenhou", base="tenhou"))
    members = [MemberFactory(club=club) for _ in range(4)]
    game = game_services.game_start(season=season, members=members)
    game_services.hand_record(game=game, position=0, event={"kind": "draw", "tenpai": [0], "riichi": []})
    referee_services.penalty_give(member=members[0], type="season_deduction", points=1, reason="late", season=season)
    return Token.objects.create(user=user).key


@schema.parametrize()
@settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_no_server_errors(case, admin_token):
    case.call_and_validate(headers={"Authorization": f"Token {admin_token}"}, checks=[not_a_server_error])
