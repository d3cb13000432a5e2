"""Penalties inside a game: ASI penalty points, Juki yellow cards, agari-forbidden, warnings."""

import pytest

from scoring.errors import ScoringError
from scoring.penalties import PenaltyEffect, penalty_effect, ruling_deltas
from scoring.record import parse_event
from scoring.rules import resolve
from scoring.vocabulary import PenaltyType
from tests.scoring.conftest import PASS, play, ron, win


def pen(player, type_):
    return {"kind": "penalty", "player": player, "type": type_}


def test_asi_penalty_point_puts_1000_on_the_table_and_folds_into_the_hand_row():
    r = play("asi-shirai", [pen(1, "penalty_point")])
    assert r.state.scores == (25000, 24000, 25000, 25000)
    assert r.state.sticks == 1
    assert r.rows == []
    r = play("asi-shirai", [pen(1, "penalty_point"), ron(win(2, han=1, fu=30), loser=3)])
    row = r.rows[0]
    assert row.deltas == (0, -1000, 2000, -1000), "the winner collects the penalty deposit"
    assert row.sticks == 0
    assert row.sticks_after == 0
    assert row.events == (0, 1)


def test_asi_third_penalty_point_is_a_chombo():
    hands = [pen(1, "penalty_point"), PASS, pen(1, "penalty_point"), PASS, pen(1, "penalty_point")]
    r = play("asi-shirai", hands)
    # E3 (dealer 2): third point -> chombo, mangan 2000/4000, no deposit; hand replayed.
    assert r.rows[-1].deltas == (2000, -8000, 4000, 2000)
    assert r.state.round == "E3"
    assert r.state.penalty_points == (0, 3, 0, 0)
    assert r.state.sticks == 2


def test_asi_chombo_returns_the_penalty_deposit_of_the_voided_hand():
    r = play("asi-shirai", [pen(2, "penalty_point"), {"kind": "chombo", "offender": 1}])
    assert r.rows[0].deltas == (4000, -8000, 2000, 2000)
    assert r.state.sticks == 0


@pytest.mark.parametrize(
    ("ruleset", "type_"),
    [
        ("juki-agit-2026", "penalty_point"),
        ("asi-shirai", "yellow_card"),
        ("asi-shirai", "verbal_warning"),
        ("tenhou", "agari_forbidden"),
    ],
    ids=[
        "juki: no penalty points (yellow cards since 2023-11)",
        "asi: no yellow cards",
        "asi: no verbal warnings",
        "tenhou: no referee penalties",
    ],
)
def test_penalty_types_a_ruleset_lacks_are_refused(ruleset, type_):
    with pytest.raises(ScoringError) as exc:
        play(ruleset, [PASS, pen(1, type_)])
    assert exc.value.hand == 1


def test_juki_one_yellow_card_costs_nothing_two_pay_chombo_without_replay():
    r = play("juki-agit-2026", [pen(2, "yellow_card")])
    assert r.state.scores == (25000,) * 4
    assert r.state.yellow_cards == (0, 0, 1, 0)
    r = play("juki-agit-2026", [pen(2, "yellow_card"), pen(2, "yellow_card")])
    assert r.state.scores == (28000, 28000, 16000, 28000)
    assert r.state.round == "E1"
    assert r.rows == []
    r = play("juki-agit-2026", [pen(2, "yellow_card"), pen(2, "yellow_card"), ron(win(1, han=1, fu=30), loser=3)])
    assert r.rows[0].deltas == (3000, 4000, -9000, 2000)
    assert r.state.round == "E2", "no replay: the hand's result stands"


def test_juki_yellow_cards_last_one_hand():
    r = play("juki-agit-2026", [pen(2, "yellow_card"), PASS, pen(2, "yellow_card")])
    assert r.state.scores == (25000,) * 4
    assert r.state.yellow_cards == (0, 0, 1, 0)


