"""A team league's schedule: which four teams share a table on which match day, and in which seat.
Pure Python (no Django), beside :mod:`events.seating` (which seats players, not teams).

:func:`schedule` takes ``N`` teams (``0..N-1``), the tables played per match day and the games each
team plays, and returns the match days' fixtures (each a list of four teams in seat order, East
first) such that

- every team plays exactly ``games_per_team`` games, at most one per match day;
- every pair of teams meets as equally as possible: the most and the fewest meetings of any two
  teams differ by at most one where the search finds it (the tests hold 6, 8, 9, 12 and 16 teams
  to it, and :func:`balance` prints the figures);
- every team sits at every seat wind equally (within one when its games are not a multiple of 4).

How: the match days are filled one by one with the teams that have played least (ties drawn by the
seed), split into tables; a local search then swaps two teams between tables of one match day, or
trades a team playing on one day for one sitting out there (and back on another day), while the
sum of squared meetings falls (that sum is least when the meetings are as even as they can be).
The winds are then an equitable edge colouring of the bipartite graph teams × tables (König's
theorem: each team split into nodes of four games, four colours suffice), so each team gets each
wind ``games / 4`` times exactly. Everything is driven by the seed: the same arguments give the
same schedule.
"""
from __future__ import annotations

import itertools
import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from events.error_codes import SeatingErrorCode as Code
from events.seating import SeatingError

TABLE = 4  # teams per table (one player each)


@dataclass(frozen=True)
class Balance:
    """A schedule's balance figures (what the bench script and the docs print)."""

    teams: int
    fixtures: int
    match_days: int
    games: tuple[int, ...]  # games per team
    meetings_min: int
    meetings_max: int
    winds: tuple[tuple[int, int, int, int], ...]  # each team's East, South, West, North count

    @property
    def meetings_spread(self) -> int:
        return self.meetings_max - self.meetings_min

    @property
    def wind_spread(self) -> int:
        return max(max(w) - min(w) for w in self.winds)


def _check(teams: int, tables_per_day: int, games_per_team: int) -> int:
    if teams < TABLE:
        raise SeatingError(f"A team league needs at least {TABLE} teams; {teams} given.", code=Code.TOO_FEW)
    if games_per_team < 1 or tables_per_day < 1:
        raise SeatingError("Tables per match day and games per team are whole numbers from 1.", code=Code.INVALID)
    if (teams * games_per_team) % TABLE:
        raise SeatingError(
            f"{teams} teams × {games_per_team} games do not fill tables of {TABLE}: "
            f"teams × games must be a multiple of {TABLE}.", code=Code.IMPOSSIBLE)
    return teams * games_per_team // TABLE


def _day_sizes(fixtures: int, per_day: int) -> list[int]:
    days, rest = divmod(fixtures, per_day)
    return [per_day] * days + ([rest] if rest else [])


def _meet_matrix(days: Sequence[Sequence[Sequence[int]]], n: int) -> list[list[int]]:
    meet = [[0] * n for _ in range(n)]
    for day in days:
        for table in day:
            for a, b in itertools.combinations(table, 2):
                meet[a][b] += 1
                meet[b][a] += 1
    return meet


def _fill(n: int, sizes: list[int], rng: random.Random) -> list[list[list[int]]]:
    """Each match day's tables from the teams that have played least (then greedily by meetings)."""
    played = [0] * n
    meet = [[0] * n for _ in range(n)]
    days: list[list[list[int]]] = []
    for size in sizes:
        order = sorted(range(n), key=lambda t: (played[t], rng.random()))
        chosen = order[: size * TABLE]
        tables: list[list[int]] = [[] for _ in range(size)]
        rng.shuffle(chosen)
        chosen.sort(key=lambda t: -sum(meet[t][u] for u in chosen))  # the most met first: they have least room
        for t in chosen:
            open_tables = [k for k in range(size) if len(tables[k]) < TABLE]
            best = min(open_tables, key=lambda k: (sum(meet[t][u] for u in tables[k]), len(tables[k]), rng.random()))
            tables[best].append(t)
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                meet[a][b] += 1
                meet[b][a] += 1
            for t in table:
                played[t] += 1
        days.append(tables)
    return days


