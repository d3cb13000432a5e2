"""The team league's schedule generator: its balance figures and how long it takes (issue 37 item 2).

For each size the issue names (6, 8, 9, 12 and 16 teams, 12 games per team): the tables per match
day, the match days, the fewest and most meetings of any pair of teams (the spread must be at most
one), each team's seat winds (East/South/West/North: equal), and the time the generator took.
Rows marked "every day" seat every team on every match day: the search keeps to within-day swaps
there and may leave a spread of two (docs/team-league.md).

    .venv/bin/python bench/team_schedule.py [--games 12] [--seed 0]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.team_schedule import balance, schedule

SIZES = ((6, 1), (8, 1), (8, 2), (9, 2), (12, 2), (12, 3), (16, 3), (16, 4))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{'teams':>5} {'tables/day':>10} {'days':>4} {'meetings':>9} {'spread':>6} {'winds (each team)':>17}"
          f" {'seconds':>7}")
    for teams, tables in SIZES:
        started = time.perf_counter()
        days = schedule(teams, tables_per_day=tables, games_per_team=args.games, seed=args.seed)
        took = time.perf_counter() - started
        figures = balance(days, teams)
        winds = sorted(set(figures.winds))
        wind_text = "/".join(map(str, winds[0])) if len(winds) == 1 else f"{len(winds)} kinds"
        every_day = "  every day" if tables * 4 == teams else ""
        print(f"{teams:>5} {tables:>10} {figures.match_days:>4} {figures.meetings_min:>4}–{figures.meetings_max:<4}"
              f" {figures.meetings_spread:>6} {wind_text:>17} {took:>7.2f}{every_day}")


if __name__ == "__main__":
    main()
