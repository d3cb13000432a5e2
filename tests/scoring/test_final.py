"""Final results: leftover sticks, ranks, uma/oka, rounding, 3-player."""

import pytest

from scoring.final import compute_final
from scoring.rules import preset, resolve

CASES = [
    ("juki-agit-2026", (42300, 31200, 18500, 8000), 0, (1, 2, 3, 4), (62.3, 11.2, -21.5, -52.0)),
    ("asi-shirai", (42300, 31200, 18500, 8000), 0, (1, 2, 3, 4), (52.3, 11.2, -21.5, -42.0)),
    ("juki-agit-2026", (41300, 31200, 18500, 8000), 1000, (1, 2, 3, 4), (62.3, 11.2, -21.5, -52.0)),
    ("juki-agit-2026", (30000, 30000, 20000, 20000), 0, (1, 2, 3, 4), (50.0, 10.0, -20.0, -40.0)),
    ("wrc-2025", (40000, 40000, 20000, 20000), 0, (1, 1, 3, 3), (20.0, 20.0, -20.0, -20.0)),
    # 1st takes the leftover 1000: 41000 -> 11 + 15 = 26; 3rd/4th share (-5 - 15) / 2 = -10 each.
    ("ema-2025", (40000, 39000, 20000, 20000), 1000, (1, 2, 3, 3), (26.0, 14.0, -20.0, -20.0)),
    ("juki-agit-2026", (60000, 30000, 17000, -7000), 0, (1, 2, 3, 4), (80.0, 10.0, -23.0, -67.0)),
    ({"base": "juki-agit-2026", "overrides": {"keep_negative_scores": False}}, (60000, 30000, 17000, -7000), 0,
     (1, 2, 3, 4), (80.0, 10.0, -23.0, -60.0)),
    ({"base": "tenhou", "overrides": {"rounding": "gosha_rokunyu"}}, (42300, 31500, 17600, 8600), 0,
     (1, 2, 3, 4), (52, 11, -22, -41)),
    ({"base": "tenhou", "overrides": {"rounding": "round_half_up"}}, (42300, 31500, 17600, 8600), 0,
     (1, 2, 3, 4), (51, 12, -22, -41)),
    ({"base": "tenhou", "overrides": {"rounding": "floor"}}, (42300, 31500, 17600, 8600), 0,
     (1, 2, 3, 4), (54, 11, -23, -42)),
    ("juki-agit-sanma-2026", (45000, 30000, 15000), 0, (1, 2, 3), (35.0, 0.0, -35.0)),
    ("juki-agit-sanma-2026", (40000, 25000, 24000), 1000, (1, 2, 3), (31.0, -5.0, -26.0)),
]
IDS = [
    "juki: pt = (final - 30000)/1000 + uma 10-30 + oka 20 to 1st, decimals kept",
    "asi: uma 10-20, oka 20 to 1st",
    "juki: leftover riichi sticks go to 1st",
    "juki: ties ranked by seat order (closer to the first dealer ranks higher)",
    "wrc: ties split the uma of the places they share",
    "ema: leftover sticks go to first place (EMA notice)",
    "juki: negative scores are kept and counted (hakoshita)",
    "keep_negative_scores off: a negative final score counts as 0",
    "gosha-rokunyu: 500 rounds down, 600 up; 1st takes the remainder",
    "round half up: 500 rounds up; 1st takes the remainder",
    "floor: cut to thousands; 1st takes the remainder",
    "juki sanma: 30000/30000, no oka, uma +20/0/-20",
    "juki sanma: leftover sticks to 1st",
]


@pytest.mark.parametrize(("ruleset", "scores", "sticks", "ranks", "points"), CASES, ids=IDS)
def test_final(ruleset, scores, sticks, ranks, points):
    rs = resolve(ruleset)
    result = compute_final(rs, scores, sticks=sticks, ended_by="all_last")
    assert result.ranks == ranks
    assert result.points == pytest.approx(points)
    assert sum(result.scores) == sum(scores) + (sticks if rs.leftover_sticks.value == "to_first" else 0)


def test_points_are_floats_with_decimals_and_ints_when_rounded():
    dec = compute_final(preset("juki-agit-2026"), (42300, 31200, 18500, 8000), sticks=0, ended_by="all_last")
    assert all(isinstance(p, float) for p in dec.points)
    rounded = compute_final(preset("tenhou").derive(rounding="floor"), (42300, 31500, 17600, 8600), sticks=0,
                            ended_by="all_last")
    assert all(isinstance(p, int) for p in rounded.points)


def test_final_json_is_the_contract_shape():
    result = compute_final(preset("juki-agit-2026"), (42300, 31200, 18500, 8000), sticks=0, ended_by="tobi")
    assert result.to_json() == {"scores": [42300, 31200, 18500, 8000], "ranks": [1, 2, 3, 4],
                                "points": [62.3, 11.2, -21.5, -52.0], "ended_by": "tobi"}
