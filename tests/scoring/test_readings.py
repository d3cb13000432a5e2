"""The readings each club rulebook leaves open (../shared/rules/juki-agit.md §8, asi-shirai.md §7, issue 23),
each a ``Ruleset`` option: one case per value, named after the rule, every number worked by hand.

The presets keep the reading the engine had before the option existed; a club sets its own.
"""

import pytest

from scoring.record import parse_event
from scoring.rules import PaoHonba, preset
from scoring.settle import settle
from tests.scoring.conftest import PASS, make_table, play, ron, win


def _settle(ruleset, event, **table):
    t = make_table(ruleset, **table)
    return settle(t, parse_event(event, players=t.players))


def _with(key: str, **overrides):
    return {"base": key, "overrides": overrides}


# --- pao on a ron off a third player: who pays the honba (issue 23 item 4) ----------------------------
# East 2 honba 1 (seat 1 deals): seat 0 rons seat 1's discard with daisangen; seat 2 fed the third
# dragon. 32,000 split 16,000 / 16,000; the honba is 300 in all.
DAISANGEN_PAO_RON = ron(1, win(0, yakuman=1, pao=2, pao_for="daisangen"))
PAO_HONBA_CASES = [
    pytest.param("tenhou", {}, [32300, -16000, -16300, 0],
                 id="tenhou: the liable player pays the honba of a pao ron (the 2010 鳳南喰 log)"),
    pytest.param("tenhou", {"pao_ron_honba": "discarder"}, [32300, -16300, -16000, 0],
                 id="pao ron honba discarder: the discarder pays the honba, the pao split is the hand only"),
    pytest.param("tenhou", {"pao_ron_honba": "split"}, [32300, -16150, -16150, 0],
                 id="pao ron honba split: the two pay half the honba each, like the rest"),
    pytest.param("asi-shirai", {}, [32300, -16300, -16000, 0],
                 id="asi: the rulebook is silent, the discarder pays the honba (today's reading)"),
    pytest.param("juki-agit-2026", {}, [32300, -16300, -16000, 0],
                 id="juki: the rulebook is silent, the discarder pays the honba (today's reading)"),
    pytest.param("juki-agit-2026", {"pao_ron_honba": "liable"}, [32300, -16000, -16300, 0],
                 id="juki with pao ron honba liable: as Tenhou"),
]


@pytest.mark.parametrize("key, overrides, deltas", PAO_HONBA_CASES)
def test_pao_ron_honba(key, overrides, deltas):
    s = _settle(_with(key, **overrides), DAISANGEN_PAO_RON, dealer=1, honba=1)
    assert list(s.deltas) == deltas


def test_tenhou_pao_ron_honba_in_a_game():
    """The real game's hand replayed: East 1 all noten (honba 1), then the East 2 pao ron."""
    game = play("tenhou", [PASS, DAISANGEN_PAO_RON])
    row = game.rows[-1]
    assert (row.round, row.honba) == ("E2", 1)
    assert list(row.deltas) == [32300, -16000, -16300, 0]


@pytest.mark.parametrize("key, overrides, deltas", [
    pytest.param("tenhou", {}, [32300, -32300, 0, 0], id="the liable player as discarder pays all, honba too"),
])
def test_pao_ron_by_the_liable_player_is_not_split(key, overrides, deltas):
    s = _settle(_with(key, **overrides), ron(1, win(0, yakuman=1, pao=1, pao_for="daisangen")), dealer=1, honba=1)
    assert list(s.deltas) == deltas


def test_presets_keep_their_pao_ron_honba():
    assert preset("tenhou").pao_ron_honba is PaoHonba.LIABLE
    assert preset("tenhou-sanma").pao_ron_honba is PaoHonba.LIABLE
    for key in ("asi-shirai", "juki-agit-2026", "juki-agit-sanma-2026", "mahjong-soul", "m-league"):
        assert preset(key).pao_ron_honba is PaoHonba.DISCARDER, key
