"""Season standings, computed: pure Python over a :class:`SeasonData` (no query here).

* points and ranks from the games' replay cache (``Game.final_points``/``final_ranks``,
  refreshed by ``league.games.records`` from ``scoring.game.replay``), summed as Decimal;
* per-player hand statistics read from the contract events (wins, deal-ins, riichi);
* the season's rating (``scoring.ratings``) over the games in game order;
* season deductions (``Penalty`` SEASON_DEDUCTION, not cancelled) subtracted exactly;
* each member's full-hand (HAND) wins as the replay valued them (han, fu, limit, yaku), for
  the player page's highlights.

``league.standings.services`` reads the season (``load_season_data``) and stores the result.
"""
from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from collections.abc import Iterable, Mapping
from typing import Any

from league.games.selectors import RECORD_FORMAT
from league.models import PenaltyKind, Season
from scoring import ratings as R
from scoring.errors import ScoringError
from scoring.game import replay
from scoring.payments import KAZOE_HAN
from scoring.record import HAND_EVENTS, Event, NagashiEvent, Ron, Tsumo, Win, event_wins, parse_event
from scoring.rules import Nagashi

logger = logging.getLogger(__name__)

SNAPSHOT_VERSION = 1
RATE_QUANTUM = Decimal("0.0001")  # rates are fractions kept to 4 decimals (0.01 %)
AVERAGE_QUANTUM = Decimal("0.01")
RATING_QUANTUM = {R.TOTAL: Decimal("0.1"), R.P_RATING: Decimal("0.001"), R.TENHOU_R: Decimal("0.01"),
                  R.OPENSKILL: Decimal("0.001")}


def _quantize(value: Decimal, quantum: Decimal) -> Decimal:
    return value.quantize(quantum)


def _ratio(part: int | Decimal, whole: int) -> Decimal | None:
    if not whole:
        return None
    return _quantize(Decimal(part) / Decimal(whole), RATE_QUANTUM)


@dataclass
class _Tally:
    """One player's season, accumulated exactly."""

    member_id: int
    name: str = ""
    games: int = 0
    game_points: Decimal = Decimal(0)
    rank_sum: int = 0
    rank_counts: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    tobi: int = 0
    hands: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    yakuman: int = 0
    penalties: int = 0
    deductions: Decimal = Decimal(0)

    @property
    def total(self) -> Decimal:
        return self.game_points - self.deductions


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


@dataclass(frozen=True)
class SeasonData:
    """Everything the standings need, read in a fixed number of queries."""

    season: Season
    games: list[R.GameResult]
    scores: dict[int, list[int] | None]
    events: dict[int, list[dict]]
    penalties: list[tuple[int, str, Decimal | None]]
    names: dict[int, str]
    rulesets: dict[int, int | None] = field(default_factory=dict)
    """Game id -> the game's own ruleset id (None: the season's)."""
    parsed: dict[int, list[Event | None]] = field(default_factory=dict, compare=False, repr=False)
    """Game id -> its events as the engine reads them, filled once per recompute by :func:`parsed_events`."""


def parsed_events(data: SeasonData, game: R.GameResult) -> list[Event | None]:
    """The game's stored events read with the engine's parser (None where it refuses one), once."""
    events = data.parsed.get(game.game_id)
    if events is None:
        seats = len(game.players)
        events = data.parsed[game.game_id] = [_parsed(e, seats) for e in data.events.get(game.game_id, ())]
    return events



def hand_stats(
    events: Iterable[dict | Event | None], seats: int, *, nagashi_wins: bool = False
) -> list[dict[str, int]]:
    """Per seat: hands played, wins (ron + tsumo), tsumo wins, deal-ins, riichi, yakuman wins.

    Stored events (dicts) are read with the engine's parser (``scoring.record.parse_event``),
    or come parsed (:func:`parsed_events`); one it refuses is skipped. A hand is an event that
    ends a deal (``scoring.record.HAND_EVENTS``: ron, tsumo, draw, nagashi, abort); chombo,
    penalty and stop events are not hands. A multiple ron counts a deal-in once.
    ``nagashi_wins``: the ruleset counts nagashi mangan as a win (Juki), so it is one here too.
    """
    out = [dict(hands=0, wins=0, tsumo_wins=0, deal_ins=0, riichi=0, yakuman=0) for _ in range(seats)]
    for raw in events:
        event = _parsed(raw, seats) if isinstance(raw, Mapping) else raw
        if not isinstance(event, HAND_EVENTS):
            continue
        for stat in out:
            stat["hands"] += 1
        for p in event.riichi:
            out[p]["riichi"] += 1
        if isinstance(event, Ron):
            out[event.loser]["deal_ins"] += 1
        elif isinstance(event, Tsumo):
            out[event.win.winner]["tsumo_wins"] += 1
        for win in event_wins(event):
            out[win.winner]["wins"] += 1
            if is_yakuman_win(win):
                out[win.winner]["yakuman"] += 1
        if isinstance(event, NagashiEvent) and nagashi_wins:
            for p in event.players:
                out[p]["wins"] += 1
    return out


