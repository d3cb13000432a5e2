"""The full recompute streams (issue 28, item 2): it reads the season's finished games in game order, a
chunk at a time, and folds them into the table — the standings it stores are exactly those of the
recompute that read every game first (``season_table(load_season_data(season))``, which the what-if
lab still uses), after every kind of change, and it never holds the whole season's games at once."""
from __future__ import annotations

import datetime
import random
from decimal import Decimal

import pytest
from django.utils import timezone

from club.models import Member
from league.games import services as game_services
from league.models import Game, Penalty, RatingHistory, Season, StandingsSnapshot
from league.referee import services as referee_services
from league.standings import services as standings
from league.standings.stats import StandingsState, season_table
from tests.factories import MemberFactory, RulesetFactory

from .conftest import finished_game
from .test_incremental import FULL_HAND, play

pytestmark = pytest.mark.django_db

METHODS = [pytest.param(m, id=m) for m in ("total", "p_rating", "tenhou_r", "openskill")]
CHUNKS = [pytest.param(2, id="two games a chunk"), pytest.param(standings.STREAM_CHUNK, id="one chunk")]


def whole_list(season: Season) -> tuple:
    """The recompute as it was: every game, its seats and statistics read first, then folded."""
    table, steps = season_table(standings.load_season_data(season))
    return table, dict(standings._history_rows(table, steps))


def outcome(table: StandingsState, history: dict) -> tuple:
    """Everything a recompute stores: rows, ratings document, state (tallies, fold, last game), histories."""
    return table.rows(), table.ratings_doc(), table.state(epoch=0), {m: list(h) for m, h in history.items()}


def season_of_every_change(season: Season) -> Season:
    """Games played through the services and written bare, then every kind of change the standings follow."""
    rng = random.Random(28)
    members = [MemberFactory(club=season.club) for _ in range(7)]
    played = [play(season, rng.sample(members, 4), rng, full_hand=i == 1) for i in range(5)]
    now = timezone.now()
    # a game without cached statistics: counted from its hand records
    finished_game(season, members[:4], ["30.0", "10.0", "-15.0", "-25.0"], at=now + datetime.timedelta(hours=1),
                  events=[{"kind": "tsumo", "winner": 1, "han": 2, "fu": 30, "riichi": [1]},
                          {"kind": "nagashi", "players": [2], "tenpai": [2]}, FULL_HAND])
    # one under a ruleset of its own, uncached (its statistics read under that ruleset)
    other = RulesetFactory(club=season.club, key="tenhou", base="tenhou")
    own = finished_game(season, members[3:7], ["20.0", "5.0", "-5.0", "-20.0"], at=now + datetime.timedelta(hours=2),
                        events=[{"kind": "ron", "loser": 0, "wins": [{"winner": 2, "han": 3, "fu": 30}]}])
    Game.objects.filter(pk=own.pk).update(ruleset=other)
    # two games finishing at the same moment (game order: by id), and one finishing "in the past"
    tie = now + datetime.timedelta(hours=3)
    finished_game(season, members[1:5], ["12.3", "-2.3", "0.0", "-10.0"], at=tie)
    finished_game(season, members[2:6], ["-7.7", "7.7", "1.0", "-1.0"], at=tie)
    finished_game(season, members[:4], ["5.0", "-5.0", "1.0", "-1.0"], at=now - datetime.timedelta(days=30))
    # a finished game whose result cache is missing: skipped (logged), by both
    finished_game(season, members[:4], ["1.0", "-1.0", "0.0", "0.0"], at=now + datetime.timedelta(hours=4))
    Game.objects.filter(finished_at=now + datetime.timedelta(hours=4)).update(final_points=None)
    # a past game edited (its last hand taken back), another cancelled
    last = played[0].hands.order_by("-position").first()
    game_services.hand_delete(hand=last, reason="wrong")
    game_services.game_cancel(game=played[2], reason="wrong players")
    # penalties: a season deduction, a cancelled one, another kind
    referee_services.penalty_give(member=members[6], type="season_deduction", reason="late", season=season,
                                  points=Decimal("3.5"))
    gone = referee_services.penalty_give(member=members[0], type="season_deduction", reason="late", season=season,
                                         points=2)
    referee_services.penalty_cancel(penalty=gone, reason="mistake")
    Penalty.objects.create(season=season, member=members[5], type=Penalty.Kind.YELLOW_CARD, reason="counted only")
    # a member renamed
    Member.objects.filter(pk=members[0].pk).update(display_name="새 이름")
    return Season.objects.select_related("ruleset").get(pk=season.pk)


