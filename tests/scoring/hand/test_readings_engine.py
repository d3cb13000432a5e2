"""Our reading search (scoring/hand/readings.py) against the ``mahjong`` library's own.

``evaluate`` chooses the reading with our port of the library's search; ``evaluate_with_library``
asks the library (through scoring/hand/estimate.py, as before the port). Both must give the same
HandResult, or the same refusal, on every hand: a generated mix of open hands, kans, honours,
yakuman, chiitoitsu and kokushi with every flag, under every preset and the rule switches the
search follows, and on hypothesis-generated hands. The port's library sources are hashed so that a
new library version is re-read before it is trusted.
"""

from __future__ import annotations

import random
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.hand_config import OptionalRules

from scoring.errors import HandError
from scoring.hand import HandContext, evaluate, readings
from scoring.hand.evaluate import evaluate_with_library
from scoring.rules import PRESETS, Kazoe, Renhou, preset
from tests.depth import examples

RULESETS = {
    **{name: preset(name) for name in PRESETS},
    "tenhou-no-kuitan-kiriage": preset("tenhou").derive(kuitan=False, kiriage=True),
    "tenhou-kazoe-sanbaiman": preset("tenhou").derive(kazoe=Kazoe.SANBAIMAN),
    "juki-double-wind-2": preset("juki-agit-2026").derive(double_wind_pair_fu=2),
    "juki-no-open-pinfu-fu": preset("juki-agit-2026").derive(open_pinfu_fu=False),
    "juki-hatsu-ryuuiisou": preset("juki-agit-2026").derive(ryuuiisou_requires_hatsu=True),
    "juki-daisharin-only": preset("juki-agit-2026").derive(local_yakuman=["daisharin"]),
    "juki-all-wheels": preset("juki-agit-2026").derive(local_yakuman=["daisharin", "daisuurin", "daichikurin"]),
    "asi-renhou-yakuman": preset("asi-shirai").derive(renhou=Renhou.YAKUMAN),
    "asi-renhou-mangan": preset("asi-shirai").derive(renhou=Renhou.MANGAN),
}

SUITED = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
HONOURS = [f"{n}z" for n in range(1, 8)]
FLAG_SETS = [
    {}, {"riichi": True}, {"riichi": True, "ippatsu": True}, {"double_riichi": True}, {"haitei": True},
    {"houtei": True}, {"chankan": True}, {"rinshan": True}, {"tenhou": True}, {"chiihou": True},
    {"renhou": True}, {"riichi": True, "rinshan": True}, {"chankan_closed": True},
]


def outcome(fn, hand: dict, ruleset, context=None):  # type: ignore[no-untyped-def]
    try:
        return fn(hand, ruleset, context)
    except HandError as exc:
        return ("refused", exc.message)


def assert_same(hand: dict, ruleset, context=None) -> None:  # type: ignore[no-untyped-def]
    ours = outcome(evaluate, hand, ruleset, context)
    library = outcome(evaluate_with_library, hand, ruleset, context)
    assert ours == library, hand


def _group(rng: random.Random, honours: bool, suits: str = "mps") -> list[str]:
    if honours and rng.random() < 0.4:
        return [rng.choice(HONOURS)] * 3
    s = rng.choice(suits)
    if rng.random() < 0.55:
        start = rng.randint(1, 7)
        return [f"{start + i}{s}" for i in range(3)]
    return [f"{rng.randint(1, 9)}{s}"] * 3


