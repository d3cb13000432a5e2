"""The openskill rating's update is the openskill package's PlackettLuce.rate, to the last bit.

``scoring.ratings.openskill.plackett_luce`` writes the package's arithmetic out over floats (the package
deep-copies and checks every call); the package stays the oracle here: every mu and sigma equal, as floats,
over random tables of three and four players with ties and over random parameters.
"""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scoring.ratings.openskill import plackett_luce

finite_mu = st.floats(min_value=-60.0, max_value=90.0, allow_nan=False)
positive_sigma = st.floats(min_value=0.01, max_value=20.0, allow_nan=False)


@st.composite
def tables(draw):
    players = draw(st.sampled_from([3, 4]))
    mus = draw(st.lists(finite_mu, min_size=players, max_size=players))
    sigmas = draw(st.lists(positive_sigma, min_size=players, max_size=players))
    ranks = draw(st.lists(st.integers(min_value=1, max_value=players), min_size=players, max_size=players))
    beta = draw(st.floats(min_value=0.5, max_value=10.0))
    tau = draw(st.sampled_from([0.0, 25.0 / 300.0, draw(st.floats(min_value=0.0, max_value=2.0))]))
    return mus, sigmas, ranks, beta, tau


def package_update(mus, sigmas, ranks, beta, tau):
    model = PlackettLuce(beta=beta, tau=tau)
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in zip(mus, sigmas, strict=True)]
    rated = model.rate(teams, ranks=list(ranks))
    return [team[0].mu for team in rated], [team[0].sigma for team in rated]


@given(tables())
def test_every_mu_and_sigma_equals_the_packages(table):
    mus, sigmas, ranks, beta, tau = table
    assert plackett_luce(mus, sigmas, ranks, beta=beta, tau=tau) == package_update(mus, sigmas, ranks, beta, tau)


@pytest.mark.parametrize("ranks", [
    pytest.param([1, 2, 3, 4], id="four-places"),
    pytest.param([4, 3, 2, 1], id="reverse-seat-order"),
    pytest.param([1, 1, 3, 4], id="tie-for-first"),
    pytest.param([1, 2, 2, 2], id="three-tied-behind"),
    pytest.param([1, 1, 1, 1], id="all-tied"),
    pytest.param([1, 2, 3], id="three-player-table"),
])
def test_newcomers_table_matches_the_package(ranks):
    n = len(ranks)
    mus, sigmas = [25.0] * n, [25.0 / 3.0] * n
    beta, tau = 25.0 / 6.0, 25.0 / 300.0
    assert plackett_luce(mus, sigmas, ranks, beta=beta, tau=tau) == package_update(mus, sigmas, ranks, beta, tau)


def test_four_newcomers_first_game_by_hand():
    """Four newcomers (mu 25, sigma 25/3, beta 25/6, tau 25/300), places 1-4. By hand: sigma' =
    sqrt((25/3)^2 + (1/12)^2) = 8.33375; c = sqrt(4 * (69.4514 + 17.3611)) = 18.6345; every exp(mu/c) is
    equal, so the sums over "no better" are 4, 3, 2 and 1 of them; the winner's omega = (1 - 1/4) = 0.75,
    times sigma'^2/c = 3.7270, gives mu 25 + 2.7953 = 27.795; the second's omega = (1 - 1/3) - 1/4 = 0.41667:
    25 + 1.5529 = 26.553; the third's = (1 - 1/2) - 1/4 - 1/3 = -0.08333: 25 - 0.3106 = 24.689; the last's
    = (1 - 1) - 1/4 - 1/3 - 1/2 = -1.0833: 25 - 4.0376 = 20.962."""
    mus, sigmas = plackett_luce([25.0] * 4, [25.0 / 3.0] * 4, [1, 2, 3, 4], beta=25.0 / 6.0, tau=25.0 / 300.0)
    assert [round(mu, 3) for mu in mus] == [27.795, 26.553, 24.689, 20.962]
    assert all(sigma < 25.0 / 3.0 for sigma in sigmas)
