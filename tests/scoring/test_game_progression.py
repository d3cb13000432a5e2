"""Game progression: dealer rotation, renchan, honba, rounds, West entry, tobi, yame, stop."""

import pytest

from scoring.errors import ScoringError
from tests.scoring.conftest import PASS, play, ron, tsumo, win

DEALER_TENPAI = {"kind": "draw", "tenpai": [0]}


def passes(k):
    return [PASS] * k


@pytest.mark.parametrize(
    ("ruleset", "hands", "round_", "honba", "dealer", "renchan"),
    [
        ("asi-shirai", [ron(win(2, han=1, fu=30), loser=1)], "E2", 0, 1, 0),
        ("asi-shirai", [ron(win(0, han=1, fu=30), loser=1)], "E1", 1, 0, 1),
        ("asi-shirai", [PASS], "E2", 1, 1, 0),
        ("asi-shirai", [DEALER_TENPAI, DEALER_TENPAI], "E1", 2, 0, 2),
        ("asi-shirai", [PASS, ron(win(3, han=1, fu=30), loser=0)], "E3", 0, 2, 0),
        ("asi-shirai", passes(4), "S1", 4, 0, 0),
        ("asi-shirai", [{"kind": "abort", "reason": "four_winds"}], "E1", 1, 0, 1),
        ("juki-agit-2026", [{"kind": "chombo", "offender": 1}], "E1", 0, 0, 0),
        ("asi-shirai", [{"kind": "chombo", "offender": 0}], "E2", 0, 1, 0),
        ("juki-agit-sanma-2026", passes(3), "S1", 3, 0, 0),
        ("juki-agit-sanma-2026", passes(2), "E3", 2, 2, 0),
        ("m-league", [DEALER_TENPAI] + passes(1), "E2", 2, 1, 0),
    ],
    ids=[
        "non-dealer win passes the deal and resets honba",
        "dealer win keeps the deal (renchan), honba +1",
        "all-noten draw passes the deal, honba +1",
        "tenpai renchan: dealer tenpai keeps the deal, honba +1",
        "honba carried by draws reset by a non-dealer win",
        "after East 4 comes South 1",
        "asi: abortive draw keeps the deal, honba +1",
        "juki: chombo replays the hand, no honba change",
        "asi: dealer chombo passes the deal, honba unchanged",
        "sanma: three hands per wind (E1-E3 then S1)",
        "sanma: E3 is dealt by seat 2",
        "renchan counter resets when the deal passes; inherited honba stay",
    ],
)
def test_rotation(ruleset, hands, round_, honba, dealer, renchan):
    state = play(ruleset, hands).state
    assert (state.round, state.honba, state.dealer, state.renchan) == (round_, honba, dealer, renchan)
    assert not state.finished


def test_sticks_carry_over_draws_until_a_win():
    r = play("asi-shirai", [{"kind": "draw", "tenpai": [1], "riichi": [1]},
                            {"kind": "draw", "tenpai": [2], "riichi": [2]},
                            ron(win(0, han=1, fu=30), loser=3)])
    assert [row.sticks for row in r.rows] == [0, 1, 2]
    assert r.state.sticks == 0
    # player 0 wins 1000 + honba 2 x 300 + 2000 sticks
    assert r.rows[-1].deltas == (3600, 0, 0, -1600)


# --- the end of the game ------------------------------------------------------------------
def _to_all_last(ruleset="asi-shirai"):
    return passes(7)  # E1..S3 all noten: S4 with honba 7


ENDS = [
    ("asi-shirai", _to_all_last() + [ron(win(1, han=3, fu=30), loser=0)], "all_last", "S4"),
    ("asi-shirai", _to_all_last() + [ron(win(3, han=3, fu=30), loser=0)], "agari_yame", "S4"),
    ("asi-shirai", _to_all_last() + [ron(win(3, han=1, fu=30), loser=0)], None, "S4"),
    ("asi-shirai", [ron(win(3, han=2, fu=30), loser=0)] + passes(6) + [{"kind": "draw", "tenpai": [3]}],
     "tenpai_yame", "S4"),
    ("asi-shirai", _to_all_last() + [PASS], None, "S4"),
    ("asi-shirai", _to_all_last() + [PASS, ron(win(2, han=3, fu=30), loser=0)], "sudden_death", "W1"),
    ("asi-shirai", _to_all_last() + [PASS] * 5, "west_end", "W4"),
    ("asi-shirai", [ron(win(2, yakuman=1), loser=1)], "tobi", "E1"),
    ("tenhou", _to_all_last() + [ron(win(3, han=3, fu=30), loser=0)], "agari_yame", "S4"),
    ("juki-agit-2026", _to_all_last() + [ron(win(3, han=3, fu=30), loser=0)], None, "S4"),
    ("juki-agit-2026", _to_all_last() + [ron(win(3, han=3, fu=30), loser=0), {"kind": "stop"}], "stop", "S4"),
    ("juki-agit-2026", [ron(win(3, han=2, fu=30), loser=0)] + passes(6) + [{"kind": "draw", "tenpai": [3]}],
     None, "S4"),
    ("m-league", _to_all_last() + [ron(win(3, han=3, fu=30), loser=0)], None, "S4"),
    ("m-league", _to_all_last() + [PASS], "all_last", "S4"),
    ("asi-shirai", [ron(win(2, han=6), loser=1)] + passes(6) + [ron(win(1, han=1, fu=30), loser=2)], "all_last", "S4"),
]
END_IDS = [
    "asi: all-last non-dealer win with someone >= 30000 ends the game",
    "asi: agari-yame, the all-last dealer on top with >= 30000 ends the game by winning",
    "asi: the top dealer below 30000 wins: South ends (play enters West)",
    "asi: tenpai-yame, the all-last dealer tenpai on top with >= 30000 ends the game",
    "asi: top below 30000 after South 4: West entry",
    "asi: sudden death in West, the game ends when anyone reaches 30000",
    "asi: no North entry, West 4 is the hard end",
    "asi: below 0 is tobi",
    "tenhou: agari-yame automatic",
    "juki: agari-yame is the dealer's choice, the game waits for stop",
    "juki: stop after an all-last dealer win on top ends the game",
    "juki: no tenpai-yame, the top dealer at 30000 tenpai plays on",
    "m-league: no agari-yame, the dealer goes on",
    "m-league: no West entry, the game ends after South 4",
    "all-last ends when top is >= 30000 after the deal passes",
]


