"""Balanced vs random seating: repeated meetings, seat-wind spread and time per plan.

For each player count and round count, one balanced and one random plan per seed (same
seeds for both); prints the mean repeated meetings (a pair at one table in k rounds counts
k-1), the worst seat-wind spread (a player's most used minus least used wind) and the
balanced plan's slowest time. The target: no repeat where a plan without one exists
(16×5, 20×5, 32×8, 40×8), wind spread <= 1 from 4 rounds, <= 2 s for 64 players × 10 rounds.

    .venv/bin/python bench/seating.py [--players 16,20,24,32,40,48,64] [--rounds 4,5,8,10] [--seeds 3] [--three]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.seating import plan, repeated_meetings, wind_spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="16,20,24,30,32,40,48,64")
    parser.add_argument("--rounds", default="4,5,8,10")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--three", action="store_true", help="allow 3-player tables")
    args = parser.parse_args()
    print(f"{'N':>3} {'R':>3} | {'repeats bal':>11} {'rand':>6} | {'wind bal':>8} {'rand':>5} | {'max s':>6}")
    worst = 0.0
    for n in (int(x) for x in args.players.split(",")):
        for r in (int(x) for x in args.rounds.split(",")):
            rep_b = rep_r = 0
            wind_b = wind_r = 0
            slowest = 0.0
            for seed in range(args.seeds):
                t0 = time.perf_counter()
                b = plan(n, r, seed=seed, three_player_tables=args.three)
                slowest = max(slowest, time.perf_counter() - t0)
                q = plan(n, r, seed=seed, three_player_tables=args.three, method="random")
                rep_b += repeated_meetings(b.rounds)
                rep_r += repeated_meetings(q.rounds)
                wind_b = max(wind_b, wind_spread(b.rounds))
                wind_r = max(wind_r, wind_spread(q.rounds))
            worst = max(worst, slowest)
            print(f"{n:>3} {r:>3} | {rep_b / args.seeds:>11.1f} {rep_r / args.seeds:>6.1f} | "
                  f"{wind_b:>8} {wind_r:>5} | {slowest:>6.3f}")
    print(f"slowest balanced plan: {worst:.3f} s")


if __name__ == "__main__":
    main()
