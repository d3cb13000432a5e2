"""Parsing the game record: the contract's form, round trip, and refusals with the event index."""

import pytest

from scoring.errors import ScoringError
from scoring.record import HAND_EVENTS, Ron, Tsumo, event_wins, parse_event, parse_record
from tests.scoring.conftest import make_record

CONTRACT_EXAMPLE = {
    "format": "mahjong-club-game/1",
    "ruleset": "juki-agit-2026",
    "players": ["Kim", "Lee", "Park", "Choi"],
    "hands": [
        {"kind": "ron", "loser": 1, "wins": [{"winner": 2, "han": 3, "fu": 30}], "riichi": []},
        {"kind": "tsumo", "winner": 2, "yakuman": 1, "pao": 0, "riichi": [1]},
        {"kind": "draw", "tenpai": [3, 0]},
        {"kind": "nagashi", "players": [1], "tenpai": [], "riichi": []},
        {"kind": "penalty", "player": 1, "type": "yellow_card"},
        {"kind": "chombo", "offender": 3},
        {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 2, "fu": 30, "dora": 1},
                                             {"winner": 2, "han": 1, "fu": 40}]},
        {"kind": "stop"},
    ],
}


def test_contract_example_parses_and_round_trips():
    record = parse_record(CONTRACT_EXAMPLE)
    assert isinstance(record.events[0], Ron)
    assert isinstance(record.events[1], Tsumo)
    assert record.events[1].win.pao == 0
    again = parse_record(record.to_dict())
    assert again.events == record.events
    assert record.to_dict()["ruleset"] == "juki-agit-2026"


def test_ruleset_object_with_overrides():
    record = parse_record(make_record({"base": "asi-shirai", "overrides": {"uma": [15000, 5000, -5000, -15000]}}, []))
    assert record.ruleset.uma == (15000, 5000, -5000, -15000)
    assert record.to_dict()["ruleset"]["base"] == "asi-shirai"


BAD_EVENTS = [
    ({"kind": "ron", "loser": 2, "wins": [{"winner": 2, "han": 1, "fu": 30}]}, "own discard"),
    ({"kind": "ron", "loser": 5, "wins": [{"winner": 2, "han": 1, "fu": 30}]}, "no player 5"),
    ({"kind": "ron", "loser": 1, "wins": []}, "one to three"),
    ({"kind": "ron", "loser": 1, "wins": [{"winner": 2, "han": 1, "fu": 20}]}, "impossible"),
    ({"kind": "ron", "loser": 1, "wins": [{"winner": 2, "han": 3, "fu": 35}]}, "35 fu"),
    ({"kind": "ron", "loser": 1, "wins": [{"winner": 2, "han": 3}]}, "needs its fu"),
    ({"kind": "ron", "loser": 1, "wins": [{"winner": 2, "han": 3, "fu": 30, "yakuman": 1}]}, "only one"),
    ({"kind": "ron", "loser": 1, "wins": [{"winner": 2}]}, "needs han"),
    ({"kind": "ron", "loser": 1, "wins": [{"winner": 2, "han": 2, "fu": 30, "dora": 3}]}, "3 dora"),
    ({"kind": "tsumo", "winner": 2, "yakuman": 1, "pao": 2}, "own win"),
    ({"kind": "tsumo", "winner": 2, "yakuman": 0}, "at least 1"),
    ({"kind": "draw", "tenpai": [0, 0]}, "twice"),
    ({"kind": "draw", "tenpai": "0"}, "list"),
    ({"kind": "abort", "reason": "five_winds"}, "Unknown abortive draw"),
    ({"kind": "penalty", "player": 0, "type": "chombo"}, "chombo is its own event"),
    ({"kind": "nagashi", "players": []}, "at least one"),
    ({"kind": "riichi", "player": 0}, "Unknown kind"),
    ({"kind": "draw", "tenpai": [], "winer": 1}, "winer"),
    ("draw", "object"),
]
BAD_IDS = [
    "winner == loser", "loser out of range", "ron without winners", "1 han 20 fu is impossible",
    "35 fu is impossible", "han below 5 needs fu", "han and yakuman both given", "win without a value",
    "more dora than han", "pao on oneself", "yakuman multiple 0", "tenpai duplicates", "tenpai must be a list",
    "unknown abortive draw", "chombo is not a penalty type", "nagashi without players", "unknown kind",
    "unknown field (typo) is refused", "an event must be an object",
]


@pytest.mark.parametrize(("event", "message"), BAD_EVENTS, ids=BAD_IDS)
def test_bad_events_name_their_index(event, message):
    with pytest.raises(ScoringError) as exc:
        parse_record(make_record("asi-shirai", [{"kind": "draw", "tenpai": []}, event]))
    assert exc.value.hand == 1
    assert message in exc.value.message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"ruleset": "nope", "players": ["a", "b", "c", "d"], "hands": []}, "Unknown ruleset"),
        ({"ruleset": "asi-shirai", "players": ["a", "b", "c"], "hands": []}, "4 players"),
        ({"ruleset": "juki-agit-sanma-2026", "players": ["a", "b", "c", "d"], "hands": []}, "3 players"),
        ({"format": "other/2", "ruleset": "asi-shirai", "players": ["a", "b", "c", "d"], "hands": []}, "format"),
        ({"players": ["a", "b", "c", "d"], "hands": []}, "ruleset"),
        ([], "JSON object"),
        ({"ruleset": {"base": "asi-shirai", "overrides": {"uma": 3}}, "players": ["a"] * 4, "hands": []}, "uma"),
    ],
    ids=["unknown ruleset", "asi needs 4 players", "sanma needs 3 players", "unknown format",
         "ruleset missing", "record must be an object", "bad override value"],
)
def test_bad_headers_have_no_hand_index(data, message):
    with pytest.raises(ScoringError) as exc:
        parse_record(data)
    assert exc.value.hand is None
    assert message in exc.value.message


def test_schema_accepts_the_contract_example():
    import json
    from pathlib import Path

    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).parents[2] / "scoring/schema/game-record.schema.json").read_text())
    jsonschema.validate(CONTRACT_EXAMPLE, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**CONTRACT_EXAMPLE, "hands": [{"kind": "ron", "loser": 1}]}, schema)


@pytest.mark.parametrize(
    ("event", "winners", "is_hand"),
    [
        pytest.param({"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 1, "fu": 30},
                                                          {"winner": 2, "han": 2, "fu": 30}]}, [1, 2], True,
                     id="a-double-ron-has-two-wins"),
        pytest.param({"kind": "tsumo", "winner": 3, "han": 1, "fu": 30}, [3], True, id="a-tsumo-has-one-win"),
        pytest.param({"kind": "draw", "tenpai": [0]}, [], True, id="a-draw-is-a-hand-without-a-win"),
        pytest.param({"kind": "chombo", "offender": 1}, [], False, id="a-chombo-hand-is-dealt-again"),
        pytest.param({"kind": "penalty", "player": 1, "type": "yellow_card"}, [], False, id="a-penalty-is-no-hand"),
    ],
)
def test_the_wins_of_an_event_and_whether_it_ends_a_deal(event, winners, is_hand):
    parsed = parse_event(event, players=4)
    assert [w.winner for w in event_wins(parsed)] == winners
    assert isinstance(parsed, HAND_EVENTS) is is_hand
