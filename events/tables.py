"""Reads every event's tables share: which event table a game is played at (:func:`event_tables`), the
clock (:func:`seconds_left`) and a table's state as the projector boards show it (:func:`table_state`).

The tables are the concrete models of :class:`events.timed.TimedTable` (a club night's, a tournament's),
found through the app registry, so this module imports no event's package.
"""
from __future__ import annotations

import datetime
from typing import Any

from django.apps import apps
from django.db import connection
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from events.timed import TimedTable
from league.models import Game


def timed_table_models() -> list[type[TimedTable]]:
    """The events' table models, in the order of their names (``NightTable``, ``TournamentTable``)."""
    found = [m for m in apps.get_app_config("events").get_models() if issubclass(m, TimedTable)]
    return sorted(found, key=lambda m: m.__name__)


def _table_id_name(model: type[TimedTable]) -> str:
    return f"event_table_{model._meta.model_name}"


def event_table_ids() -> dict[str, Subquery]:
    """An annotation for a read of games: each event's table id of each game (None where it has none), which
    :func:`event_tables` then takes from the game instead of asking (the table screen's game read, in the same
    statement)."""
    return {_table_id_name(model): Subquery(model.objects.filter(game=OuterRef("pk")).values("pk")[:1])
            for model in timed_table_models()}


def event_tables(game: Game) -> tuple[Any, ...]:
    """Each event's table of ``game`` (None where it has none), in :func:`timed_table_models`' order:
    (the club night's, the tournament's).

    The table screen shows either clock and most games are in neither: the ids come with the screen's game read
    (:func:`event_table_ids`), or else one plain query asks every table id (a quarter of a millisecond; the ORM's
    select_related over both chains cost ten times that), then only a table that exists is read. Remembered on the
    game instance, so the night's timer and the tournament's ask once per request.
    """
    cached = getattr(game, "_event_tables", None)
    if cached is not None:
        return cached
    models = timed_table_models()
    names = [_table_id_name(model) for model in models]
    if all(hasattr(game, name) for name in names):  # read with the game
        ids = tuple(getattr(game, name) for name in names)
    else:  # asked with every other event's id of the game (game_event_id: one statement, remembered)
        ids = tuple(game_event_id(game, model) for model in models)
    game._event_tables = tuple(
        model.objects.select_related(f"round__{model.round_model().event_field}").filter(pk=pk).first() if pk else None
        for model, pk in zip(models, ids, strict=True))
    return game._event_tables


def game_models() -> list[type]:
    """The events' models that hold a league game one to one (a club night's table, a tournament's, a team league's
    fixture), in the order of their names; found through the app registry, so this module imports no event's
    package."""
    def holds_a_game(model) -> bool:
        field = next((f for f in model._meta.get_fields() if f.name == "game"), None)
        return field is not None and field.one_to_one and field.related_model is Game

    return sorted((m for m in apps.get_app_config("events").get_models() if holds_a_game(m)),
                  key=lambda m: m.__name__)


def game_event_id(game: Game, model: type) -> int | None:
    """The id of the ``model`` row (one of :func:`game_models`) that holds ``game``, None where none does.

    Every game's end asks it of each event (is this game a tournament's table? a fixture?), inside the hand's
    save, and most games are no event's: the first question asks every event's id in one statement, remembered
    on the game instance that the end's announcement (``league.signals.game_finished``) gives every receiver."""
    ids = getattr(game, "_event_ids", None)
    if ids is None:
        models = game_models()
        ids = game._event_ids = dict(zip(models, _ask_table_ids(game, models), strict=True))
    return ids.get(model)


def _ask_table_ids(game: Game, models: list[type]) -> tuple[Any, ...]:
    quote = connection.ops.quote_name

    def table_id(model) -> str:
        meta = model._meta
        return (f"(SELECT {quote(meta.pk.column)} FROM {quote(meta.db_table)} "
                f"WHERE {quote(meta.get_field('game').column)} = %s)")

    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(table_id(m) for m in models), [game.pk] * len(models))
        return cursor.fetchone()


def seconds_left(ends_at: datetime.datetime | None, now: datetime.datetime | None = None) -> int | None:
    if ends_at is None:
        return None
    return int((ends_at - (now or timezone.now())).total_seconds())


def board_needs(game: Game, record: dict[str, Any], rep) -> list[dict[str, Any]] | None:
    """At all-last (where the table screen shows its needs panel): each chaser's cheapest way to first.

    One line a player who is not first: the cheapest ron (and off whom) and the tsumo, in the
    table screen's words; ``None`` where the panel is not shown.
    """
    from league.games.needs import needs_panel

    rows = needs_panel(game, record, rep.state, rep.record.ruleset)
    if not rows:
        return None
    out = []
    for row in rows:
        if row["first"]:
            continue
        rons = [r for r in row["ron"] if not r.get("none")]
        ron = min(rons, key=lambda r: r["points"]) if rons else None
        out.append({"name": row["name"], "ron": ron, "tsumo": row["tsumo"], "possible": row["possible"]})
    return out


def table_state(table: TimedTable) -> dict[str, Any]:
    """A table as a board shows it: round, honba, sticks, each seat's score (points and rank once
    finished), the clock and, at all-last, the chasers' needs. Read from the game's replay."""
    from league.games.selectors import game_record, replay_record

    game = table.game
    seats = sorted(game.seat_set.all(), key=lambda s: s.seat)
    record = game_record(game)
    rep = replay_record(record)
    state = rep.state
    final = rep.final.to_json() if rep.final is not None else None
    players = []
    for s in seats:
        players.append({"name": s.member.display_name, "score": state.scores[s.seat], "seat": s.seat,
                        "dealer": s.seat == state.dealer and final is None,
                        "points": final["points"][s.seat] if final else None,
                        "rank": final["ranks"][s.seat] if final else None})
    return {"table": table, "game": game, "round": state.round, "honba": state.honba, "sticks": state.sticks,
            "players": players, "finished": game.status == Game.Status.FINISHED,
            "cancelled": game.status == Game.Status.CANCELLED, "ends_at": table.ends_at,
            "seconds_left": seconds_left(table.ends_at), "hands": len(rep.rows),
            "needs": board_needs(game, record, rep) if game.status == Game.Status.IN_PROGRESS else None}