def test_agari_forbidden_refuses_win_and_tenpai_that_hand_only():
    with pytest.raises(ScoringError) as exc:
        play("juki-agit-2026", [pen(1, "agari_forbidden"), ron(win(1, han=1, fu=30), loser=2)])
    assert exc.value.hand == 1
    assert "agari-forbidden" in exc.value.message
    with pytest.raises(ScoringError):
        play("asi-shirai", [pen(1, "agari_forbidden"), {"kind": "draw", "tenpai": [1]}])
    r = play("juki-agit-2026", [pen(1, "agari_forbidden"), PASS, ron(win(1, han=1, fu=30), loser=2)])
    assert r.state.agari_forbidden == (False,) * 4


def test_juki_verbal_warning_is_record_only():
    r = play("juki-agit-2026", [pen(0, "verbal_warning"), PASS])
    assert r.state.verbal_warnings == (1, 0, 0, 0)
    assert r.rows[0].deltas == (0, 0, 0, 0)


def test_asi_deliberate_chombo_ends_the_game():
    r = play("asi-shirai", [{"kind": "chombo", "offender": 3, "deliberate": True}])
    assert r.state.ended_by == "deliberate_chombo"
    assert r.final.scores == (55000, 55000, 55000, -65000)


def test_m_league_chombo_deduction_reaches_the_final_points():
    hands = [{"kind": "chombo", "offender": 2}] + [PASS] * 8
    r = play("m-league", hands)
    assert r.state.ended_by == "all_last"
    # All 25000: tie split (m-league): each (-5 + (30+10-10-30+20)/4) = 0; seat 2 minus 20.
    assert r.final.points == (0.0, 0.0, -20.0, 0.0)


def ruling(player, amount, to=None):
    event = {"kind": "penalty", "player": player, "type": "ruling", "amount": amount}
    return event if to is None else event | {"to": to}


@pytest.mark.parametrize(
    ("ruleset", "event", "deltas"),
    [
        # ruling (1000, -3000, 1000, 1000) + ron 1 han 30 fu p1 from p3 (0, 1000, 0, -1000)
        ("asi-shirai", ruling(1, 3000), (1000, -2000, 1000, 0)),
        # ruling (2000, 0, -2000, 0) + the same ron
        ("asi-shirai", ruling(2, 2000, to=0), (2000, 1000, -2000, -1000)),
        # ruling (-6000, 2000, 2000, 2000) + the same ron
        ("juki-agit-2026", ruling(0, 6000), (-6000, 3000, 2000, 1000)),
        # ruling (1000, -2000, 1000) + ron p1 from p2 (0, 1000, -1000)
        ("juki-agit-sanma-2026", ruling(1, 2000), (1000, -1000, 0)),
    ],
    ids=[
        "asi: a referee's ruling is shared by the other players",
        "asi: a ruling can pay one named player",
        "juki: rulings exist under every ruleset (the referee decides what the rules do not cover)",
        "juki sanma: a ruling split between the two others",
    ],
)
def test_referee_ruling_moves_points_and_folds_into_the_hand_row(ruleset, event, deltas):
    loser = 2 if ruleset.endswith("sanma-2026") else 3
    r = play(ruleset, [event, ron(win(1, han=1, fu=30), loser=loser)])
    assert r.rows[0].deltas == deltas
    assert r.rows[0].events == (0, 1)


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (ruling(1, 0), "positive number of points in hundreds"),
        (ruling(1, 1050), "positive number of points in hundreds"),
        (ruling(1, 1000), "split into hundreds"),
        (ruling(1, 1000, to=1), "cannot pay the player who pays it"),
        (ruling(1, 1000, to=7), "There is no player 7"),
    ],
    ids=[
        "a ruling needs an amount",
        "a ruling is in hundreds",
        "a shared ruling must split evenly into hundreds",
        "a ruling cannot pay its own payer",
        "a ruling names a real player",
    ],
)
def test_bad_rulings_are_refused(event, message):
    with pytest.raises(ScoringError) as exc:
        play("asi-shirai", [event])
    assert message in exc.value.message
    assert exc.value.hand == 0


