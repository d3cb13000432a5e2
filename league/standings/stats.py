"""Season standings, computed: pure Python over a :class:`SeasonData` (no query here).

* points and ranks from the games' replay cache (``Game.final_points``/``final_ranks``,
  refreshed by ``league.games.records`` from ``scoring.game.replay``), summed as Decimal;
* per-player hand statistics and full-hand wins from each game's cached statistics
  (``Game.final_stats``, :mod:`league.games.game_stats`; read from the events for a game
  without it);
* the season's rating (``scoring.ratings``, a fold) over the games in game order;
* season deductions (``Penalty`` SEASON_DEDUCTION, not cancelled) subtracted exactly.

:class:`StandingsState` is the whole computation as a state that takes one game more: a full recompute
adds every game in game order to an empty table; the incremental update reads the stored table
back — the season's header (:meth:`StandingsState.from_header`) and the tallies and rating states of the
games' players only (:meth:`StandingsState.load`, from their ``StandingRow``s) — and adds the games that
finished since. Both go through :meth:`StandingsState.add_game`, so they cannot disagree.

``league.standings.services`` reads the season (``load_season_data``) and stores the result.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from league.games.game_stats import SEAT_KEYS, parsed, seat_stats
from league.models import PenaltyKind, Season
from league.standings.figures import AVERAGE_QUANTUM, RATE_QUANTUM, figures
from scoring import ratings as R
from scoring.record import Event
from scoring.rules import Nagashi

SNAPSHOT_VERSION = 1
# rates are fractions kept to 4 decimals (0.01 %), averages to 2: defined with the figures
RATING_QUANTUM = {R.TOTAL: Decimal("0.1"), R.P_RATING: Decimal("0.001"), R.TENHOU_R: Decimal("0.01"),
                  R.OPENSKILL: Decimal("0.001")}


def _quantize(value: Decimal, quantum: Decimal) -> Decimal:
    return value.quantize(quantum)


def _ratio(part: int | Decimal, whole: int) -> Decimal | None:
    if not whole:
        return None
    return _quantize(Decimal(part) / Decimal(whole), RATE_QUANTUM)


EXTRA_KEYS = ("riichi_wins", "open_wins", "valued_wins", "win_points", "valued_deal_ins", "deal_in_points",
              "deal_in_riichi", "deal_in_open", "deal_in_dama", "dealer_hands", "dealer_keeps")
"""Per-seat counts of ``game_stats`` (version 2) summed as they are."""
TALLY_INTS = ("games", "rank_sum", "tobi", "hands", "wins", "tsumo_wins", "deal_ins", "riichi", "yakuman",
              "penalties", "comebacks", "near_busts")
TALLY_LISTS = ("yakuman_hands", "comeback_games", "near_bust_games")
"""Evidence for the awards: [[game, position], ...] of yakuman wins; game ids of comebacks and near tobi."""


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
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(EXTRA_KEYS, 0))
    """The :data:`EXTRA_KEYS` counts (a dict: summed in one loop)."""
    comebacks: int = 0
    near_busts: int = 0
    deductions: Decimal = Decimal(0)
    full_hands: list[dict] = field(default_factory=list)
    values: dict[str, int] = field(default_factory=dict)
    best: list | None = None
    """The biggest win: [base, han, fu, yakuman, game, position]."""
    streak: list | None = None
    """The longest dealer run: [renchan, game, position]."""
    yakuman_hands: list[list[int]] = field(default_factory=list)
    comeback_games: list[int] = field(default_factory=list)
    near_bust_games: list[int] = field(default_factory=list)

    @property
    def total(self) -> Decimal:
        return self.game_points - self.deductions

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"member_id": self.member_id, "name": self.name,
                               **{k: getattr(self, k) for k in TALLY_INTS}}
        out.update(self.counts)
        out.update(game_points=str(self.game_points), deductions=str(self.deductions),
                   rank_counts=list(self.rank_counts), full_hands=self.full_hands, values=dict(self.values),
                   best=self.best, streak=self.streak, **{k: list(getattr(self, k)) for k in TALLY_LISTS})
        return out

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> _Tally:
        return cls(member_id=doc["member_id"], name=str(doc.get("name") or ""), **{k: int(doc[k]) for k in TALLY_INTS},
                   game_points=Decimal(doc["game_points"]), deductions=Decimal(doc["deductions"]),
                   rank_counts=list(doc["rank_counts"]), full_hands=list(doc.get("full_hands") or ()),
                   counts={k: int(doc[k]) for k in EXTRA_KEYS},
                   values=dict(doc["values"]), best=doc["best"], streak=doc["streak"],
                   **{k: list(doc[k]) for k in TALLY_LISTS})


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


@dataclass(frozen=True)
class SeasonData:
    """Everything the standings need, read in a fixed number of queries."""

    season: Season
    games: list[R.GameResult]
    """The finished games in game order."""
    scores: dict[int, list[int] | None]
    events: dict[int, list[dict]]
    """Game id -> its stored events: only the games without cached statistics (all with ``events=True``)."""
    penalties: list[tuple[int, str, Decimal | None]]
    names: dict[int, str]
    rulesets: dict[int, int | None] = field(default_factory=dict)
    """Game id -> the game's own ruleset id (None: the season's)."""
    stats: dict[int, dict] = field(default_factory=dict)
    """Game id -> its statistics (``league.games.game_stats``): cached, or read from its events."""


def hand_stats(
    events: Iterable[dict | Event | None], seats: int, *, nagashi_wins: bool = False
) -> list[dict[str, int]]:
    """Per seat: hands played, wins (ron + tsumo), tsumo wins, deal-ins, riichi, yakuman wins.

    Stored events (dicts) are read with the engine's parser (``scoring.record.parse_event``);
    one it refuses is skipped (``league.games.game_stats.seat_stats`` counts them).
    ``nagashi_wins``: the ruleset counts nagashi mangan as a win (Juki), so it is one here too.
    """
    stats = seat_stats([parsed(e, seats) if isinstance(e, Mapping) else e for e in events], seats)
    return [counted(s, nagashi_wins=nagashi_wins) for s in stats]


def season_wins(seat: Mapping[str, int], *, nagashi_wins: bool) -> int:
    """A seat's wins as the season counts them: nagashi mangan is one where its ruleset says (Juki)."""
    return seat["wins"] + (seat["nagashi"] if nagashi_wins else 0)


