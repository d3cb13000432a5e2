"""Player page highlights: every full-hand win shows its value and yaku from the game's replay
(kept in the snapshot by the refresh), with or without the hand's own winds; no extra queries."""
from __future__ import annotations

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import StandingsSnapshot
from league.standings import selectors as sel
from league.standings.services import standings_refresh

pytestmark = pytest.mark.django_db

# Seat 3 rons the E1 dealer with riichi-pinfu-tanyao (3 han 30 fu): no winds in the HAND.
NO_WINDS = {"kind": "ron", "loser": 0, "riichi": [3],
            "wins": [{"winner": 3, "hand": {"tiles": "234m45688p345678s", "win": "8s", "riichi": True}}]}
# Then seat 3 tsumos a 2 han 30 fu hand entered as han/fu (not a highlight).
HAN_FU = {"kind": "tsumo", "winner": 3, "han": 2, "fu": 30, "riichi": []}
# A full-hand yakuman (daisangen) by seat 3.
DAISANGEN = {"kind": "ron", "loser": 1, "riichi": [],
             "wins": [{"winner": 3, "hand": {"tiles": "555666777z123m99p", "win": "9p"}}]}


def _highlights(client, season, member, lang: str) -> list[str]:
    client.force_login(member.user)
    page = client.get(reverse("standings:player", args=[season.pk, member.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    block = re.search(r'<ul data-testid="highlights">(.*?)</ul>', page.content.decode(), re.S)
    assert block, "no highlights"
    items = re.findall(r"<li>(.*?)</li>", block.group(1), re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", i)).split()) for i in items]


@pytest.fixture
def with_full_hands(season, players, make_game):
    make_game(season, players, ["40.0", "10.0", "-15.0", "-35.0"], events=[NO_WINDS, HAN_FU, DAISANGEN])
    standings_refresh(season_id=season.pk)
    return season


@pytest.mark.parametrize(("lang", "first", "second"), [
    ("ko", "3판 30부 론 234m45688p345678s — 리치·핑후·탕야오", "역만 론 555666777z123m99p — 대삼원"),
    ("en", "3 han 30 fu ron 234m45688p345678s — Riichi·Pinfu·Tanyao", "Yakuman ron 555666777z123m99p — Daisangen"),
])
def test_full_hand_wins_show_the_replayed_value_and_yaku(client, with_full_hands, players, lang, first, second):
    items = _highlights(client, with_full_hands, players[3], lang)
    assert len(items) == 2  # the han/fu tsumo below haneman is no highlight
    assert items[0].startswith(first)
    assert items[1].startswith(second)


def test_the_snapshot_keeps_each_full_hand_as_replayed(with_full_hands, players):
    row = next(r for r in StandingsSnapshot.objects.get(season=with_full_hands).rows
               if r["member_id"] == players[3].pk)
    first, second = row["full_hands"]
    assert first["position"] == 0
    assert (first["han"], first["fu"], first["limit"]) == (3, 30, None)
    assert first["yaku"] == [["riichi", 1], ["pinfu", 1], ["tanyao", 1]]
    assert second["position"] == 2
    assert second["yakuman"] == 1
    assert second["limit"] == "yakuman"
    assert second["kazoe"] is False
    assert second["yaku"] == [["daisangen", 13]]
    assert all("full_hands" not in r for r in StandingsSnapshot.objects.get(season=with_full_hands).rows
               if r["member_id"] != players[3].pk)


def test_a_game_that_does_not_replay_keeps_its_highlight_without_yaku(client, season, players, make_game):
    bad = {**NO_WINDS, "wins": [{"winner": 3, "hand": {"tiles": "234m45688p345678s", "win": "8s",
                                                       "seat_wind": "E", "round_wind": "E"}}]}  # seat 3 is North
    make_game(season, players, ["40.0", "10.0", "-15.0", "-35.0"], events=[bad])
    standings_refresh(season_id=season.pk)
    items = _highlights(client, season, players[3], "en")
    assert len(items) == 1
    assert "234m45688p345678s" in items[0]
    assert "Riichi·Pinfu" not in items[0]


def test_a_game_with_its_own_ruleset_is_replayed_with_it(season, players, make_game, ruleset):
    from tests.factories import RulesetFactory

    own = RulesetFactory(club=season.club, key="wrc-2025", base="wrc-2025")
    game = make_game(season, players, ["40.0", "10.0", "-15.0", "-35.0"], events=[NO_WINDS])
    game.ruleset = own
    game.save(update_fields=["ruleset"])
    standings_refresh(season_id=season.pk)
    row = next(r for r in StandingsSnapshot.objects.get(season=season).rows if r["member_id"] == players[3].pk)
    assert row["full_hands"][0]["yaku"] == [["riichi", 1], ["pinfu", 1], ["tanyao", 1]]


def test_full_hands_add_no_query_to_the_refresh_or_the_player_page(client, season, players, make_game):
    def refresh_queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            standings_refresh(season_id=season.pk)
        return len(ctx)

    def page_queries() -> int:
        client.force_login(players[3].user)
        url = reverse("standings:player", args=[season.pk, players[3].pk])
        client.get(url)
        with CaptureQueriesContext(connection) as ctx:
            client.get(url)
        return len(ctx)

    make_game(season, players, ["40.0", "10.0", "-15.0", "-35.0"], events=[HAN_FU])
    refresh_queries()  # the first refresh creates the snapshot; later ones update it
    han_fu_only = refresh_queries()
    make_game(season, players, ["40.0", "10.0", "-15.0", "-35.0"], events=[NO_WINDS, HAN_FU, DAISANGEN])
    one = refresh_queries(), page_queries()
    for _ in range(3):
        make_game(season, players, ["40.0", "10.0", "-15.0", "-35.0"], events=[NO_WINDS, HAN_FU, DAISANGEN])
    assert (refresh_queries(), page_queries()) == one
    assert one[0] == han_fu_only  # replaying the games with full hands reads nothing more

def test_player_games_read_the_snapshot_the_page_already_loaded(with_full_hands, players):
    snapshot = sel.season_snapshot(season=with_full_hands, with_history=True)
    assert snapshot is not None
    with CaptureQueriesContext(connection) as ctx:
        games = sel.player_games(season=with_full_hands, member=players[3])
    assert len(ctx) == 2  # the seats and the opponents: the snapshot is not read again
    assert sorted(games[0].full_hands) == [0, 2]



def test_a_full_hand_yakuman_counts_in_the_yakuman_column(with_full_hands, players):
    rows = {r["member_id"]: r for r in StandingsSnapshot.objects.get(season=with_full_hands).rows}
    assert rows[players[3].pk]["yakuman"] == 1  # the daisangen entered as a full hand
    assert all(rows[p.pk]["yakuman"] == 0 for p in players[:3])
