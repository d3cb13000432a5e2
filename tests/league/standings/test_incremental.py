"""The standings' incremental update: a game finished after every other is added to the stored
snapshot, exactly as a full recompute would have it; anything else recomputes whole."""
from __future__ import annotations

import datetime
import random

import pytest

from club.models import Member
from league.games import services as game_services
from league.games.errors import HandRefused
from league.games.game_stats import stats_of_events, stats_of_replay
from league.games.selectors import game_record, replay_record
from league.models import Game, RatingHistory, Season, StandingsSnapshot
from league.referee import services as referee_services
from league.seasons import services as season_services
from league.standings import services as standings
from tests.factories import MemberFactory

from .conftest import finished_game

pytestmark = pytest.mark.django_db

METHODS = [pytest.param(m, id=m) for m in ("total", "p_rating", "tenhou_r", "openskill")]
# Seat 3's riichi-pinfu-tanyao full hand (3 han 30 fu), replayed for its value and yaku.
FULL_HAND = {"kind": "ron", "loser": 0, "riichi": [3],
             "wins": [{"winner": 3, "hand": {"tiles": "234m45688p345678s", "win": "8s", "riichi": True}}]}


def play(season, members, rng: random.Random, *, full_hand: bool = False) -> Game:
    """A game played to its end through the services (the write path caches its statistics)."""
    game = game_services.game_start(season=season, members=members, table_label="T")
    if full_hand:
        game_services.hand_record(game=game, position=None, event=FULL_HAND)
    for _ in range(60):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return game
        kind = rng.choice(["ron", "ron", "tsumo", "draw", "nagashi"])
        if kind == "ron":
            loser, winner = rng.sample(range(4), 2)
            event = {"kind": "ron", "loser": loser, "wins": [{"winner": winner, "han": rng.choice([3, 4, 5, 13]),
                                                              "fu": 30}]}
        elif kind == "tsumo":
            event = {"kind": "tsumo", "winner": rng.randrange(4), "han": rng.choice([2, 4, 6]), "fu": 30}
        elif kind == "draw":
            event = {"kind": "draw", "tenpai": sorted(rng.sample(range(4), rng.randint(0, 4)))}
        else:
            event = {"kind": "nagashi", "players": [rng.randrange(4)], "tenpai": []}
        game_services.hand_record(game=game, position=None, event=event)
    raise AssertionError("the game did not finish")


def stored(season) -> tuple:
    snapshot = StandingsSnapshot.objects.get(season=season)
    histories = dict(RatingHistory.objects.filter(snapshot=snapshot).values_list("member_id", "steps"))
    return snapshot.rows, snapshot.ratings, histories, snapshot.games_count


def full(season) -> tuple:
    standings.standings_refresh(season_id=season.pk)
    return stored(season)


@pytest.fixture
def full_recomputes(monkeypatch):
    """How many times the update fell back to a full recompute."""
    calls = []
    real = standings.standings_refresh

    def counting(*, season_id):
        calls.append(season_id)
        return real(season_id=season_id)

    monkeypatch.setattr(standings, "standings_refresh", counting)
    return calls


@pytest.fixture
def rated(season):
    def rate(method: str, **params) -> Season:
        Season.objects.filter(pk=season.pk).update(rating_method=method, rating_params=params, min_games=2)
        return Season.objects.select_related("ruleset").get(pk=season.pk)

    return rate


@pytest.mark.parametrize("method", METHODS)
def test_incremental_games_finished_one_by_one_equal_a_full_recompute(
        rated, method, full_recomputes, django_capture_on_commit_callbacks):
    season = rated(method)
    rng = random.Random(3)
    members = [MemberFactory(club=season.club) for _ in range(6)]
    referee_services.penalty_give(member=members[5], type="season_deduction", reason="late", season=season, points=3)
    standings.standings_update(season_id=season.pk)
    assert len(full_recomputes) == 1  # no snapshot yet
    for i in range(7):
        if i == 4:  # a member renamed meanwhile: every row shows the name as it is now
            Member.objects.filter(pk=members[0].pk).update(display_name="새 이름")
        with django_capture_on_commit_callbacks(execute=True):  # the recompute task, on commit
            play(season, rng.sample(members, 4), rng, full_hand=i == 2)
    assert len(full_recomputes) == 1, "each finished game was added to the snapshot"
    incremental = stored(season)
    assert incremental[3] == 7
    assert any("full_hands" in row for row in incremental[0])
    assert incremental == full(season)


@pytest.mark.parametrize("method", METHODS)
def test_games_finished_together_are_added_in_one_update_each_players_steps_in_game_order(
        rated, method, full_recomputes):
    """A round's tables finish together and one update adds them all: a member who played two of them
    (and one new to the season) has both steps appended to their history, in game order."""
    season = rated(method)
    rng = random.Random(5)
    members = [MemberFactory(club=season.club) for _ in range(6)]
    play(season, members[:4], rng)
    standings.standings_update(season_id=season.pk)
    for seated in (members[:4], [members[0], members[1], members[4], members[5]], members[2:6]):
        play(season, seated, rng)  # the update on commit does not run here: the three wait for one update
    standings.standings_update(season_id=season.pk)
    assert len(full_recomputes) == 1, "the three games were added to the snapshot"
    together = stored(season)
    assert together[3] == 4
    assert [len(together[2][m.pk]) for m in members] == [3, 3, 3, 3, 2, 2]
    assert together == full(season)


