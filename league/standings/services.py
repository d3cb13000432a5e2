"""Season standings: the services that store a season's StandingsSnapshot (its header) and
StandingRows (one per member: the row pages show, the tally and rating state the next game adds to).

``standings_update(season_id=...)`` is what the Celery task ``league.standings.tasks.season_recompute``
runs after a game finishes, is edited or cancelled (``season_changed`` queues it on commit, never
inside the host's request): when the only change since the stored snapshot is games newly
finished after every game it covers, it adds just those (:func:`standings_add_games`: their
players' tallies, one rating step each, from their stored rows; it rewrites those rows, renumbers
the places that moved and writes the header); anything else — a past game
edited or cancelled, a penalty, the season's settings, a game finishing "in the past" — is a
full recompute (:func:`standings_refresh`, also run once synchronously by a page when no
snapshot exists yet). Both add games through ``league.standings.stats.StandingsState``, so they agree.

Which of the two: ``Season.standings_epoch`` counts the changes a game-by-game update cannot
follow (``season_changed`` bumps it unless told a game just finished); the snapshot's state
records the epoch it was made at (read before its data), how many games it covers and the
last of them in game order.

A full recompute streams (:func:`season_fold`): it reads the finished games in game order,
:data:`STREAM_CHUNK` at a time (only the columns it needs, with their cached statistics
``Game.final_stats``), then those games' seats, and adds them to the table before reading more —
it never holds every game's statistics at once, so its memory stays flat as the season grows.
Hand records are read only for a game without cached statistics. Pages read the snapshot only,
so they stay readable while a recompute runs.
"""
from __future__ import annotations

import datetime
import json
import logging
from collections import defaultdict
from collections.abc import Iterable, Iterator

import orjson
from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, TextField
from django.db.models.functions import Cast, Coalesce
from django.utils import timezone

from club.models import Member
from core.collector import collector_held_off
from core.queueing import on_commit
from league.games import game_stats
from league.models import Game, GameSeat, HandRecord, Penalty, RatingHistory, Season, StandingRow, StandingsSnapshot
from league.standings.awards import Minimums, season_awards
from league.standings.figures import summed
from league.standings.stats import SeasonData, StandingsState, rank_rows, season_table
from league.standings.tasks import season_recompute as season_recompute_task
from scoring import ratings as R

logger = logging.getLogger(__name__)

GAME_COLUMNS = ("id", "order_at", "final_points", "final_ranks", "final_scores", "ruleset_id", "final_stats")
"""What the standings read of a finished game (``order_at``: when it finished, else started; :func:`_rows`)."""
SCORES, RULESET, STATS = 4, 5, 6  # positions in a row of GAME_COLUMNS
ID_CHUNK = 900  # ids per IN (...) list: under SQLite's default limit on variables
MAX_ADDED = 50  # more games finished since the snapshot than this: recompute whole
STREAM_CHUNK = ID_CHUNK  # games a full recompute reads at a time (their seats in one IN (...) list)


def _seats(games, names: dict[int, str] | None = None) -> dict[int, dict[int, int]]:
    """Game id -> seat -> member id; with ``names``, the players' names are read into it (same query)."""
    seats: dict[int, dict[int, int]] = defaultdict(dict)
    # unordered: the seats' default order (by game) joins and sorts the games for nothing
    # by the column, not the relation: ``game__in`` normalises each of the 900 ids as a related value
    qs = GameSeat.objects.filter(game_id__in=games).order_by()
    if names is None:
        for game_id, seat, member_id in qs.values_list("game_id", "seat", "member_id"):
            seats[game_id][seat] = member_id
        return seats
    for game_id, seat, member_id, name in qs.values_list("game_id", "seat", "member_id", "member__display_name"):
        seats[game_id][seat] = member_id
        names[member_id] = name
    return seats


JSON_COLUMNS = ("final_points", "final_ranks", "final_scores", "final_stats")


