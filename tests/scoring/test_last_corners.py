"""Issue 40, "the last corners": one case per item, named after the rule or clause it reads, every
number worked by hand from the rulebooks (../shared/seeds, digests in ../shared/rules)."""

import pytest

from tests.scoring.conftest import PASS, play, ron, win


def _with(key: str, **overrides):
    return {"base": key, "overrides": overrides}


# --- 2. West 4 as all-last: the termination says what ended it --------------------------------------------
# A.S.I. 1f "오라스 친이 톱일 경우, 친의 화료/텐파이로 종료." read at West 4 (1g "북입은 없음") with
# west_last_all_last. Eight all-noten draws into West, three more to West 4 (seat 3 deals, honba 11).
# Win: the dealer rons 1 han 30 fu off seat 0: 1,500 + 11 x 300 = 4,800 -> 29,800, top (below 30,000,
# so no sudden death). Tenpai: only the dealer tenpai, 3,000 in noten payments -> 28,000, top.
@pytest.mark.parametrize("event, scores, ended_by", [
    pytest.param(ron(win(3, han=1, fu=30), loser=0), [20200, 25000, 25000, 29800], "agari_yame",
                 id="asi 1f at west 4: the top dealer's win ends the game by agari-yame"),
    pytest.param({"kind": "draw", "tenpai": [3]}, [24000, 24000, 24000, 28000], "tenpai_yame",
                 id="asi 1f at west 4: the top dealer's tenpai ends the game by tenpai-yame"),
])
def test_asi_1f_west_4_as_all_last_ends_by_yame(event, scores, ended_by):
    game = play(_with("asi-shirai", west_last_all_last=True), [PASS] * 11 + [event])
    assert game.rows[-1].round == "W4" and list(game.state.scores) == scores
    assert game.state.finished and game.final.ended_by == ended_by


def test_asi_1g_west_4_passing_the_deal_is_still_the_hard_end():
    """No North (1g "북입은 없음"): West 4's non-dealer win passes the deal and ends the game: west_end.
    Seat 0 rons 1 han 30 fu off seat 1 at West 4, honba 11: 1,000 + 3,300 -> 29,300, below 30,000."""
    game = play(_with("asi-shirai", west_last_all_last=True), [PASS] * 11 + [ron(win(0, han=1, fu=30), loser=1)])
    assert list(game.state.scores) == [29300, 20700, 25000, 25000]
    assert game.final.ended_by == "west_end"
