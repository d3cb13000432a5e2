"""The standings refresh: exact totals, deductions, minimum games, stats, exports, recompute."""
from __future__ import annotations

import csv
import io
from decimal import Decimal as D

import openpyxl
import pytest
from django.utils.translation import gettext as _

from league.models import Game, GameSeat, HandRecord, StandingsSnapshot
from league.standings import selectors as sel
from league.standings.services import standings_refresh
from league.standings.stats import hand_stats
from league.web.standings.tables import StandingsTable, export_bytes
from tests.factories import MemberFactory, PenaltyFactory

from .conftest import random_season

pytestmark = pytest.mark.django_db


def rows_by_member(snapshot):
    return {r["member_id"]: r for r in snapshot.rows}


def test_standings_equal_the_sum_of_game_points_on_a_generated_season(season):
    members = random_season(season, players=8, games=40)
    snapshot = standings_refresh(season_id=season.pk)
    rows = rows_by_member(snapshot)
    expected_points, expected_games, expected_ranks = {}, {}, {}
    for game in Game.objects.filter(season=season):
        for seat in GameSeat.objects.filter(game=game):
            pt = D(repr(game.final_points[seat.seat]))
            expected_points[seat.member_id] = expected_points.get(seat.member_id, D(0)) + pt
            expected_games[seat.member_id] = expected_games.get(seat.member_id, 0) + 1
            expected_ranks.setdefault(seat.member_id, [0, 0, 0, 0])[game.final_ranks[seat.seat] - 1] += 1
    assert set(rows) == {m.pk for m in members}
    for member_id, row in rows.items():
        assert D(row["total"]) == expected_points[member_id]
        assert row["games"] == expected_games[member_id]
        assert row["rank_counts"] == expected_ranks[member_id]
    assert sum(D(r["total"]) for r in snapshot.rows) == 0  # zero-sum games, exactly
    assert snapshot.games_count == 40
    assert [r["rank"] for r in snapshot.rows] == list(range(1, 9))
    totals = [D(r["total"]) for r in snapshot.rows]
    assert totals == sorted(totals, reverse=True)  # season method "total": ranked by total


def test_decimal_points_add_up_exactly_where_floats_would_not(season, players, make_game):
    for _game in range(10):
        make_game(season, players, ["0.1", "0.2", "-0.1", "-0.2"])
    rows = rows_by_member(standings_refresh(season_id=season.pk))
    assert rows[players[0].pk]["total"] == "1.0"  # 0.1 added 10 times, not 0.9999999999999999
    assert rows[players[1].pk]["total"] == "2.0"
    assert rows[players[1].pk]["points_per_game"] == "0.20"


@pytest.mark.parametrize(
    ("deductions", "expected_total"),
    [
        pytest.param(["10"], "43.0", id="one-deduction-subtracts-exactly"),
        pytest.param(["0.3", "0.3", "0.3"], "52.1", id="decimal-deductions-sum-exactly"),
        pytest.param([], "53.0", id="no-deduction-total-is-game-points"),
    ],
)
def test_season_deductions_subtract_exactly(season, players, make_game, deductions, expected_total):
    make_game(season, players, [53, 5, -15, -43])
    for points in deductions:
        PenaltyFactory(season=season, member=players[0], points=D(points))
    row = rows_by_member(standings_refresh(season_id=season.pk))[players[0].pk]
    assert row["total"] == expected_total
    assert row["game_points"] == "53.0"
    assert D(row["deductions"]) == sum((D(p) for p in deductions), D(0))
    assert row["penalties"] == len(deductions)


def test_cancelled_deduction_does_not_count(season, players, make_game):
    from django.utils import timezone

    make_game(season, players, [53, 5, -15, -43])
    PenaltyFactory(season=season, member=players[0], points=D(10), cancelled_at=timezone.now())
    row = rows_by_member(standings_refresh(season_id=season.pk))[players[0].pk]
    assert row["total"] == "53.0"
    assert row["penalties"] == 0


def test_minimum_games_rule_lists_players_apart_without_a_rank(season, players, make_game):
    season.min_games = 2
    season.save()
    newcomer = MemberFactory(club=season.club)
    make_game(season, players, [40, 10, -20, -30])
    make_game(season, players, [40, 10, -20, -30])
    make_game(season, [newcomer, *players[1:]], [90, 0, -40, -50])  # best total, but 1 game
    snapshot = standings_refresh(season_id=season.pk)
    standings = sel.standings_rows(snapshot=snapshot)
    assert [r["member_id"] for r in standings.unranked] == [newcomer.pk]
    assert standings.unranked[0]["rank"] is None
    assert [r["rank"] for r in standings.ranked] == [1, 2, 3, 4]
    assert standings.ranked[0]["member_id"] == players[0].pk