def _game_rows(games, *, limit: int | None = None) -> Iterator[tuple]:
    """The finished ``games``' :data:`GAME_COLUMNS` rows (the first ``limit`` of them). Their JSON is read
    as text and parsed here by orjson: read by Django's ``JSONField`` (the standard library's parser, one
    call and converter each), the four values a game were a quarter of a full recompute at 50,000 games."""
    as_text = {f"{name}_text": Cast(name, output_field=TextField()) for name in JSON_COLUMNS}
    columns = [f"{name}_text" if name in JSON_COLUMNS else name for name in GAME_COLUMNS]
    rows = games.annotate(order_at=Coalesce("finished_at", "started_at"), **as_text).values_list(*columns)
    for row in rows if limit is None else rows[:limit]:
        row = list(row)
        for i in _JSON_AT:
            if row[i] is not None:
                row[i] = orjson.loads(row[i])
        yield tuple(row)


_JSON_AT = tuple(i for i, name in enumerate(GAME_COLUMNS) if name in JSON_COLUMNS)


def _game_result(row: tuple, seats: dict[int, dict[int, int]]) -> R.GameResult | None:
    """A finished game's row (:data:`GAME_COLUMNS`) as rating input; None (logged) without a usable result."""
    game_id, order_at, points, ranks = row[:4]
    order = seats.get(game_id, {})
    if not points or not ranks or len(order) != len(points):
        logger.warning("standings: finished game %s has no usable result cache; skipped", game_id)
        return None
    return R.GameResult(
        game_id=game_id,
        players=tuple(order[s] for s in sorted(order)),
        points=tuple(R.to_decimal(p) for p in points),
        ranks=tuple(ranks),
        finished_at=order_at,
    )


def _events(game_ids: Iterable[int]) -> dict[int, list[dict]]:
    events: dict[int, list[dict]] = defaultdict(list)
    ids = list(game_ids)
    for i in range(0, len(ids), ID_CHUNK):
        rows = (HandRecord.objects.filter(game_id__in=ids[i:i + ID_CHUNK]).order_by("game_id", "position")
                .values_list("game_id", "event"))
        for game_id, event in rows.iterator(chunk_size=5000):
            events[game_id].append(event)
    return dict(events)


def _specs(season: Season, ruleset_ids: dict[int, int | None], known: dict | None = None) -> dict[int, dict]:
    """Game id -> its contract ruleset (one query, only when some have another than the season's).

    ``known``: ruleset id -> spec already read (a streamed recompute keeps them between chunks)."""
    from league.models import Ruleset

    specs = known if known is not None else {}
    if season.ruleset_id not in specs:
        specs[season.ruleset_id] = season.ruleset.spec()
    own = set(ruleset_ids.values()) - {None} - set(specs)
    if own:
        specs.update({r.pk: r.spec() for r in Ruleset.objects.filter(pk__in=own)})
    return {g: specs.get(r or season.ruleset_id) for g, r in ruleset_ids.items()}


def _uncached_stats(season: Season, games: list[R.GameResult], events: dict[int, list[dict]],
                    rulesets: dict[int, int | None], names: dict[int, str],
                    known_specs: dict | None = None) -> dict[int, dict]:
    """The statistics of games without a cache, read from their events (``game_stats.stats_of_events``)."""
    if not games:
        return {}
    specs = _specs(season, {g.game_id: rulesets.get(g.game_id) for g in games}, known_specs)
    return {g.game_id: game_stats.stats_of_events(events.get(g.game_id, []), len(g.players), specs[g.game_id],
                                                  game_id=g.game_id, names=[names.get(m, str(m)) for m in g.players])
            for g in games}


