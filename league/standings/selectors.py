"""Reads for the standings pages: the stored snapshot and a player's season.

Pages never compute standings: they read ``StandingsSnapshot`` (the season's header) and its
``StandingRow``s (one per member), written by ``league.standings.services``. Each function here
runs a fixed number of queries whatever the season's size; a player's page reads that member's
row only (:func:`member_row`), the table every row in display order (``StandingsSnapshot.rows``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from club.models import Member
from league.games.game_stats import is_big_win, is_yakuman_win
from league.models import Game, GameSeat, HandRecord, Penalty, RatingHistory, Season, StandingRow, StandingsSnapshot
from scoring.errors import ScoringError
from scoring.record import event_wins, parse_event

# Rows hold decimals as strings (JSON); these keys are turned back into Decimal.
DECIMAL_KEYS = (
    "game_points", "deductions", "total", "points_per_game", "average_rank", "tobi_rate",
    "win_rate", "deal_in_rate", "riichi_rate", "rating", "rating_display",
)
HUNDRED = Decimal(100)


def season_snapshot(*, season: Season, with_history: bool = False) -> StandingsSnapshot | None:
    """The stored snapshot without its state (the recompute's); its ratings document only when asked
    for (``with_history``; the histories themselves are :func:`rating_histories`)."""
    qs = StandingsSnapshot.objects.filter(season=season).defer("header")
    if not with_history:
        qs = qs.defer("ratings", "header")
    snapshot = qs.first()
    if snapshot is not None:
        snapshot.season = season  # caches ``season.standings_snapshot``: player_games reads it without a query
    return snapshot


def _cached_snapshot(season: Season) -> StandingsSnapshot | None:
    """The snapshot :func:`season_snapshot` loaded for this season object, else read (1 query)."""
    if Season.standings_snapshot.is_cached(season):
        return season.standings_snapshot
    return StandingsSnapshot.objects.filter(season=season).defer("ratings", "header").first()


def member_row(*, snapshot: StandingsSnapshot | None, member_id: int) -> dict | None:
    """One member's stored row with its rank (1 query, once per snapshot and member; none when the
    snapshot's rows were read already)."""
    if snapshot is None:
        return None
    loaded = snapshot.__dict__.get("_rows")
    if loaded is not None:
        return next((r for r in loaded if r.get("member_id") == member_id), None)
    cache = snapshot.__dict__.setdefault("_member_rows", {})
    if member_id not in cache:
        found = StandingRow.objects.filter(snapshot=snapshot, member_id=member_id).values_list("row", "rank").first()
        cache[member_id] = None if found is None else {**found[0], "rank": found[1]}
    return cache[member_id]


def club_rows(*, snapshot: StandingsSnapshot | None) -> list[dict]:
    """The season's rows added up (``figures.summed``, stored with the snapshot): the club's figures on a
    player page without reading every row (the rows themselves only for a snapshot stored without it)."""
    if snapshot is None:
        return []
    if snapshot.club_figures:
        return [snapshot.club_figures]
    return snapshot.rows


def _dec(value: Any) -> Decimal | None:
    return None if value is None else Decimal(value)


def _percent(rate: Decimal | None) -> Decimal | None:
    return None if rate is None else (rate * HUNDRED).quantize(Decimal("0.01"))


def table_row(row: dict) -> dict:
    """A snapshot row flattened for tables and exports (numbers as Decimal/int)."""
    out = dict(row)
    for key in DECIMAL_KEYS:
        out[key] = _dec(row.get(key))
    counts = list(row.get("rank_counts") or [0, 0, 0, 0]) + [0] * 4
    rates = list(row.get("rank_rates") or []) + [None] * 4
    for i, name in enumerate(("first", "second", "third", "fourth")):
        out[name] = counts[i]
        out[f"{name}_rate"] = _percent(_dec(rates[i]))
    for key in ("tobi_rate", "win_rate", "deal_in_rate", "riichi_rate"):
        out[key] = _percent(out[key])
    return out


@dataclass(frozen=True)
class Standings:
    ranked: list[dict]
    unranked: list[dict]
    snapshot: StandingsSnapshot | None

    @property
    def rows(self) -> list[dict]:
        return self.ranked + self.unranked


def standings_rows(*, snapshot: StandingsSnapshot | None) -> Standings:
    """Ranked players (min games met) and the others, each as flat table rows."""
    rows = [table_row(r) for r in (snapshot.rows if snapshot else [])]
    return Standings([r for r in rows if r["qualified"]], [r for r in rows if not r["qualified"]], snapshot)


def player_row(*, snapshot: StandingsSnapshot | None, member_id: int) -> dict | None:
    row = member_row(snapshot=snapshot, member_id=member_id)
    return None if row is None else table_row(row)


def rating_history(*, snapshot: StandingsSnapshot | None, member_id: int) -> list[tuple[int, Decimal]]:
    """(game id, rating after that game) in game order: one member's row (1 query)."""
    if snapshot is None:
        return []
    steps = RatingHistory.objects.filter(snapshot=snapshot, member_id=member_id).values_list("steps", flat=True).first()
    return [(g, Decimal(v)) for g, v in steps or ()]


def rating_histories(*, snapshot: StandingsSnapshot | None) -> dict[str, list]:
    """Every member's history, ``{str(member id): [[game id, rating after], ...]}`` (1 query)."""
    if snapshot is None:
        return {}
    rows = RatingHistory.objects.filter(snapshot=snapshot).order_by("member_id").values_list("member_id", "steps")
    return {str(member_id): steps for member_id, steps in rows}


@dataclass(frozen=True)
class PlayerGame:
    game_id: int
    finished_at: Any
    table_label: str
    seat: int
    points: Decimal
    rank: int
    score: int | None
    opponents: list[str]
    cumulative: Decimal
    hands_of_member: _MemberHands | None = None
    big_wins: tuple[dict, ...] | None = None
    """The member's big wins in the game from its cached statistics (None: not cached, read the hands)."""

    @property
    def full_hands(self) -> dict[int, dict]:
        """Position -> the member's full-hand win there, as the standings refresh replayed it."""
        return self.hands_of_member.of(self.game_id) if self.hands_of_member is not None else {}


class _MemberHands:
    """A member's full-hand wins by game, from their standings row: read when first asked for (the
    highlights), once for all their games — none when the page read the row already."""

    def __init__(self, season: Season, member_id: int) -> None:
        self.season, self.member_id = season, member_id
        self._by_game: dict[int, dict[int, dict]] | None = None

    def of(self, game_id: int) -> dict[int, dict]:
        if self._by_game is None:
            row = member_row(snapshot=_cached_snapshot(self.season), member_id=self.member_id)
            self._by_game = {}
            for win in (row or {}).get("full_hands") or ():
                self._by_game.setdefault(win["game"], {})[win["position"]] = win
        return self._by_game.get(game_id, {})


def player_games(*, season: Season, member: Member) -> list[PlayerGame]:
    """The member's finished games of the season in game order, with running points (2 queries).

    Each game carries the member's full-hand wins from their standings row, read when first asked
    for — none when the page read the row already through the snapshot :func:`season_snapshot`
    loaded for ``season``, else one query for all the games. Only the columns the page shows are
    read, and of the cached statistics only their big wins (a member has ~700 games at 50,000).
    """
    seats = list(
        GameSeat.objects.filter(member=member, game__season=season, game__status=Game.Status.FINISHED)
        .order_by("game__finished_at", "game_id")
        .values_list("game_id", "seat", "game__finished_at", "game__table_label", "game__final_points",
                     "game__final_ranks", "game__final_scores", "game__final_stats__big_wins")
    )
    others: dict[int, list[tuple[int, str]]] = {}
    for game_id, seat, name in (
        # unordered: the seats' default order (by game) would join and sort the games for nothing
        GameSeat.objects.filter(game_id__in=[s[0] for s in seats]).exclude(member=member).order_by()
        .values_list("game_id", "seat", "member__display_name")
    ):
        others.setdefault(game_id, []).append((seat, name))
    hands = _MemberHands(season, member.pk)
    out, running = [], Decimal(0)
    for game_id, seat, finished_at, table_label, final_points, final_ranks, final_scores, big_wins in seats:
        points = _dec_points(final_points[seat])
        running += points
        out.append(
            PlayerGame(
                game_id=game_id,
                finished_at=finished_at,
                table_label=table_label,
                seat=seat,
                points=points,
                rank=final_ranks[seat],
                score=(final_scores or [None] * 4)[seat] if final_scores else None,
                opponents=[name for _, name in sorted(others.get(game_id, []))],
                cumulative=running,
                hands_of_member=hands,
                big_wins=_member_big_wins(big_wins, seat),
            )
        )
    return out


def _member_big_wins(wins: Any, seat: int) -> tuple[dict, ...] | None:
    """The seat's big wins of a game's cached ``big_wins`` (None: not cached)."""
    if not isinstance(wins, list):
        return None
    return tuple(w for w in wins if isinstance(w, dict) and w.get("seat") == seat)


@dataclass(frozen=True)
class Highlight:
    game_id: int
    position: int
    kind: str  # "ron" | "tsumo"
    yakuman: int
    han: int | None
    fu: int | None
    hand: dict | None
    win: dict | None = None
    """A full hand as the game's replay valued it: ``{"han", "fu", "yakuman", "limit", "kazoe", "yaku"}``."""
    yaku: tuple[str, ...] = ()
    """That full hand's yaku names in the page's language."""


def player_highlights(*, games: list[PlayerGame]) -> list[Highlight]:
    """The member's big wins in these games (``game_stats.is_big_win``): yakuman (entered or kazoe),
    haneman and up, and every full-hand (HAND) win with its value and yaku from the game's replay
    (kept in the standings snapshot by the refresh).

    Read from each game's cached statistics (``Game.final_stats["big_wins"]``, no query); only games
    without them have their hand records read (1 query) — at 50,000 games a member's 700 games held
    ~5,000 wins to parse, most of the page's time.
    """
    from league.games.words import yaku_names

    def highlight(game: PlayerGame, position: int, kind: str, yakuman: int, han, fu, hand) -> Highlight:
        replayed = game.full_hands.get(position) if hand else None
        if replayed:
            return Highlight(game.game_id, position, kind, int(replayed.get("yakuman") or 0), replayed.get("han"),
                             replayed.get("fu"), hand, replayed, tuple(yaku_names(replayed.get("yaku") or ())))
        return Highlight(game.game_id, position, kind, yakuman, han, fu, hand)

    found: list[Highlight] = []
    by_id = {g.game_id: g for g in games}
    for g in games:
        for w in g.big_wins or ():
            found.append(highlight(g, w["position"], w["kind"], w["yakuman"], w["han"], w["fu"], w["hand"]))
    uncached = [g.game_id for g in games if g.big_wins is None]
    for game_id, position, raw in (
        HandRecord.objects.filter(game_id__in=uncached, event__kind__in=["ron", "tsumo"])
        .order_by("game_id", "position").values_list("game_id", "position", "event") if uncached else ()
    ):
        g = by_id[game_id]
        try:
            event = parse_event(raw, players=len(g.opponents) + 1)
        except ScoringError:
            continue
        for win in event_wins(event):
            if win.winner == g.seat and is_big_win(win):
                found.append(highlight(g, position, event.kind,
                                       int(win.yakuman or 0) or (1 if is_yakuman_win(win) else 0),
                                       win.han, win.fu, dict(win.hand) if win.hand is not None else None))
    order = {g.game_id: i for i, g in enumerate(games)}
    found.sort(key=lambda h: (order[h.game_id], h.position))
    return found


def hand_yaku(hand: dict, ruleset, *, tsumo: bool) -> list[dict]:
    """The yaku of a full-hand (HAND) win, evaluated by ``scoring.hand``.

    Only possible when the HAND carries its own ``seat_wind`` and ``round_wind`` (inside a
    game record they may be omitted; the page then shows the tiles only). ``ruleset`` is a
    ``scoring.rules.Ruleset``. Returns ``[{"id", "han", "name"}]``, empty when unknown.
    """
    seat_wind, round_wind = hand.get("seat_wind"), hand.get("round_wind")
    if not seat_wind or not round_wind:
        return []
    from django.utils.translation import get_language

    from scoring.hand import HandContext, evaluate
    from scoring.hand.names import yaku_name

    context = HandContext(seat_wind=seat_wind, round_wind=round_wind, is_dealer=seat_wind == "E", tsumo=tsumo)
    try:
        result = evaluate({**hand, "tsumo": tsumo}, ruleset, context)
    except (ScoringError, ValueError, KeyError, TypeError):
        return []
    lang = get_language()
    return [{"id": y.id, "han": y.han, "name": yaku_name(y.id, lang)} for y in result.yaku]


def player_penalties(*, season: Season, member: Member) -> list[Penalty]:
    return list(
        Penalty.objects.filter(season=season, member=member).select_related("game").order_by("-given_at", "-id")
    )


# ------------------------------------------------------------------ figures, head-to-head, awards (issue 26)


def member_season_rows(*, club_id: int, member_id: int, season_id: int | None = None,
                       row: dict | None = None) -> list[dict]:
    """The member's standings row of every season of the club (1 query): the all-time figures sum them.

    ``season_id``/``row``: the season the page already read and the member's row there (not read again)."""
    out = [row] if row is not None else []
    qs = StandingRow.objects.filter(snapshot__season__club_id=club_id, member_id=member_id)
    if season_id is not None:
        qs = qs.exclude(snapshot__season_id=season_id)
    out.extend({**r, "rank": rank} for r, rank in qs.order_by("snapshot_id").values_list("row", "rank"))
    return out


def awards_snapshot(*, season: Season) -> StandingsSnapshot | None:
    """The season's snapshot with its awards only (not its rows, ratings or state: 1 query)."""
    return StandingsSnapshot.objects.filter(season=season).only("id", "season_id", "computed_at", "games_count",
                                                                "awards").first()


@dataclass(frozen=True)
class FigureRow:
    key: str
    label: Any
    season: Any
    all_time: Any
    club: Any

    @property
    def cells(self) -> tuple:
        return (self.season, self.all_time, self.club)


def figure_rows(*, row: dict | None, all_time_rows: list[dict], club_rows: list[dict]) -> list[FigureRow]:
    """The player page's figures: this season, all-time and the club's average this season (each a
    ``league.standings.figures.Figure`` with its sample size), one line per figure."""
    from league.standings.figures import figures, summed

    season = figures(row or {})
    all_time = figures(summed(all_time_rows))
    club = figures(summed(club_rows))
    return [FigureRow(k, f.label, f, all_time[k], club[k]) for k, f in season.items()]


@dataclass
class HeadToHead:
    """Two members' games together (every finished game of the club where both sat)."""

    games: int = 0
    a_above: int = 0
    b_above: int = 0
    level: int = 0
    a_points: Decimal = Decimal(0)
    b_points: Decimal = Decimal(0)
    a_into_b: int = 0
    """Wins of b on a's discard (a dealt in to b)."""
    a_into_b_points: int = 0
    b_into_a: int = 0
    b_into_a_points: int = 0
    season_games: int = 0
    """Of ``games``, those of the season the page is for."""
    rows: list[dict] = field(default_factory=list)
    """Per game, newest first: game id, finished at, both seats' rank and points."""

    @property
    def points_between(self) -> Decimal:
        return self.a_points - self.b_points


def _dec_points(value: Any) -> Decimal:
    return Decimal(repr(value)) if isinstance(value, float) else Decimal(value)


def head_to_head(*, club_id: int, a: int, b: int, season_id: int | None = None) -> HeadToHead:
    """Games together, who finished above whom, points between them and deal-ins from one to the
    other (``final_stats["ron_pairs"]``), over every finished game of the club (1 query)."""
    seats: dict[int, dict] = {}
    for game_id, member_id, seat, season, points, ranks, stats, finished in (
        GameSeat.objects.filter(member_id__in=[a, b], game__season__club_id=club_id,
                                game__status=Game.Status.FINISHED)
        .values_list("game_id", "member_id", "seat", "game__season_id", "game__final_points", "game__final_ranks",
                     "game__final_stats", "game__finished_at")
    ):
        g = seats.setdefault(game_id, {"season": season, "points": points, "ranks": ranks, "stats": stats,
                                       "finished": finished})
        g[member_id] = seat
    out = HeadToHead()
    for game_id, g in sorted(seats.items(), key=lambda kv: (kv[1]["finished"], kv[0]), reverse=True):
        if a not in g or b not in g or not g["points"] or not g["ranks"]:
            continue
        sa, sb = g[a], g[b]
        out.games += 1
        out.season_games += g["season"] == season_id
        ra, rb = g["ranks"][sa], g["ranks"][sb]
        out.a_above += ra < rb
        out.b_above += rb < ra
        out.level += ra == rb
        pa, pb = _dec_points(g["points"][sa]), _dec_points(g["points"][sb])
        out.a_points += pa
        out.b_points += pb
        for _pos, loser, winner, pts in (g["stats"] or {}).get("ron_pairs") or ():
            if (loser, winner) == (sa, sb):
                out.a_into_b += 1
                out.a_into_b_points += pts or 0
            elif (loser, winner) == (sb, sa):
                out.b_into_a += 1
                out.b_into_a_points += pts or 0
        out.rows.append({"game_id": game_id, "finished_at": g["finished"], "a_rank": ra, "b_rank": rb,
                         "a_points": pa, "b_points": pb})
    return out


def season_awards(*, snapshot: StandingsSnapshot | None) -> list[dict]:
    """The stored awards with each rule's title and rule text (``league.standings.awards.RULES``)."""
    from league.standings.awards import BY_KEY, award_value_words

    out = []
    for award in (snapshot.awards if snapshot else None) or ():
        rule = BY_KEY.get(award.get("key"))
        if rule is not None:
            out.append({**award, "title": rule.title, "rule": rule.rule, "value_words": award_value_words(award)})
    return out
