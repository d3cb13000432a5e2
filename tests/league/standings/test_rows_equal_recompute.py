"""Issue 28 item 1: the standings are stored one row per member (``StandingRow``) and a finished game
rewrites only its players' rows, the places that moved and the season's header.

Whatever happens to a season — games finished after the others (the incremental update), at the
same moment as the last, "in the past", by a member new to the season, a member renamed, a season
deduction given or cancelled, a game cancelled — what the pages read from the rows after the update
equals a full recompute of the season, and so does what the next game is added to."""
from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.models import Member
from league.games import services as game_services
from league.models import Game, Penalty, RatingHistory, Season, StandingRow, StandingsSnapshot
from league.referee import services as referee_services
from league.standings import selectors as sel
from league.standings import services as standings
from league.standings.awards import Minimums, season_awards
from league.standings.figures import summed
from tests.factories import MemberFactory, SeasonFactory

from .conftest import finished_game

pytestmark = pytest.mark.django_db

MEMBERS = 7
METHODS = ("total", "p_rating", "tenhou_r", "openskill")

seats = st.lists(st.integers(0, MEMBERS - 1), min_size=4, max_size=4, unique=True)
tenths = st.lists(st.integers(-500, 500), min_size=3, max_size=3)
hands = st.lists(st.sampled_from([
    {"kind": "ron", "loser": 0, "wins": [{"winner": 2, "han": 3, "fu": 30}], "riichi": [2]},
    {"kind": "tsumo", "winner": 1, "han": 13, "fu": 30},
    {"kind": "draw", "tenpai": [0, 3], "riichi": [0]},
    {"kind": "nagashi", "players": [1], "tenpai": [1]},
]), max_size=4)
changes = st.one_of(
    st.tuples(st.just("finish"), seats, tenths, hands),  # after every other game: added to the rows
    st.tuples(st.just("tie"), seats, tenths, hands),  # at the same moment as the last game (order by id)
    st.tuples(st.just("past"), seats, tenths, hands),  # before the others: recomputed whole
    st.tuples(st.just("rename"), st.integers(0, MEMBERS - 1), seats, tenths),  # then a game is added
    st.tuples(st.just("deduction"), st.integers(0, MEMBERS - 1), st.integers(1, 9)),
    st.tuples(st.just("cancel_deduction")),
    st.tuples(st.just("cancel_game"), st.integers(0, 50)),
)


class _Season:
    """A season the steps change, with the clock of its games."""

    def __init__(self, method: str) -> None:
        self.season = SeasonFactory()
        Season.objects.filter(pk=self.season.pk).update(rating_method=method, min_games=2)
        self.members = [MemberFactory(club=self.season.club) for _ in range(MEMBERS)]
        self.start = timezone.now() - datetime.timedelta(days=30)
        self.clock = 0

    def game(self, seated: list[int], points: list[int], events, *, at: datetime.datetime) -> None:
        tenths_ = [*points, -sum(points)]
        finished_game(self.season, [self.members[i] for i in seated], [Decimal(t) / 10 for t in tenths_],
                      scores=[25000 + t * 100 for t in tenths_], events=list(events), at=at)

    def apply(self, change: tuple) -> None:
        kind = change[0]
        if kind in ("finish", "tie", "past"):
            if kind == "finish" or (kind == "tie" and not self.clock):
                self.clock += 1
            at = self.start + datetime.timedelta(hours=self.clock)
            if kind == "past":
                at = self.start - datetime.timedelta(hours=1)
            self.game(change[1], change[2], change[3], at=at)
            standings.season_changed(self.season.pk, game_finished=True)  # as the games' services say it
        elif kind == "rename":
            Member.objects.filter(pk=self.members[change[1]].pk).update(display_name=f"새 이름 {self.clock}")
            self.clock += 1
            self.game(change[2], change[3], [], at=self.start + datetime.timedelta(hours=self.clock))
            standings.season_changed(self.season.pk, game_finished=True)
        elif kind == "deduction":
            referee_services.penalty_give(member=self.members[change[1]], type="season_deduction", reason="늦음",
                                          season=self.season, points=Decimal(change[2]))
        elif kind == "cancel_deduction":
            given_ = Penalty.objects.filter(season=self.season, cancelled_at__isnull=True).order_by("pk").first()
            if given_ is not None:
                referee_services.penalty_cancel(penalty=given_, reason="실수")
        elif kind == "cancel_game":
            games = list(Game.objects.filter(season=self.season, status=Game.Status.FINISHED).order_by("pk"))
            if games:
                game_services.game_cancel(game=games[change[1] % len(games)], reason="잘못 앉음")


