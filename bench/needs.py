"""How long "what does each player need?" takes, and what the what-if lab's replays cost.

``scoring.needs.needs`` looks for the cheapest of some 45 candidate hands (about 40 han/fu pairs,
4 limits and a yakuman) for every player by ron off each other player and by tsumo, each try a
settlement, on top of one replay. The table screen computes it on every load from South 3 on.
This takes the real hanchan of the shared Tenhou logs, cut before every hand from South 3 on (under
the log's own ruleset and under both club rulesets), and made-up club games cut at all-last (both
club rulesets and the club's 3-player one), and prints the settlements (calls of
``scoring.needs._try``) and end-of-game probes (``_ends_first``) per needs() call and its CPU time
(process time: what other processes on the machine do counts less); then the what-if lab's cost
per game (a replay under another ruleset) and what a 1,000-game season would take.

    .venv/bin/python bench/needs.py [--logs ../shared/data/tenhou6] [--rounds 3] [--made-up 30]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scoring.needs
from bench.replay import full_games
from scoring.errors import ScoringError
from scoring.game import replay
from scoring.needs import needs
from scoring.record import FORMAT
from scoring.rules import resolve

CLUB_RULESETS = ("juki-agit-2026", "asi-shirai")
CLUB_SANMA = "juki-agit-sanma-2026"


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


def club_all_last(ruleset: str, count: int, seed: int = 28) -> list[dict]:
    """``count`` made-up games of ``ruleset`` cut at all-last (or in the West): random wins and draws,
    seeded, so that the scores spread as club games' do."""
    rng = random.Random(seed)
    players = resolve(ruleset).players
    names = ["Kim", "Lee", "Park", "Choi"][:players]
    values = [(1, 30), (1, 40), (2, 30), (2, 40), (3, 30), (3, 40), (4, 30), (5, None), (6, None), (8, None)]
    out: list[dict] = []
    while len(out) < count:
        record: dict = {"format": FORMAT, "ruleset": ruleset, "players": names, "hands": []}
        while True:
            state = replay(record).state
            if state.finished or state.wind not in ("E", "S") or (state.wind == "S" and state.hand_number == players):
                break
            winner = rng.randrange(players)
            riichi = [p for p in range(players) if rng.random() < 0.15]
            if rng.random() < 0.2:
                tenpai = set(rng.sample(range(players), rng.randrange(players + 1))) | set(riichi)
                hand = {"kind": "draw", "tenpai": sorted(tenpai), "riichi": riichi}
            else:
                han, fu = rng.choice(values)
                win = {"winner": winner, "han": han, "dora": 0, **({"fu": fu} if fu else {})}
                if rng.random() < 0.4:
                    hand = {"kind": "tsumo", **win, "riichi": riichi}
                else:
                    loser = rng.choice([p for p in range(players) if p != winner])
                    hand = {"kind": "ron", "loser": loser, "wins": [win], "riichi": riichi}
            try:
                replay({**record, "hands": [*record["hands"], hand]})
            except ScoringError:
                continue
            record["hands"].append(hand)
        if not replay(record).state.finished:
            out.append(record)
    return out


def counted_calls(prefixes: list[dict]) -> tuple[float, float]:
    """Settlements and end-of-game probes per needs() call (the module's own functions, wrapped)."""
    counts = {"_try": 0, "_ends_first": 0}
    originals = {name: getattr(scoring.needs, name) for name in counts}

    def counting(name):
        def wrapper(*args, **kwargs):
            counts[name] += 1
            return originals[name](*args, **kwargs)
        return wrapper
    try:
        for name in counts:
            setattr(scoring.needs, name, counting(name))
        for prefix in prefixes:
            needs(prefix)
    finally:
        for name, original in originals.items():
            setattr(scoring.needs, name, original)
    return counts["_try"] / len(prefixes), counts["_ends_first"] / len(prefixes)


def cpu_per_call(prefixes: list[dict], rounds: int) -> float:
    """The best of ``rounds`` in CPU seconds (process time: other processes on the machine don't count)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for prefix in prefixes:
            needs(prefix)
        best = min(best, time.process_time() - start)
    return best / len(prefixes)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--logs", type=Path, default=Path(__file__).resolve().parents[1] / "../shared/data/tenhou6")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--made-up", type=int, default=30, help="made-up all-last games per club ruleset")
    args = parser.parse_args()
    records = full_games(args.logs)
    if not records:
        sys.exit(f"no full games found in {args.logs}")
    prefixes = all_last_prefixes(records)
    print(f"needs: {len(prefixes)} positions from South 3 on in {len(records)} real games, best of {args.rounds}")
    sets = [(f"real, {ruleset or 'own rules'}", [p for p in cut if not replay(p).state.finished])
            for ruleset in (None, *CLUB_RULESETS)
            for cut in [prefixes if ruleset is None else [{**p, "ruleset": ruleset} for p in prefixes]]]
    sets += [(f"made-up, {ruleset}", club_all_last(ruleset, args.made_up)) for ruleset in (*CLUB_RULESETS, CLUB_SANMA)]
    for name, cut in sets:
        tries, probes = counted_calls(cut)
        per_call = cpu_per_call(cut, args.rounds)
        print(f"needs() {name:36} {len(cut):3} positions: {tries:6.1f} settlements {probes:5.1f} end probes, "
              f"{per_call * 1e6:6.0f} µs CPU a call")

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