# E1 p1 deals in a haneman (12,000), E2 a mangan (8,000), E3 3 han 30 fu (3,900): 1,100 left.
TO_1100 = [ron(win(2, han=6), loser=1), ron(win(3, han=5), loser=1), ron(win(0, han=3, fu=30), loser=1)]


def test_asi_riichi_and_a_penalty_point_in_one_hand_are_taken_in_the_order_that_allows_them():
    # 1,100 at the start of the hand: a riichi (1,000) and a penalty point (1,000) both happen in it.
    # The record cannot say which came first; riichi first is legal, so the hand is not refused.
    r = play("asi-shirai", TO_1100 + [pen(1, "penalty_point"), {"kind": "draw", "tenpai": [1], "riichi": [1]}])
    assert r.rows[-1].scores[1] == 1100 - 1000 - 1000 + 3000
    assert r.state.sticks == 2


def test_a_riichi_below_the_minimum_at_the_start_of_its_hand_is_refused():
    hands = TO_1100 + [pen(1, "penalty_point"), PASS, {"kind": "draw", "tenpai": [1], "riichi": [1]}]
    with pytest.raises(ScoringError) as exc:
        play("asi-shirai", hands)
    assert exc.value.hand == 5
    assert "100 points (minimum 1,000)" in exc.value.message


def test_juki_riichi_and_a_yellow_card_payment_in_one_hand_are_taken_in_the_order_that_allows_them():
    # Juki: 1,100 at the start of the hand, then a riichi and two yellow cards (9,000 to the others).
    # Riichi first was legal, so the hand is not refused; the score goes below zero and the game
    # ends by tobi when the hand ends.
    hands = TO_1100 + [pen(1, "yellow_card"), pen(1, "yellow_card"),
                       {"kind": "draw", "tenpai": [1], "riichi": [1]}]
    r = play("juki-agit-2026", hands)
    assert r.rows[-1].scores[1] == 1100 - 9000 - 1000 + 3000
    assert r.state.ended_by == "tobi"


@pytest.mark.parametrize(
    ("ruleset", "kind", "count", "effect"),
    [
        pytest.param("asi-shirai", "penalty_point", 1, PenaltyEffect(deposit=1000),
                     id="asi-a-penalty-point-puts-1000-on-the-table"),
        pytest.param("asi-shirai", "penalty_point", 3, PenaltyEffect(chombo=True),
                     id="asi-the-third-penalty-point-is-a-chombo"),
        pytest.param("juki-agit-2026", "yellow_card", 1, PenaltyEffect(), id="juki-one-yellow-card-costs-nothing"),
        pytest.param("juki-agit-2026", "yellow_card", 2, PenaltyEffect(chombo_payment=True),
                     id="juki-2026-two-yellow-cards-pay-a-chombo-and-play-on"),
        pytest.param("juki-agit-2025-01", "yellow_card", 2, PenaltyEffect(chombo=True),
                     id="juki-2025-two-yellow-cards-are-a-chombo"),
        pytest.param("juki-agit-2026", "agari_forbidden", 1, PenaltyEffect(agari_forbidden=True),
                     id="agari-forbidden-for-the-hand"),
        pytest.param("juki-agit-2026", "verbal_warning", 1, PenaltyEffect(verbal_warning=True),
                     id="a-verbal-warning-is-noted-only"),
    ],
)
def test_what_a_penalty_does(ruleset, kind, count, effect):
    assert penalty_effect(resolve(ruleset), PenaltyType(kind), count=count) == effect


@pytest.mark.parametrize(
    ("to", "deltas"),
    [
        pytest.param(3, [0, -2000, 0, 2000], id="a-ruling-paid-to-one-player"),
        pytest.param(None, [1000, -3000, 1000, 1000], id="a-ruling-shared-by-the-others"),
    ],
)
def test_a_ruling_moves_its_amount(to, deltas):
    amount = 2000 if to is not None else 3000
    ruling = {"kind": "penalty", "type": "ruling", "player": 1, "amount": amount}
    event = parse_event({**ruling, "to": to} if to is not None else ruling, players=4)
    assert ruling_deltas(event, 4) == deltas
