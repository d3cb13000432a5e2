"""Throughput of scoring.hand.evaluate against bare mahjong HandCalculator calls.

Both score the same hands in one run, a fair mix: every win of the shared tenhou.net/6 logs
plus generated wins in the shares of ``MIX`` (open calls, kans, honours, yakuman; the rest
closed riichi hands), each checked to score; the mix's composition is printed. ``--closed-only``
gives the old mix (log wins + closed riichi hands).

The library is timed three ways: with a reused ``HandConfig`` (one per distinct set of flags and
winds, built ahead) and 136-format tiles, melds and indicators prepared ahead, so only
``estimate_hand_value`` is timed (the library at its cheapest: the target's baseline); the same
with a ``HandConfig`` built per call; and from the same HAND notation through its own converters
(what a direct caller does). Our side gets the contract HAND objects and does everything (parse,
validate, flags, context, dora, the reading search, yaku, yakuman multiples, payments).

Our side chooses the reading with its own port of the library's search
(``scoring.hand.readings``); before timing, every hand of the mix is also scored with the
library's search (``evaluate_with_library``) and the two results must be equal.

Fair and stable on a shared machine: one warm-up pass of each, then ``--repeat`` rounds
that rotate which side goes first, keeping each side's best pass. Before each of our
passes the per-hand caches (tile notation, melds) are cleared, so every hand is parsed as
if new (``--warm`` keeps them). Kept between passes: the decompositions of one suit's nine
counts (``readings._suit_shapes``, shared by different hands) and the per-ruleset tables;
``--cold-shapes`` clears the suit shapes too. Prints hands/s of each, the ratios and our own
cost per hand in microseconds; the target is ours <= 1.25 x the library with a reused HandConfig.

    .venv/bin/python bench/hand_eval.py [--hands 4000] [--repeat 9] [--warm] [--cold-shapes]
        [--closed-only] [--logs ../shared/data/tenhou6]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

from scoring.hand import evaluate
from scoring.hand.evaluate import evaluate_with_library
from scoring.hand.parse import MeldKind, parse_hand
from scoring.hand.tiles import IdAllocator, take_all
from scoring.rules import Ruleset, preset
from scoring.tenhou6.hands import has_red_fives, win_hands

WIND = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}


def log_hands(folder: Path) -> list[tuple[dict, Ruleset]]:
    out = []
    base = preset("tenhou")
    for path in sorted(folder.glob("*.json")):
        log = json.loads(path.read_text(encoding="utf-8"))
        ruleset = base if has_red_fives(log) else base.derive(red_fives=[0, 0, 0])
        try:
            wins = win_hands(log)
        except Exception:  # the hand-made logs our replay refuses
            continue
        for _, win in wins:
            try:
                evaluate(win.hand, ruleset)
            except Exception:
                continue
            out.append((win.hand, ruleset))
    return out


def generated_hands(n: int, seed: int = 7) -> list[tuple[dict, Ruleset]]:
    """Closed riichi hands of four random sets and a pair (so every one has a yaku)."""
    rng = random.Random(seed)
    ruleset = preset("tenhou")
    suits = "mps"
    out = []
    while len(out) < n:
        counts: dict[str, int] = {}
        groups = []
        for _ in range(4):
            s = rng.choice(suits)
            if rng.random() < 0.7:
                start = rng.randint(1, 7)
                groups.append([f"{start + i}{s}" for i in range(3)])
            else:
                groups.append([f"{rng.randint(1, 9)}{s}"] * 3)
        pair = f"{rng.randint(1, 7)}z" if rng.random() < 0.3 else f"{rng.randint(1, 9)}{rng.choice(suits)}"
        groups.append([pair, pair])
        tiles = [t for g in groups for t in g]
        for t in tiles:
            counts[t] = counts.get(t, 0) + 1
        if max(counts.values()) > 3:  # keep clear of the red five and the fifth copy
            continue
        h = {"tiles": "".join(tiles), "win": rng.choice(tiles), "seat_wind": rng.choice("ESWN"),
             "round_wind": "E", "riichi": True, "tsumo": rng.random() < 0.5, "dora": [f"{rng.randint(1, 9)}m"]}
        try:
            evaluate(h, ruleset)
        except Exception:  # e.g. a fourth plain five once the indicator is counted
            continue
        out.append((h, ruleset))
    return out


HONOURS = [f"{i}z" for i in range(1, 8)]
SUITED = [f"{n}{s}" for s in "mps" for n in range(1, 10)]

# The mix's shares (the rest are closed riichi hands): what a club's wins look like, more or
# less, with the costly shapes (calls, kans, honours, yakuman) well represented.
MIX = {"open": 0.35, "kan": 0.12, "honours": 0.10, "yakuman": 0.05}

YAKUMAN_HANDS = [  # closed and open templates; the random parts vary the pair and a set
    {"tiles": "19m19p19s1234567z", "extra": "TERMINAL", "name": "kokushi"},
    {"tiles": "555666z777z", "extra": "SET+PAIR", "name": "daisangen"},
    {"tiles": "111z222z333z", "extra": "SET+PAIR", "name": "shousuushii/honours"},
    {"tiles": "1112345678999m", "extra": "SAMEM", "name": "chuuren"},
    {"tiles": "22334466888s", "extra": "PAIR6Z", "name": "ryuuiisou"},
]


def _group(rng: random.Random, honours: bool) -> list[str]:
    if honours and rng.random() < 0.5:
        return [rng.choice(HONOURS)] * 3
    s = rng.choice("mps")
    if rng.random() < 0.6:
        start = rng.randint(1, 7)
        return [f"{start + i}{s}" for i in range(3)]
    return [f"{rng.randint(1, 9)}{s}"] * 3


def _varied_hand(rng: random.Random, kind: str) -> dict | None:
    """One random winning hand of ``kind`` (open, kan, honours, yakuman, closed)."""
    honours = kind in ("honours", "yakuman") or rng.random() < 0.3
    if kind == "yakuman":
        groups = _yakuman_groups(rng)
    else:
        groups = [_group(rng, honours) for _ in range(4)]
        pair = rng.choice(HONOURS) if honours and rng.random() < 0.5 else rng.choice(SUITED)
        groups.append([pair, pair])
    tiles = [t for g in groups for t in g]
    counts: dict[str, int] = {}
    for t in tiles:
        counts[t] = counts.get(t, 0) + 1
    if max(counts.values()) > 3 and kind != "kan":
        return None
    melds, concealed = [], []
    n_sets = len(groups) - 1 if len(groups) == 5 else 0
    called = set()
    if kind == "open" or (kind in ("honours", "yakuman") and rng.random() < 0.5):
        called = set(rng.sample(range(n_sets), rng.randint(1, n_sets))) if n_sets else set()
    kans = set()
    if kind == "kan" and n_sets:
        kans = {i for i in range(n_sets) if groups[i][0] == groups[i][1]}
        if not kans:
            return None
        kans = set(rng.sample(sorted(kans), rng.randint(1, len(kans))))
        if rng.random() < 0.5:
            called = set(rng.sample(range(n_sets), rng.randint(0, n_sets)))
    for i, g in enumerate(groups):
        if i in kans:
            if sum(1 for t in tiles if t == g[0]) > 3:
                return None
            kan_kind = rng.choice(("daiminkan", "shouminkan")) if i in called else "ankan"
            melds.append({"kind": kan_kind, "tiles": "".join([g[0]] * 4)})
        elif i in called and i < n_sets:
            melds.append({"kind": "chi" if g[0] != g[1] else "pon", "tiles": "".join(g)})
        else:
            concealed += g
    if not concealed:
        return None
    closed = all(m["kind"] == "ankan" for m in melds)
    h = {"tiles": "".join(concealed), "win": rng.choice(concealed), "seat_wind": rng.choice("ESWN"),
         "round_wind": rng.choice("ES"), "tsumo": rng.random() < 0.5,
         "dora": [rng.choice(SUITED + HONOURS)]}
    if melds:
        h["melds"] = melds
    if closed and rng.random() < 0.7:
        h["riichi"] = True
        h["ura"] = [rng.choice(SUITED + HONOURS)]
    if kans and h["tsumo"] and rng.random() < 0.3:
        h["rinshan"] = True
    return h


def _yakuman_groups(rng: random.Random) -> list[list[str]]:
    pick = rng.randrange(6)
    if pick == 0:  # kokushi: the thirteen terminals and honours, one of them twice
        single = [f"{n}{s}" for s in "mps" for n in (1, 9)] + HONOURS
        return [single + [rng.choice(single)]]
    if pick == 1:  # daisangen
        return [["5z"] * 3, ["6z"] * 3, ["7z"] * 3, _group(rng, False), [rng.choice(SUITED)] * 2]
    if pick == 2:  # tsuuiisou
        hs = rng.sample(HONOURS, 5)
        return [[h] * 3 for h in hs[:4]] + [[hs[4]] * 2]
    if pick == 3:  # suuankou (closed triplets)
        ts = rng.sample(SUITED + HONOURS, 5)
        return [[t] * 3 for t in ts[:4]] + [[ts[4]] * 2]
    if pick == 4:  # ryuuiisou
        return [["2s", "3s", "4s"], ["6s"] * 3, ["8s"] * 3, ["6z"] * 3, ["2s", "2s"]]
    s = rng.choice("mps")  # chuuren poutou
    base = [f"{n}{s}" for n in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
    return [base + [f"{rng.randint(1, 9)}{s}"]]


def varied_hands(n: int, seed: int = 11) -> list[tuple[dict, Ruleset]]:
    """``n`` generated wins in the shares of MIX (the rest closed riichi hands); each one scores."""
    rng = random.Random(seed)
    ruleset = preset("tenhou")
    out: list[tuple[dict, Ruleset]] = []
    targets = {k: round(n * v) for k, v in MIX.items()}
    targets["closed"] = n - sum(targets.values())
    for kind, want in targets.items():
        got = 0
        while got < want:
            h = _varied_hand(rng, kind)
            if h is None:
                continue
            try:
                evaluate(h, ruleset)
            except Exception:  # no yaku, a fifth copy with the indicator, …
                continue
            out.append((h, ruleset))
            got += 1
    rng.shuffle(out)
    return out


def composition(hands) -> dict[str, int]:
    """What the mix holds, counted from the hands and their scores."""
    c = {"closed, no calls": 0, "open (chi/pon/open kan)": 0, "with a kan": 0, "with honours": 0,
         "yakuman": 0, "riichi": 0, "tsumo": 0, "dealer": 0}
    for h, ruleset in hands:
        melds = h.get("melds") or ()
        if any(m["kind"] != "ankan" for m in melds):
            c["open (chi/pon/open kan)"] += 1
        elif not melds:
            c["closed, no calls"] += 1
        if any(m["kind"] in ("ankan", "daiminkan", "shouminkan") for m in melds):
            c["with a kan"] += 1
        if "z" in h["tiles"] or any("z" in m["tiles"] for m in melds):
            c["with honours"] += 1
        if evaluate(h, ruleset).yakuman:
            c["yakuman"] += 1
        c["riichi"] += bool(h.get("riichi") or h.get("double_riichi"))
        c["tsumo"] += bool(h.get("tsumo"))
        c["dealer"] += h["seat_wind"] == "E"
    return c


def library_inputs(h: dict, ruleset: Ruleset):
    """The library's arguments for a HAND, prepared ahead (not timed)."""
    parsed = parse_hand(h, ruleset)
    alloc = IdAllocator()
    melds, meld_ids = [], []
    for m in parsed.melds:
        ids = sorted(take_all(alloc, m.tiles))
        meld_ids += ids
        kind = {MeldKind.CHI: Meld.CHI, MeldKind.PON: Meld.PON}.get(m.kind, Meld.KAN)
        melds.append(Meld(kind, ids, opened=m.kind is not MeldKind.ANKAN))
    ordered = sorted(parsed.concealed, key=lambda t: not t.red)
    ids = take_all(alloc, parsed.concealed)
    win = next(i for i, t in zip(ids, ordered, strict=False) if t.kind == parsed.win.kind and t.red == parsed.win.red)
    flags = {
        "is_tsumo": parsed.flag("tsumo"), "is_riichi": parsed.flag("riichi"),
        "is_daburu_riichi": parsed.flag("double_riichi"), "is_ippatsu": parsed.flag("ippatsu"),
        "is_rinshan": parsed.flag("rinshan"), "is_chankan": parsed.flag("chankan"),
        "is_haitei": parsed.flag("haitei"), "is_houtei": parsed.flag("houtei"),
        "is_tenhou": parsed.flag("tenhou"), "is_chiihou": parsed.flag("chiihou"),
        "player_wind": WIND[h["seat_wind"]], "round_wind": WIND[h["round_wind"]],
    }
    return ([*ids, *meld_ids], win, melds, [t.kind * 4 for t in parsed.dora], [t.kind * 4 for t in parsed.ura], flags)


