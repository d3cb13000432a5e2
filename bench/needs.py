"""How long "what does each player need?" takes, and what the what-if lab's replays cost.

``scoring.needs.needs`` settles every candidate hand (about 40 han/fu pairs, 4 limits and a
yakuman) for every player by ron off each other player and by tsumo: some 900 settlements on
top of one replay. The table screen computes it on every load from South 3 on. This takes the
real hanchan of the shared Tenhou logs, cuts each before every hand from South 3 on, and prints
ms per needs() call; then the what-if lab's cost per game (a replay under another ruleset) and
what a 1,000-game season would take.

    .venv/bin/python bench/needs.py [--logs ../shared/data/tenhou6] [--rounds 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.replay import full_games  # noqa: E402
from scoring.errors import ScoringError  # noqa: E402
from scoring.game import replay  # noqa: E402
from scoring.needs import needs  # noqa: E402


def all_last_prefixes(records: list[dict]) -> list[dict]:
    """Every record cut before a hand of South 3 or later (the panel's hands)."""
    out = []
    for record in records:
        for cut in range(1, len(record["hands"])):
            prefix = {**record, "hands": record["hands"][:cut]}
            state = replay(prefix).state
            if not state.finished and (state.wind not in ("E", "S") or (state.wind == "S" and state.hand_number >= 3)):
                out.append(prefix)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--logs", type=Path, default=Path(__file__).resolve().parents[1] / "../shared/data/tenhou6")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    records = full_games(args.logs)
    if not records:
        sys.exit(f"no full games found in {args.logs}")
    prefixes = all_last_prefixes(records)
    best = float("inf")
    for _ in range(args.rounds):
        start = time.perf_counter()
        for prefix in prefixes:
            needs(prefix)
        best = min(best, time.perf_counter() - start)
    per_call = best / len(prefixes)
    print(f"needs: {len(prefixes)} positions from South 3 on in {len(records)} real games, best of {args.rounds}")
    print(f"needs():             {per_call * 1e3:7.2f} ms a call ({1 / per_call:6.0f} calls/s)")

    proposal = {"base": "juki-agit-2026", "overrides": {"uma": [20000, 10000, -10000, -20000]}}
    best = float("inf")
    refused = 0
    for _ in range(args.rounds):
        refused = 0
        start = time.perf_counter()
        for record in records:
            try:
                replay({**record, "ruleset": proposal})
            except ScoringError:
                refused += 1
        best = min(best, time.perf_counter() - start)
    per_game = best / len(records)
    print(f"what-if replay:      {per_game * 1e3:7.2f} ms a game under juki-agit-2026 uma 10-20 "
          f"({refused} of {len(records)} refused)")
    print(f"a 1,000-game season: {per_game * 1000:7.2f} s of replays (plus the standings, as a recompute)")


if __name__ == "__main__":
    main()
