"""Seating: who plays whom, and in which seat, round by round. Pure Python (no Django).

Two entry points:

- :func:`plan` seats ``N`` players (``0..N-1``) for ``R`` rounds at once, ``balanced`` (the
  fewest repeated meetings, seat winds spread) or ``random`` (the baseline). Its command line
  is fixed in ``shared/contracts/seating.md``::

      python -m events.seating plan --players N --rounds R [--seed S] [--three-player-tables]
                                    [--method balanced|random]

- :func:`seat_round` seats one round of a club night from whoever is present, avoiding
  opponents met tonight, preferring pairs rarely met this season, sitting out those who sat
  out least (or 3-player tables where allowed) and never seating team-mates together.

A table lists its players in seat order: East, South, West, North at East 1.

How ``balanced`` works: where an algebraic construction gives a plan with no repeated meeting
(``N = 4m`` with ``m`` a prime, a power of two or 9, ``R <= m``; plus the affine plane's fifth round
for 16 players) it is used with the players relabelled by the seed. Otherwise a greedy seating
is improved by a tabu search that swaps two players of one round. Seat winds are then spread by
a local search over each table's seat order. Everything is driven by the seed (no clock), so
the same arguments always give the same plan.
"""
from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from events.error_codes import SeatingErrorCode as Code
from scoring.winds import WINDS  # noqa: F401 - the seat winds, East first (the table's one wind table)

TEAM_WEIGHT = 1_000_000
TONIGHT_WEIGHT = 1_000


class SeatingError(ValueError):
    """A seating that cannot be made (too few players, bad arguments)."""

    def __init__(self, message: str, *, code: str = Code.INVALID) -> None:
        super().__init__(message)
        self.message = message
        self.code = code

    def to_json(self) -> dict[str, Any]:
        return {"error": {"message": self.message}}


@dataclass
class Round:
    tables: list[list[Any]]
    sitting_out: list[Any] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"tables": [list(t) for t in self.tables], "sitting_out": list(self.sitting_out)}


@dataclass
class Plan:
    rounds: list[Round]

    def to_json(self) -> dict[str, Any]:
        return {"rounds": [r.to_json() for r in self.rounds]}