def run_library(prepared) -> None:
    for tiles, win, melds, dora, ura, flags in prepared:
        config = HandConfig(**flags, options=OptionalRules(
            has_open_tanyao=True, has_aka_dora=True, kazoe_limit=HandConstants.KAZOE_NO_LIMIT))
        HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora,
                                           ura_dora_indicators=ura, config=config)


_LIBRARY_MELD = {"chi": Meld.CHI, "pon": Meld.PON, "daiminkan": Meld.KAN, "shouminkan": Meld.SHOUMINKAN,
                 "ankan": Meld.KAN}
_FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
          "chiihou")
_CONFIG_NAMES = {"tsumo": "is_tsumo", "riichi": "is_riichi", "double_riichi": "is_daburu_riichi",
                 "ippatsu": "is_ippatsu", "rinshan": "is_rinshan", "chankan": "is_chankan", "haitei": "is_haitei",
                 "houtei": "is_houtei", "tenhou": "is_tenhou", "chiihou": "is_chiihou"}


_OPTIONS = OptionalRules(has_open_tanyao=True, has_aka_dora=True, kazoe_limit=HandConstants.KAZOE_NO_LIMIT)


def reused_configs(prepared) -> list:
    """The library's inputs with a HandConfig built once per distinct set of flags and winds
    (not timed) and reused by every hand that has them: the library at its cheapest."""
    configs: dict[tuple, HandConfig] = {}
    out = []
    for tiles, win, melds, dora, ura, flags in prepared:
        key = tuple(sorted(flags.items()))
        config = configs.get(key)
        if config is None:
            config = configs[key] = HandConfig(**flags, options=_OPTIONS)
        out.append((tiles, win, melds, dora, ura, config))
    return out