@pytest.mark.parametrize("chunk", CHUNKS)
@pytest.mark.parametrize("method", METHODS)
def test_the_streamed_recompute_equals_the_whole_list_after_every_kind_of_change(season, method, chunk,
                                                                                monkeypatch):
    Season.objects.filter(pk=season.pk).update(rating_method=method, min_games=2)
    season = season_of_every_change(Season.objects.select_related("ruleset").get(pk=season.pk))
    monkeypatch.setattr(standings, "STREAM_CHUNK", chunk)
    streamed = outcome(*standings.season_fold(season))
    before = outcome(*whole_list(season))
    assert streamed == before
    rows, _ratings, state, histories = streamed
    assert state["games"] == Game.objects.filter(season=season, status=Game.Status.FINISHED).count() - 1  # skipped
    assert any("full_hands" in row for row in rows)
    assert any(row["name"] == "새 이름" for row in rows)
    assert any(row["deductions"] == "3.5" for row in rows)
    assert sum(len(h) for h in histories.values()) == 4 * state["games"]
    # and what standings_refresh stores is that
    snapshot = standings.standings_refresh(season_id=season.pk)
    snapshot = StandingsSnapshot.objects.get(pk=snapshot.pk)
    stored = dict(RatingHistory.objects.filter(snapshot=snapshot).values_list("member_id", "steps"))
    assert (snapshot.rows, snapshot.ratings, stored) == (before[0], before[1], before[3])
    assert snapshot.state["tallies"] == before[2]["tallies"]


def test_the_recompute_reads_the_games_in_chunks_and_folds_each_before_reading_more(season, monkeypatch):
    """Never the whole list: the games' rows are read a chunk at a time (their order from their ids alone),
    and each game is added to the table before more than a chunk of games beyond it has been read."""
    members = [MemberFactory(club=season.club) for _ in range(5)]
    start = timezone.now() - datetime.timedelta(days=1)
    rng = random.Random(2)
    for g in range(11):
        finished_game(season, rng.sample(members, 4), ["20.0", "5.0", "-5.0", "-20.0"],
                      at=start + datetime.timedelta(minutes=g))
    monkeypatch.setattr(standings, "STREAM_CHUNK", 3)

    chunk_sizes = []
    real_rows_of = standings._rows_of

    def spying_rows_of(ids):
        chunk_sizes.append(len(ids))
        return real_rows_of(ids)

    monkeypatch.setattr(standings, "_rows_of", spying_rows_of)
    read = []
    real_rows = standings._rows_in_order

    def counting_rows(season):
        for row in real_rows(season):
            read.append(row[0])
            yield row

    monkeypatch.setattr(standings, "_rows_in_order", counting_rows)
    ahead = []
    real_add = StandingsState.add_game

    def add_game(self, game, *args):
        ahead.append(len(read) - self.games)  # games read but not yet added, this one included
        return real_add(self, game, *args)

    monkeypatch.setattr(StandingsState, "add_game", add_game)

    table, _history = standings.season_fold(season)

    assert table.games == 11
    assert chunk_sizes == [3, 3, 3, 2]
    assert max(ahead) <= 3
    assert ahead[0] == 3
    assert ahead[-1] == 1  # read three, then folded; the last chunk holds two
    assert read == list(Game.objects.filter(season=season).order_by("finished_at", "id").values_list("id", flat=True))


def test_games_out_of_game_order_from_the_database_are_recomputed_from_the_whole_list(season, monkeypatch, caplog):
    """Defensive: should the database ever order the games otherwise than the rating does, nothing is
    folded in the wrong order — the recompute reads the whole list instead (and says so in the log)."""
    season = season_of_every_change(season)
    real_rows = standings._rows_in_order
    monkeypatch.setattr(standings, "_rows_in_order", lambda s: iter(list(real_rows(s))[::-1]))
    assert outcome(*standings.season_fold(season)) == outcome(*whole_list(season))
    assert "out of game order" in caplog.text

