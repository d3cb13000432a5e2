"""The table: rounds, who deals, seat winds, and who is paid as the dealer (scoring/winds.py)."""

import pytest

from scoring.payments import hand_value, win_points
from scoring.rules import preset
from scoring.winds import WINDS, dealer_of, paid_as_dealer, round_code, seat_wind

JUKI = preset("juki-agit-2026")
SANMA = preset("juki-agit-sanma-2026")
TENHOU = preset("tenhou")


@pytest.mark.parametrize(
    ("wind_index", "hand_number", "code"),
    [
        pytest.param(0, 1, "E1", id="east-1-opens-the-game"),
        pytest.param(1, 4, "S4", id="south-4-is-all-last-of-a-hanchan"),
        pytest.param(2, 1, "W1", id="west-1-is-the-first-extra-round"),
        pytest.param(4, 2, "E2", id="after-north-the-winds-start-again"),
    ],
)
def test_a_round_is_its_wind_and_hand_number(wind_index, hand_number, code):
    assert round_code(wind_index, hand_number) == code


@pytest.mark.parametrize(
    ("code", "dealer"),
    [
        pytest.param("E1", 0, id="seat-0-deals-east-1"),
        pytest.param("S3", 2, id="seat-2-deals-the-third-hand"),
        pytest.param("W4", 3, id="seat-3-deals-the-fourth-hand"),
    ],
)
def test_the_dealer_is_the_hand_number_less_one(code, dealer):
    assert dealer_of(code) == dealer


@pytest.mark.parametrize(
    ("seat", "dealer", "players", "wind"),
    [
        pytest.param(2, 2, 4, "E", id="the-dealer-is-east"),
        pytest.param(3, 2, 4, "S", id="the-next-seat-is-south"),
        pytest.param(1, 2, 4, "N", id="the-seat-before-the-dealer-is-north"),
        pytest.param(0, 1, 3, "W", id="three-player-has-no-north"),
    ],
)
def test_seat_winds_go_round_from_the_dealer(seat, dealer, players, wind):
    assert seat_wind(seat, dealer, players) == wind
    assert {seat_wind(s, dealer, players) for s in range(players)} == set(WINDS[:players])


@pytest.mark.parametrize(
    ("ruleset", "round_wind", "expected"),
    [
        pytest.param(JUKI, "E", False, id="juki-east-is-paid-as-usual"),
        pytest.param(JUKI, "S", False, id="juki-south-is-paid-as-usual"),
        pytest.param(JUKI, "W", True, id="juki-west-every-win-paid-as-dealer"),
        pytest.param(TENHOU, "W", False, id="tenhou-west-is-paid-as-usual"),
    ],
)
def test_wins_paid_as_dealer_from_west_where_the_ruleset_says(ruleset, round_wind, expected):
    assert paid_as_dealer(ruleset, round_wind) is expected


@pytest.mark.parametrize(
    ("ruleset", "han", "fu", "dealer", "tsumo", "as_dealer", "points"),
    [
        pytest.param(TENHOU, 3, 30, False, False, False, {"ron": 3900}, id="non-dealer-ron-3-han-30-fu"),
        pytest.param(TENHOU, 3, 30, True, False, False, {"ron": 5800}, id="dealer-ron-3-han-30-fu"),
        pytest.param(TENHOU, 3, 30, False, True, False, {"dealer": 2000, "non_dealer": 1000},
                     id="non-dealer-tsumo-pays-1000-2000"),
        pytest.param(TENHOU, 3, 30, True, True, False, {"all": 2000}, id="dealer-tsumo-pays-2000-all"),
        pytest.param(JUKI, 3, 30, False, False, True, {"ron": 5800}, id="juki-west-non-dealer-ron-paid-as-dealer"),
        pytest.param(JUKI, 3, 30, False, True, True, {"all": 2000}, id="juki-west-non-dealer-tsumo-paid-all"),
        pytest.param(SANMA, 5, None, False, True, False, {"dealer": 5000, "non_dealer": 3000},
                     id="sanma-no-tsumo-loss-splits-north-share"),
    ],
)
def test_what_a_win_pays(ruleset, han, fu, dealer, tsumo, as_dealer, points):
    value = hand_value(han, fu, ruleset)
    assert win_points(value, dealer=dealer, tsumo=tsumo, ruleset=ruleset, paid_as_dealer=as_dealer) == points
