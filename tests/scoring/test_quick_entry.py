"""``scoring.quick_entry``: the host's taps as one contract event, and an event as words (no Django; the
server's form and the offline page both call it — tests/league/test_offline_taps.py holds them equal)."""
from __future__ import annotations

import pytest

from scoring.quick_entry import EVENT_WORD_KEYS, REFUSAL_CODES, TapRefusal, TapTable, event_from_taps, event_text

VALUES = {"1-30": {"han": 1, "fu": 30}, "3-30": {"han": 3, "fu": 30}, "5": {"han": 5}, "Y1": {"yakuman": 1}}
TABLE = TapTable(players=4, dealer=0, values=VALUES, agari_forbidden=(False, False, True, False))


def taps(*pairs: tuple[str, str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name, value in pairs:
        out.setdefault(name, []).append(value)
    return out


@pytest.mark.parametrize(("table", "tapped", "event"), [
    pytest.param(TABLE, taps(("kind", "ron"), ("ron_winner", "1"), ("ron_loser", "2"), ("ron_value", "3-30"),
                             ("riichi", "3"), ("riichi", "1")),
                 {"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 3, "fu": 30}], "riichi": [1, 3]},
                 id="ron: riichi seats sorted"),
    pytest.param(TABLE, taps(("kind", "tsumo"), ("tsumo_winner", "3"), ("tsumo_value", "Y1"), ("pao", "0")),
                 {"kind": "tsumo", "winner": 3, "yakuman": 1, "pao": 0, "riichi": []}, id="yakuman tsumo with pao"),
    pytest.param(TABLE, taps(("kind", "draw"), ("draw_tenpai", "1"), ("riichi", "2"), ("riichi", "3")),
                 {"kind": "draw", "tenpai": [1, 3], "riichi": [2, 3]},
                 id="draw: a riichi player is tenpai, an agari-forbidden one never"),
    pytest.param(TapTable(players=4, dealer=2, values=VALUES, dealer_min_han=2),
                 taps(("kind", "ron"), ("ron_winner", "2"), ("ron_loser", "0"), ("ron_value", "1-30")),
                 {"kind": "ron", "loser": 0, "wins": [{"winner": 2, "han": 1, "fu": 30, "dora": 0}], "riichi": []},
                 id="dealer's minimum: a win short of it whatever its dora needs no answer"),
    pytest.param(TABLE, taps(("kind", "chombo"), ("chombo_offender", "1"), ("chombo_deliberate", "on")),
                 {"kind": "chombo", "offender": 1}, id="deliberate chombo only where the ruleset has it"),
    pytest.param(TABLE, taps(("kind", "tsumo"), ("tsumo_winner", "1"), ("tsumo_value", "1-30"), ("open", "1")),
                 {"kind": "tsumo", "winner": 1, "han": 1, "fu": 30, "open": True, "riichi": []},
                 id="the open tap marks the winner"),
])
def test_taps_make_the_contract_event(table, tapped, event):
    assert event_from_taps(tapped, table) == event


@pytest.mark.parametrize(("tapped", "code"), [
    pytest.param(taps(("kind", "ron"), ("ron_loser", "2"), ("ron_value", "3-30")), "required", id="no winner"),
    pytest.param(taps(("kind", "ron"), ("ron_winner", "2"), ("ron_loser", "2"), ("ron_value", "3-30")), "self_ron",
                 id="ron on oneself"),
    pytest.param(taps(("kind", "tsumo"), ("tsumo_winner", "2"), ("tsumo_value", "2-20")), "value",
                 id="a value not on the grid"),
    pytest.param(taps(("kind", "multi_ron"), ("multi_loser", "0"), ("multi_winners", "1"),
                      ("multi_winners", "2"), ("multi_winners", "3")), "multi_ron_most", id="three winners of two"),
    pytest.param(taps(("kind", "tsumo"), ("tsumo_winner", "1"), ("tsumo_value", "1-30"), ("open", "1"),
                      ("riichi", "1")), "open_riichi", id="a riichi winner is not open"),
    pytest.param(taps(("kind", "nagashi")), "nagashi", id="nagashi of nobody"),
    pytest.param(taps(("kind", "dance")), "kind", id="an unknown result"),
])
def test_taps_that_make_no_event_are_refused_by_rule(tapped, code):
    with pytest.raises(TapRefusal) as refused:
        event_from_taps(tapped, TABLE)
    assert refused.value.code == code in REFUSAL_CODES


WORDS = {key: key.upper() for key in EVENT_WORD_KEYS}
WORDS.update({"ron": "RON %(winner)s %(loser)s %(value)s", "tsumo": "TSUMO %(winner)s %(value)s",
              "han_fu": "%(han)s-%(fu)s", "han_limit": "%(han)s %(limit)s", "riichi": "R %(names)s",
              "tenpai": "T %(names)s", "pao": "P %(name)s", "limits": {"mangan": "M"}, "aborts": {}, "penalties": {}})


@pytest.mark.parametrize(("event", "text"), [
    pytest.param({"kind": "ron", "loser": 2, "wins": [{"winner": 1, "han": 3, "fu": 30, "pao": 0}], "riichi": [3]},
                 "RON b c 3-30 · P a · R d", id="ron with pao and riichi"),
    pytest.param({"kind": "tsumo", "winner": 0, "han": 5, "riichi": []}, "TSUMO a 5 M", id="tsumo mangan"),
    pytest.param({"kind": "draw", "tenpai": [0, 2], "riichi": []}, "T a, c", id="draw with two tenpai"),
    pytest.param({"kind": "draw", "tenpai": [], "riichi": []}, "NOTEN", id="draw all noten"),
])
def test_an_event_in_words(event, text):
    assert event_text(event, ["a", "b", "c", "d"], WORDS) == text