@pytest.mark.parametrize(
    ("ruleset", "next_round", "dealer", "honba"),
    [
        ("asi-shirai", "W1", 0, 8),
        ("juki-agit-2026", "W1", 0, 8),
        ("tenhou", "S4", 3, 8),
    ],
    ids=[
        "asi: the top dealer below 30000 wins at all-last: South ends, West 1 (honba carried +1)",
        "juki: the top dealer below 30000 wins at all-last: no stop to offer, play enters West",
        "tenhou: the top dealer below 30000 plays on (renchan)",
    ],
)
def test_all_last_top_dealer_below_the_target(ruleset, next_round, dealer, honba):
    # S4 with honba 7; the dealer (p3) wins 1 han 30 fu + 2100 -> 28600, on top but below 30000.
    r = play(ruleset, _to_all_last() + [ron(win(3, han=1, fu=30), loser=0)])
    assert r.state.scores == (21400, 25000, 25000, 28600)
    assert (r.state.round, r.state.dealer, r.state.honba) == (next_round, dealer, honba)
    assert not r.state.finished
    assert not r.state.awaiting_stop


@pytest.mark.parametrize(("ruleset", "hands", "ended_by", "round_"), ENDS, ids=END_IDS)
def test_end_of_game(ruleset, hands, ended_by, round_):
    r = play(ruleset, hands)
    assert r.state.ended_by == ended_by
    assert r.state.finished is (ended_by is not None)
    assert (r.final is not None) is (ended_by is not None)
    assert r.rows[-1].round == round_ if hands[-1]["kind"] != "stop" else True


# 25000-12000-12000-1000
ZERO = [ron(win(2, han=6), loser=1), ron(win(3, han=6), loser=1), ron(win(0, han=1, fu=30), loser=1)]


@pytest.mark.parametrize(
    ("ruleset", "ended_by"),
    [("asi-shirai", None), ("juki-agit-2026", None),
     ({"base": "asi-shirai", "overrides": {"tobi_at_zero": True}}, "tobi")],
    ids=["asi: exactly 0 is not tobi", "juki: 0 is not tobi", "tobi_at_zero option: exactly 0 busts"],
)
def test_exactly_zero(ruleset, ended_by):
    r = play(ruleset, ZERO)
    assert r.state.scores[1] == 0
    assert r.state.ended_by == ended_by
    assert r.state.riichi_allowed[1] is False


def test_negative_scores_are_kept():
    r = play("juki-agit-2026", [ron(win(2, yakuman=1), loser=1)])
    assert r.state.scores[1] == -7000


def test_m_league_has_no_tobi_and_riichi_even_below_1000():
    r = play("m-league", [ron(win(2, yakuman=1), loser=1)])
    assert not r.state.finished
    assert r.state.scores[1] < 0
    assert r.state.riichi_allowed == (True, True, True, True)
    r = play("m-league", [ron(win(2, yakuman=1), loser=1), ron(win(0, han=1, fu=30), loser=2, riichi=[1])])
    assert r.rows[-1].deltas == (1000 + 1000, -1000, -1000, 0)


def test_awaiting_stop_then_a_hand_continues_the_game():
    hands = _to_all_last() + [ron(win(3, han=3, fu=30), loser=0)]
    r = play("juki-agit-2026", hands)
    assert r.state.awaiting_stop
    assert not r.state.finished
    r = play("juki-agit-2026", hands + [PASS])
    assert not r.state.awaiting_stop
    assert r.state.ended_by == "all_last"


