"""A new hand's preview (``GameView.preview`` at the record's end) takes the scores before it from the game as it
stands instead of playing the game again: it must say what the full play says (the edit's way, which replays the
game up to the hand), for every hand of real sequences, penalties folded into a hand included."""
from __future__ import annotations

import pytest

from league.games.entry_screen import GameView
from league.games.selectors import RECORD_FORMAT, replay_record
from tests.scoring.test_rulebook_juki import TO_S4_P3_TOP, TO_WEST

PENALTY_THEN_A_HAND = [*TO_S4_P3_TOP[:6], {"kind": "penalty", "player": 1, "type": "ruling", "amount": 2000, "to": 0},
                       {"kind": "penalty", "player": 2, "type": "ruling", "amount": 3000},
                       {"kind": "tsumo", "winner": 3, "han": 3, "fu": 30, "riichi": [0]},
                       {"kind": "ron", "loser": 2, "wins": [{"winner": 0, "han": 2, "fu": 40}], "riichi": []}]


def _view(events):
    record = {"format": RECORD_FORMAT, "ruleset": {"base": "juki-agit-2026", "overrides": {}},
              "players": ["동", "남", "서", "북"], "hands": [dict(e) for e in events]}
    return GameView(game=None, record=record, replay=replay_record(record))


@pytest.mark.parametrize("events", [TO_S4_P3_TOP, TO_WEST, PENALTY_THEN_A_HAND],
                         ids=["to South 4, the dealer on top", "to the West", "a penalty, then hands"])
def test_a_new_hands_preview_is_what_playing_the_game_again_gives(events):
    folded = 0
    for position, event in enumerate(events):
        new = _view(events[:position]).preview(event, position)  # the new hand's way
        again = _view(events[:position + 1]).preview(event, position)  # the same hand as an edit: played again
        assert new["seats"] == again["seats"], position
        assert new["penalties"] == again["penalties"], position
        folded += new["penalties"] is not None
    assert folded == (1 if events is PENALTY_THEN_A_HAND else 0)  # the penalties before the tsumo: their own line
