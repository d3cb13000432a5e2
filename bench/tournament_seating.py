"""Tournament rounds seated one at a time (events.seating.tournament_round): repeats and time per round.

For each player count, R rounds are seated in a row by ``random``, ``balanced`` and ``swiss`` (standings
drawn at random after each round), feeding the meetings and byes back, as a tournament desk does; with
``--teams K`` players form teams of K (team-mates never together). Prints the repeated meetings after
R rounds (a pair at one table in k rounds counts k-1), the byes' spread (most minus fewest) and the
slowest single round. (The tournament's balanced seating uses the whole-event ``plan`` while the field
is unchanged; this is its fallback after a withdrawal.)

    .venv/bin/python bench/tournament_seating.py [--players 16,17,24,32,48,64] [--rounds 4,8,10] [--teams 0]
"""
from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.seating import repeated_meetings, tournament_round


def run(n: int, rounds: int, method: str, teams: int, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    met: Counter = Counter()
    sat: Counter = Counter()
    done, slowest = [], 0.0
    team_of = {p: p % (n // teams) for p in range(n)} if teams else None
    ranking = list(range(n))
    for r in range(rounds):
        start = time.perf_counter()
        rnd = tournament_round(ranking, method=method, met={tuple(k): v for k, v in met.items()}, sat_out=sat,
                               teams=team_of, seed=seed + r)
        slowest = max(slowest, time.perf_counter() - start)
        for t in rnd.tables:
            met.update(frozenset(p) for p in itertools.combinations(t, 2))
        sat.update(rnd.sitting_out)
        done.append(rnd.tables)
        rng.shuffle(ranking)
    byes = [sat.get(p, 0) for p in range(n)]
    return repeated_meetings(done), max(byes) - min(byes), slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="16,17,24,32,48,64")
    parser.add_argument("--rounds", default="4,8,10")
    parser.add_argument("--teams", type=int, default=0, help="team size (0: individual)")
    args = parser.parse_args()
    methods = ("random", "balanced", "swiss")
    print(f"{'N':>3} {'R':>3} | " + " | ".join(f"{m:>8} rep bye   max s" for m in methods))
    for n in (int(x) for x in args.players.split(",")):
        for rounds in (int(x) for x in args.rounds.split(",")):
            cells = []
            for m in methods:
                rep, bye, slow = run(n, rounds, m, args.teams, seed=1)
                cells.append(f"{'':>8} {rep:>3} {bye:>3} {slow:>7.3f}")
            print(f"{n:>3} {rounds:>3} | " + " | ".join(cells))


if __name__ == "__main__":
    main()