def counted(seat: Mapping[str, int], *, nagashi_wins: bool) -> dict[str, int]:
    """A seat's cached statistics as the season counts them (:func:`season_wins`)."""
    out = {k: int(seat.get(k, 0)) for k in SEAT_KEYS}
    out["wins"] = season_wins(out, nagashi_wins=nagashi_wins)
    return out


def season_params(season: Season) -> tuple[str, Any, dict, str]:
    """The season's rating method, its parameters (object and JSON) and the error of bad stored ones
    (bad parameters fall back to the defaults)."""
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
    return key, params, R.params_to_dict(params), error


def nagashi_counts_as_win(season: Season) -> bool:
    return season.ruleset.to_scoring().nagashi is Nagashi.WIN


def visitors_ranked(season: Season) -> bool:
    """Whether the season's club ranks visitors (``club.models.Club.visitors_ranked``) or lists them unranked."""
    return season.club.visitors_ranked


def settings_key(season: Season) -> dict[str, Any]:
    """What of the season a table depends on besides its games and penalties (a stored table made
    under other settings is not added to)."""
    return {"rating_method": season.rating_method, "rating_params": season.rating_params or {},
            "min_games": season.min_games, "best_n": season.best_n, "ruleset": season.ruleset_id,
            "nagashi_wins": nagashi_counts_as_win(season), "visitors_ranked": visitors_ranked(season)}


def _ratio(part: int | Decimal, whole: int) -> Decimal | None:
    if not whole:
        return None
    return _quantize(Decimal(part) / Decimal(whole), RATE_QUANTUM)