def load_season_data(season: Season, *, events: bool = False, game_ids: Iterable[int] | None = None) -> SeasonData:
    """The season's finished games (in game order), their statistics, penalties and names.

    Hand records are read only for the games without cached statistics, or for all with ``events``
    (the what-if lab replays them). ``game_ids``: only those games and no penalties (a club night's
    games: :func:`games_awards`)."""
    finished = Game.objects.filter(season=season, status=Game.Status.FINISHED)
    if game_ids is not None:
        finished = finished.filter(pk__in=list(game_ids))
    seats = _seats(finished)
    games: list[R.GameResult] = []
    scores: dict[int, list[int] | None] = {}
    rulesets: dict[int, int | None] = {}
    stats: dict[int, dict] = {}
    uncached: list[R.GameResult] = []
    for row in _game_rows(finished.order_by()):
        game = _game_result(row, seats)
        if game is None:
            continue
        games.append(game)
        scores[game.game_id], rulesets[game.game_id], cached = row[SCORES], row[RULESET], row[STATS]
        if game_stats.usable(cached, len(game.players)):
            stats[game.game_id] = cached
        else:
            uncached.append(game)
    games = R.in_game_order(games)
    hand_events = _events(g.game_id for g in (games if events else uncached))
    penalties = [] if game_ids is not None else list(
        Penalty.objects.filter(season=season, cancelled_at__isnull=True).values_list("member_id", "type", "points")
    )
    member_ids = {m for g in games for m in g.players} | {p[0] for p in penalties}
    names = dict(Member.objects.filter(id__in=member_ids).values_list("id", "display_name"))
    stats.update(_uncached_stats(season, uncached, hand_events, rulesets, names))
    return SeasonData(season, games, scores, hand_events, penalties, names, rulesets, stats)


def games_awards(*, season: Season, game_ids: Iterable[int]) -> list[dict]:
    """The season's award rules (``league.standings.awards``) over a few of its finished games only
    (a club night's: issue 26's night awards), from the same per-game statistics as the standings.
    One game is enough for "best average placement" here: a night is short."""
    table, _steps = season_table(load_season_data(season, game_ids=game_ids))
    return season_awards(table.rows(), Minimums(games=1))


def _rows_in_order(season: Season) -> Iterator[tuple]:
    """The season's finished games' :data:`GAME_COLUMNS` rows in game order (``scoring.ratings.game_order_key``:
    finish time, a missing one last, ties by id), read from the database :data:`STREAM_CHUNK` games at a time.

    The order is worked out on the games' ids alone, then each chunk's rows are read by id: sorting the
    whole rows (their statistics are ~2 KB of JSON a game) made PostgreSQL sort ~100 MB on disk at
    50,000 games before the first row came. The ids are held (8 bytes a game), never the rows."""
    finished = Game.objects.filter(season=season, status=Game.Status.FINISHED).order_by()
    ids = list(finished.annotate(order_at=Coalesce("finished_at", "started_at"))
               .order_by(F("order_at").asc(nulls_last=True), "id").values_list("id", flat=True))
    for start in range(0, len(ids), STREAM_CHUNK):
        yield from _rows_of(ids[start:start + STREAM_CHUNK])


def _rows_of(ids: list[int]) -> list[tuple]:
    """The rows of the games ``ids``, in that order."""
    by_id = {row[0]: row for row in _game_rows(Game.objects.filter(id__in=ids).order_by())}
    return [by_id[game_id] for game_id in ids if game_id in by_id]


def _chunks(rows: Iterator[tuple], size: int) -> Iterator[list[tuple]]:
    chunk: list[tuple] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class _OutOfOrder(Exception):
    """The database gave two games in another order than ``scoring.ratings.game_order_key``."""


