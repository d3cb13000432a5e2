"""Refusals name the players as the record does, so a table host knows who is meant."""

import pytest

from scoring.errors import ScoringError
from scoring.game import replay

PLAYERS = ["김민준", "이서연", "박도윤", "최하은"]


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"kind": "ron", "loser": 1, "wins": [{"winner": 1, "han": 3, "fu": 30}]},
         "이서연 cannot win by ron on their own discard."),
        ({"kind": "ron", "loser": 3, "wins": [{"winner": 2, "han": 1, "fu": 30}], "riichi": [0]},
         None),
    ],
    ids=["a record error names the player", "a valid hand is not refused"],
)
def test_refusals_use_the_players_names(event, message):
    record = {"ruleset": "juki-agit-2026", "players": PLAYERS, "hands": [event]}
    if message is None:
        assert replay(record).rows
        return
    with pytest.raises(ScoringError) as exc:
        replay(record)
    assert exc.value.message == message
    assert exc.value.hand == 0


def test_a_settlement_error_names_the_player():
    record = {
        "ruleset": "asi-shirai",
        "players": PLAYERS,
        "hands": [
            {"kind": "penalty", "player": 2, "type": "agari_forbidden"},
            {"kind": "ron", "loser": 0, "wins": [{"winner": 2, "han": 2, "fu": 30}]},
        ],
    }
    with pytest.raises(ScoringError) as exc:
        replay(record)
    assert exc.value.message.startswith("박도윤 is agari-forbidden")
    assert exc.value.hand == 1


def test_naming_leaves_messages_without_player_labels_alone():
    error = ScoringError("1 han 20 fu is impossible.", hand=3)
    assert error.naming(PLAYERS) is error