def _shape(rng: random.Random, suits: str) -> list[list[str]]:
    """Four sets and a pair, seven pairs, kokushi, or a yakuman / wheel / all-green template."""
    pick = rng.random()
    if pick < 0.06:
        pairs = rng.sample([t for t in SUITED if t[1] in suits] + HONOURS, 7)
        return [[p, p] for p in pairs]
    if pick < 0.09:
        single = [f"{n}{s}" for s in "mps" for n in (1, 9)] + HONOURS
        return [single + [rng.choice(single)]]
    if pick < 0.12:
        s = rng.choice(suits)
        base = [f"{n}{s}" for n in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
        return [base + [f"{rng.randint(1, 9)}{s}"]]
    if pick < 0.15:
        s = rng.choice(suits)
        return [[f"{n}{s}", f"{n}{s}"] for n in range(2, 9)]  # the wheels (and ryanpeikou readings)
    if pick < 0.18:
        green = ["2s", "3s", "4s", "6s", "8s", "6z"]
        return [["2s", "3s", "4s"], [rng.choice(green)] * 3, [rng.choice(green)] * 3, ["6z"] * 3,
                [rng.choice(green)] * 2]
    if pick < 0.22:
        winds = ["1z", "2z", "3z", "4z"]
        rng.shuffle(winds)
        if rng.random() < 0.3:  # daisuushii
            return [[w] * 3 for w in winds] + [[rng.choice(SUITED + HONOURS[4:])] * 2]
        return [[w] * 3 for w in winds[:3]] + [_group(rng, False, suits), [winds[3]] * 2]
    if pick < 0.25:  # terminals and honours only: chinroutou, honroutou
        ends = [f"{n}{s}" for s in "mps" for n in (1, 9)] + (HONOURS if rng.random() < 0.5 else [])
        picked = rng.sample(ends, 5)
        return [[t] * 3 for t in picked[:4]] + [[picked[4]] * 2]
    honours = rng.random() < 0.4
    groups = [_group(rng, honours, suits) for _ in range(4)]
    pair = rng.choice(HONOURS) if honours and rng.random() < 0.4 else rng.choice([t for t in SUITED if t[1] in suits])
    return groups + [[pair, pair]]


def random_hand(rng: random.Random, suits: str = "mps") -> dict | None:
    """A random hand (most of them winning shapes); ``suits``: "ps" for three-player (1m/9m still
    come in kokushi)."""
    groups = _shape(rng, suits)
    tiles = [t for g in groups for t in g]
    if max(tiles.count(t) for t in tiles) > 4:
        return None
    melds, concealed = [], []
    sets = [g for g in groups if len(g) == 3]
    all_kans = rng.random() < 0.06  # sankantsu / suukantsu
    for g in groups:
        if len(g) == 3 and (all_kans and g[0] == g[1] or rng.random() < 0.3):
            if g[0] == g[1] and tiles.count(g[0]) == 3 and (all_kans or rng.random() < 0.4):
                kind = rng.choice(("ankan", "daiminkan", "shouminkan"))
                melds.append({"kind": kind, "tiles": "".join([g[0]] * 4)})
            else:
                melds.append({"kind": "pon" if g[0] == g[1] else "chi", "tiles": "".join(g)})
        else:
            concealed += g
    if not concealed or len(sets) < len(melds):
        return None
    flags = rng.choice(FLAG_SETS)
    hand = {"tiles": "".join(concealed), "win": rng.choice(concealed), "seat_wind": rng.choice("ESWN"),
            "round_wind": rng.choice("ESWN"), "tsumo": rng.random() < 0.5, **flags}
    if melds:
        hand["melds"] = melds
    if rng.random() < 0.85:  # mostly flags that go together (the rest: the refusals must agree too)
        if melds and any(m["kind"] != "ankan" for m in melds):
            for name in ("riichi", "double_riichi", "ippatsu"):
                hand.pop(name, None)
        if "rinshan" in flags and not any(m["kind"] in ("ankan", "daiminkan", "shouminkan") for m in melds):
            hand.pop("rinshan")
        if melds:
            for name in ("tenhou", "chiihou", "renhou"):
                hand.pop(name, None)
        if {"haitei", "rinshan", "tenhou", "chiihou"} & set(flags):
            hand["tsumo"] = True
        if {"houtei", "chankan", "chankan_closed", "renhou"} & set(flags):
            hand["tsumo"] = False
        if "tenhou" in flags:
            hand["seat_wind"] = "E"
        if {"chiihou", "renhou"} & set(flags) and hand["seat_wind"] == "E":
            hand["seat_wind"] = "S"
    if suits == "ps" and hand["seat_wind"] == "N":
        hand["seat_wind"] = rng.choice("ESW")
    indicators = [t for t in SUITED if t[1] in suits or t in ("1m", "9m")] + HONOURS
    if rng.random() < 0.6:
        hand["dora"] = [rng.choice(indicators) for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.5:
            hand["ura"] = [rng.choice(indicators) for _ in range(len(hand["dora"]))]
    if rng.random() < 0.15:
        hand["tiles"] = hand["tiles"].replace("5m", "0m", 1).replace("5p", "0p", 1).replace("5s", "0s", 1)
    return hand


def random_hands(n: int, seed: int, suits: str = "mps") -> list[dict]:
    rng = random.Random(seed)
    out: list[dict] = []
    while len(out) < n:
        hand = random_hand(rng, suits)
        if hand is not None:
            out.append(hand)
    return out


def test_the_ported_library_functions_are_unchanged():
    changed = {name for name, digest in readings.library_source_hashes().items()
               if readings.LIBRARY_SOURCES.get(name) != digest}
    assert not changed, (
        f"mahjong changed {sorted(changed)}: re-read them against scoring/hand/readings.py, adjust the port, "
        "then update readings.LIBRARY_SOURCES")
    assert set(readings.LIBRARY_SOURCES) == set(readings.library_source_hashes())


def test_the_port_refuses_library_options_it_does_not_follow():
    plain = OptionalRules(has_double_yakuman=True, limit_to_sextuple_yakuman=False)
    assert readings.reading_rules(plain, plain, frozenset()).open_tanyao is False
    for option in ("has_aka_dora", "has_sashikomi_yakuman", "has_daichisei", "fu_for_pinfu_tsumo"):
        other = OptionalRules(has_double_yakuman=True, limit_to_sextuple_yakuman=False, **{option: True})
        with pytest.raises(ValueError, match=option):
            readings.reading_rules(other, other, frozenset())


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_ours_equals_the_library_on_a_generated_mix(name: str) -> None:
    ruleset = RULESETS[name]
    hands = random_hands(600, seed=zlib.crc32(name.encode()), suits="ps" if ruleset.is_sanma else "mps")
    scored = 0
    for hand in hands:
        ours = outcome(evaluate, hand, ruleset)
        assert ours == outcome(evaluate_with_library, hand, ruleset), hand
        scored += not isinstance(ours, tuple)
    assert scored > 200  # the mix is not all refusals


def test_ours_equals_the_library_with_a_game_context() -> None:
    ruleset = RULESETS["juki-agit-2026"]
    for hand in random_hands(300, seed=5):
        seat = hand["seat_wind"]
        context = HandContext(seat_wind=seat, round_wind=hand["round_wind"], is_dealer=seat == "E",
                              tsumo=bool(hand.get("tsumo")), paid_as_dealer=seat != "E", dealer_renchan=5)
        assert_same(hand, ruleset, context)


_TILE = st.sampled_from(SUITED + HONOURS)


@st.composite
def hypothesis_hands(draw):  # type: ignore[no-untyped-def]
    """Any 14 tiles that the counts allow, often a winning shape, with calls and flags."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    hand = random_hand(rng) if draw(st.booleans()) else None
    if hand is None:
        tiles = draw(st.lists(_TILE, min_size=14, max_size=14))
        hand = {"tiles": "".join(tiles), "win": draw(st.sampled_from(tiles)),
                "seat_wind": draw(st.sampled_from("ESWN")),
                "round_wind": draw(st.sampled_from("ES")), "tsumo": draw(st.booleans())}
    hand.update(draw(st.sampled_from(FLAG_SETS)))
    return hand


@settings(max_examples=examples(100, deep=1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=hypothesis_hands(), name=st.sampled_from(sorted(RULESETS)))
def test_ours_equals_the_library_on_hypothesis_hands(hand: dict, name: str) -> None:
    assert_same(hand, RULESETS[name])