def season_fold(season: Season) -> tuple[StandingsState, dict[int, list[list]]]:
    """The season's standings table, its games added in game order as they are read, :data:`STREAM_CHUNK`
    at a time; and each member's rating history ([[game, rating after], ...], what ``RatingHistory`` stores).

    Equal to ``season_table(load_season_data(season))`` (tests/league/standings/test_streamed_recompute.py),
    without ever holding every game's row, seats or statistics: per chunk, the games' rows, one query for
    their seats, and the hand records of those without cached statistics. Should the database order the
    games otherwise than the rating's game order (it does not: the same key), it recomputes from the
    whole list instead. The cyclic collector is held off meanwhile (:mod:`core.collector`: it rescanned the
    growing tallies, ~35 % of the time at 50,000 games)."""
    with collector_held_off():
        try:
            return _season_fold(season)
        except _OutOfOrder:
            logger.warning("standings: season %s's games came out of game order; recomputed from the whole list",
                           season.pk)
            table, steps = season_table(load_season_data(season))
            return table, _history_rows(table, steps)


def _season_fold(season: Season) -> tuple[StandingsState, dict[int, list[list]]]:
    # the names of everyone who has a penalty, here, and of each chunk's players with its seats
    names: dict[int, str] = {}
    penalties = []
    for member_id, kind, points, name in Penalty.objects.filter(season=season, cancelled_at__isnull=True).values_list(
            "member_id", "type", "points", "member__display_name"):
        penalties.append((member_id, kind, points))
        names[member_id] = name
    table = StandingsState(season)
    history: dict[int, list[list]] = defaultdict(list)
    known_specs: dict = {}
    previous: tuple | None = None
    for rows in _chunks(_rows_in_order(season), STREAM_CHUNK):
        seats = _seats([r[0] for r in rows], names)
        games: list[tuple[R.GameResult, tuple]] = []
        for row in rows:
            game = _game_result(row, seats)
            if game is not None:
                games.append((game, row))
        stats = {g.game_id: row[STATS] for g, row in games if game_stats.usable(row[STATS], len(g.players))}
        uncached = [g for g, _row in games if g.game_id not in stats]
        if uncached:
            stats.update(_uncached_stats(season, uncached, _events(g.game_id for g in uncached),
                                         {row[0]: row[RULESET] for row in rows}, names, known_specs))
        for game, row in games:
            key = R.game_order_key(game)
            if previous is not None and key < previous:
                raise _OutOfOrder
            previous = key
            for step in table.add_game(game, stats.get(game.game_id), row[SCORES], names):
                history[step.player].append([step.game_id, table.history_value(step)])
    table.add_penalties(penalties, names)
    return table, history


# ----------------------------------------------------------------------------------------- storing


def _history_rows(table: StandingsState, steps: Iterable[R.RatingStep]) -> dict[int, list[list]]:
    out: dict[int, list[list]] = defaultdict(list)
    for step in steps:
        out[step.player].append([step.game_id, table.history_value(step)])
    return out


def _locked_snapshot(season: Season, *, read_at: datetime.datetime) -> StandingsSnapshot:
    """The season's snapshot, locked (made first when there is none: two first refreshes race safely)."""
    qs = StandingsSnapshot.objects.select_for_update().filter(season=season).only("id", "computed_at")
    snapshot = qs.first()
    if snapshot is None:
        StandingsSnapshot.objects.get_or_create(season=season, defaults={"computed_at": read_at})
        snapshot = qs.get()
    return snapshot


def _header_fields(table: StandingsState, *, read_at: datetime.datetime, epoch: int, rows: list[dict],
                   ratings: dict) -> dict:
    """The snapshot's header as stored: everything but the members' rows."""
    return {"computed_at": read_at, "ratings": ratings, "games_count": table.games, "header": table.header(epoch=epoch),
            # the awards with the standings, from the same rows (never per request)
            "awards": season_awards(rows, Minimums(games=max(1, table.season.min_games))),
            "club_figures": summed(rows)}


def _write_header(snapshot: StandingsSnapshot, fields: dict, rows: list[dict]) -> None:
    for name, value in fields.items():
        setattr(snapshot, name, value)
    snapshot.save(update_fields=list(fields))
    snapshot.__dict__["_rows"] = rows  # what was stored: read back by whoever holds this snapshot


