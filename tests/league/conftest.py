"""Fixtures shared by the league's test modules: a real Celery worker process, a busy season for the
exports (with exports in small chunks), the what-if lab's played season."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def small_chunks(monkeypatch):
    """The exports read three games a chunk, so every season here crosses several chunk boundaries
    (a module asks for it with ``pytest.mark.usefixtures("small_chunks")``)."""
    from league.transfer import csv as transfer_csv
    from league.transfer import season_file

    monkeypatch.setattr(transfer_csv, "CHUNK_GAMES", 3)
    monkeypatch.setattr(season_file, "CHUNK_GAMES", 3)


@pytest.fixture
def busy_season(season, game, players, referee):
    """Random finished games, a game entered through the services (audited, with a penalty), a
    formula-looking name, a cancelled game and a season deduction."""
    from league.games import services as game_services
    from league.referee import services as referee_services
    from tests.factories import MemberFactory
    from tests.league.events import ron
    from tests.league.standings.conftest import random_season

    random_season(season, players=6, games=10)
    for position, loser in enumerate([2, 3, 0]):
        game_services.hand_record(game=game, position=position, event=ron(1, loser=loser), by=players[0].user)
    referee_services.penalty_give(member=players[2], type="chombo", reason="=손패 공개", game=game, by=referee.user)
    referee_services.penalty_give(member=players[3], type="season_deduction", reason="지각", season=season,
                                  points=5, by=referee.user)
    players[0].display_name = "=HYPERLINK(1)"
    players[0].save()
    others = [MemberFactory(club=season.club) for _ in range(4)]
    cancelled = game_services.game_start(season=season, members=others, table_label="-B", by=referee.user)
    game_services.game_cancel(game=cancelled, by=referee.user, reason="잘못 시작")
    return season


@pytest.fixture
def whatif_season(season, players, referee):
    """The what-if lab's season: games G1 and G2 of tests/league/test_whatif.py, both finished."""
    from league.games import services as game_services
    from tests.league.test_whatif import G1, G2

    for label, hands in (("G1", G1), ("G2", G2)):
        game = game_services.game_start(season=season, table_label=label, members=players, by=referee.user)
        for i, event in enumerate(hands):
            game_services.hand_record(game=game, position=i, event=event, by=None)
        game.refresh_from_db()
        assert game.status == "finished"
    return season


@pytest.fixture
def sessions_as_deployed(settings):
    """Sessions as production keeps them (``config.sessions``: the database, a cache in front), for the tests that
    count a request's statements."""
    settings.SESSION_ENGINE = "config.sessions"
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@pytest.fixture
def signed_in_host(players):
    """A test client signed in as the first player, who hosts the game."""
    from django.test import Client

    client = Client()
    client.force_login(players[0].user)
    return client
