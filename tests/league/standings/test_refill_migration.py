"""The ``stats_refill_game_stats`` migration (issue 26): a finished game's version-1 statistics are
made again (version 2, from its hand records) and its season is recomputed whole (a new epoch)."""
from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from league.games.game_stats import STATS_VERSION
from league.models import Game
from tests.league.standings.test_game_stats_v2 import NIGHT

pytestmark = pytest.mark.django_db

refill = importlib.import_module("league.migrations.0012_stats_refill_game_stats").refill


def test_old_documents_are_made_again_and_the_season_recomputed(season, players, make_game):
    game = make_game(season, players, [30, 10, -10, -30], events=NIGHT)
    Game.objects.filter(pk=game.pk).update(final_stats={"version": 1, "seats": [{}] * 4})
    epoch = season.standings_epoch
    refill(apps, None)
    game.refresh_from_db()
    season.refresh_from_db()
    assert game.final_stats["version"] == STATS_VERSION
    assert game.final_stats["seats"][0]["win_points"] == 5800
    assert season.standings_epoch == epoch + 1
    assert season.standings_changed_at is not None