def _insert(model, fields: tuple[str, ...], rows: Iterable[tuple]) -> None:
    """Rows inserted one statement each, sent together (``executemany``). Django's ``bulk_create`` sends
    PostgreSQL one array a column (``UNNEST``), and psycopg escapes every quote of the JSON in such an
    array one at a time: a 50,000-game season's histories (3.5 MB) took ~5× the CPU this does."""
    columns = [model._meta.get_field(name) for name in fields]
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(f.column) for f in columns)}) "
            f"VALUES ({', '.join('%s' for _ in columns)})",
            [[f.get_db_prep_save(value, connection) for f, value in zip(columns, row, strict=True)] for row in rows])


def _write_rows(snapshot_id: int, table: StandingsState, rows: list[dict]) -> None:
    """Every member's row stored (the old rows replaced)."""
    at = {row["member_id"]: (i, row) for i, row in enumerate(rows)}
    StandingRow.objects.filter(snapshot_id=snapshot_id).delete()
    _insert(StandingRow, ("snapshot", "member_id", "position", "rank", "row", "tally", "rating_state"),
            ((snapshot_id, m, at[m][0], at[m][1]["rank"], {**at[m][1], "rank": None}, tally, rating)
             for m, (tally, rating) in table.member_parts().items()))


ROWS_BATCH = 300  # rows per UPDATE: only a rewritten row's three JSON values are parameters (SQLite's old limit: 999)
REWRITTEN = ("row", "tally", "rating_state")


def _sql_int(value: int | None) -> str:
    """A whole number (or NULL) written into the SQL: ``int()`` leaves nothing else to quote."""
    return "NULL" if value is None else str(int(value))


def _update_rows(renumbered: list[StandingRow], rewritten: list[StandingRow]) -> None:
    """Rows' new places (two numbers a row) and the players' rows rewritten whole (with their places), in one
    UPDATE per :data:`ROWS_BATCH` rows: what ``bulk_update`` sends, without building an expression per row
    and field (at 300 rows that took most of a finished game's update). The ids and places are written into
    the SQL as numbers, not sent as parameters: psycopg splits a statement at each of its placeholders in
    Python, and a new statement each time (the places that moved differ) is never remembered — 1,200
    placeholders were a tenth of an update at 50,000 games."""
    quote = connection.ops.quote_name
    fields = [StandingRow._meta.get_field(name) for name in REWRITTEN]
    items = [(r, True) for r in rewritten] + [(r, False) for r in renumbered]
    for i in range(0, len(items), ROWS_BATCH):
        batch = items[i:i + ROWS_BATCH]
        sets, params = [], []
        for name in ("position", "rank"):
            whens = " ".join(f"WHEN {_sql_int(r.pk)} THEN CAST({_sql_int(getattr(r, name))} AS INTEGER)"
                             for r, _whole in batch)
            sets.append(f"{quote(name)} = CASE id {whens} END")
        whole = [r for r, is_whole in batch if is_whole]
        for field in fields if whole else ():
            column = quote(field.column)
            sets.append(f"{column} = CASE id {' '.join(f'WHEN {_sql_int(r.pk)} THEN %s' for r in whole)} "
                        f"ELSE {column} END")
            params += [field.get_db_prep_save(getattr(r, field.name), connection) for r in whole]
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {quote(StandingRow._meta.db_table)} SET {', '.join(sets)} "
                           f"WHERE id IN ({', '.join(_sql_int(r.pk) for r, _w in batch)})", params)


