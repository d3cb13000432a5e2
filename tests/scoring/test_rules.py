"""Club presets carry every line of the digests; rulesets round-trip as data."""

import pytest

from scoring.errors import ScoringError
from scoring.rules import PRESETS, Abort, ChomboStyle, Nagashi, Pao, Ruleset, Yame, preset, resolve

ASI = preset("asi-shirai")
JUKI = preset("juki-agit-2026")
SANMA = preset("juki-agit-sanma-2026")

LINES = [
    (ASI, "start_points", 25000), (ASI, "return_points", 30000), (ASI, "oka", 20000),
    (ASI, "uma", (20000, 10000, -10000, -20000)), (ASI, "agari_yame", Yame.AUTO), (ASI, "tenpai_yame", Yame.AUTO),
    (ASI, "west_entry", True), (ASI, "north_entry", False), (ASI, "tobi_at_zero", False),
    (ASI, "riichi_min_points", 1000), (ASI, "max_ron_winners", 2), (ASI, "triple_ron_abort", True),
    (ASI, "red_fives", (1, 2, 1)), (ASI, "rinshan_tsumo_fu", False), (ASI, "nagashi", Nagashi.DRAW),
    (ASI, "abortive_draws", frozenset(Abort)), (ASI, "chombo_style", ChomboStyle.MANGAN),
    (ASI, "chombo_dealer_passes", True), (ASI, "deliberate_chombo_amount", 30000), (ASI, "penalty_points_to_chombo", 3),
    (ASI, "pao", frozenset({Pao.DAISANGEN, Pao.DAISUUSHII, Pao.SUUKANTSU, Pao.DAIMINKAN_RINSHAN})),
    (JUKI, "uma", (30000, 10000, -10000, -30000)), (JUKI, "agari_yame", Yame.OPTIONAL),
    (JUKI, "tenpai_yame", Yame.NONE),
    (JUKI, "abortive_draws", frozenset()), (JUKI, "dealer_min_han_from_renchan", 5), (JUKI, "nagashi", Nagashi.WIN),
    (JUKI, "west_wins_paid_as_dealer", True), (JUKI, "max_ron_winners", 3), (JUKI, "kiriage", False),
    (JUKI, "yakuman_cap", None), (JUKI, "pao_partial", True), (JUKI, "chombo_amount", 3000),
    (JUKI, "chombo_style", ChomboStyle.FIXED_EACH), (JUKI, "yellow_cards_to_chombo", 2),
    (JUKI, "double_wind_pair_fu", 4),
    (SANMA, "players", 3), (SANMA, "start_points", 30000), (SANMA, "oka", 0), (SANMA, "uma", (20000, 0, -20000)),
    (SANMA, "sanma_tsumo_loss", False), (SANMA, "flowers", 4),
]


def _shown(value) -> str:
    """A value in a test id, the same in every run: a set's members sorted (its repr follows the hash seed)."""
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(str(getattr(v, "value", v)) for v in value)) + "}"
    return repr(value)


@pytest.mark.parametrize(("ruleset", "option", "value"), LINES,
                         ids=[f"{r.key}: {o} = {_shown(v)}" for r, o, v in LINES])
def test_club_preset_lines(ruleset, option, value):
    assert getattr(ruleset, option) == value


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_presets_round_trip_as_json(key):
    rs = PRESETS[key]
    assert Ruleset.from_dict(rs.to_dict()) == rs
    assert resolve({"base": key, "overrides": rs.diff(PRESETS[key])}) == rs


@pytest.mark.parametrize(
    "spec",
    ["no-such", {"overrides": {}}, {"base": "tenhou", "overrides": {"nope": 1}},
     {"base": "tenhou", "overrides": {"tobi": "yes"}}],
    ids=["unknown preset", "object without base", "unknown option", "wrong type"],
)
def test_bad_ruleset_specs(spec):
    with pytest.raises(ScoringError):
        resolve(spec)
