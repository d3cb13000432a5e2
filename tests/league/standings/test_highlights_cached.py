"""The player page's highlights come from each game's cached statistics, the same as from its hand records."""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.games.game_stats import stats_of_events
from league.models import Game
from league.standings import selectors as sel
from league.standings.services import standings_refresh

pytestmark = pytest.mark.django_db

FULL_HAND = {"kind": "ron", "loser": 0, "riichi": [3],
             "wins": [{"winner": 3, "hand": {"tiles": "234m45688p345678s", "win": "8s", "riichi": True}}]}
EVENTS = [
    {"kind": "tsumo", "winner": 3, "yakuman": 1, "riichi": []},  # entered as yakuman: a highlight
    {"kind": "ron", "loser": 1, "wins": [{"winner": 3, "han": 6}], "riichi": []},  # haneman: a highlight
    {"kind": "ron", "loser": 2, "wins": [{"winner": 3, "han": 5}], "riichi": []},  # mangan: not one
    {"kind": "ron", "loser": 3, "wins": [{"winner": 0, "han": 8}], "riichi": []},  # another player's
    {"kind": "draw", "tenpai": [3], "riichi": []},
    FULL_HAND,  # a full hand: a highlight, valued by the replay
]


@pytest.fixture
def member_games(season, players, make_game):
    game = make_game(season, players, ["40.0", "10.0", "-15.0", "-35.0"], events=EVENTS)
    standings_refresh(season_id=season.pk)
    return game, players[3]


def _highlights(season, member):
    return sel.player_highlights(games=sel.player_games(season=season, member=member))


def test_cached_highlights_equal_the_hand_records_and_read_none(season, member_games):
    game, member = member_games
    from_hands = _highlights(season, member)
    assert [(h.position, h.yakuman, h.han) for h in from_hands] == [(0, 1, None), (1, 0, 6), (5, 0, 3)]
    Game.objects.filter(pk=game.pk).update(final_stats=stats_of_events(EVENTS, 4, season.ruleset.spec()))
    with CaptureQueriesContext(connection) as queries:
        cached = sel.player_highlights(games=sel.player_games(season=season, member=member))
    assert cached == from_hands
    assert not [q for q in queries if "league_handrecord" in q["sql"]]


def test_a_cache_written_before_big_wins_reads_the_hand_records(season, member_games):
    game, member = member_games
    old = stats_of_events(EVENTS, 4, season.ruleset.spec())
    del old["big_wins"]
    Game.objects.filter(pk=game.pk).update(final_stats=old)
    assert [h.position for h in _highlights(season, member)] == [0, 1, 5]