def _write_added(snapshot: StandingsSnapshot, table: StandingsState, *, read_at: datetime.datetime, epoch: int,
                 players: set[int], names: dict[int, str]) -> None:
    """The games' players' rows rewritten (a new player's made), any other row renamed since rewritten,
    the places that moved renumbered (two numbers a row), and the header.

    The awards and the ranking need every row: read (one query), not written."""
    # the rows' JSON read as text and parsed by orjson (Django's JSONField parses with the standard library:
    # 300 rows of ~1.5 KB were a third of an update at 50,000 games)
    stored = {m: [pk, position, rank, orjson.loads(row)] for pk, m, position, rank, row in
              StandingRow.objects.filter(snapshot=snapshot).values_list(
                  "id", "member_id", "position", "rank", Cast("row", output_field=TextField()))}
    renamed = {m for m, (_pk, _p, _r, row) in stored.items()
               if m not in players and row.get("name") != names.get(m, str(m))}
    if renamed:  # their tallies carry the name too (rare: a member renamed since the last game)
        parts = list(StandingRow.objects.filter(snapshot=snapshot, member_id__in=renamed).values_list(
            "member_id", "tally", "rating_state"))
        table.load({m: t for m, t, _r in parts if t is not None}, {m: r for m, _t, r in parts if r is not None})
        table.rename(names)
    fresh = table.rows_of(players)
    for m in renamed:
        stored[m][3] = {**stored[m][3], "name": names.get(m, str(m))}
    rows = [{**fresh.get(m, row), "rank": None} for m, (_pk, _p, _r, row) in stored.items()]
    rows.extend({**row, "rank": None} for m, row in fresh.items() if m not in stored)
    rank_rows(rows)
    parts = table.member_parts(players | renamed)
    rewrite, renumber, new = [], [], []
    for position, row in enumerate(rows):
        m = row["member_id"]
        old = stored.get(m)
        tally, rating = parts.get(m, (None, None))
        if old is None:
            new.append(StandingRow(snapshot=snapshot, member_id=m, position=position, rank=row["rank"],
                                   row={**row, "rank": None}, tally=tally, rating_state=rating))
        elif m in players or m in renamed:
            item = StandingRow(pk=old[0], position=position, rank=row["rank"], row={**row, "rank": None},
                               tally=tally, rating_state=rating)
            rewrite.append(item)
        elif (old[1], old[2]) != (position, row["rank"]):
            renumber.append(StandingRow(pk=old[0], position=position, rank=row["rank"]))
    _update_rows(renumber, rewrite)
    if new:
        StandingRow.objects.bulk_create(new)
    ratings = dict(snapshot.ratings or {})
    ratings.update(table.ratings_doc())
    ratings["final"] = {**(snapshot.ratings or {}).get("final", {}), **table.final_ratings()}
    _write_header(snapshot, _header_fields(table, read_at=read_at, epoch=epoch, rows=rows, ratings=ratings), rows)


def _with_season(snapshot: StandingsSnapshot, season: Season) -> None:
    """The snapshot returned holds its season (no query when read), without the season holding the snapshot
    back: ``snapshot.season = season`` also caches the snapshot on the season, a cycle that only the cyclic
    collector frees, and with it the snapshot's every row (7,600 objects a finished game, collected in
    pauses of ~50 ms in the worker that updates the standings)."""
    StandingsSnapshot._meta.get_field("season").set_cached_value(snapshot, season)


@collector_held_off()  # a season's rows and histories made and written (core.collector)
def standings_refresh(*, season_id: int) -> StandingsSnapshot | None:
    """Recompute the season's standings whole and store them (with every member's rating history).

    ``computed_at`` is when the read began: a snapshot stored meanwhile from a later read is kept
    (it holds more), and a change committed after the read leaves the season stale."""
    read_at = timezone.now()
    # with the snapshot's id: the header's write below is also its lock (one query, not two)
    season = (Season.objects.select_related("ruleset", "club").annotate(snapshot_pk=F("standings_snapshot__id"))
              .filter(pk=season_id).first())
    if season is None:
        logger.warning("standings_refresh: season %s is gone", season_id)
        return None
    table, history = season_fold(season)
    rows = table.rows()
    fields = _header_fields(table, read_at=read_at, epoch=season.standings_epoch, rows=rows,
                            ratings=table.ratings_doc())
    with transaction.atomic():
        written = season.snapshot_pk is not None and StandingsSnapshot.objects.filter(
            pk=season.snapshot_pk, computed_at__lte=read_at).update(**fields)
        if written:
            snapshot = StandingsSnapshot(pk=season.snapshot_pk, season_id=season.pk, **fields)
            snapshot.__dict__["_rows"] = rows
        else:  # the first refresh, or one stored meanwhile from a later read
            snapshot = _locked_snapshot(season, read_at=read_at)
            if snapshot.computed_at > read_at:
                return StandingsSnapshot.objects.get(pk=snapshot.pk)
            _write_header(snapshot, fields, rows)
        _write_rows(snapshot.pk, table, rows)
        RatingHistory.objects.filter(snapshot_id=snapshot.pk).delete()
        _insert(RatingHistory, ("snapshot", "member_id", "steps"), ((snapshot.pk, m, s) for m, s in history.items()))
    _with_season(snapshot, season)
    return snapshot


