"""Settlement of draws: exhaustive draw, nagashi mangan, abortive draws, chombo."""

import pytest

from scoring.errors import ScoringError
from scoring.record import parse_event
from scoring.settle import Outcome, settle
from tests.scoring.conftest import make_table


def _settle(ruleset, event, **table):
    t = make_table(ruleset, **table)
    return settle(t, parse_event(event, players=t.players))


def draw(*tenpai, riichi=()):
    return {"kind": "draw", "tenpai": list(tenpai), "riichi": list(riichi)}


DRAWS = [
    ("asi-shirai", draw(), [0, 0, 0, 0], False),
    ("asi-shirai", draw(1), [-1000, 3000, -1000, -1000], False),
    ("asi-shirai", draw(0, 2), [1500, -1500, 1500, -1500], True),
    ("asi-shirai", draw(0, 1, 3), [1000, 1000, -3000, 1000], True),
    ("asi-shirai", draw(0, 1, 2, 3), [0, 0, 0, 0], True),
    ("juki-agit-sanma-2026", draw(1), [-1500, 3000, -1500], False),
    ("juki-agit-sanma-2026", draw(0, 2), [1500, -3000, 1500], True),
    ("asi-shirai", draw(1, riichi=[1]), [-1000, 2000, -1000, -1000], False),
    ("juki-agit-2026", draw(0), [3000, -1000, -1000, -1000], True),
]
DRAW_IDS = [
    "noten payments: nobody tenpai, nobody pays",
    "noten payments: 1 tenpai receives 3000 from the others",
    "noten payments: 2 tenpai receive 1500 each; tenpai dealer keeps the deal (tenpai renchan)",
    "noten payments: 3 tenpai, the noten player pays 3000",
    "noten payments: all tenpai, nobody pays",
    "juki sanma: 1 tenpai receives 3000 (1500 from each)",
    "juki sanma: 2 tenpai receive 1500 each",
    "riichi sticks stay on the table at a draw",
    "juki: tenpai renchan, the tenpai dealer keeps the deal",
]


@pytest.mark.parametrize(("ruleset", "event", "deltas", "keeps"), DRAWS, ids=DRAW_IDS)
def test_exhaustive_draw(ruleset, event, deltas, keeps):
    s = _settle(ruleset, event, honba=1, sticks=1000)
    assert list(s.deltas) == deltas
    assert s.dealer_keeps is keeps
    assert s.honba == 2, "honba +1 on every draw"
    assert s.sticks == 1000 + 1000 * len(event["riichi"])
    assert s.outcome is Outcome.DRAW


def test_agari_renchan_rule_passes_the_deal_even_when_dealer_tenpai():
    from scoring.rules import preset

    rs = preset("asi-shirai").derive(renchan="agari")
    s = _settle(rs, draw(0))
    assert not s.dealer_keeps
    assert s.honba == 1


NAGASHI = [
    # ruleset, event, table, deltas, sticks after, keeps, honba after, outcome
    ("asi-shirai", {"kind": "nagashi", "players": [1]}, {"honba": 2, "sticks": 1000},
     [-4000, 8000, -2000, -2000], 1000, False, 3, Outcome.DRAW),
    ("asi-shirai", {"kind": "nagashi", "players": [0]}, {"honba": 2, "sticks": 1000},
     [12000, -4000, -4000, -4000], 1000, False, 3, Outcome.DRAW),
    ("asi-shirai", {"kind": "nagashi", "players": [1], "tenpai": [0, 1]}, {},
     [-4000, 8000, -2000, -2000], 0, True, 1, Outcome.DRAW),
    ("juki-agit-2026", {"kind": "nagashi", "players": [1], "tenpai": [2], "riichi": [2]}, {"honba": 2, "sticks": 1000},
     [-4200, 10600, -3200, -2200], 0, False, 0, Outcome.WIN),
    ("juki-agit-2026", {"kind": "nagashi", "players": [0]}, {"honba": 1},
     [12300, -4100, -4100, -4100], 0, True, 2, Outcome.WIN),
    ("juki-agit-2026", {"kind": "nagashi", "players": [2], "tenpai": [0]}, {},
     [-4000, -2000, 8000, -2000], 0, True, 1, Outcome.WIN),
    ("juki-agit-2026", {"kind": "nagashi", "players": [2]}, {"round_wind": "W"},
     [-4000, -4000, 12000, -4000], 0, False, 0, Outcome.WIN),
]
NAGASHI_IDS = [
    "asi: nagashi is a draw paid as a mangan tsumo: no honba, sticks stay, honba +1",
    "asi: a noten dealer who made nagashi still passes the deal (source: noten dealer passes)",
    "asi: nagashi payments replace noten payments; tenpai dealer keeps the deal",
    "juki: nagashi is a win, collecting honba and riichi sticks; non-dealer win resets honba",
    "juki: the dealer's nagashi is a dealer win and keeps the deal",
    "juki: a tenpai dealer keeps the deal after another player's nagashi",
    "juki: in West nagashi is paid as a dealer mangan",
]