def order_key(game: R.GameResult) -> list:
    """A game's place in game order (``scoring.ratings.game_order_key``) as JSON: [finished at, id]."""
    return [game.finished_at.isoformat() if game.finished_at is not None else None, game.game_id]


class StandingsState:
    """A season's standings as a state: each player's tally and the rating's fold.

    Games are added in game order (:meth:`add_game`, which returns the game's rating steps);
    :meth:`rows` and :meth:`ratings_doc` read the snapshot off it, :meth:`state` stores it.
    """

    STATE_VERSION = 2  # 2: the version-2 statistics (issue 26)

    def __init__(self, season: Season, *, fold: R.RatingFold | None = None,
                 stored: dict[int, dict] | None = None, games: int = 0, last: list | None = None) -> None:
        self.season = season
        self.method, self.params, self.params_dict, self.params_error = season_params(season)
        self.fold = fold if fold is not None else R.fold(self.method, self.params)
        self.tallies: dict[int, _Tally] = {}
        self.stored: dict[int, dict] = stored if stored is not None else {}
        """Tallies read back from a state and not touched since, still as JSON (most of them, when
        a game is added: read only when their player plays)."""
        self.nagashi_wins = nagashi_counts_as_win(season)
        self.games = games
        self.last = last
        self._ratings: dict | None = None
        self._visitors: frozenset[int] | None = None

    def visitors(self) -> frozenset[int]:
        """The club's visitor memberships (issue 36: members of other clubs who played here), read once."""
        if self._visitors is None:
            from club.models import Member

            club_id = getattr(self.season, "club_id", None)  # a season-like proposal may name no club
            self._visitors = frozenset() if club_id is None else frozenset(
                Member.objects.filter(club_id=club_id, visitor=True).values_list("pk", flat=True))
        return self._visitors

    def ratings(self) -> dict:
        """The fold's current ratings (computed once between games: rows and the document share them)."""
        if self._ratings is None:
            self._ratings = self.fold.ratings()
        return self._ratings

    def tally(self, member_id: int, names: Mapping[int, str]) -> _Tally:
        t = self.tallies.get(member_id)
        if t is None:
            doc = self.stored.pop(member_id, None)
            t = _Tally(member_id, names.get(member_id, str(member_id))) if doc is None else _Tally.from_json(doc)
            self.tallies[member_id] = t
        return t

    def member_ids(self) -> set[int]:
        return set(self.tallies) | set(self.stored)

    def _read_all(self) -> None:
        for member_id in list(self.stored):
            self.tally(member_id, {})

    def add_game(self, game: R.GameResult, stats: Mapping[str, Any] | None, scores: list | None,
                 names: Mapping[int, str]) -> tuple[R.RatingStep, ...]:
        """Count one game (after every game added so far): its seats' tallies and one rating step."""
        seat_docs = (stats or {}).get("seats") or ()
        hands_of: dict[int, list[dict]] = defaultdict(list)
        for win in (stats or {}).get("full_hands") or ():
            hands_of[win["seat"]].append(win)
        yakuman_of: dict[int, list[list[int]]] = defaultdict(list)
        for win in (stats or {}).get("big_wins") or ():
            if win.get("yakuman") or any(h["position"] == win["position"] and h.get("yakuman")
                                         for h in hands_of.get(win["seat"], ())):
                yakuman_of[win["seat"]].append([game.game_id, win["position"]])
        final_scores = scores or ()
        for seat, (member_id, pt, rank) in enumerate(zip(game.players, game.points, game.ranks, strict=False)):
            t = self.tally(member_id, names)
            t.games += 1
            t.game_points += pt
            t.rank_sum += rank
            if 1 <= rank <= 4:
                t.rank_counts[rank - 1] += 1
            if seat < len(final_scores) and final_scores[seat] is not None and final_scores[seat] < 0:
                t.tobi += 1
            t.yakuman_hands.extend(yakuman_of.get(seat, ()))
            if seat < len(seat_docs):
                s = seat_docs[seat]
                t.hands += s["hands"]
                t.wins += season_wins(s, nagashi_wins=self.nagashi_wins)
                t.tsumo_wins += s["tsumo_wins"]
                t.deal_ins += s["deal_ins"]
                t.riichi += s["riichi"]
                t.yakuman += s["yakuman"]
                self._add_extras(t, s, game.game_id, rank)
            for win in hands_of.get(seat, ()):
                # hand statistics count the yakuman the events say; a full hand's is known from its replay
                t.full_hands.append({"game": game.game_id, **{k: v for k, v in win.items() if k != "seat"}})
                t.yakuman += 1 if win.get("yakuman") else 0
        self.games += 1
        self.last = order_key(game)
        self._ratings = None
        return self.fold.apply(game)

    @staticmethod
    def _add_extras(t: _Tally, s: Mapping[str, Any], game_id: int, rank: int) -> None:
        """The version-2 counts and the awards' evidence of one seat (``game_stats.seat_stats``)."""
        counts, get = t.counts, s.get
        for key in EXTRA_KEYS:
            n = get(key)
            if n:
                counts[key] += n
        values = t.values
        for label, n in (get("values") or {}).items():
            values[label] = values.get(label, 0) + n
        best = s.get("best")
        if best and (t.best is None or best[0] > t.best[0]):
            t.best = [*best[:4], game_id, best[4]]
        streak = s.get("streak")
        if streak and (t.streak is None or streak[0] > t.streak[0]):
            t.streak = [streak[0], game_id, streak[1]]
        if s.get("last_at_south") and rank == 1:
            t.comebacks += 1
            t.comeback_games.append(game_id)
        if s.get("near_bust"):
            t.near_busts += 1
            t.near_bust_games.append(game_id)

    def add_penalties(self, penalties: Iterable[tuple[int, str, Decimal | None]], names: Mapping[int, str]) -> None:
        """Penalties counted; season deductions (not cancelled) subtracted exactly."""
        for member_id, kind, points in penalties:
            t = self.tally(member_id, names)
            t.penalties += 1
            if kind == PenaltyKind.SEASON_DEDUCTION and points is not None:
                t.deductions += Decimal(points)

    def rename(self, names: Mapping[int, str]) -> None:
        """Each player's name as it is now (a full recompute reads them afresh too)."""
        for member_id, t in self.tallies.items():
            t.name = names.get(member_id, str(member_id))
        for member_id, doc in self.stored.items():
            doc["name"] = names.get(member_id, str(member_id))

    @property
    def quantum(self) -> Decimal:
        return RATING_QUANTUM[self.fold.method]

    def rows(self) -> list[dict]:
        """Every member's snapshot row (JSON-ready, in display order, ranked); :meth:`rows_of` makes a few."""
        self._read_all()
        rows = list(self.rows_of(list(self.tallies)).values())
        _rank(rows)
        return rows

    def history_value(self, step: R.RatingStep) -> str:
        """A step as the history keeps it: the rating after the game, to the method's quantum."""
        return str(_quantize(step.after, self.quantum))

    def ratings_doc(self, history: Iterable[R.RatingStep] | None = None) -> dict:
        """The snapshot's ratings document: method, parameters, final ratings (and, given the steps,
        each player's history — stored apart, ``league.models.RatingHistory``)."""
        doc = {
            "version": SNAPSHOT_VERSION,
            "method": self.fold.method,
            "params": self.params_dict,
            "params_error": self.params_error,
            "min_games": self.season.min_games,
            "best_n": self.season.best_n,
            "final": self.final_ratings(),
        }
        if history is not None:
            out: dict[str, list] = defaultdict(list)
            for step in history:
                out[str(step.player)].append([step.game_id, self.history_value(step)])
            doc["history"] = dict(out)
        return doc

    def state(self, *, epoch: int) -> dict[str, Any]:
        """The table as JSON, with what it was made from (the season's epoch and settings)."""
        return {"version": self.STATE_VERSION, "epoch": epoch, "settings": settings_key(self.season),
                "games": self.games, "last": self.last, "rating": self.fold.state(),
                "tallies": [t.to_json() for t in self.tallies.values()] + list(self.stored.values())}

    @classmethod
    def from_state(cls, season: Season, state: Mapping[str, Any], *, epoch: int) -> StandingsState | None:
        """The stored table, when it was made at this epoch under the season's settings (else None)."""
        table = cls.from_header(season, state, epoch=epoch)
        if table is None:
            return None
        try:
            table.load({doc["member_id"]: doc for doc in state["tallies"]},
                       {p: values for p, *values in state["rating"].get("players") or ()})
        except (KeyError, TypeError, ValueError, ArithmeticError, AttributeError):
            return None
        return table

    # --- stored apart: the season's header and one row per member (league.models.StandingRow)

    def header(self, *, epoch: int) -> dict[str, Any]:
        """:meth:`state` without its members' parts (:meth:`member_parts`): the snapshot's header."""
        return {"version": self.STATE_VERSION, "epoch": epoch, "settings": settings_key(self.season),
                "games": self.games, "last": self.last, "rating": {"method": self.fold.method}}

    def member_parts(self, member_ids: Iterable[int] | None = None) -> dict[int, tuple[dict, list | None]]:
        """Each member's tally and rating state (``[games, ...values]``, None before a game), in the order
        :meth:`state` lists them: what a member's ``StandingRow`` keeps. ``member_ids``: only those."""
        wanted = None if member_ids is None else set(member_ids)
        rating = {p: values for p, *values in self.fold.state()["players"] if wanted is None or p in wanted}
        tallies = [t.to_json() for t in self.tallies.values()] + list(self.stored.values())
        return {doc["member_id"]: (doc, rating.get(doc["member_id"])) for doc in tallies
                if wanted is None or doc["member_id"] in wanted}

    @classmethod
    def from_header(cls, season: Season, header: Mapping[str, Any], *, epoch: int) -> StandingsState | None:
        """An empty table at the header's point (games, last game, epoch), when the header was made at this
        epoch under the season's settings (else None); its members are read in with :meth:`load`."""
        if (not isinstance(header, Mapping) or header.get("version") != cls.STATE_VERSION
                or header.get("epoch") != epoch or header.get("settings") != settings_key(season)
                or not isinstance(header.get("rating"), Mapping)):
            return None
        try:
            fold = R.fold_from_state(*season_params(season)[:2], {**header["rating"], "players": []})
        except (KeyError, TypeError, ValueError, ArithmeticError):
            return None
        return cls(season, fold=fold, games=int(header.get("games") or 0), last=header.get("last"))

    def load(self, tallies: Mapping[int, dict], ratings: Mapping[int, list]) -> None:
        """Members' stored parts read in (their tallies as JSON, read when their player plays; their rating
        state into the fold): only those a game adds to need be (ValueError etc. when malformed)."""
        self.stored.update(tallies)
        state = self.fold.state()
        state["players"] = [*state["players"], *([p, *values] for p, values in ratings.items())]
        self.fold = R.fold_from_state(self.fold.method, self.params, state)
        self._ratings = None

    def rows_of(self, member_ids: Iterable[int]) -> dict[int, dict]:
        """These members' rows as :meth:`rows` makes them (``rank`` unset): the rest are not read."""
        ratings = self.ratings()
        out = {}
        for member_id in member_ids:
            t = self.tally(member_id, {})
            value = ratings.get(member_id)
            if self.fold.method == R.TOTAL:
                value = (value or Decimal(0)) - t.deductions
            row = _row(t, rating=value, quantum=self.quantum, min_games=self.season.min_games)
            if member_id in self.visitors():
                # A visitor's row: listed, marked "방문"; ranked only where the club ranks visitors.
                row["visitor"] = True
                row["qualified"] = row["qualified"] and visitors_ranked(self.season)
            out[member_id] = row
        return out

    def final_ratings(self) -> dict[str, str]:
        """The ratings document's ``final``: each rated player's rating to the method's quantum."""
        return {str(p): str(_quantize(v, self.quantum)) for p, v in self.ratings().items()}