@collector_held_off()  # 300 rows read and ranked: the young generations' collections were a third of it
def standings_add_games(*, season_id: int) -> StandingsSnapshot | None:
    """Add the games finished since the stored snapshot to it, when that is all that changed.

    Only when the snapshot's state was made at the season's current epoch under its current
    settings, covers every other finished game, and each new game sorts after the last game it
    covers. Then only their players' tallies change, one rating step each from the stored state,
    and their four histories grow by one entry. Returns None (nothing written) otherwise: the
    caller recomputes whole.
    """
    with transaction.atomic():
        read_at = timezone.now()
        snapshot = StandingsSnapshot.objects.select_for_update().filter(season_id=season_id).only(
            "id", "header", "ratings", "computed_at").first()
        season = Season.objects.select_related("ruleset", "club").filter(pk=season_id).first()
        if snapshot is None or season is None:
            return None
        table = StandingsState.from_header(season, snapshot.header, epoch=season.standings_epoch)
        if table is None:
            return None
        finished = Game.objects.filter(season=season, status=Game.Status.FINISHED)
        added = finished
        if table.last is not None:
            at, last_id = datetime.datetime.fromisoformat(table.last[0]), table.last[1]
            added = finished.filter(finished_at__gte=at)
        rows = list(_game_rows(added.order_by("finished_at", "id"), limit=MAX_ADDED + 2))  # order_at = finished_at
        if table.last is not None:
            rows = [r for r in rows if (r[1], r[0]) > (at, last_id)]
        if len(rows) > MAX_ADDED or finished.count() - len(rows) != table.games:
            return None  # many games, a game "in the past", or one the snapshot does not cover
        if not rows:
            # Nothing finished since the snapshot: an earlier update added this change's game (it
            # was queued after this change committed, so it saw it). Only say the snapshot is
            # current as of this read, so the season is not taken for stale.
            if read_at > snapshot.computed_at:
                StandingsSnapshot.objects.filter(pk=snapshot.pk).update(computed_at=read_at)
                snapshot.computed_at = read_at
            _with_season(snapshot, season)
            return snapshot
        seats = _seats([r[0] for r in rows])
        games = [_game_result(r, seats) for r in rows]
        if any(g is None for g in games):
            return None
        # Every name as it is now (the club's members: a list of every id of the season took longer
        # to send than the names to read); the table keeps those it has members for.
        names = dict(Member.objects.filter(club_id=season.club_id).order_by().values_list("id", "display_name"))
        stats = {r[0]: r[STATS] for r, g in zip(rows, games, strict=False)
                 if game_stats.usable(r[STATS], len(g.players))}
        uncached = [g for g in games if g.game_id not in stats]
        stats.update(_uncached_stats(season, uncached, _events(g.game_id for g in uncached),
                                     {r[0]: r[RULESET] for r in rows}, names))
        players = {m for g in games for m in g.players}
        # only the games' players' tallies and rating states are read (one query)
        tallies, ratings = {}, {}
        for member_id, tally, rating in StandingRow.objects.filter(
                snapshot=snapshot, member_id__in=players).values_list("member_id", "tally", "rating_state"):
            if tally is None:
                return None  # a row stored without its tally (made by hand): recompute whole
            tallies[member_id] = tally
            if rating is not None:
                ratings[member_id] = rating
        try:
            table.load(tallies, ratings)
        except (KeyError, TypeError, ValueError, ArithmeticError):
            return None
        steps = []
        for game, row in zip(games, rows, strict=False):
            steps.extend(table.add_game(game, stats[game.game_id], row[SCORES], names))
        table.rename(names)
        _write_added(snapshot, table, read_at=read_at, epoch=season.standings_epoch, players=players, names=names)
        _append_history(snapshot, _history_rows(table, steps))
    _with_season(snapshot, season)
    return snapshot