def test_best_n_games_rates_total_method_by_best_games_and_keeps_full_total(season, players, make_game):
    season.best_n = 1
    season.save()
    make_game(season, players, [40, 10, -20, -30])
    make_game(season, players, [-30, 10, -20, 40])
    rows = rows_by_member(standings_refresh(season_id=season.pk))
    assert rows[players[0].pk]["rating"] == "40.0"
    assert rows[players[0].pk]["total"] == "10.0"
    assert rows[players[3].pk]["rating"] == "40.0"
    assert rows[players[3].pk]["total"] == "10.0"


@pytest.mark.parametrize(
    ("method", "params", "expected_first"),
    [
        pytest.param("p_rating", {}, "1.519", id="season-rated-by-p-rating"),
        pytest.param("p_rating", {"divisor": 30}, "2.077", id="club-sets-p-rating-divisor-as-data"),
        pytest.param("tenhou_r", {}, "1530.00", id="season-rated-by-tenhou-r"),
        pytest.param("openskill", {}, "3.005", id="season-rated-by-openskill"),
        pytest.param("p_rating", {"F": 3}, "1.519", id="bad-params-fall-back-to-defaults"),
    ],
)
def test_season_rating_method_and_params(season, players, make_game, method, params, expected_first):
    season.rating_method = method
    season.rating_params = params
    season.save()
    make_game(season, players, ["62.3", "8.1", "-21.4", "-49.0"])
    snapshot = standings_refresh(season_id=season.pk)
    assert rows_by_member(snapshot)[players[0].pk]["rating_display"] == expected_first
    assert bool(snapshot.ratings["params_error"]) == ("F" in params)
    assert len(sel.rating_history(snapshot=snapshot, member_id=players[0].pk)) == 1


@pytest.mark.parametrize(
    ("events", "seat", "expected"),
    [
        pytest.param([{"kind": "ron", "loser": 2, "wins": [{"winner": 0, "han": 1, "fu": 30}], "riichi": [0]}], 0,
                     {"hands": 1, "wins": 1, "deal_ins": 0, "riichi": 1}, id="ron-winner-counts-win-and-riichi"),
        pytest.param([{"kind": "ron", "loser": 2, "wins": [{"winner": 0, "han": 1, "fu": 30}]}], 2,
                     {"hands": 1, "wins": 0, "deal_ins": 1, "riichi": 0}, id="ron-loser-deals-in"),
        pytest.param([{"kind": "ron", "loser": 3, "wins": [{"winner": 0, "han": 1, "fu": 30},
                                                           {"winner": 1, "han": 2, "fu": 30}]}], 3,
                     {"hands": 1, "deal_ins": 1}, id="double-ron-is-one-deal-in"),
        pytest.param([{"kind": "tsumo", "winner": 1, "yakuman": 1}], 1,
                     {"wins": 1, "tsumo_wins": 1, "yakuman": 1}, id="tsumo-yakuman"),
        pytest.param([{"kind": "chombo", "offender": 1}, {"kind": "draw", "tenpai": [1], "riichi": [1]}], 1,
                     {"hands": 1, "wins": 0, "riichi": 1}, id="chombo-is-not-a-hand"),
    ],
)
def test_hand_stats_from_contract_events(events, seat, expected):
    stats = hand_stats(events, 4)[seat]
    assert {k: stats[k] for k in expected} == expected


@pytest.mark.parametrize(
    ("nagashi_wins", "expected"),
    [
        pytest.param(True, {"hands": 1, "wins": 1}, id="juki: nagashi mangan counts as a win"),
        pytest.param(False, {"hands": 1, "wins": 0}, id="asi: nagashi mangan is a draw, not a win"),
    ],
)
def test_nagashi_counts_as_a_win_where_the_ruleset_says(nagashi_wins, expected):
    events = [{"kind": "nagashi", "players": [2], "tenpai": [2]}]
    stats = hand_stats(events, 4, nagashi_wins=nagashi_wins)[2]
    assert {k: stats[k] for k in expected} == expected


def test_rates_and_tobi_in_the_snapshot(season, players, make_game):
    events = [
        {"kind": "ron", "loser": 3, "wins": [{"winner": 0, "han": 3, "fu": 30}], "riichi": [0]},
        {"kind": "draw", "tenpai": [], "riichi": [0, 3]},
        {"kind": "ron", "loser": 3, "wins": [{"winner": 1, "han": 3, "fu": 30}], "riichi": []},
        {"kind": "tsumo", "winner": 0, "han": 1, "fu": 30, "riichi": []},
    ]
    make_game(season, players, [60, 20, -20, -60], scores=[50000, 40000, 11000, -1000], events=events)
    rows = rows_by_member(standings_refresh(season_id=season.pk))
    a, d = rows[players[0].pk], rows[players[3].pk]
    assert (a["win_rate"], a["riichi_rate"], a["deal_in_rate"]) == ("0.5000", "0.5000", "0.0000")
    assert (d["deal_in_rate"], d["tobi_rate"], d["tobi"]) == ("0.5000", "1.0000", 1)
    assert a["tobi_rate"] == "0.0000"