def _by_member(pairs) -> dict:
    return {p[0]: list(p[1:]) for p in pairs}


def assert_rows_equal_a_full_recompute(season: Season) -> None:
    season = Season.objects.select_related("ruleset").get(pk=season.pk)
    table, history = standings.season_fold(season)
    rows = table.rows()
    state = table.state(epoch=season.standings_epoch)
    snapshot = sel.season_snapshot(season=season, with_history=True)
    # the table, the API's and the exports' rows: every row in display order, with its rank
    assert snapshot.rows == rows
    read = sel.standings_rows(snapshot=sel.season_snapshot(season=season))
    assert read.rows == [sel.table_row(r) for r in rows]
    # a player page: the member's one row, the club's figures added up, and the history
    for row in rows:
        fresh = sel.season_snapshot(season=season)
        assert sel.player_row(snapshot=fresh, member_id=row["member_id"]) == sel.table_row(row)
        assert sel.rating_history(snapshot=fresh, member_id=row["member_id"]) == [
            (g, Decimal(v)) for g, v in history.get(row["member_id"], [])]
    assert sel.club_rows(snapshot=snapshot) in ([summed(rows)], rows)
    assert snapshot.ratings == table.ratings_doc()
    assert snapshot.awards == season_awards(rows, Minimums(games=max(1, season.min_games)))
    assert snapshot.games_count == table.games
    stored_histories = dict(RatingHistory.objects.filter(snapshot=snapshot).values_list("member_id", "steps"))
    assert stored_histories == {m: list(h) for m, h in history.items()}
    # what the next game is added to: the header and each member's tally and rating state
    stored = StandingsSnapshot.objects.get(pk=snapshot.pk).state
    assert {k: v for k, v in stored.items() if k not in ("tallies", "rating")} == {
        k: v for k, v in state.items() if k not in ("tallies", "rating")}
    assert {t["member_id"]: t for t in stored["tallies"]} == {t["member_id"]: t for t in state["tallies"]}
    assert _by_member(stored["rating"]["players"]) == _by_member(state["rating"]["players"])
    assert stored["rating"]["method"] == state["rating"]["method"]
    # one row per member, numbered 0.. in display order
    positions = list(StandingRow.objects.filter(snapshot=snapshot).order_by("position")
                     .values_list("position", "member_id"))
    assert positions == [(i, r["member_id"]) for i, r in enumerate(rows)]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(method=st.sampled_from(METHODS),
       steps=st.lists(changes, min_size=1, max_size=7))
def test_the_rows_equal_a_full_recompute_after_every_kind_of_change(method, steps):
    season = _Season(method)
    for change in steps:
        season.apply(change)
        standings.standings_update(season_id=season.season.pk)
        assert_rows_equal_a_full_recompute(season.season)


def test_a_finished_game_rewrites_its_players_rows_and_the_places_that_moved_only(monkeypatch):
    """The incremental update writes the four players' rows whole and others' two numbers only when
    their place moved; it never replaces every row."""
    s = _Season("p_rating")
    for i in range(6):
        s.apply(("finish", [i % MEMBERS, (i + 1) % MEMBERS, (i + 2) % MEMBERS, (i + 3) % MEMBERS], [100, -50, 20], []))
        standings.standings_update(season_id=s.season.pk)
    places = StandingRow.objects.filter(snapshot__season=s.season).values_list("pk", "position", "rank")
    before = {pk: (position, rank) for pk, position, rank in places}
    written = []
    real = standings._update_rows

    def recording(renumbered, rewritten):
        written.append(({r.pk for r in renumbered}, {r.pk for r in rewritten}))
        return real(renumbered, rewritten)

    monkeypatch.setattr(standings, "_update_rows", recording)
    monkeypatch.setattr(StandingRow.objects, "bulk_update", lambda *a, **kw: pytest.fail("no bulk_update"))
    monkeypatch.setattr(standings, "standings_refresh", lambda **kw: pytest.fail("no full recompute"))
    s.apply(("finish", [0, 1, 2, 3], [300, -100, -100], []))
    standings.standings_update(season_id=s.season.pk)
    players = set(StandingRow.objects.filter(snapshot__season=s.season, member_id__in=[
        m.pk for m in s.members[:4]]).values_list("pk", flat=True))
    after = {pk: (position, rank) for pk, position, rank in places.all()}
    [(renumbered, whole)] = written
    assert whole == players
    assert renumbered == {pk for pk in before if pk not in players and before[pk] != after[pk]}
    assert_rows_equal_a_full_recompute(s.season)