def test_incremental_counts_a_game_without_cached_statistics_from_its_events(rated, full_recomputes, players):
    season = rated("p_rating")
    rng = random.Random(1)
    play(season, players, rng)
    standings.standings_update(season_id=season.pk)
    later = StandingsSnapshot.objects.get(season=season).computed_at + datetime.timedelta(hours=1)
    bare = finished_game(season, players, ["30.0", "10.0", "-15.0", "-25.0"], at=later,
                         events=[{"kind": "tsumo", "winner": 1, "han": 2, "fu": 30, "riichi": [1]},
                                 {"kind": "nagashi", "players": [2], "tenpai": [2]}, FULL_HAND])
    assert bare.final_stats is None
    before = len(full_recomputes)
    standings.standings_update(season_id=season.pk)
    assert len(full_recomputes) == before
    incremental = stored(season)
    assert incremental == full(season)
    row = next(r for r in incremental[0] if r["member_id"] == players[3].pk)
    assert [w["game"] for w in row["full_hands"]] == [bare.pk]


@pytest.mark.parametrize(
    "change",
    [
        pytest.param("edit", id="a past game edited"),
        pytest.param("cancel", id="a past game cancelled"),
        pytest.param("penalty", id="a penalty"),
        pytest.param("params", id="the rating parameters changed"),
        pytest.param("past", id="a game finishing before the last one"),
    ],
)
def test_any_other_change_recomputes_whole(rated, change, full_recomputes, players,
                                           django_capture_on_commit_callbacks):
    season = rated("tenhou_r")
    rng = random.Random(7)
    games = [play(season, players, rng) for _ in range(3)]
    standings.standings_update(season_id=season.pk)
    before = len(full_recomputes)
    with django_capture_on_commit_callbacks(execute=True):
        if change == "edit":
            hand = games[0].hands.order_by("position").first()
            event = {"kind": "ron", "loser": 1, "wins": [{"winner": 2, "han": 1, "fu": 30}]}
            if hand.event == event:
                event = {**event, "loser": 3}
            try:
                game_services.hand_edit(hand=hand, event=event, reason="wrong winner")
            except HandRefused:  # a change the later hands refuse: delete the last hand instead
                last = games[0].hands.order_by("-position").first()
                game_services.hand_delete(hand=last, reason="wrong")
        elif change == "cancel":
            game_services.game_cancel(game=games[1], reason="wrong players")
        elif change == "penalty":
            referee_services.penalty_give(member=players[0], type="season_deduction", reason="late", season=season,
                                          points=2)
        elif change == "params":
            season_services.season_update(season=season, rating_params={"scale": "2"}, reason="twice as fast")
        else:
            early = Game.objects.filter(season=season).order_by("finished_at").first().finished_at
            finished_game(season, players, ["5.0", "-5.0", "1.0", "-1.0"], at=early - datetime.timedelta(minutes=1))
            standings.standings_update(season_id=season.pk)  # no epoch change: the game order says it
    assert len(full_recomputes) > before
    assert stored(season) == full(season)


def test_the_write_path_caches_the_same_statistics_the_events_give(season, players):
    game = play(season, players, random.Random(11), full_hand=True)
    record = game_record(game)
    assert game.final_stats == stats_of_replay(replay_record(record))
    assert game.final_stats == stats_of_events(record["hands"], 4, record["ruleset"])
    assert game.final_stats["full_hands"][0]["yaku"] == [["riichi", 1], ["pinfu", 1], ["tanyao", 1]]


def test_the_migration_fills_the_statistics_of_finished_games(season, players):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("league.migrations.0010_fill_game_stats")
    played = play(season, players, random.Random(5), full_hand=True)
    cached = played.final_stats
    Game.objects.filter(pk=played.pk).update(final_stats=None)
    bare = finished_game(season, players, ["30.0", "10.0", "-15.0", "-25.0"],
                         events=[{"kind": "ron", "loser": 0, "wins": [{"winner": 1, "yakuman": 1}]}])
    migration.fill_stats(apps, None)
    assert Game.objects.get(pk=played.pk).final_stats == cached
    seats = Game.objects.get(pk=bare.pk).final_stats["seats"]
    assert (seats[1]["wins"], seats[1]["yakuman"], seats[0]["deal_ins"]) == (1, 1, 1)


def test_the_migration_moves_a_snapshots_histories_into_their_rows(season):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("league.migrations.0010_fill_game_stats")
    snapshot = StandingsSnapshot.objects.create(season=season, ratings={"method": "total", "history": {
        "7": [[1, "10.0"], [2, "12.5"]], "9": [[2, "-3.0"]]}})
    migration.move_histories(apps, None)
    snapshot.refresh_from_db()
    assert "history" not in snapshot.ratings
    assert dict(RatingHistory.objects.filter(snapshot=snapshot).values_list("member_id", "steps")) == {
        7: [[1, "10.0"], [2, "12.5"]], 9: [[2, "-3.0"]]}