def run_library_reused(prepared) -> None:
    estimate = HandCalculator.estimate_hand_value
    for tiles, win, melds, dora, ura, config in prepared:
        estimate(tiles, win, melds=melds, dora_indicators=dora, ura_dora_indicators=ura, config=config)


def run_library_from_notation(hands) -> None:
    """What a direct library user does from the same HAND notation: the library's own
    converters (tile strings to ids), melds, config, then the calculator."""
    to_136 = TilesConverter.one_line_string_to_136_array
    for h, _ in hands:
        concealed = to_136(h["tiles"], has_aka_dora=True)
        melds, meld_ids = [], []
        for m in h.get("melds") or ():
            ids = to_136(m["tiles"], has_aka_dora=True)
            melds.append(Meld(_LIBRARY_MELD[m["kind"]], ids, opened=m["kind"] != "ankan"))
            meld_ids += ids
        win34 = TilesConverter.one_line_string_to_34_array(h["win"], has_aka_dora=True).index(1)
        win = TilesConverter.find_34_tile_in_136_array(win34, concealed)
        flags = {_CONFIG_NAMES[f]: bool(h.get(f)) for f in _FLAGS}
        config = HandConfig(**flags, player_wind=WIND[h["seat_wind"]], round_wind=WIND[h["round_wind"]],
                            options=OptionalRules(has_open_tanyao=True, has_aka_dora=True,
                                                  kazoe_limit=HandConstants.KAZOE_NO_LIMIT))
        HandCalculator.estimate_hand_value(
            concealed + meld_ids, win, melds=melds,
            dora_indicators=to_136("".join(h.get("dora") or ()), has_aka_dora=True),
            ura_dora_indicators=to_136("".join(h.get("ura") or ()), has_aka_dora=True), config=config)