@pytest.mark.parametrize(("ruleset", "event", "table", "deltas", "sticks", "keeps", "honba", "outcome"), NAGASHI,
                         ids=NAGASHI_IDS)
def test_nagashi(ruleset, event, table, deltas, sticks, keeps, honba, outcome):
    s = _settle(ruleset, event, **table)
    assert list(s.deltas) == deltas
    assert s.sticks == sticks
    assert s.dealer_keeps is keeps
    assert s.honba == honba
    assert s.outcome is outcome
    assert sum(s.deltas) + s.sticks - table.get("sticks", 0) == 0


@pytest.mark.parametrize(
    ("ruleset", "reason", "riichi"),
    [
        ("asi-shirai", "four_winds", []),
        ("asi-shirai", "four_kans", []),
        ("asi-shirai", "four_riichi", [0, 1, 2, 3]),
        ("asi-shirai", "nine_terminals", []),
        ("asi-shirai", "triple_ron", [1]),
        ("tenhou", "triple_ron", []),
    ],
    ids=[
        "asi: four winds abort, the deal never passes",
        "asi: four kans abort",
        "asi: four riichi abort, the sticks stay",
        "asi: nine terminals abort",
        "asi: triple ron is an abortive draw",
        "tenhou: triple ron is an abortive draw",
    ],
)
def test_abortive_draws_allowed(ruleset, reason, riichi):
    s = _settle(ruleset, {"kind": "abort", "reason": reason, "riichi": riichi}, honba=1, sticks=1000)
    assert s.outcome is Outcome.ABORT
    assert s.dealer_keeps
    assert s.honba == 2
    assert s.sticks == 1000 + 1000 * len(riichi)
    assert list(s.deltas) == [-1000 if p in riichi else 0 for p in range(4)]


@pytest.mark.parametrize(
    ("ruleset", "event", "message"),
    [
        ("juki-agit-2026", {"kind": "abort", "reason": "four_winds"}, "no abortive draws"),
        ("juki-agit-2026", {"kind": "abort", "reason": "triple_ron"}, "no abortive draws"),
        ("m-league", {"kind": "abort", "reason": "nine_terminals"}, "no abortive draws"),
        ("wrc-2025", {"kind": "abort", "reason": "nine_terminals"}, "no abortive draws"),
        ("asi-shirai", {"kind": "abort", "reason": "four_riichi", "riichi": [0, 1, 2]}, "all four players"),
        ("m-league", {"kind": "nagashi", "players": [1]}, "no nagashi"),
        ("juki-agit-2026", {"kind": "draw", "tenpai": [1]}, "agari-forbidden"),
        ("asi-shirai", {"kind": "nagashi", "players": [1]}, "agari-forbidden"),
    ],
    ids=[
        "juki: no abortive draws (four winds)",
        "juki: triple ron is not an abort, it is three wins",
        "m-league: no abortive draws (nine terminals play on)",
        "wrc: no abortive draws",
        "four-riichi abort needs four riichi",
        "m-league: no nagashi mangan",
        "juki: an agari-forbidden player's tenpai does not count",
        "asi: an agari-forbidden player cannot claim nagashi",
    ],
)
def test_refused_draws(ruleset, event, message):
    with pytest.raises(ScoringError) as exc:
        _settle(ruleset, event, agari_forbidden=frozenset({1}))
    assert message in exc.value.message


