"""Issue #14: Tenhou three-player and Mahjong Soul logs import into a season of the matching
ruleset; under a season whose ruleset does not fit, the import says which ruleset the log needs."""
from __future__ import annotations

import pytest
from django.utils import translation

from league.models import Game
from league.transfer import tenhou6 as importers
from tests.factories import ClubFactory, RulesetFactory, SeasonFactory
from tests.scoring.online_logs import mahjong_soul_east_game, tenhou_sanma_hanchan


def season_of(base: str, club=None, **overrides):
    club = club or ClubFactory()
    ruleset = RulesetFactory(club=club, key=base, base=base, overrides=overrides)
    return SeasonFactory(club=club, ruleset=ruleset)


IMPORTS = [
    pytest.param(tenhou_sanma_hanchan, "tenhou-sanma", id="tenhou-sanma-log-into-a-tenhou-sanma-season"),
    pytest.param(mahjong_soul_east_game, "mahjong-soul-east", id="mahjong-soul-log-into-a-mahjong-soul-east-season"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("make", "base"), IMPORTS)
def test_log_imports_into_a_season_of_its_ruleset(make, base):
    log = make()
    game, created = importers.import_log(season=season_of(base), log=log, create_members=True)
    n = game.seats
    assert created
    assert game.status == Game.Status.FINISHED
    assert n == (3 if base.startswith("tenhou-sanma") else 4)
    assert game.final_scores == log["sc"][0 : 2 * n : 2]
    assert [float(p) for p in game.final_points] == pytest.approx([float(p) for p in log["sc"][1 : 2 * n : 2]])
    assert game.hands.count() == len(log["log"])


MISFITS = [
    pytest.param(tenhou_sanma_hanchan, "tenhou", {}, "3-player game", "tenhou-sanma",
                 id="sanma-log-under-a-4-player-season"),
    pytest.param(tenhou_sanma_hanchan, "mahjong-soul-sanma", {}, "ends this game", "tenhou-sanma",
                 id="tenhou-sanma-log-under-mahjong-soul-sanma-points-differ"),
    pytest.param(tenhou_sanma_hanchan, "tenhou-sanma", {"honba_value": 300, "noten_payment": 3000}, "pays",
                 "tenhou-sanma", id="sanma-log-under-300-honba-and-3000-noten"),
    pytest.param(mahjong_soul_east_game, "mahjong-soul", {}, "does not end", "mahjong-soul-east",
                 id="east-log-under-a-hanchan-season"),
    pytest.param(mahjong_soul_east_game, "tenhou", {"length": "east"}, "round 3 (E2-1) pays", "mahjong-soul-east",
                 id="mahjong-soul-double-ron-under-tenhou-honba-to-the-head-bump-only"),
    pytest.param(mahjong_soul_east_game, "tenhou", {"length": "east", "multi_ron_honba": "each"}, "ends this game",
                 "mahjong-soul-east", id="mahjong-soul-log-under-tenhou-final-points"),
    pytest.param(mahjong_soul_east_game, "mahjong-soul-east", {"kiriage": True},
                 "round 1 (E1-0) pays [0, 8000, -8000, 0]",
                 "mahjong-soul-east", id="mahjong-soul-log-under-kiriage"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("make", "base", "overrides", "reason", "needed"), MISFITS)
def test_a_season_that_does_not_fit_says_which_ruleset_the_log_needs(make, base, overrides, reason, needed):
    season = season_of(base, **overrides)
    with translation.override("en"), pytest.raises(importers.LogError) as info:
        importers.import_log(season=season, log=make(), create_members=True)
    message = str(info.value)
    assert reason in message
    assert f"This log needs the ruleset {needed} (" in message
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_the_message_names_a_club_ruleset_that_fits():
    club = ClubFactory()
    RulesetFactory(club=club, key="sanma-night", name="Sanma night", base="tenhou-sanma")
    season = season_of("tenhou", club=club)
    with translation.override("en"), pytest.raises(importers.LogError, match=r"fit: Sanma night \(sanma-night v"):
        importers.import_log(season=season, log=tenhou_sanma_hanchan(), create_members=True)


@pytest.mark.django_db
def test_the_message_is_korean_first():
    season = season_of("tenhou")
    with translation.override("ko"), pytest.raises(importers.LogError, match="이 로그에는 룰 tenhou-sanma"):
        importers.import_log(season=season, log=tenhou_sanma_hanchan(), create_members=True)


@pytest.mark.django_db
def test_a_log_whose_room_is_unknown_imports_under_the_seasons_preset():
    # Converted as Tenhou's (the unknown-rule fallback) its points do not follow; the season's
    # Mahjong Soul ruleset reads it.
    log = mahjong_soul_east_game()
    log["rule"] = {"disp": "Club night East", "aka51": 1, "aka52": 1, "aka53": 1}
    game, created = importers.import_log(season=season_of("mahjong-soul-east"), log=log, create_members=True)
    assert created
    assert game.final_scores == log["sc"][0::2]
