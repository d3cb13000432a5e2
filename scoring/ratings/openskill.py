"""``openskill``: the openskill package's Plackett-Luce over finishing order, shown as an ordinal.

The update is :func:`plackett_luce`, the openskill package's ``PlackettLuce.rate`` (6.2.0) for one player a team,
no scores and no weights, written out over floats in the package's order of operations, so that every mu and sigma
equals the package's to the last bit (tests/scoring/ratings/test_openskill_update.py compares them over random
games). The package itself deep-copies every team and checks its arguments on every call: at a federation's
500,000 games that was half of a full recompute's CPU.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from scoring.ratings.common import (
    OPENSKILL,
    GameResult,
    PlayerId,
    RatingFold,
    RatingParamsError,
    RatingResult,
    RatingStep,
    require_finite_float,
    require_whole,
)


@dataclass(frozen=True)
class OpenSkillParams:
    """openskill PlackettLuce; the shown rating is ordinal() = mu - z*sigma."""

    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    tau: float = 25.0 / 300.0
    z: float = 3.0
    decimals: int = 3

    def __post_init__(self) -> None:
        for name in ("mu", "sigma", "beta", "tau", "z"):
            object.__setattr__(self, name, float(getattr(self, name)))
        for name in ("mu", "sigma", "beta", "tau", "z"):
            require_finite_float(name, getattr(self, name))
        if self.sigma <= 0 or self.beta <= 0 or self.tau < 0:
            raise RatingParamsError("sigma and beta must be positive, tau not negative")
        require_finite_float("sigma", self.sigma, lo=1e-3)
        require_finite_float("beta", self.beta, lo=1e-3)
        require_finite_float("z", self.z, lo=0, hi=100)
        require_whole("decimals", self.decimals, lo=0, hi=6)



KAPPA = 0.0001
"""The package's floor under a sigma's shrink factor (``PlackettLuce(kappa=0.0001)``, its default)."""


def plackett_luce(
    mus: Sequence[float], sigmas: Sequence[float], ranks: Sequence[int], *, beta: float, tau: float,
) -> tuple[list[float], list[float]]:
    """The new (mus, sigmas) after one game, each player a team of one; lower rank is better, equal ranks tie.

    Weng and Lin's Plackett-Luce update (JMLR 12, Algorithm 4) as openskill 6.2.0 computes it: sigma widened by
    tau first; the teams in rank order (a stable sort); c, the sums over every team ranked no better, the tie
    counts; omega and delta; gamma = sqrt(sigma_team^2) / c. The package's tie averaging of mu changes adds zero
    (it subtracts each player's new mu from itself), so it is left out; limit_sigma and balance are off there.
    """
    n = len(mus)
    tau_squared = tau * tau
    order = sorted(range(n), key=ranks.__getitem__)
    mu = [mus[i] for i in order]
    sigma = [math.sqrt(sigmas[i] * sigmas[i] + tau_squared) for i in order]
    rank = [int(ranks[i]) for i in order]
    team_mu = [0.0 + m * 1.0 for m in mu]
    team_sigma_squared = [0.0 + (s * 1.0) ** 2 for s in sigma]
    beta_squared = beta**2
    collective = 0.0
    for sigma_squared in team_sigma_squared:
        collective += sigma_squared + beta_squared
    c = math.sqrt(collective)
    exp_mu = [math.exp(m / c) for m in team_mu]
    sum_q = [0.0] * n
    for i in range(n):
        for q in range(n):
            if rank[i] >= rank[q]:
                sum_q[q] += exp_mu[i]
    ties = [rank.count(r) for r in rank]
    new_mu, new_sigma = [0.0] * n, [0.0] * n
    for i in range(n):
        omega = 0.0
        delta = 0.0
        for q in range(n):
            share = exp_mu[i] / sum_q[q]
            if rank[q] <= rank[i]:
                delta += share * (1 - share) / ties[q]
                if q == i:
                    omega += (1 - share) / ties[q]
                else:
                    omega -= share / ties[q]
        omega *= team_sigma_squared[i] / c
        delta *= team_sigma_squared[i] / c**2
        delta *= math.sqrt(team_sigma_squared[i]) / c
        m, s = mu[i], sigma[i]
        part = s**2 / team_sigma_squared[i]
        m += part * omega * 1.0
        s *= math.sqrt(max(1 - part * delta * 1.0, KAPPA))
        new_mu[order[i]], new_sigma[order[i]] = m, s
    return new_mu, new_sigma


def ordinal(mu: float, sigma: float, z: float) -> float:
    """The shown rating, mu - z * sigma, as the package's ``ordinal()`` computes it (alpha 1, target 0)."""
    return 1 * ((mu - z * sigma) + (0 / 1))


class OpenSkillFold(RatingFold):
    """The state: each player's openskill (mu, sigma) (floats, stored as their repr: exact)."""

    method = OPENSKILL

    def __init__(self, params: OpenSkillParams = OpenSkillParams()) -> None:
        super().__init__(params)
        self.quantum = Decimal(1).scaleb(-params.decimals)
        self.skills: dict[PlayerId, tuple[float, float]] = {}
        self.shown_now: dict[PlayerId, Decimal] = {}  # shown(skills[p]), kept: the next game's "before"
        self.newcomer = (params.mu, params.sigma)
        self.shown_newcomer = self.shown(self.newcomer)

    def shown(self, skill: tuple[float, float]) -> Decimal:
        return Decimal(repr(ordinal(*skill, self.params.z))).quantize(self.quantum)

    def apply(self, game: GameResult) -> tuple[RatingStep, ...]:
        skills = [self.skills.get(p, self.newcomer) for p in game.players]
        before = [self.shown_now.get(p, self.shown_newcomer) for p in game.players]
        mus, sigmas = plackett_luce([mu for mu, _ in skills], [sigma for _, sigma in skills], game.ranks,
                                    beta=self.params.beta, tau=self.params.tau)
        steps = []
        for player, b, mu, sigma in zip(game.players, before, mus, sigmas, strict=True):
            self.skills[player] = skill = (mu, sigma)
            self.shown_now[player] = after = self.shown(skill)
            self.count(player)
            steps.append(RatingStep(game.game_id, player, b, after))
        return tuple(steps)

    def ratings(self) -> dict[PlayerId, Decimal]:
        return dict(self.shown_now)

    def _player_state(self, player: PlayerId) -> list:
        mu, sigma = self.skills[player]
        return [repr(float(mu)), repr(float(sigma))]

    def _load_player(self, player: PlayerId, values: list) -> None:
        mu, sigma = (float(v) for v in values)
        self.skills[player] = skill = (mu, sigma)
        self.shown_now[player] = self.shown(skill)


def openskill(games: Iterable[GameResult], params: OpenSkillParams = OpenSkillParams()) -> RatingResult:
    return OpenSkillFold(params).run(games)
