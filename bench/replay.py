"""How long replaying a game record takes: the cost behind every table-screen request.

A game's state is never stored; each page replays its hand records through ``scoring``.
This replays the real hanchan of the shared Tenhou logs (converted to game records) many
times and prints games/s, ms per game and per hand, so the figure for a Friday night
(sixteen tables, each screen replaying its game after every entry) can be read off.

    .venv/bin/python bench/replay.py [--rounds 200] [--logs ../shared/data/tenhou6]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.errors import ScoringError
from scoring.game import replay
from scoring.record import parse_record
from scoring.tenhou6 import convert_log


def full_games(folder: Path) -> list[dict]:
    """Every log that is a whole, finished game from East 1 (the converter refuses the others)."""
    records = []
    for path in sorted(folder.glob("*.json")):
        try:
            record = convert_log(json.loads(path.read_text(encoding="utf-8")))
            finished = replay(record).final is not None
        except ScoringError:
            continue
        if finished:
            records.append(record)
    return records


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--logs", type=Path, default=Path(__file__).resolve().parents[1] / "../shared/data/tenhou6")
    args = parser.parse_args()
    records = full_games(args.logs)
    if not records:
        sys.exit(f"no full games found in {args.logs}")
    hands = sum(len(r["hands"]) for r in records)

    def timed(fn) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            for _ in range(args.rounds):
                for record in records:
                    fn(record)
            best = min(best, time.perf_counter() - start)
        return best

    parse_s = timed(parse_record)
    replay_s = timed(replay)
    games = len(records) * args.rounds
    print(f"games: {len(records)} finished real games ({hands} events, {hands / len(records):.1f} a game), "
          f"x{args.rounds}, best of 3")
    print(f"parse only:        {games / parse_s:8.0f} games/s  ({parse_s / games * 1e3:6.3f} ms/game)")
    print(f"parse + replay:    {games / replay_s:8.0f} games/s  ({replay_s / games * 1e3:6.3f} ms/game, "
          f"{replay_s / (hands * args.rounds) * 1e6:5.1f} us/hand)")
    # A Friday night: 16 tables, ~12 hands a game, each entry replays its game for the preview,
    # the save and the redirected table screen (3 replays an entry).
    night = 16 * 12 * 3 * replay_s / games
    print(f"a 16-table night's replays (16 x 12 entries x 3): {night * 1e3:.0f} ms of CPU in all")


if __name__ == "__main__":
    main()