def _row(t: _Tally, *, rating: Decimal | None, quantum: Decimal, min_games: int) -> dict:
    """One player's snapshot row (JSON-ready; ``rank`` set once the rows are sorted)."""
    # the rates and averages as the player page defines them (league.standings.figures): one definition
    f = figures({"games": t.games, "rank_sum": t.rank_sum, "rank_counts": t.rank_counts, "tobi": t.tobi,
                 "hands": t.hands, "wins": t.wins, "deal_ins": t.deal_ins, "riichi": t.riichi})
    row = {
        "member_id": t.member_id,
        "name": t.name,
        "games": t.games,
        "game_points": str(t.game_points),
        "deductions": str(t.deductions),
        "total": str(t.total),
        "points_per_game": str(_quantize(t.game_points / t.games, AVERAGE_QUANTUM)) if t.games else None,
        "average_rank": _str(f["average_rank"].value),
        "rank_counts": list(t.rank_counts),
        "rank_rates": [_str(f[k].value) for k in ("first_rate", "second_rate", "third_rate", "fourth_rate")],
        "tobi": t.tobi,
        "tobi_rate": _str(f["tobi_rate"].value),
        "hands": t.hands,
        "wins": t.wins,
        "tsumo_wins": t.tsumo_wins,
        "win_rate": _str(f["win_rate"].value),
        "deal_ins": t.deal_ins,
        "deal_in_rate": _str(f["deal_in_rate"].value),
        "riichi": t.riichi,
        "riichi_rate": _str(f["riichi_rate"].value),
        "yakuman": t.yakuman,
        "penalties": t.penalties,
        "rating": _str(rating),
        "rating_display": _str(None if rating is None else _quantize(rating, quantum)),
        "qualified": t.games >= min_games and t.games > 0,
        "rank": None,
        # the player page's and the awards' counts (figures: league.standings.figures)
        **t.counts,
        "rank_sum": t.rank_sum,
        "comebacks": t.comebacks,
        "near_busts": t.near_busts,
        "values": dict(t.values),
        "best": t.best,
        "streak": t.streak,
        **{k: list(getattr(t, k)) for k in TALLY_LISTS},
    }
    if t.full_hands:
        row["full_hands"] = list(t.full_hands)
    return row