def _parsed(raw: Any, seats: int) -> Event | None:
    """A stored event as the engine reads it, or None when it refuses it."""
    try:
        return parse_event(raw, players=seats)
    except ScoringError:
        return None


def is_yakuman_win(win: Win) -> bool:
    """A win entered as yakuman, or with kazoe han (``scoring.payments.KAZOE_HAN``, 13+)."""
    return bool(win.yakuman) or (win.han or 0) >= KAZOE_HAN


def season_rating(season: Season, games: list[R.GameResult]) -> tuple[R.RatingResult, dict, str]:
    """The season's rating with its stored parameters; bad parameters fall back to the defaults."""
    key = R.method_key(season.rating_method)
    raw = dict(season.rating_params or {})
    error = ""
    if key == R.TOTAL:
        raw = {**raw, "best_n": season.best_n, "min_games": season.min_games}
    try:
        params = R.params_from_dict(key, raw)
    except R.RatingParamsError as exc:
        error = str(exc)
        params = R.params_from_dict(key, {"best_n": season.best_n} if key == R.TOTAL else {})
    return R.rate(key, games, params), R.params_to_dict(params), error


def _tally_games(data: SeasonData) -> dict[int, _Tally]:
    """Each player's games: points, ranks, tobi and the hand statistics of their seats."""
    tallies: dict[int, _Tally] = {}
    nagashi_wins = data.season.ruleset.to_scoring().nagashi is Nagashi.WIN
    for game in data.games:
        n = len(game.players)
        stats = hand_stats(parsed_events(data, game), n, nagashi_wins=nagashi_wins)
        final_scores = data.scores.get(game.game_id) or ()
        for seat, (member_id, pt, rank) in enumerate(zip(game.players, game.points, game.ranks)):
            t = _tally(tallies, data, member_id)
            t.games += 1
            t.game_points += pt
            t.rank_sum += rank
            if 1 <= rank <= 4:
                t.rank_counts[rank - 1] += 1
            if seat < len(final_scores) and final_scores[seat] is not None and final_scores[seat] < 0:
                t.tobi += 1
            s = stats[seat]
            t.hands += s["hands"]
            t.wins += s["wins"]
            t.tsumo_wins += s["tsumo_wins"]
            t.deal_ins += s["deal_ins"]
            t.riichi += s["riichi"]
            t.yakuman += s["yakuman"]
    return tallies


def _tally(tallies: dict[int, _Tally], data: SeasonData, member_id: int) -> _Tally:
    t = tallies.get(member_id)
    if t is None:
        t = tallies[member_id] = _Tally(member_id, data.names.get(member_id, str(member_id)))
    return t


def _tally_penalties(tallies: dict[int, _Tally], data: SeasonData) -> None:
    """Penalties counted; season deductions (not cancelled) subtracted exactly."""
    for member_id, kind, points in data.penalties:
        t = _tally(tallies, data, member_id)
        t.penalties += 1
        if kind == PenaltyKind.SEASON_DEDUCTION and points is not None:
            t.deductions += Decimal(points)


def _row(t: _Tally, *, rating: Decimal | None, quantum: Decimal, min_games: int) -> dict:
    """One player's snapshot row (JSON-ready; ``rank`` set once the rows are sorted)."""
    return {
        "member_id": t.member_id,
        "name": t.name,
        "games": t.games,
        "game_points": str(t.game_points),
        "deductions": str(t.deductions),
        "total": str(t.total),
        "points_per_game": str(_quantize(t.game_points / t.games, AVERAGE_QUANTUM)) if t.games else None,
        "average_rank": str(_quantize(Decimal(t.rank_sum) / t.games, AVERAGE_QUANTUM)) if t.games else None,
        "rank_counts": list(t.rank_counts),
        "rank_rates": [str(_ratio(c, t.games)) if t.games else None for c in t.rank_counts],
        "tobi": t.tobi,
        "tobi_rate": _str(_ratio(t.tobi, t.games)),
        "hands": t.hands,
        "wins": t.wins,
        "tsumo_wins": t.tsumo_wins,
        "win_rate": _str(_ratio(t.wins, t.hands)),
        "deal_ins": t.deal_ins,
        "deal_in_rate": _str(_ratio(t.deal_ins, t.hands)),
        "riichi": t.riichi,
        "riichi_rate": _str(_ratio(t.riichi, t.hands)),
        "yakuman": t.yakuman,
        "penalties": t.penalties,
        "rating": _str(rating),
        "rating_display": _str(None if rating is None else _quantize(rating, quantum)),
        "qualified": t.games >= min_games and t.games > 0,
        "rank": None,
    }