@pytest.mark.parametrize(
    ("ruleset", "hands"),
    [
        ("juki-agit-2026", [{"kind": "stop"}]),
        ("juki-agit-2026", _to_all_last() + [ron(win(3, han=1, fu=30), loser=0), {"kind": "stop"}]),
        ("asi-shirai", _to_all_last() + [ron(win(3, han=3, fu=30), loser=0), {"kind": "stop"}]),
        ("juki-agit-2026", [PASS, ron(win(1, han=3, fu=30), loser=3), {"kind": "stop"}]),
    ],
    ids=[
        "stop at East 1 is refused",
        "juki: stop when the dealer is below 30000 is refused",
        "asi: agari-yame is automatic (game already over), stop is refused",
        "stop by a non-all-last dealer is refused",
    ],
)
def test_stop_refused(ruleset, hands):
    with pytest.raises(ScoringError) as exc:
        play(ruleset, hands)
    assert exc.value.hand == len(hands) - 1


@pytest.mark.parametrize(
    ("scores", "ended_by"),
    [((31500, 21800, 20000, 26700), None), ((31400, 21900, 20000, 26700), "agari_yame")],
    ids=[
        "asi: the dealer tied with seat 0 is not top (seat order), no agari-yame",
        "asi: the dealer strictly top ends the game by agari-yame",
    ],
)
def test_agari_yame_seat_order_tie(scores, ended_by):
    from scoring.game import Game
    from scoring.record import parse_event
    from scoring.rules import preset

    game = Game(preset("asi-shirai"))
    game.round_index, game.hand_number, game.scores = 1, 4, list(scores)
    game._new_hand()
    game.apply(parse_event(ron(win(3, han=2, fu=50), loser=1), players=4), 0)  # dealer +4800 -> 31500
    assert game.scores[3] == 31500
    assert game.ended_by == ended_by


def test_west_entry_and_juki_west_wins_paid_as_dealer():
    hands = _to_all_last() + [PASS, tsumo(2, han=1, fu=30)]
    r = play("juki-agit-2026", hands)
    # W1, honba 8 (8 draws): non-dealer tsumo paid as a dealer tsumo 500 all, plus 900 honba from each.
    assert r.rows[-1].round == "W1"
    assert r.rows[-1].deltas == (-1300, -1300, 3900, -1300)
    assert r.state.round == "W2"


def test_dealer_min_han_shown_from_the_5th_renchan():
    hands = [DEALER_TENPAI] * 5
    r = play("juki-agit-2026", hands)
    assert r.state.renchan == 5
    assert r.state.dealer_min_han == 2
    assert play("juki-agit-2026", hands[:4]).state.dealer_min_han is None
    with pytest.raises(ScoringError) as exc:
        play("juki-agit-2026", hands + [tsumo(0, han=1, fu=30)])
    assert exc.value.hand == 5


def test_paarenchan_counts_consecutive_dealer_wins_only():
    seven = [tsumo(0, han=2, fu=30, dora=0)] * 7
    r = play("juki-agit-2026", seven + [tsumo(0, han=2, fu=30, dora=0)])
    assert r.rows[-1].deltas[0] == 48000 + 3 * 700
    r = play("juki-agit-2026", seven[:3] + [DEALER_TENPAI] + seven[:4] + [tsumo(0, han=2, fu=30, dora=0)])
    assert r.rows[-1].deltas[0] < 48000, "a draw breaks the streak"


@pytest.mark.parametrize(
    ("hands", "index", "message"),
    [
        ([ron(win(2, yakuman=1), loser=1), PASS], 1, "already over"),
        ([{"kind": "ron", "loser": 4, "wins": [win(1, han=1, fu=30)]}], 0, "no player 4"),
        ([PASS, {"kind": "draw", "tenpai": [1, 1]}], 1, "twice"),
        ([ron(win(2, han=1, fu=30), win(2, han=2, fu=30), loser=1)], 0, "twice"),
        ([PASS, ron(win(2, han=1, fu=30), loser=1, riichi=[1, 1])], 1, "twice"),
    ],
    ids=[
        "an event after the game ended is refused",
        "player index out of range",
        "tenpai list with duplicates",
        "duplicate winners",
        "riichi list with duplicates",
    ],
)
def test_refused_records(hands, index, message):
    with pytest.raises(ScoringError) as exc:
        play("asi-shirai", hands)
    assert exc.value.hand == index
    assert message in exc.value.message


def test_east_only_length():
    r = play({"base": "tenhou", "overrides": {"length": "east"}}, passes(4))
    assert r.state.round == "S1"
    assert r.state.extra_round
    assert not r.state.finished


def test_rows_carry_how_each_win_was_valued():
    hand = {"tiles": "234m456p678s345s88p", "win": "2m", "riichi": True}
    r = play("juki-agit-2026", [{"kind": "ron", "loser": 1, "wins": [{"winner": 2, "hand": hand},
                                                                    {"winner": 3, "han": 2, "fu": 40}]}])
    by_winner = {w.winner: w for w in r.rows[0].wins}
    assert by_winner[2].yaku == (("riichi", 1), ("pinfu", 1), ("tanyao", 1))
    assert (by_winner[2].value.han, by_winner[2].value.fu) == (3, 30)
    assert (by_winner[3].value.han, by_winner[3].value.fu, by_winner[3].yaku) == (2, 40, ())