def rank_rows(rows: list[dict]) -> None:
    """Sort rows into display order and number the qualified (the incremental update ranks the stored
    rows with its players' new ones, as a full recompute ranks them all)."""
    _rank(rows)


def _rank(rows: list[dict]) -> None:
    """Display order (qualified first, by rating, total, games, name) and the qualified's ranks."""

    def sort_key(row: dict) -> tuple:
        rating = Decimal(row["rating"]) if row["rating"] is not None else Decimal("-Infinity")
        return (not row["qualified"], -rating, -Decimal(row["total"]), -row["games"], row["name"], row["member_id"])

    rows.sort(key=sort_key)
    for position, row in enumerate((r for r in rows if r["qualified"]), start=1):
        row["rank"] = position


def season_table(data: SeasonData) -> tuple[StandingsState, list[R.RatingStep]]:
    """Every game of the season added, in game order, to an empty table; and every rating step."""
    table = StandingsState(data.season)
    steps: list[R.RatingStep] = []
    for game in R.in_game_order(data.games):
        steps.extend(table.add_game(game, data.stats.get(game.game_id), data.scores.get(game.game_id), data.names))
    table.add_penalties(data.penalties, data.names)
    return table, steps


def compute_standings(data: SeasonData) -> tuple[list[dict], dict]:
    """Snapshot rows (JSON-ready, in display order) and the ratings document with every history."""
    table, steps = season_table(data)
    return table.rows(), table.ratings_doc(steps)