def test_exports_hold_the_same_numbers_as_the_standings(season, players, make_game):
    season.min_games = 2
    season.save()
    random_season(season, players=6, games=12)
    PenaltyFactory(season=season, member=players[0], points=D("2.5"))
    snapshot = standings_refresh(season_id=season.pk)
    rows = sel.standings_rows(snapshot=snapshot).rows
    table = StandingsTable(rows)
    names = [c.name for c in table.columns]

    text = export_bytes(rows, "csv").decode("utf-8-sig")
    header, *body = list(csv.reader(io.StringIO(text)))
    sheet = openpyxl.load_workbook(io.BytesIO(export_bytes(rows, "xlsx"))).active
    xheader, *xbody = list(sheet.iter_rows(values_only=True))
    assert list(xheader) == header == [str(c.header) for c in table.columns] + [str(_("Qualified"))]
    assert len(body) == len(xbody) == len(rows) == len(snapshot.rows)
    for row, crow, xrow in zip(rows, body, xbody, strict=False):
        for i, name in enumerate(names):
            value = row[name]
            if value is None:
                assert crow[i] == "", name
                assert xrow[i] in ("", None), name
            elif name == "name":
                assert crow[i] == xrow[i] == value
            else:
                assert D(crow[i]) == D(str(xrow[i])) == D(value), name
    # the exported totals are the snapshot's totals, deduction included
    by_name = {crow[names.index("name")]: crow for crow in body}
    for r in snapshot.rows:
        assert D(by_name[r["name"]][names.index("total")]) == D(r["total"])
    assert D(by_name[players[0].display_name][names.index("deductions")]) == D("2.5")


def test_refresh_query_count_does_not_grow_with_games(season, players, make_game):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            standings_refresh(season_id=season.pk)
        return len(ctx)

    make_game(season, players, [30, 10, -10, -30], events=[{"kind": "draw", "tenpai": []}])
    queries()  # the first refresh creates the snapshot; later ones update it
    few = queries()
    others = [MemberFactory(club=season.club) for _ in range(4)]
    for i in range(20):
        make_game(season, players if i % 2 else others, [30, 10, -10, -30], events=[{"kind": "draw", "tenpai": []}])
    # the order of the ids, then each chunk of rows by id (and the club's visitors, issue 36: read once)
    assert queries() == few <= 14


# ------------------------------------------------------------- recompute on change


FULL_GAME = [{"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 5, "fu": 30}], "riichi": [1]}] + [
    {"kind": "draw", "tenpai": [], "riichi": []} for _ in range(7)
]


def play(game, events, by):
    from league.games import services as game_services

    for position, event in enumerate(events):
        game_services.hand_record(game=game, position=position, event=event, by=by)


def test_a_finished_game_enters_the_standings_through_the_task(game, players, referee,
                                                               django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        play(game, FULL_GAME, referee.user)
    snapshot = StandingsSnapshot.objects.get(season=game.season)
    assert rows_by_member(snapshot)[players[1].pk]["total"] == "53.0"
    assert snapshot.games_count == 1


def test_a_game_edit_changes_the_standings_after_the_task_runs(game, players, referee,
                                                               django_capture_on_commit_callbacks):
    from league.games import services as game_services

    with django_capture_on_commit_callbacks(execute=True):
        play(game, FULL_GAME, referee.user)
    first = HandRecord.objects.get(game=game, position=0)
    edited = {**first.event, "wins": [{"winner": 1, "han": 6, "fu": 30}]}
    with django_capture_on_commit_callbacks(execute=True):
        game_services.hand_edit(hand=first, event=edited, by=referee.user, reason="haneman, not mangan")
    rows = rows_by_member(StandingsSnapshot.objects.get(season=game.season))
    assert rows[players[1].pk]["total"] == "57.0"
    assert rows[players[0].pk]["total"] == "-47.0"


def test_a_cancelled_game_leaves_the_standings(game, players, referee, django_capture_on_commit_callbacks):
    from league.games import services as game_services

    with django_capture_on_commit_callbacks(execute=True):
        play(game, FULL_GAME, referee.user)
    with django_capture_on_commit_callbacks(execute=True):
        game_services.game_cancel(game=game, by=referee.user, reason="wrong seats")
    snapshot = StandingsSnapshot.objects.get(season=game.season)
    assert snapshot.games_count == 0
    assert snapshot.rows == []