def run_ours(hands) -> None:
    for h, ruleset in hands:
        evaluate(h, ruleset)


def timed(fn, arg) -> float:
    start = time.perf_counter()
    fn(arg)
    return time.perf_counter() - start


def clear_hand_caches(shapes: bool = False) -> None:
    """Forget parsed notation and built melds: every hand is then new to our layer. ``shapes``:
    forget the decompositions of single-suit shapes too (shared by different hands)."""
    caches = [("scoring.hand.tiles", "_parse_cached"), ("scoring.hand.evaluate", "_meld"),
              ("scoring.hand.parse", "_meld_cached")]
    if shapes:
        caches.append(("scoring.hand.readings", "_suit_shapes"))
    for module, name in caches:
        cache = getattr(sys.modules[module], name, None)
        if cache is not None:
            cache.cache_clear()


def check_against_library(hands) -> None:
    """Our reading search must give the library's result on every hand of the mix (not timed)."""
    differ = [h for h, ruleset in hands if evaluate(h, ruleset) != evaluate_with_library(h, ruleset)]
    if differ:
        raise SystemExit(f"ours and the library differ on {len(differ)} hands, e.g. {differ[0]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--warm", action="store_true", help="keep the notation caches between passes")
    parser.add_argument("--cold-shapes", action="store_true",
                        help="also forget the single-suit decompositions before each of our passes")
    parser.add_argument("--closed-only", action="store_true",
                        help="the old mix: log wins plus closed riichi hands only")
    parser.add_argument("--logs", type=Path, default=Path(__file__).resolve().parents[1] / "../shared/data/tenhou6")
    args = parser.parse_args()
    from_logs = log_hands(args.logs)
    hands = list(from_logs)
    more = max(0, args.hands - len(hands))
    hands += generated_hands(more) if args.closed_only else varied_hands(more)
    check_against_library(hands)
    prepared = [library_inputs(h, r) for h, r in hands]
    reused = reused_configs(prepared)
    n = len(hands)

    def ours_pass() -> float:
        if not args.warm:
            clear_hand_caches(shapes=args.cold_shapes)
        return timed(run_ours, hands)

    # Warm-up (imports, the library's own caches, our per-ruleset tables), not timed.
    run_library(prepared)
    run_library_reused(reused)
    run_library_from_notation(hands)
    ours_pass()
    # Interleaved, rotating who goes first, best of each: the machine is shared, so no
    # side may always get the quiet turn.
    passes = [
        ("lib_reused", lambda: timed(run_library_reused, reused)),
        ("lib", lambda: timed(run_library, prepared)),
        ("lib_notation", lambda: timed(run_library_from_notation, hands)),
        ("ours", ours_pass),
    ]
    best = {name: float("inf") for name, _ in passes}
    for i in range(args.repeat):
        k = i % len(passes)
        for name, run in passes[k:] + passes[:k]:
            best[name] = min(best[name], run())
    reused_t, lib, lib_notation, ours = best["lib_reused"], best["lib"], best["lib_notation"], best["ours"]
    distinct = len({json.dumps(h, sort_keys=True) for h, _ in hands})
    caches = "warm" if args.warm else "cold" + (" (suit shapes too)" if args.cold_shapes else "")
    print(f"hands: {n} ({len(from_logs)} wins from tenhou6 logs, {n - len(from_logs)} generated, "
          f"{distinct} distinct), best of {args.repeat}, {caches} notation caches; "
          f"ours == library's reading on all {n}")
    print("mix: " + ", ".join(f"{k} {v} ({v / n:.0%})" for k, v in composition(hands).items()))
    print(f"mahjong, reused HandConfig, ids prepared ahead: {n / reused_t:8.0f} hands/s  "
          f"({reused_t / n * 1e6:6.1f} us/hand)")
    print(f"mahjong, HandConfig per call, ids ahead:        {n / lib:8.0f} hands/s  ({lib / n * 1e6:6.1f} us/hand)")
    print(f"mahjong, from notation (its own converters):    {n / lib_notation:8.0f} hands/s  "
          f"({lib_notation / n * 1e6:6.1f} us/hand)")
    print(f"scoring.hand.evaluate (notation, everything):   {n / ours:8.0f} hands/s  ({ours / n * 1e6:6.1f} us/hand)")
    print(f"our layer's own cost over the reused-config library: {(ours - reused_t) / n * 1e6:8.1f} us/hand")
    print(f"ratio ours / library with a reused HandConfig: {ours / reused_t:.2f}  (target <= 1.25)")
    print(f"ratio ours / library with a HandConfig per call: {ours / lib:.2f}")
    print(f"ratio ours / library from notation: {ours / lib_notation:.2f}")


if __name__ == "__main__":
    main()