def _append_history(snapshot: StandingsSnapshot, added: dict[int, list[list]]) -> None:
    """The games' steps appended to their players' histories in the database (one UPDATE): a history grows
    with the season (~700 steps a player at 50,000 games), so it is neither read nor sent back whole."""
    if not added:
        return
    table = connection.ops.quote_name(RatingHistory._meta.db_table)
    cases, params = [], []
    for member_id, entries in added.items():
        if connection.vendor == "postgresql":
            cases.append("WHEN %s THEN steps || %s::jsonb")
            params += [member_id, json.dumps(entries)]
        else:  # SQLite: each entry appended at the end ($[#])
            cases.append(f"WHEN %s THEN json_insert(steps{', %s, json(%s)' * len(entries)})")
            params += [member_id, *(v for entry in entries for v in ("$[#]", json.dumps(entry)))]
    members = list(added)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET steps = CASE member_id {' '.join(cases)} END "  # values as parameters
            f"WHERE snapshot_id = %s AND member_id IN ({', '.join('%s' for _ in members)})",
            [*params, snapshot.pk, *members])
        appended = cursor.rowcount
    if appended < len(members):  # a member's first rated game in the season
        have = set(RatingHistory.objects.filter(snapshot=snapshot, member_id__in=members)
                   .values_list("member_id", flat=True))
        RatingHistory.objects.bulk_create(RatingHistory(snapshot=snapshot, member_id=m, steps=e)
                                          for m, e in added.items() if m not in have)


def standings_update(*, season_id: int) -> StandingsSnapshot | None:
    """The recompute task's work: the games finished since the snapshot added, else a full recompute."""
    snapshot = standings_add_games(season_id=season_id)
    if snapshot is not None:
        return snapshot
    return standings_refresh(season_id=season_id)


def season_changed(season_id: int, *, game_finished: bool = False) -> None:
    """Mark the season's standings changed (in this transaction) and update them on commit.

    ``game_finished``: the change is a game that has just finished (its last hand entered), which
    the update may add to the stored snapshot; any other change bumps ``standings_epoch`` so the
    update recomputes whole. A broker that is down is logged, never the request's error;
    ``league.requeue_stale`` finds the season again by ``standings_changed_at``."""
    changes = {"standings_changed_at": timezone.now()}
    if not game_finished:
        changes["standings_epoch"] = F("standings_epoch") + 1
    Season.objects.filter(pk=season_id).update(**changes)
    # Once committed, the update runs a moment after the change (LEAGUE_STANDINGS_GATHER_SECONDS): when the
    # tables of a round finish together, the first update adds every game finished by then, and the changes
    # made while it waits to start send nothing more (``gather``: one update waiting a season), instead of
    # sixty-four updates competing with the tables' screens at the round's end. With no broker (the embedded
    # default) it runs in the process's background runner as long after the response: not inside the host's
    # request, not beside the host's next screen.
    on_commit(season_recompute_task, season_id, "the standings recompute of season",
              countdown=settings.LEAGUE_STANDINGS_GATHER_SECONDS, background=True, gather=True)


__all__ = ["load_season_data", "season_changed", "season_fold", "standings_add_games", "standings_refresh",
           "standings_update"]
