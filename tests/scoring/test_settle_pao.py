"""Pao (책임지불) on a win entered as a full HAND: the hand says what the liability is for.

A.S.I. (002 §1h) makes a player liable only for 대삼원, 대사희, 스깡츠 and 대명깡 영상개화 (a
rinshan win after a daiminkan: the kan tile's discarder pays); Juki (004) for 대삼원 and 대사희
only (suukantsu pao removed 2024-12-01). With a full HAND the engine reads the pao kind from the
evaluated hand and refuses a `pao` the ruleset does not have for that hand, with the reason
(issue 23.1). A han/fu or `yakuman` entry stays the host's claim (tests/scoring/test_settle_win.py).

Seat 0 deals in East 1; the winner is seat 2, the liable player seat 1 (or seat 0 where said).
"""

from __future__ import annotations

import pytest

from scoring.errors import ScoringError
from scoring.record import parse_event
from scoring.settle import settle
from tests.scoring.conftest import make_table, ron, tsumo, win


def _settle(ruleset: str, event: dict):
    table = make_table(ruleset)
    return settle(table, parse_event(event, players=table.players))


def _hand(tiles: str, win_tile: str, *melds: tuple[str, str], **flags) -> dict:
    return {"tiles": tiles, "win": win_tile, "melds": [{"kind": k, "tiles": t} for k, t in melds], **flags}


# 111z 222z 555z pons, 666z 77z, tsumo on 7z: tsuuiisou (toitoi), no pao yakuman in it.
TSUUIISOU = _hand("66677z", "7z", ("pon", "111z"), ("pon", "222z"), ("pon", "555z"))
# ankan 2222m, 345p 678p 345s 99s, rinshan tsumo on 5s: rinshan + menzen tsumo, no daiminkan.
RINSHAN_AFTER_ANKAN = _hand("345p678p345s99s", "5s", ("ankan", "2222m"), rinshan=True)
# the same after a daiminkan of 2m: rinshan only (open); A.S.I. fu 20 + open simple kan 8, no
# rinshan tsumo fu (A.S.I.) = 28 -> 30: 1 han 30 fu, paid at ron value by the liable player = 1,000.
RINSHAN_AFTER_DAIMINKAN = _hand("345p678p345s99s", "5s", ("daiminkan", "2222m"), rinshan=True)
# 234m 567p 345s 678s 55s, tsumo on 2m: menzen tsumo + pinfu + tanyao.
PINFU_TSUMO = _hand("234m567p345678s55s", "2m")
# four kans (daiminkan 1m, daiminkan 9p, shouminkan 3s, ankan 2z) and 77z, tsumo on 7z: suukantsu.
SUUKANTSU = _hand("77z", "7z", ("daiminkan", "1111m"), ("daiminkan", "9999p"), ("shouminkan", "3333s"),
                  ("ankan", "2222z"))
# 555z 666z 777z pons, 234m 99p, tsumo on 9p: daisangen.
DAISANGEN = _hand("234m99p", "9p", ("pon", "555z"), ("pon", "666z"), ("pon", "777z"))