def _improve(days: list[list[list[int]]], n: int, rng: random.Random, max_steps: int) -> None:
    """Local search on the sum of squared meetings (least when the meetings are most even): each step
    takes the best swap of two teams between tables of one match day, or the best trade of a team
    playing that day for one resting (traded back on a day where the roles are the other way round);
    moves that keep the sum are taken too, at random, to walk along a plateau."""
    meet = _meet_matrix(days, n)

    def delta_move(table: list[int], out: int, into: int) -> int:
        """The change in Σ meet² when ``out`` leaves ``table`` and ``into`` takes its place."""
        d = 0
        for u in table:
            if u != out:
                d += 2 * (meet[into][u] - meet[out][u]) + 2
        return d

    def apply(table: list[int], out: int, into: int) -> None:
        for u in table:
            if u != out:
                meet[out][u] -= 1
                meet[u][out] -= 1
                meet[into][u] += 1
                meet[u][into] += 1
        table[table.index(out)] = into

    def spread() -> int:
        pairs = [meet[a][b] for a, b in itertools.combinations(range(n), 2)]
        return max(pairs) - min(pairs)

    where = [[{t for table in day for t in table}] for day in days]  # the teams playing each day
    for step in range(max_steps):
        if step % 200 == 0 and spread() <= 1:
            return
        d = rng.randrange(len(days))
        day = days[d]
        playing = where[d][0]
        moves: list[tuple[int, tuple]] = []
        for i, j in itertools.combinations(range(len(day)), 2):
            for a in day[i]:
                for b in day[j]:
                    # a and b never share a table, so the two changes add up
                    moves.append((delta_move(day[i], a, b) + delta_move(day[j], b, a), ("swap", i, j, a, b)))
        resting = [t for t in range(n) if t not in playing]
        for s in resting:
            for i, table in enumerate(day):
                for p in table:
                    for e, other in enumerate(days):
                        if e == d or p in where[e][0] or s not in where[e][0]:
                            continue
                        k = next(k for k, t in enumerate(other) if s in t)
                        gain = delta_move(table, p, s)
                        apply(table, p, s)
                        gain += delta_move(other[k], s, p)
                        apply(table, s, p)
                        moves.append((gain, ("trade", i, e, k, p, s)))
        if not moves:
            continue
        best = min(g for g, _ in moves)
        if best > 0:
            continue
        choices = [m for g, m in moves if g == best]
        if best == 0 and rng.random() < 0.5:
            continue
        move = rng.choice(choices)
        if move[0] == "swap":
            _, i, j, a, b = move
            apply(day[i], a, b)
            apply(day[j], b, a)
        else:
            _, i, e, k, p, s = move
            apply(day[i], p, s)
            apply(days[e][k], s, p)
            where[d][0] = where[d][0] - {p} | {s}
            where[e][0] = where[e][0] - {s} | {p}


def _winds(days: list[list[list[int]]], n: int) -> None:
    """Order each table's seats so that every team sits at each wind equally (within one).

    The bipartite multigraph (team nodes of at most four games) × (tables) has degree at most 4, so
    four colours (winds) colour its edges with no colour twice at a node (König); each table is then
    one team per wind, and each full team node one game per wind.
    """
    tables = [table for day in days for table in day]
    node_of: dict[tuple[int, int], int] = {}  # (table index, team) -> the team node
    seen: dict[int, int] = defaultdict(int)
    for k, table in enumerate(tables):
        for t in table:
            node_of[(k, t)] = n * (seen[t] // TABLE) + t  # the team's games in blocks of four
            seen[t] += 1
    # colour[(side, node)][c] = the other end of the edge coloured c there (None: free)
    colour: dict[tuple[str, int], list[int | None]] = defaultdict(lambda: [None] * TABLE)

    def free(key: tuple[str, int]) -> int:
        return colour[key].index(None)

    for k, table in enumerate(tables):
        for t in table:
            u, v = ("T", node_of[(k, t)]), ("F", k)
            a, b = free(u), free(v)
            if colour[v][a] is not None:
                # flip the a/b path from v: afterwards a is free at v (and still at u: bipartite)
                path, key, c = [], v, a
                while colour[key][c] is not None:
                    other = colour[key][c]
                    nxt = ("T" if key[0] == "F" else "F", other)
                    path.append((key, nxt, c))
                    key, c = nxt, (b if c == a else a)
                for x, y, c in path:
                    colour[x][c] = None
                    colour[y][c] = None
                for x, y, c in path:
                    flipped = b if c == a else a
                    colour[x][flipped] = y[1]
                    colour[y][flipped] = x[1]
            colour[u][a] = k
            colour[v][a] = node_of[(k, t)]
    for k, table in enumerate(tables):
        seats = colour[("F", k)]
        table[:] = [node % n for node in seats]  # type: ignore[operator]


def schedule(teams: int, *, tables_per_day: int, games_per_team: int, seed: int = 0,
             max_steps: int = 10_000, restarts: int = 4) -> list[list[list[int]]]:
    """The match days of a stage: each a list of tables, each table four teams in seat order (East first)."""
    fixtures = _check(teams, tables_per_day, games_per_team)
    per_day = min(tables_per_day, teams // TABLE)
    best: tuple[tuple[int, int], list[list[list[int]]]] | None = None
    for attempt in range(restarts):  # a fresh start where the search stalls above a spread of one
        rng = random.Random(f"{seed}:{attempt}")
        days = _fill(teams, _day_sizes(fixtures, per_day), rng)
        _improve(days, teams, rng, max_steps)
        figures = balance(days, teams)
        score = (figures.meetings_spread, sum(m * m for m in _pairs(days, teams)))
        if best is None or score < best[0]:
            best = (score, days)
        if figures.meetings_spread <= 1:
            break
    assert best is not None
    days = best[1]
    _winds(days, teams)
    return days


def _pairs(days: Sequence[Sequence[Sequence[int]]], n: int) -> list[int]:
    meet = _meet_matrix(days, n)
    return [meet[a][b] for a, b in itertools.combinations(range(n), 2)]


def balance(days: Sequence[Sequence[Sequence[int]]], teams: int) -> Balance:
    """The figures a schedule is judged by: games per team, meetings per pair, winds per team."""
    meet = _meet_matrix(days, teams)
    pairs = [meet[a][b] for a, b in itertools.combinations(range(teams), 2)]
    games = [0] * teams
    winds = [[0, 0, 0, 0] for _ in range(teams)]
    for day in days:
        for table in day:
            for seat, t in enumerate(table):
                games[t] += 1
                winds[t][seat] += 1
    return Balance(teams=teams, fixtures=sum(len(d) for d in days), match_days=len(days), games=tuple(games),
                   meetings_min=min(pairs), meetings_max=max(pairs),
                   winds=tuple((w[0], w[1], w[2], w[3]) for w in winds))
