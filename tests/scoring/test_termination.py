"""How a game ended: one enum, the contract's codes, words from the one catalogue."""

import json

import pytest

from scoring import messages as M
from scoring.errors import ScoringError
from scoring.game import ENDED_BY, replay
from scoring.termination import Termination

PLAYERS = ["김민준", "이서연", "박도윤", "최하은"]


def test_the_codes_are_the_contracts_ended_by_values():
    assert tuple(Termination) == ENDED_BY
    assert ENDED_BY == ("all_last", "agari_yame", "tenpai_yame", "tobi", "sudden_death", "west_end",
                        "deliberate_chombo", "stop", "time", "referee", "result")


@pytest.mark.parametrize("termination", list(Termination), ids=[t.value for t in Termination])
def test_every_termination_has_its_words_in_english_and_korean(termination):
    assert M.catalogue()[f"PHRASES.{termination.value}"] is termination.phrase
    assert M.catalogue()[f"ENDED_BY.{termination.value}"] is termination.sentence
    assert termination.sentence.en.endswith(".")
    assert termination.sentence.ko.endswith(".")


def test_a_replayed_game_says_how_it_ended_with_the_enum():
    # Seat 1 rons a yakuman off seat 0 and seat 0 goes below zero.
    game = replay({"ruleset": "tenhou", "players": PLAYERS,
                   "hands": [{"kind": "ron", "loser": 0, "wins": [{"winner": 1, "yakuman": 1}]}]})
    assert game.state.ended_by is Termination.TOBI
    assert game.final.ended_by is Termination.TOBI
    assert json.dumps(game.to_json()["final"]["ended_by"]) == '"tobi"'


def test_an_event_after_the_end_names_how_it_ended():
    record = {"ruleset": "tenhou", "players": PLAYERS,
              "hands": [{"kind": "ron", "loser": 0, "wins": [{"winner": 1, "yakuman": 1}]}, {"kind": "draw"}]}
    with pytest.raises(ScoringError) as exc:
        replay(record)
    assert exc.value.message == "The game is already over (tobi); nothing can follow."
    assert exc.value.localized("ko") == "대국이 이미 끝났습니다(토비). 더 기록할 수 없습니다."