# --- table sizes --------------------------------------------------------------------------
def table_sizes(n: int, *, three_player_tables: bool) -> tuple[list[int], int]:
    """The table sizes for ``n`` players and how many sit out.

    With 3-player tables: as few of them as it takes (``n = 4a + 3b``), nobody sits out.
    Without: tables of 4 and the remainder sits out.
    """
    if n < 3:
        raise SeatingError(f"At least 3 players are needed to seat a table; {n} given.", code=Code.TOO_FEW)
    if three_player_tables:
        threes = (-n) % 4
        if 3 * threes > n:
            raise SeatingError(
                f"{n} players cannot be seated at tables of 4 and 3 with nobody sitting out.", code=Code.IMPOSSIBLE)
        return [4] * ((n - 3 * threes) // 4) + [3] * threes, 0
    if n < 4:
        raise SeatingError(f"At least 4 players are needed for a table of 4; {n} given.", code=Code.TOO_FEW)
    return [4] * (n // 4), n % 4


# --- meetings -----------------------------------------------------------------------------
def repeated_meetings(rounds: Sequence[Round | Sequence[Sequence[Any]]]) -> int:
    """Pairs who share a table in more than one round, counted once per round after the first."""
    counts: dict[frozenset, int] = defaultdict(int)
    for rnd in rounds:
        tables = rnd.tables if isinstance(rnd, Round) else rnd
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                counts[frozenset((a, b))] += 1
    return sum(c - 1 for c in counts.values() if c > 1)


def wind_counts(rounds: Sequence[Round]) -> dict[Any, list[int]]:
    """Each player's count of East, South, West and North seats."""
    counts: dict[Any, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for rnd in rounds:
        for table in rnd.tables:
            for seat, p in enumerate(table):
                counts[p][seat] += 1
    return dict(counts)


def wind_spread(rounds: Sequence[Round]) -> int:
    """The largest difference between a player's most and least used seat wind."""
    counts = wind_counts(rounds)
    return max((max(c) - min(c) for c in counts.values()), default=0)


# --- sitting out --------------------------------------------------------------------------
def _sit_outs(players: Sequence[Any], k: int, sat_out: Mapping[Any, int], rng: random.Random) -> list[Any]:
    """The ``k`` players who have sat out least (ties drawn)."""
    if k <= 0:
        return []
    keyed = [(sat_out.get(p, 0), rng.random(), i) for i, p in enumerate(players)]
    keyed.sort()
    return [players[i] for _, _, i in keyed[:k]]


# --- algebraic constructions (no repeated meeting) -----------------------------------------
_GF2_POLY = {4: 0b111, 8: 0b1011, 16: 0b10011, 32: 0b100101, 64: 0b1000011}


def _is_prime(m: int) -> bool:
    return m >= 2 and all(m % d for d in range(2, int(m ** 0.5) + 1))


def _field(m: int):
    """(add, mul) of GF(m) for m prime, a power of two or 9 (elements 0..m-1), else None."""
    if _is_prime(m):
        return (lambda a, b: (a + b) % m), (lambda a, b: (a * b) % m)
    if m in _GF2_POLY:
        poly = _GF2_POLY[m]

        def mul(a: int, b: int) -> int:
            out = 0
            while b:
                if b & 1:
                    out ^= a
                b >>= 1
                a <<= 1
                if a & m:
                    a ^= poly
            return out

        return (lambda a, b: a ^ b), mul
    if m == 9:  # GF(3)[x]/(x^2 + 1); element a0 + 3*a1 is a0 + a1*x
        def add9(a: int, b: int) -> int:
            return (a % 3 + b % 3) % 3 + 3 * ((a // 3 + b // 3) % 3)

        def mul9(a: int, b: int) -> int:
            a0, a1, b0, b1 = a % 3, a // 3, b % 3, b // 3
            return (a0 * b0 - a1 * b1) % 3 + 3 * ((a0 * b1 + a1 * b0) % 3)

        return add9, mul9
    return None


def _construction(n: int, rounds: int) -> list[list[list[int]]] | None:
    """Rounds of tables of 4 with no pair meeting twice, where the algebra gives them.

    Players are (group g in 0..3, index j in GF(m)); in round r table t holds (g, t + c_g·r)
    with c = (0, 1, x, y) distinct, so two players of different groups meet in one round only.
    The four groups themselves form one more round when m = 4 (the affine plane of order 4).
    """
    if n % 4:
        return None
    m = n // 4
    ops = _field(m)
    if ops is None or m < 4:
        return None
    add, mul = ops
    extra = 1 if m == 4 else 0
    if rounds > m + extra:
        return None
    coeff = (0, 1, 2, 3)
    plan: list[list[list[int]]] = []
    for r in range(min(rounds, m)):
        plan.append([[g * m + add(t, mul(coeff[g], r)) for g in range(4)] for t in range(m)])
    if rounds > m:
        plan.append([[g * m + j for j in range(m)] for g in range(4)])
    return plan


# --- greedy + tabu search on meetings -------------------------------------------------------
def _greedy_round(players: list[int], sizes: list[int], meet: list[list[int]], rng: random.Random) -> list[list[int]]:
    order = players[:]
    rng.shuffle(order)
    tables: list[list[int]] = [[] for _ in sizes]
    for p in order:
        best, best_cost = [], None
        for ti, t in enumerate(tables):
            if len(t) >= sizes[ti]:
                continue
            cost = sum(1 for q in t if meet[p][q]) * 100 + sum(meet[p][q] for q in t)
            if best_cost is None or cost < best_cost:
                best, best_cost = [ti], cost
            elif cost == best_cost:
                best.append(ti)
        tables[rng.choice(best)].append(p)
    for t in tables:
        for a, b in itertools.combinations(t, 2):
            meet[a][b] += 1
            meet[b][a] += 1
    return tables


def _tabu(rounds: list[list[list[int]]], n: int, rng: random.Random, max_steps: int) -> list[list[list[int]]]:
    """Swap two players of one round while that lowers (or, tabu-guided, keeps) the repeats."""
    meet = [[0] * n for _ in range(n)]
    for tables in rounds:
        for t in tables:
            for a, b in itertools.combinations(t, 2):
                meet[a][b] += 1
                meet[b][a] += 1
    cost = sum(meet[a][b] - 1 for a in range(n) for b in range(a + 1, n) if meet[a][b] > 1)
    best_cost, best = cost, [[t[:] for t in tables] for tables in rounds]
    tabu: dict[tuple[int, int], int] = {}
    step = 0
    while cost > 0 and step < max_steps:
        step += 1
        conflicts = [(r, ti, p) for r, tables in enumerate(rounds) for ti, t in enumerate(tables) for p in t
                     if any(meet[p][q] > 1 for q in t if q != p)]
        r, ti, p = rng.choice(conflicts)
        tables = rounds[r]
        home = tables[ti]
        moves, move_delta = [], None
        for tj, other in enumerate(tables):
            if tj == ti:
                continue
            for x in other:
                d = 0
                for q in home:
                    if q != p:
                        d -= meet[p][q] >= 2
                        d += meet[x][q] >= 1
                for q in other:
                    if q != x:
                        d += meet[p][q] >= 1
                        d -= meet[x][q] >= 2
                if tabu.get((r, x), 0) > step and cost + d >= best_cost:
                    continue
                if move_delta is None or d < move_delta:
                    moves, move_delta = [(tj, x)], d
                elif d == move_delta:
                    moves.append((tj, x))
        if not moves:
            continue
        tj, x = rng.choice(moves)
        other = tables[tj]
        for q in home:
            if q != p:
                meet[p][q] -= 1
                meet[q][p] -= 1
                meet[x][q] += 1
                meet[q][x] += 1
        for q in other:
            if q != x:
                meet[x][q] -= 1
                meet[q][x] -= 1
                meet[p][q] += 1
                meet[q][p] += 1
        home[home.index(p)] = x
        other[other.index(x)] = p
        cost += move_delta
        tabu[(r, p)] = step + rng.randint(3, 10)
        tabu[(r, x)] = step + rng.randint(3, 10)
        if cost < best_cost:
            best_cost, best = cost, [[t[:] for t in tbls] for tbls in rounds]
    return best


# --- seat winds ---------------------------------------------------------------------------
def _balanced_orientation(edges: list[tuple[Any, Any]]) -> list[bool]:
    """Orient each edge (True: first -> second) so that every vertex's in- and out-degree differ by <= 1.

    Odd-degree vertices are joined to a dummy vertex; the closed trails of an Euler tour
    (Hierholzer) then enter each vertex as often as they leave it.
    """
    dummy = object()
    all_edges = list(edges)
    adj: dict[Any, list[int]] = defaultdict(list)
    for i, (u, v) in enumerate(all_edges):
        adj[u].append(i)
        adj[v].append(i)
    for x in [x for x in adj if len(adj[x]) % 2]:
        all_edges.append((x, dummy))
        adj[x].append(len(all_edges) - 1)
        adj[dummy].append(len(all_edges) - 1)
    used = [False] * len(all_edges)
    forward = [True] * len(all_edges)
    ptr: dict[Any, int] = defaultdict(int)
    for start in list(adj):
        stack = [start]
        while stack:
            v = stack[-1]
            edges_v = adj[v]
            while ptr[v] < len(edges_v) and used[edges_v[ptr[v]]]:
                ptr[v] += 1
            if ptr[v] == len(edges_v):
                stack.pop()
                continue
            e = edges_v[ptr[v]]
            used[e] = True
            u, w = all_edges[e]
            forward[e] = u == v
            stack.append(w if forward[e] else u)
    return forward[: len(edges)]


def _spread_winds(rounds: list[list[list[int]]], rng: random.Random, max_passes: int = 60) -> None:
    """Reorder each table (in place) so that every player's E/S/W/N counts differ by at most one.

    For two seats a and b, the tables with both form a multigraph on the players (one edge per
    table, between its players in seats a and b); a balanced orientation of it (who takes a)
    evens out every player's a and b counts without changing any other seat. Doing this for
    every pair of seats until nothing is uneven strictly lowers the sum of squared counts, so it
    ends, with every count within one of the others (an equitable edge colouring, de Werra).
    Tables of 3 have no North: they are evened out over East, South and West only.
    """
    tables_all = [t for tables in rounds for t in tables]
    for t in tables_all:
        rng.shuffle(t)
    for _ in range(max_passes):
        for a, b in itertools.combinations(range(4), 2):
            having = [t for t in tables_all if len(t) > b]
            for t, keep in zip(having, _balanced_orientation([(t[a], t[b]) for t in having]), strict=False):
                if not keep:
                    t[a], t[b] = t[b], t[a]
        counts: dict[Any, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        for t in tables_all:
            for s, p in enumerate(t):
                counts[p][s] += 1
        uneven = False
        for c in counts.values():
            used = c if all(len(t) == 4 for t in tables_all) else c[:3] if c[3] == 0 else c
            if max(used) - min(used) > 1:
                uneven = True
                break
        if not uneven:
            return


# --- the plan -------------------------------------------------------------------------------
def plan(players: int, rounds: int, *, seed: int | None = None, three_player_tables: bool = False,
         method: str = "balanced") -> Plan:
    """Seat players ``0..players-1`` for ``rounds`` rounds (see the module's docstring)."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 3:
        raise SeatingError(f"At least 3 players are needed; {players} given.", code=Code.TOO_FEW)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise SeatingError(f"At least one round is needed; {rounds} given.", code=Code.ROUNDS)
    if method not in ("balanced", "random"):
        raise SeatingError(f"Unknown seating method {method!r}: use balanced or random.", code=Code.METHOD)
    sizes, out = table_sizes(players, three_player_tables=three_player_tables)
    rng = random.Random(seed if seed is not None else 0)
    everyone = list(range(players))
    sat_out: dict[int, int] = defaultdict(int)
    outs: list[list[int]] = []
    for _ in range(rounds):
        chosen = _sit_outs(everyone, out, sat_out, rng)
        for p in chosen:
            sat_out[p] += 1
        outs.append(sorted(chosen))
    if method == "random":
        result = []
        for chosen in outs:
            seated = [p for p in everyone if p not in set(chosen)]
            rng.shuffle(seated)
            tables, i = [], 0
            for size in sizes:
                tables.append(seated[i:i + size])
                i += size
            result.append(Round(tables=tables, sitting_out=chosen))
        return Plan(rounds=result)
    built = _construction(players, rounds) if out == 0 and all(s == 4 for s in sizes) else None
    if built is not None:
        label = everyone[:]
        rng.shuffle(label)
        built = [[[label[p] for p in t] for t in tables] for tables in built]
        rng.shuffle(built)
    else:
        meet = [[0] * players for _ in range(players)]
        built = []
        for chosen in outs:
            seated = [p for p in everyone if p not in set(chosen)]
            built.append(_greedy_round(seated, sizes, meet, rng))
        built = _tabu(built, players, rng, max_steps=min(6000, 400_000 // (rounds * players)))
    _spread_winds(built, rng)
    return Plan(rounds=[Round(tables=tables, sitting_out=chosen) for tables, chosen in zip(built, outs, strict=False)])


# --- one round of a club night ------------------------------------------------------------------
def _pair_cost(a: Any, b: Any, tonight: Mapping[frozenset, int], season: Mapping[frozenset, int],
               teams: Mapping[Any, Any]) -> int:
    key = frozenset((a, b))
    cost = TONIGHT_WEIGHT * tonight.get(key, 0) + season.get(key, 0)
    ta, tb = teams.get(a), teams.get(b)
    if ta is not None and ta == tb:
        cost += TEAM_WEIGHT
    return cost


def _norm_pairs(pairs: Mapping[Any, int] | None) -> dict[frozenset, int]:
    return {frozenset(k): int(v) for k, v in (pairs or {}).items()}


def seat_round(
    present: Sequence[Hashable], *, met_tonight: Mapping[Any, int] | None = None,
    season_meetings: Mapping[Any, int] | None = None, sat_out: Mapping[Hashable, int] | None = None,
    winds: Mapping[Hashable, Sequence[int]] | None = None, three_player_tables: bool = False,
    teams: Mapping[Hashable, Hashable] | None = None, seed: int | None = None,
    sanma: Mapping[Hashable, int] | None = None,
) -> Round:
    """Seat the next round of a club night.

    ``present``: who is here and playing this round (any hashable ids, e.g. member ids).
    ``met_tonight`` / ``season_meetings``: pair -> times at one table (a pair is any 2-element
    iterable). Opponents met tonight are avoided first, then pairs who met often this season.
    ``sat_out``: how often each has sat out tonight (those who sat out least sit out now).
    ``winds``: each player's E/S/W/N counts tonight (seats go to winds they had least; ties drawn).
    ``teams``: player -> team; team-mates are never seated together (``SeatingError`` if they must be).
    ``sanma``: how many 3-player tables each has played tonight. The 3-player seats rotate: they go to
    those who had fewest, so nobody plays a table of 3 twice while another has had none (among players
    on the same count, opponents decide).
    """
    players = list(dict.fromkeys(present))
    if len(players) < 3:
        raise SeatingError(f"At least 3 players must be present to seat a round; {len(players)} are.",
                           code=Code.TOO_FEW)
    if not three_player_tables and len(players) < 4:
        raise SeatingError(f"At least 4 players must be present for a table of 4; {len(players)} are.",
                           code=Code.TOO_FEW)
    try:
        sizes, out = table_sizes(len(players), three_player_tables=three_player_tables)
    except SeatingError:
        # e.g. 5 present with 3-player tables allowed: one table of 4, one sits out.
        sizes, out = table_sizes(len(players), three_player_tables=False)
    rng = random.Random(seed)
    tonight, season, team_of = _norm_pairs(met_tonight), _norm_pairs(season_meetings), dict(teams or {})
    resting = _sit_outs(players, out, sat_out or {}, rng)
    seated = [p for p in players if p not in set(resting)]
    rng.shuffle(seated)

    def cost_with(p: Any, table: Sequence[Any], skip: Any = None) -> int:
        return sum(_pair_cost(p, q, tonight, season, team_of) for q in table if q != p and q != skip)

    # Greedy: the most constrained first (most meetings tonight), into the cheapest table with room.
    weight = {p: sum(_pair_cost(p, q, tonight, season, team_of) for q in seated if q != p) for p in seated}
    seated.sort(key=lambda p: -weight[p])
    tables: list[list[Any]] = [[] for _ in sizes]
    fits, swappable = _rotating_threes(seated, sizes, sanma or {}, tables)
    for p in seated:
        options = [(cost_with(p, t), rng.random(), ti) for ti, t in enumerate(tables)
                   if len(t) < sizes[ti] and fits(p, ti)]
        tables[min(options)[2]].append(p)
    _descend(tables, cost_with, swappable)
    _check_teams(tables, team_of)
    _draw_winds(tables, winds, players, rng)
    return Round(tables=tables, sitting_out=resting)


def _rotating_threes(seated: Sequence[Any], sizes: Sequence[int], sanma: Mapping[Any, int],
                     tables: list[list[Any]]):
    """Who may sit at which table so that the 3-player seats go to those who had fewest.

    With ``k`` seats at tables of 3 and the players ordered by their count, the count of the k-th
    player is the boundary: fewer must play a table of 3, more a table of 4, the boundary's players
    either (their places left for opponents to decide). Returns ``fits(p, table index)`` for the first
    seating (a boundary player takes a seat of one size only while the players who need that size
    still find room) and ``swappable(p, x)`` for the descent (across sizes, only players on the same
    count), so that the counts at tables of 3 stay the fewest.
    """
    threes = sum(size for size in sizes if size == 3)
    if not threes or threes == len(seated):
        return (lambda p, ti: True), None
    count = {p: sanma.get(p, 0) for p in seated}
    boundary = sorted(count.values())[threes - 1]
    need = {3: {p for p in seated if count[p] < boundary}, 4: {p for p in seated if count[p] > boundary}}

    def fits(p: Any, ti: int) -> bool:
        size = sizes[ti]
        other = 4 if size == 3 else 3
        if p in need[other]:
            return False
        if p in need[size]:
            return True
        room = sum(sizes[i] - len(t) for i, t in enumerate(tables) if sizes[i] == size)
        waiting = sum(1 for q in need[size] if not any(q in t for t in tables))
        return room - 1 >= waiting

    def swappable(p: Any, x: Any) -> bool:
        return count[p] == count[x]

    return fits, swappable


def _descend(tables: list[list[Any]], cost_with, swappable=None) -> None:
    """Best swap of two players at different tables, until no swap lowers the cost (in place).

    ``swappable(p, x)``: whether two players at tables of different sizes may change places."""
    while True:
        best = (0, None)
        for ti, tj in itertools.combinations(range(len(tables)), 2):
            across = len(tables[ti]) != len(tables[tj]) and swappable is not None
            for p in tables[ti]:
                for x in tables[tj]:
                    if across and not swappable(p, x):
                        continue
                    d = (cost_with(p, tables[tj], skip=x) + cost_with(x, tables[ti], skip=p)
                         - cost_with(p, tables[ti]) - cost_with(x, tables[tj]))
                    if d < best[0]:
                        best = (d, (ti, tj, p, x))
        if best[1] is None:
            return
        ti, tj, p, x = best[1]
        tables[ti][tables[ti].index(p)] = x
        tables[tj][tables[tj].index(x)] = p


def _check_teams(tables: list[list[Any]], team_of: Mapping[Any, Any]) -> None:
    for t in tables:
        for a, b in itertools.combinations(t, 2):
            ta = team_of.get(a)
            if ta is not None and ta == team_of.get(b):
                raise SeatingError("Team-mates would have to share a table: there are too few teams here.",
                                   code=Code.TEAMS)


def _draw_winds(tables: list[list[Any]], winds: Mapping[Any, Sequence[int]] | None, players: Sequence[Any],
                rng: random.Random) -> None:
    """Each table's order gives every player a wind they have had least (ties drawn)."""
    counts = {p: list((winds or {}).get(p, (0, 0, 0, 0))) + [0] * 4 for p in players}
    for t in tables:
        perms = list(itertools.permutations(t))
        rng.shuffle(perms)
        t[:] = min(perms, key=lambda perm: sum(counts[p][s] for s, p in enumerate(perm)))


def pick_table(
    free: Sequence[Hashable], *, size: int, games: Mapping[Hashable, int] | None = None,
    met_tonight: Mapping[Any, int] | None = None, season_meetings: Mapping[Any, int] | None = None,
    winds: Mapping[Hashable, Sequence[int]] | None = None, seed: int | None = None,
    sanma: Mapping[Hashable, int] | None = None,
) -> list[Any]:
    """One more table for the round in play, from the players ``free`` now (in seat order).

    Those who played fewest games tonight (``games``) sit down first: a player who sat this round
    out before one whose game is over; at a table of 3, those who played fewest tables of 3 tonight
    (``sanma``) before them. Among players on the same count, the ones who met the chosen least
    (tonight first, then this season) join them; ties are drawn. Seats go to the winds each player
    had least.
    """
    players = list(dict.fromkeys(free))
    if len(players) < size:
        raise SeatingError(f"A table of {size} needs {size} free players; {len(players)} are free.", code=Code.TOO_FEW)
    rng = random.Random(seed)
    tonight, season = _norm_pairs(met_tonight), _norm_pairs(season_meetings)
    played, threes = games or {}, (sanma or {}) if size == 3 else {}

    def key(p: Any) -> tuple[int, int]:
        return threes.get(p, 0), played.get(p, 0)

    order = sorted(players, key=lambda p: (key(p), rng.random()))
    boundary = key(order[size - 1])
    table = [p for p in order if key(p) < boundary]
    tied = [p for p in order if key(p) == boundary]
    while len(table) < size:
        costs = [(sum(_pair_cost(p, q, tonight, season, {}) for q in table), i) for i, p in enumerate(tied)]
        table.append(tied.pop(min(costs)[1]))
    tables = [table]
    _draw_winds(tables, winds, table, rng)
    return tables[0]


# --- swiss and predefined seatings (tournaments) ----------------------------------------------
def swiss_round(
    ranking: Sequence[Hashable], *, met: Mapping[Any, int] | None = None, three_player_tables: bool = False,
    sat_out: Mapping[Hashable, int] | None = None, winds: Mapping[Hashable, Sequence[int]] | None = None,
    teams: Mapping[Hashable, Hashable] | None = None, seed: int | None = None,
) -> Round:
    """A swiss round: by standings (``ranking``, strongest first) the strongest play together,
    avoiding repeats. Byes go to those who sat out least, the lowest ranked first.

    A pair's cost is 1,000 per earlier meeting (team-mates: 1,000,000) plus how far apart they
    stand; tables start as consecutive blocks of the ranking and swaps lower the cost.
    """
    players = list(dict.fromkeys(ranking))
    sizes, out = table_sizes(len(players), three_player_tables=three_player_tables)
    rng = random.Random(seed)
    rank = {p: i for i, p in enumerate(players)}
    sat = sat_out or {}
    resting = sorted(players, key=lambda p: (sat.get(p, 0), -rank[p]))[:out] if out else []
    seated = [p for p in players if p not in set(resting)]
    tables, i = [], 0
    for size in sizes:
        tables.append(seated[i:i + size])
        i += size
    pairs, team_of = _norm_pairs(met), dict(teams or {})

    def pair(a: Any, b: Any) -> int:
        cost = TONIGHT_WEIGHT * pairs.get(frozenset((a, b)), 0) + abs(rank[a] - rank[b])
        ta = team_of.get(a)
        return cost + (TEAM_WEIGHT if ta is not None and ta == team_of.get(b) else 0)

    def cost_with(p: Any, table: Sequence[Any], skip: Any = None) -> int:
        return sum(pair(p, q) for q in table if q != p and q != skip)

    _descend(tables, cost_with)
    _check_teams(tables, team_of)
    tables.sort(key=lambda t: min(rank[p] for p in t))
    _draw_winds(tables, winds, players, rng)
    return Round(tables=tables, sitting_out=resting)


def check_rounds(rounds: Sequence[Round], players: Sequence[Hashable], *, three_player_tables: bool = False) -> None:
    """Check a predefined seating: every player once a round, tables of 4 (or 3 where allowed).

    Raises ``SeatingError`` naming every problem (round and table numbered from 1).
    """
    everyone = set(players)
    problems: list[str] = []
    for r, rnd in enumerate(rounds, start=1):
        seen: Counter = Counter(p for t in rnd.tables for p in t)
        seen.update(rnd.sitting_out)
        for p, n in seen.items():
            if p not in everyone:
                problems.append(f"round {r}: {p} is not a player")
            elif n > 1:
                problems.append(f"round {r}: {p} is seated {n} times")
        for p in everyone - set(seen):
            problems.append(f"round {r}: {p} is not seated")
        if len(rnd.sitting_out) > 3 or (three_player_tables and rnd.sitting_out):
            problems.append(f"round {r}: {len(rnd.sitting_out)} sit out, who could play")
        for t, table in enumerate(rnd.tables, start=1):
            if len(table) != 4 and not (three_player_tables and len(table) == 3):
                problems.append(f"round {r}, table {t}: {len(table)} players")
    if problems:
        raise SeatingError("This seating cannot be used: " + "; ".join(sorted(problems)) + ".", code=Code.PREDEFINED)


def parse_rounds_csv(text: str, players: Sequence[str] | None = None) -> list[Round]:
    """A predefined seating from CSV rows ``round,table,east,south,west[,north]`` (a header row is
    skipped). Players are the strings as written; rounds and tables are numbered from 1. With
    ``players``, those a round does not list sit it out."""
    import csv
    import io

    by_round: dict[int, dict[int, list[str]]] = defaultdict(dict)
    for line, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        if line == 1 and not cells[0].isdigit():
            continue
        if len(cells) < 5 or not cells[0].isdigit() or not cells[1].isdigit():
            raise SeatingError(f"Line {line}: expected round,table,east,south,west[,north].", code=Code.PREDEFINED)
        seats = [c for c in cells[2:6] if c]
        r, t = int(cells[0]), int(cells[1])
        if t in by_round[r]:
            raise SeatingError(f"Line {line}: round {r} has table {t} twice.", code=Code.PREDEFINED)
        by_round[r][t] = seats
    if not by_round or sorted(by_round) != list(range(1, max(by_round) + 1)):
        raise SeatingError("The rounds must be numbered 1, 2, 3, ... without a gap.", code=Code.PREDEFINED)
    rounds = []
    for r in sorted(by_round):
        tables = [by_round[r][t] for t in sorted(by_round[r])]
        listed = {p for t in tables for p in t}
        rounds.append(Round(tables=tables, sitting_out=[p for p in (players or []) if p not in listed]))
    return rounds


# --- tournament rounds (random, balanced, swiss; tables of 3 or 4; teams) --------------------------
def tournament_table_sizes(n: int, *, table_size: int = 4, three_player_tables: bool = False) -> tuple[list[int], int]:
    """Table sizes of a tournament round and how many sit out.

    ``table_size`` 3 (a 3-player ruleset): tables of 3, the remainder sits out. ``table_size`` 4:
    as :func:`table_sizes`; with ``three_player_tables`` where no 4/3 split exists (5 players)
    one table of 4 plays and one player sits out.
    """
    if table_size == 3:
        if n < 3:
            raise SeatingError(f"At least 3 players are needed to seat a table; {n} given.", code=Code.TOO_FEW)
        return [3] * (n // 3), n % 3
    if table_size != 4:
        raise SeatingError(f"Tables seat 3 or 4 players, not {table_size}.", code=Code.ARGUMENTS)
    try:
        return table_sizes(n, three_player_tables=three_player_tables)
    except SeatingError:
        if not three_player_tables:
            raise
        return table_sizes(n, three_player_tables=False)


def _team_feasible(seated: Sequence[Any], sizes: Sequence[int], team_of: Mapping[Any, Any]) -> None:
    counts = Counter(team_of[p] for p in seated if team_of.get(p) is not None)
    if counts and max(counts.values()) > len(sizes):
        team, k = counts.most_common(1)[0]
        raise SeatingError(
            f"Team {team} has {k} players to seat at {len(sizes)} tables: team-mates would have to share a table.",
            code=Code.TEAMS)


def tournament_round(
    players: Sequence[Hashable], *, method: str = "balanced", met: Mapping[Any, int] | None = None,
    sat_out: Mapping[Hashable, int] | None = None, winds: Mapping[Hashable, Sequence[int]] | None = None,
    teams: Mapping[Hashable, Hashable] | None = None, table_size: int = 4, three_player_tables: bool = False,
    seed: int | None = None, standing: Mapping[Hashable, Any] | None = None,
) -> Round:
    """One round of a tournament.

    ``players``: who plays this round; for ``swiss`` in standings order (strongest first).
    ``method``: ``random`` (a random seating; only team-mates are kept apart), ``balanced`` (the
    fewest repeated meetings: 1,000 per earlier meeting of a pair) or ``swiss`` (strongest together:
    tables start as consecutive blocks of the standings, a pair costs 1,000 per earlier meeting plus
    how far apart they stand). Team-mates (``teams``: player -> team) never share a table
    (``SeatingError`` code ``teams`` when the teams make it impossible). Byes (players 4 or 3 do not
    divide) go to those who sat out least: in a swiss round the lowest ranked, otherwise drawn.
    Tables of a swiss round are listed strongest first; seats go to the winds each player had least.
    ``standing`` (swiss): what each player stands on (any value; equal values stand level). Players
    who stand level are drawn among themselves, so round 1 (everyone on 0) is a random seating, not
    the order the players were listed in.
    """
    if method not in ("random", "balanced", "swiss"):
        raise SeatingError(f"Unknown seating method {method!r}: use random, balanced or swiss.", code=Code.METHOD)
    order = list(dict.fromkeys(players))
    sizes, out = tournament_table_sizes(len(order), table_size=table_size, three_player_tables=three_player_tables)
    rng = random.Random(seed)
    if method == "swiss" and standing is not None:
        order = _draw_level(order, standing, rng)
    rank = {p: i for i, p in enumerate(order)}
    sat = sat_out or {}
    if method == "swiss":
        resting = sorted(order, key=lambda p: (sat.get(p, 0), -rank[p]))[:out] if out else []
    else:
        resting = _sit_outs(order, out, sat, rng)
    resting_set = set(resting)
    seated = [p for p in order if p not in resting_set]
    pairs, team_of = _norm_pairs(met), dict(teams or {})
    _team_feasible(seated, sizes, team_of)

    def pair(a: Any, b: Any) -> int:
        ta = team_of.get(a)
        cost = TEAM_WEIGHT if ta is not None and ta == team_of.get(b) else 0
        if method == "random":
            return cost
        cost += TONIGHT_WEIGHT * pairs.get(frozenset((a, b)), 0)
        return cost + (abs(rank[a] - rank[b]) if method == "swiss" else 0)

    def cost_with(p: Any, table: Sequence[Any], skip: Any = None) -> int:
        return sum(pair(p, q) for q in table if q != p and q != skip)

    def total(tables: list[list[Any]]) -> int:
        return sum(pair(a, b) for t in tables for a, b in itertools.combinations(t, 2))

    best: list[list[Any]] | None = None
    for attempt in range(12):
        if method == "swiss" and attempt == 0:
            tables, i = [], 0
            for size in sizes:
                tables.append(seated[i:i + size])
                i += size
        else:
            pool = seated[:]
            rng.shuffle(pool)
            if method == "swiss":
                pool.sort(key=lambda p: rank[p])
            weight = {p: sum(pair(p, q) for q in pool if q != p) for p in pool}
            pool.sort(key=lambda p: -weight[p])
            tables = [[] for _ in sizes]
            for p in pool:
                options = [(cost_with(p, t), rng.random(), ti) for ti, t in enumerate(tables) if len(t) < sizes[ti]]
                tables[min(options)[2]].append(p)
        _descend(tables, cost_with)
        if best is None or total(tables) < total(best):
            best = tables
        if total(best) < TEAM_WEIGHT and method != "balanced" or total(best) == 0:
            break
    tables = best or []
    _check_teams(tables, team_of)
    if method == "swiss":
        tables.sort(key=lambda t: min(rank[p] for p in t))
    _draw_winds(tables, winds, order, rng)
    return Round(tables=tables, sitting_out=resting)


def _draw_level(ranking: list[Any], standing: Mapping[Hashable, Any], rng: random.Random) -> list[Any]:
    """The ranking with each run of players who stand level (equal ``standing``) shuffled."""
    out: list[Any] = []
    for _, run in itertools.groupby(ranking, key=lambda p: standing.get(p)):
        level = list(run)
        rng.shuffle(level)
        out.extend(level)
    return out


def check_teams_rounds(rounds: Sequence[Round], teams: Mapping[Hashable, Hashable]) -> None:
    """A predefined seating must not put team-mates at one table (``SeatingError`` naming them)."""
    problems = []
    for r, rnd in enumerate(rounds, start=1):
        for t, table in enumerate(rnd.tables, start=1):
            for a, b in itertools.combinations(table, 2):
                ta = teams.get(a)
                if ta is not None and ta == teams.get(b):
                    problems.append(f"round {r}, table {t}: {a} and {b} are team-mates")
    if problems:
        raise SeatingError("This seating cannot be used: " + "; ".join(problems) + ".", code=Code.TEAMS)


# --- command line -----------------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would print usage and exit 2 without the JSON
        raise SeatingError(message, code=Code.ARGUMENTS)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m events.seating", description="Seat players for rounds of riichi mahjong.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("plan", help="seat N players for R rounds; prints JSON")
    p.error = parser.error  # type: ignore[method-assign]
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--rounds", type=int, required=True)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--three-player-tables", action="store_true")
    p.add_argument("--method", default="balanced")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        result = plan(args.players, args.rounds, seed=args.seed, three_player_tables=args.three_player_tables,
                      method=args.method).to_json()
    except SeatingError as exc:
        sys.stdout.write(json.dumps(exc.to_json(), ensure_ascii=False) + "\n")
        return 2
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
