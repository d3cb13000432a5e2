"""Each bad hand gets a HandError with a message a table host understands."""

from __future__ import annotations

import pytest

from scoring.errors import HandError
from scoring.hand import HandContext, cli_result, evaluate
from scoring.rules import preset

ASI = preset("asi-shirai")
JUKI = preset("juki-agit-2026")
SANMA = preset("juki-agit-sanma-2026")

BASE = {"tiles": "234m456p678s345s88p", "win": "2m", "seat_wind": "S", "round_wind": "E", "riichi": True}
KOKUSHI = {"tiles": "119m19p19s1234567z", "win": "9m", "seat_wind": "S", "round_wind": "E"}


def with_(**changes) -> dict:
    h = {**BASE, **changes}
    return {k: v for k, v in h.items() if v is not None}


CASES = [
    pytest.param(JUKI, with_(tiles="234x456p678s345s88p"), None, "cannot read", id="bad notation"),
    pytest.param(JUKI, with_(tiles="234m456p678s345s8z8z"), None, "honors are 1z-7z", id="no such honor tile"),
    pytest.param(JUKI, with_(tiles="11111m456p678s345s", win="1m"), None, "only four", id="five copies of a tile"),
    pytest.param(JUKI, with_(tiles="234m406p406p345s88p"), None, "red 5p", id="juki: two red 5p are one too many"),
    pytest.param(JUKI, with_(tiles="234m456p678s345s8p"), None, "must be 14", id="wrong tile count"),
    pytest.param(JUKI, with_(win="9m"), None, "not among the concealed", id="win tile not in the hand"),
    pytest.param(JUKI, with_(tiles="234m456p678s345s89p", win="9p"), None, "not a winning hand",
                 id="not a winning hand"),
    pytest.param(JUKI, with_(tiles="999m234p678p345s22s", win="3s", riichi=None), None, "no yaku", id="no yaku"),
    pytest.param(JUKI, with_(riichi=None, ippatsu=True), None, "Ippatsu needs riichi", id="ippatsu without riichi"),
    pytest.param(JUKI, with_(haitei=True), None, "Haitei", id="haitei with ron"),
    pytest.param(JUKI, with_(houtei=True, tsumo=True), None, "Houtei", id="houtei with tsumo"),
    pytest.param(JUKI, with_(rinshan=True), None, "Rinshan", id="rinshan with ron"),
    pytest.param(JUKI, with_(chankan=True, tsumo=True), None, "Chankan", id="chankan with tsumo"),
    pytest.param(JUKI, with_(tenhou=True, tsumo=True, riichi=None), None, "not the dealer",
                 id="tenhou for a non-dealer"),
    pytest.param(JUKI, with_(tenhou=True, seat_wind="E", riichi=None), None, "Tenhou is a tsumo", id="tenhou with ron"),
    pytest.param(JUKI, with_(chiihou=True, tsumo=True, riichi=None, tiles="456p678s345s88p",
                             melds=[{"kind": "chi", "tiles": "234m"}], win="4p"), None, "Chiihou",
                 id="chiihou with melds"),
    pytest.param(JUKI, with_(tiles="456p678s345s88p", melds=[{"kind": "chi", "tiles": "234m"}], win="4p"), None,
                 "Riichi needs a closed hand", id="riichi with an open hand"),
    pytest.param(ASI, {**KOKUSHI, "chankan_closed": True}, None, "no one rob a closed kan",
                 id="asi: no one may rob a closed kan, not even kokushi"),
    pytest.param(JUKI, with_(chankan_closed=True), None, "Only kokushi", id="juki: only kokushi robs a closed kan"),
    pytest.param(ASI, with_(nagashi=True), None, "Nagashi mangan", id="nagashi mangan is not a hand"),
    pytest.param(JUKI, with_(tiles="999m234p678p345s22s", win="3s", seat_wind="E", dora=["1s"]),
                 HandContext("E", "E", is_dealer=True, tsumo=False, dealer_renchan=5), "needs 2 han",
                 id="juki: dealer needs 2 han (dora not counted) from the 5th renchan"),
    pytest.param(JUKI, with_(flowers=1), None, "no flower", id="juki 4-player: no flowers"),
    pytest.param(SANMA, with_(flowers=5), None, "only 4 flower", id="juki sanma: four flowers at most"),
    pytest.param(SANMA, with_(), None, "no 2m-8m", id="juki sanma: no 2m-8m"),
    pytest.param(JUKI, with_(richi=True), None, "Unknown hand field", id="unknown field"),
    pytest.param(JUKI, with_(seat_wind=None), None, "needs 'seat_wind'", id="standalone hand without seat wind"),
    pytest.param(JUKI, with_(ura=["1m", "2m"], dora=["3m"]), None, "ura", id="more ura than dora indicators"),
]


@pytest.mark.parametrize(("ruleset", "the_hand", "context", "message"), CASES)
def test_bad_hand(ruleset, the_hand, context, message) -> None:
    with pytest.raises(HandError, match=message):
        evaluate(the_hand, ruleset, context)


@pytest.mark.parametrize(
    ("ruleset", "the_hand", "expected"),
    [
        # juki allows kokushi to rob a closed kan: a plain kokushi ron
        pytest.param(JUKI, {**KOKUSHI, "chankan_closed": True},
                     {"yaku": [{"id": "kokushi", "han": 13}], "han": 13, "fu": None, "yakuman": 1,
                      "limit": "yakuman", "points": {"ron": 32000}}, id="juki: kokushi robs a closed kan"),
        # riichi with a closed kan is still riichi: 123p 789s 55z + ankan 1111m, 456s won on 6s.
        # fu: 30 + closed terminal kan 32 + dragon pair 2 = 64 -> 70; riichi 1 han: 70x8x4 = 2240 -> 2300
        pytest.param(ASI, {"tiles": "123p789s45s55z6s", "win": "6s", "seat_wind": "S", "round_wind": "E",
                           "riichi": True, "melds": [{"kind": "ankan", "tiles": "1111m"}]},
                     {"yaku": [{"id": "riichi", "han": 1}], "han": 1, "fu": 70, "yakuman": 0, "limit": None,
                      "points": {"ron": 2300}}, id="riichi with a closed kan"),
    ],
)
def test_cli_result(ruleset, the_hand, expected) -> None:
    assert cli_result(the_hand, ruleset) == expected


def test_context_wins_over_the_hand() -> None:
    # The same hand as a ron from the dict, but the game says it is a dealer tsumo:
    # riichi + tsumo + pinfu + tanyao = 4 han 20 fu, dealer tsumo 1280x2 -> 2600 all.
    context = HandContext("E", "S", is_dealer=True, tsumo=True)
    result = evaluate(BASE, JUKI, context)
    assert (result.han, result.fu, dict(result.points)) == (4, 20, {"all": 2600})