def _rank(rows: list[dict]) -> None:
    """Display order (qualified first, by rating, total, games, name) and the qualified's ranks."""

    def sort_key(row: dict) -> tuple:
        rating = Decimal(row["rating"]) if row["rating"] is not None else Decimal("-Infinity")
        return (not row["qualified"], -rating, -Decimal(row["total"]), -row["games"], row["name"], row["member_id"])

    rows.sort(key=sort_key)
    for position, row in enumerate((r for r in rows if r["qualified"]), start=1):
        row["rank"] = position


def _ratings_doc(season: Season, result: R.RatingResult, params: dict, params_error: str, quantum: Decimal) -> dict:
    """The snapshot's ratings document: method, parameters, final ratings and each one's history."""
    history: dict[str, list] = defaultdict(list)
    for step in result.history:
        history[str(step.player)].append([step.game_id, str(_quantize(step.after, quantum))])
    return {
        "version": SNAPSHOT_VERSION,
        "method": result.method,
        "params": params,
        "params_error": params_error,
        "min_games": season.min_games,
        "best_n": season.best_n,
        "final": {str(p): str(_quantize(v, quantum)) for p, v in result.ratings.items()},
        "history": dict(history),
    }


def compute_standings(data: SeasonData) -> tuple[list[dict], dict]:
    """Snapshot rows (JSON-ready, in display order) and the ratings document."""
    season = data.season
    tallies = _tally_games(data)
    _tally_penalties(tallies, data)
    result, params, params_error = season_rating(season, data.games)
    quantum = RATING_QUANTUM[result.method]

    def rating_of(t: _Tally) -> Decimal | None:
        value = result.ratings.get(t.member_id)
        if result.method == R.TOTAL:
            value = (value or Decimal(0)) - t.deductions
        return value

    rows = [_row(t, rating=rating_of(t), quantum=quantum, min_games=season.min_games) for t in tallies.values()]
    _rank(rows)
    return rows, _ratings_doc(season, result, params, params_error, quantum)


def _full_hand_seats(event: Event | None) -> set[int]:
    """Seats that won ``event`` with a full hand (HAND)."""
    return {w.winner for w in event_wins(event) if w.hand is not None} if event is not None else set()


def games_with_full_hands(data: SeasonData) -> list[R.GameResult]:
    return [g for g in data.games if any(_full_hand_seats(e) for e in parsed_events(data, g))]


def full_hand_wins(data: SeasonData, specs: dict[int, dict]) -> dict[int, list[dict]]:
    """Member id -> their full-hand wins in the season's games, as ``scoring.game.replay`` valued them.

    ``specs``: game id -> the contract ruleset (``{"base", "overrides"}``) of each game in
    :func:`games_with_full_hands`. Each entry: ``{"game", "position", "han", "fu", "yakuman",
    "limit", "kazoe", "yaku": [[id, han], ...]}``. A game whose record does not replay is
    skipped (logged): its wins are then shown without yaku.
    """
    out: dict[int, list[dict]] = defaultdict(list)
    for game in games_with_full_hands(data):
        events = data.events.get(game.game_id, [])
        record = {"format": RECORD_FORMAT, "ruleset": specs.get(game.game_id),
                  "players": [data.names.get(m, str(m)) for m in game.players], "hands": [dict(e) for e in events]}
        try:
            rows = replay(record).rows
        except (ScoringError, ValueError, KeyError, TypeError) as exc:
            logger.warning("standings: game %s does not replay (%s); its full hands have no yaku", game.game_id, exc)
            continue
        for row in rows:
            parsed = parsed_events(data, game)
            seats = _full_hand_seats(parsed[row.event_index]) if row.event_index < len(parsed) else set()
            for win in row.wins:
                if win.winner not in seats or win.winner >= len(game.players):
                    continue
                value = win.value
                out[game.players[win.winner]].append({
                    "game": game.game_id, "position": row.event_index, "han": value.han, "fu": value.fu,
                    "yakuman": value.yakuman, "limit": str(value.limit) if value.limit else None,
                    "kazoe": win.kazoe,
                    "yaku": [[y, h] for y, h in win.yaku],
                })
    return dict(out)
