"""The dealer's run of deals: the han minimum on a long renchan, and paarenchan (scoring/dealer.py)."""

import pytest

from scoring.dealer import counted_han, dealer_min_han, is_paarenchan, short_of_minimum
from scoring.rules import preset

JUKI = preset("juki-agit-2026")  # from the 5th renchan the dealer needs 2 han without dora; paarenchan at 8
JUKI_WITH_DORA = JUKI.derive(dealer_min_han_counts_dora=True)
TENHOU = preset("tenhou")


@pytest.mark.parametrize(
    ("ruleset", "renchan", "minimum"),
    [
        pytest.param(JUKI, 0, None, id="juki-first-deal-no-minimum"),
        pytest.param(JUKI, 4, None, id="juki-4th-renchan-no-minimum"),
        pytest.param(JUKI, 5, 2, id="juki-5th-renchan-needs-2-han"),
        pytest.param(JUKI, 9, 2, id="juki-later-renchan-still-2-han"),
        pytest.param(TENHOU, 9, None, id="tenhou-has-no-dealer-minimum"),
    ],
)
def test_the_dealers_han_minimum_starts_at_the_rulesets_renchan(ruleset, renchan, minimum):
    assert dealer_min_han(ruleset, renchan) == minimum


@pytest.mark.parametrize(
    ("ruleset", "han", "dora", "counted"),
    [
        pytest.param(JUKI, 3, 2, 1, id="juki-dora-do-not-count"),
        pytest.param(JUKI, 3, None, 3, id="a-record-without-dora-is-taken-as-none"),
        pytest.param(JUKI_WITH_DORA, 3, 2, 3, id="a-ruleset-that-counts-dora"),
    ],
)
def test_the_han_that_count_toward_the_minimum(ruleset, han, dora, counted):
    assert counted_han(ruleset, han, dora) == counted


@pytest.mark.parametrize(
    ("renchan", "han", "dora", "short"),
    [
        pytest.param(5, 3, 2, (2, 1), id="riichi-dora-2-is-one-han-short"),
        pytest.param(5, 2, 0, None, id="two-yaku-han-are-enough"),
        pytest.param(4, 1, 0, None, id="before-the-5th-renchan-one-han-wins"),
    ],
)
def test_a_dealer_win_short_of_the_minimum(renchan, han, dora, short):
    assert short_of_minimum(JUKI, renchan=renchan, han=han, dora=dora) == short


@pytest.mark.parametrize(
    ("ruleset", "wins_in_row", "expected"),
    [
        pytest.param(JUKI, 6, False, id="the-7th-win-in-a-row-is-not-yet"),
        pytest.param(JUKI, 7, True, id="the-8th-win-in-a-row-is-paarenchan"),
        pytest.param(TENHOU, 7, False, id="a-ruleset-without-the-local-yakuman"),
    ],
)
def test_paarenchan_is_the_win_that_makes_eight_in_a_row(ruleset, wins_in_row, expected):
    assert is_paarenchan(ruleset, wins_in_row) is expected