CHOMBO = [
    # ruleset, event, deltas, dealer keeps, replay, deductions
    ("asi-shirai", {"kind": "chombo", "offender": 2}, [4000, 2000, -8000, 2000], True, True, ()),
    ("asi-shirai", {"kind": "chombo", "offender": 0}, [-12000, 4000, 4000, 4000], False, False, ()),
    ("juki-agit-2026", {"kind": "chombo", "offender": 0}, [-9000, 3000, 3000, 3000], True, True, ()),
    ("juki-agit-2026", {"kind": "chombo", "offender": 3}, [3000, 3000, 3000, -9000], True, True, ()),
    ("juki-agit-sanma-2026", {"kind": "chombo", "offender": 1}, [3000, -6000, 3000], True, True, ()),
    ("m-league", {"kind": "chombo", "offender": 1}, [0, 0, 0, 0], True, True, (0.0, 20.0, 0.0, 0.0)),
    ("wrc-2025", {"kind": "chombo", "offender": 3}, [0, 0, 0, 0], True, True, (0.0, 0.0, 0.0, 30.0)),
    ("juki-agit-2026", {"kind": "chombo", "offender": 1, "riichi": [1, 2]}, [3000, -9000, 3000, 3000], True, True, ()),
]
CHOMBO_IDS = [
    "asi: non-dealer chombo pays a mangan (2000/4000), hand replayed",
    "asi: dealer chombo pays 4000 all and the deal passes, honba unchanged",
    "juki: chombo pays 3000 to each other player, the hand is replayed",
    "juki: non-dealer chombo 3000 to each",
    "juki sanma: chombo 3000 to each of the two others",
    "m-league: chombo is a 20-point season deduction, no table payment",
    "wrc: chombo is a 30-point deduction (2022 revision)",
    "riichi sticks placed in the voided hand go back to their owners",
]


@pytest.mark.parametrize(("ruleset", "event", "deltas", "keeps", "replay", "deductions"), CHOMBO, ids=CHOMBO_IDS)
def test_chombo(ruleset, event, deltas, keeps, replay, deductions):
    s = _settle(ruleset, event, honba=2, sticks=2000)
    assert list(s.deltas) == deltas
    assert s.dealer_keeps is keeps
    assert s.replay is replay
    assert s.honba == 2
    assert s.sticks == 2000
    assert s.season_deductions == deductions


def test_asi_deliberate_chombo_pays_30000_each_and_ends_the_game():
    s = _settle("asi-shirai", {"kind": "chombo", "offender": 1, "deliberate": True})
    assert list(s.deltas) == [30000, -90000, 30000, 30000]
    assert s.ends_game == "deliberate_chombo"


def test_juki_has_no_deliberate_chombo_rule():
    with pytest.raises(ScoringError, match="deliberate"):
        _settle("juki-agit-2026", {"kind": "chombo", "offender": 1, "deliberate": True})


def test_asi_chombo_returns_penalty_deposits_of_the_voided_hand():
    s = _settle("asi-shirai", {"kind": "chombo", "offender": 1}, sticks=2000, hand_deposits=(0, 0, 1000, 0))
    assert list(s.deltas) == [4000, -8000, 3000, 2000]
    assert s.sticks == 1000


@pytest.mark.parametrize(("declared", "riichi", "forbidden", "tenpai"), [
    ([1], [], [], [1]),
    ([], [2], [], [2]),            # a riichi player is tenpai at a draw: no second tap
    ([0], [0, 3], [], [0, 3]),
    ([], [2], [2], []),            # an agari-forbidden player's tenpai never counts
], ids=["declared", "riichi_is_tenpai", "both", "agari_forbidden_riichi_not_added"])
def test_tenpai_at_a_draw_as_the_table_enters_it(declared, riichi, forbidden, tenpai):
    from scoring.settle import tenpai_at_draw

    assert tenpai_at_draw(declared, riichi, forbidden) == tenpai