REFUSED = [
    pytest.param("asi-shirai", tsumo(2, hand=TSUUIISOU, pao=0), "nothing this ruleset makes a player liable for",
                 id="asi_tsuuiisou_has_no_pao"),
    pytest.param("juki-agit-2026", tsumo(2, hand=TSUUIISOU, pao=0), "nothing this ruleset makes a player liable for",
                 id="juki_tsuuiisou_has_no_pao"),
    pytest.param("asi-shirai", tsumo(2, hand=RINSHAN_AFTER_ANKAN, pao=1), "needs a daiminkan",
                 id="asi_rinshan_pao_needs_a_daiminkan_not_an_ankan"),
    pytest.param("asi-shirai", tsumo(2, hand=PINFU_TSUMO, pao=1), "nothing this ruleset makes a player liable for",
                 id="asi_plain_pinfu_tsumo_has_no_pao"),
    pytest.param("juki-agit-2026", tsumo(2, hand=PINFU_TSUMO, pao=1), "nothing this ruleset makes a player liable for",
                 id="juki_plain_pinfu_tsumo_has_no_pao"),
    pytest.param("juki-agit-2026", tsumo(2, hand=RINSHAN_AFTER_DAIMINKAN, pao=1),
                 "This ruleset has no pao for daiminkan_rinshan", id="juki_has_no_daiminkan_rinshan_pao"),
    pytest.param("juki-agit-2024-12", tsumo(2, hand=SUUKANTSU, pao=1), "This ruleset has no pao for suukantsu",
                 id="juki_2024_12_suukantsu_hand_has_no_pao"),
    pytest.param("juki-agit-2024-12", tsumo(2, hand=SUUKANTSU, pao=1, pao_for="suukantsu"),
                 "This ruleset has no pao for suukantsu", id="juki_2024_12_suukantsu_hand_with_pao_for_the_same"),
    pytest.param("juki-agit-2024-12", tsumo(2, yakuman=1, pao=1, pao_for="suukantsu"),
                 "This ruleset has no pao for suukantsu", id="juki_2024_12_suukantsu_claim_refused_alike"),
    pytest.param("asi-shirai", tsumo(2, hand=DAISANGEN, pao=1, pao_for="suukantsu"), "the hand has no suukantsu",
                 id="asi_pao_for_must_be_in_the_hand"),
]


@pytest.mark.parametrize(("ruleset", "event", "message"), REFUSED)
def test_pao_the_hand_does_not_carry_is_refused_with_the_reason(ruleset, event, message) -> None:
    with pytest.raises(ScoringError) as exc:
        _settle(ruleset, event)
    assert message in exc.value.message
    assert "책임지불" in exc.value.localized("ko")


CHARGED = [
    # daisangen tsumo: the liable player pays the whole yakuman (32,000), both clubs.
    pytest.param("asi-shirai", tsumo(2, hand=DAISANGEN, pao=1), [0, -32000, 32000, 0], id="asi_daisangen_pao"),
    pytest.param("juki-agit-2026", tsumo(2, hand=DAISANGEN, pao=1), [0, -32000, 32000, 0], id="juki_daisangen_pao"),
    # daisangen ron on seat 3's discard: liable and discarder pay half each.
    pytest.param("asi-shirai", ron(win(2, hand={**DAISANGEN, "tiles": "234m99p"}, pao=1), loser=3),
                 [0, -16000, 32000, -16000], id="asi_daisangen_ron_by_another_split_half"),
    # A.S.I. 002 §1h: suukantsu and daiminkan-rinshan pao.
    pytest.param("asi-shirai", tsumo(2, hand=SUUKANTSU, pao=1), [0, -32000, 32000, 0], id="asi_suukantsu_pao"),
    pytest.param("asi-shirai", tsumo(2, hand=RINSHAN_AFTER_DAIMINKAN, pao=1), [0, -1000, 1000, 0],
                 id="asi_daiminkan_rinshan_pao_at_ron_value"),
    pytest.param("asi-shirai", tsumo(2, hand=RINSHAN_AFTER_DAIMINKAN, pao=1, pao_for="daiminkan_rinshan"),
                 [0, -1000, 1000, 0], id="asi_daiminkan_rinshan_pao_named"),
    # Juki 2023-11 still had suukantsu pao.
    pytest.param("juki-agit-2023-11", tsumo(2, hand=SUUKANTSU, pao=1), [0, -32000, 32000, 0],
                 id="juki_2023_11_suukantsu_pao"),
]


@pytest.mark.parametrize(("ruleset", "event", "deltas"), CHARGED)
def test_pao_the_hand_carries_is_charged(ruleset, event, deltas) -> None:
    assert list(_settle(ruleset, event).deltas) == deltas
