"""A WIN's optional ``open: true`` (the table's one tap "울었음", issue 26): statistics only.

Old records without it stay valid; it round-trips; it is refused when not a boolean and together
with a riichi by the same player (riichi is a closed hand's)."""
from __future__ import annotations

import pytest

from scoring.errors import ScoringError
from scoring.record import parse_event

RON = {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 2, "fu": 30}], "riichi": []}
TSUMO = {"kind": "tsumo", "winner": 2, "han": 1, "fu": 30, "riichi": []}


def _with_open(event: dict, value, riichi=()) -> dict:
    out = {**event, "riichi": list(riichi)}
    if event["kind"] == "ron":
        out["wins"] = [{**event["wins"][0], "open": value}]
    else:
        out["open"] = value
    return out


@pytest.mark.parametrize("event", [RON, TSUMO], ids=["ron", "tsumo"])
def test_old_records_without_open_stay_closed(event):
    parsed = parse_event(event, players=4)
    wins = parsed.wins if event["kind"] == "ron" else (parsed.win,)
    assert all(w.open is False for w in wins)
    assert "open" not in str(parsed.to_dict())


@pytest.mark.parametrize("event", [RON, TSUMO], ids=["ron", "tsumo"])
def test_open_true_is_kept_and_written_back(event):
    parsed = parse_event(_with_open(event, True), players=4)
    wins = parsed.wins if event["kind"] == "ron" else (parsed.win,)
    assert [w.open for w in wins] == [True]
    again = parse_event(parsed.to_dict(), players=4)
    assert again == parsed


@pytest.mark.parametrize(("event", "value", "riichi", "says"), [
    (RON, "yes", (), "true 또는 false"),
    (TSUMO, 1, (), "true 또는 false"),
    (RON, True, (0,), "리치"),
    (TSUMO, True, (2,), "리치"),
], ids=["ron-open-not-a-boolean", "tsumo-open-not-a-boolean", "ron-open-with-own-riichi", "tsumo-open-with-own-riichi"])
def test_open_refused(event, value, riichi, says):
    with pytest.raises(ScoringError) as err:
        parse_event(_with_open(event, value, riichi), players=4)
    assert says in err.value.localized("ko")


def test_open_with_another_players_riichi_is_fine():
    parsed = parse_event(_with_open(RON, True, riichi=(3,)), players=4)
    assert parsed.wins[0].open
    assert parsed.riichi == (3,)
